import type { OrderItemTab } from '@atelier/contract/orders/order-item';

/** What the cart's totals are asked for: the options of the checkout's first step. */
export type CartOptions = {
  discountCode?: string | undefined;
  shippingAssurance: boolean;
  sampleAssurance: boolean;
};

/**
 * Query keys of the orders module (issue 12). Everything is the signed-in store's: switching
 * store drops every cached answer but the account's (identity's useSwitchStore).
 */
export const ordersKeys = {
  all: ['orders'] as const,
  cart: () => [...ordersKeys.all, 'cart'] as const,
  cartWith: (options: CartOptions) => [...ordersKeys.cart(), options] as const,
  tabCounts: () => [...ordersKeys.all, 'tab-counts'] as const,
  items: () => [...ordersKeys.all, 'items'] as const,
  itemsOfTab: (tab: OrderItemTab) => [...ordersKeys.items(), tab] as const,
  item: (id: string) => [...ordersKeys.all, 'item', id] as const,
  invoices: () => [...ordersKeys.all, 'invoices'] as const,
  invoice: (id: string) => [...ordersKeys.all, 'invoice', id] as const,
  paymentConfig: () => [...ordersKeys.all, 'payment-config'] as const,
};
