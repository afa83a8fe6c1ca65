import type { OrderItemTab } from '@atelier/contract/orders/order-item';

/** Query keys of the supplier's side of the orders module (issue 12): the company's data only. */
export const partnerOrdersKeys = {
  all: ['partner-orders'] as const,
  invoices: () => [...partnerOrdersKeys.all, 'invoices'] as const,
  items: () => [...partnerOrdersKeys.all, 'items'] as const,
  itemsOfTab: (tab: OrderItemTab) => [...partnerOrdersKeys.items(), tab] as const,
};
