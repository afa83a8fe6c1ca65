/**
 * Spec §3 Orders: the store order's codes and the words shown for them, without Zod, so a page
 * can label an order without loading the schemas (issue 10's first-page rule). `order.ts` builds
 * the schemas on these lists.
 */

/** Where an order came from (spec §3 Orders "Origin"). */
export const ORDER_ORIGINS = [
  'SHOPIFY_PLATFORM',
  'SHOPIFY_CREATOR',
  'IMPORT',
  'CART_ROVER',
  'MANUAL_RETAIL',
  'MANUAL_WHOLESALE',
] as const;
export type OrderOrigin = (typeof ORDER_ORIGINS)[number];

/** Spec §3: SHOPIFY_PLATFORM is the platform's own shop, shown with Atelier's name. */
export const ORDER_ORIGIN_LABELS: Record<OrderOrigin, string> = {
  SHOPIFY_PLATFORM: 'Atelier Shop',
  SHOPIFY_CREATOR: 'Shopify',
  IMPORT: 'Imported',
  CART_ROVER: 'CartRover',
  MANUAL_RETAIL: 'Manual retail',
  MANUAL_WHOLESALE: 'Manual wholesale',
};

/**
 * The number series of an origin: manual retail orders are R-numbers, manual wholesale orders
 * W-numbers (issue 11), every other origin shares the store's `#` series.
 */
export const ORDER_NUMBER_PREFIXES: Record<OrderOrigin, '#' | 'R' | 'W'> = {
  SHOPIFY_PLATFORM: '#',
  SHOPIFY_CREATOR: '#',
  IMPORT: '#',
  CART_ROVER: '#',
  MANUAL_RETAIL: 'R',
  MANUAL_WHOLESALE: 'W',
};

/** Spec §3 production status. */
export const PRODUCTION_STATUSES = ['OUTSTANDING', 'PROCESSING', 'ON_HOLD', 'FINISHED'] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];
export const PRODUCTION_STATUS_LABELS: Record<ProductionStatus, string> = {
  OUTSTANDING: 'Outstanding',
  PROCESSING: 'Processing',
  ON_HOLD: 'On hold',
  FINISHED: 'Finished',
};

/** Spec §3 cancel state. */
export const CANCEL_STATES = ['NONE', 'PARTIAL', 'CANCELED'] as const;
export type CancelState = (typeof CANCEL_STATES)[number];

/** Spec §3 fulfilment state. */
export const FULFILLMENT_STATES = ['NONE', 'PARTIAL', 'FULFILLED'] as const;
export type FulfillmentState = (typeof FULFILLMENT_STATES)[number];

/** The payment side of an order, in Shopify's terms (its `displayFinancialStatus`). */
export const FINANCIAL_STATUSES = [
  'PENDING',
  'AUTHORIZED',
  'PARTIALLY_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'VOIDED',
] as const;
export type FinancialStatus = (typeof FINANCIAL_STATUSES)[number];
export const FINANCIAL_STATUS_LABELS: Record<FinancialStatus, string> = {
  PENDING: 'Payment pending',
  AUTHORIZED: 'Authorized',
  PARTIALLY_PAID: 'Partially paid',
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'Partially refunded',
  REFUNDED: 'Refunded',
  VOIDED: 'Voided',
};

/** Spec §3 order tabs, in the order /orders shows them. */
export const ORDER_TABS = [
  'ALL',
  'OUTSTANDING',
  'PROCESSING',
  'FULFILLED',
  'CANCELED',
  'ON_HOLD',
  'RETURNS',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Spec §3: the FULFILLED tab is shown as "Finished". */
export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  ALL: 'All',
  OUTSTANDING: 'Outstanding',
  PROCESSING: 'Processing',
  FULFILLED: 'Finished',
  CANCELED: 'Canceled',
  ON_HOLD: 'On hold',
  RETURNS: 'Returns',
};

/**
 * Which tab an order belongs to besides ALL (issue 11): a canceled order is only under CANCELED;
 * otherwise its production status picks OUTSTANDING, PROCESSING, FULFILLED (production FINISHED)
 * or ON_HOLD. RETURNS holds every order with a refund, whatever its other tab.
 */
export const orderTabsOf = (order: {
  productionStatus: ProductionStatus;
  cancelState: CancelState;
  hasRefunds: boolean;
}): OrderTab[] => {
  const tabs: OrderTab[] = ['ALL'];
  if (order.cancelState === 'CANCELED') tabs.push('CANCELED');
  else if (order.productionStatus === 'FINISHED') tabs.push('FULFILLED');
  else tabs.push(order.productionStatus);
  if (order.hasRefunds) tabs.push('RETURNS');
  return tabs;
};

/** An order's number as people say it: "#1001", "R1001", "W1001". */
export const formatOrderNumber = (origin: OrderOrigin, number: number): string =>
  `${ORDER_NUMBER_PREFIXES[origin]}${number}`;

/**
 * How /orders is sorted (issue 11): a field, descending when it starts with `-`. `customer` is
 * the customer as shown (name, else e-mail, else channel id; guest orders last either way), a
 * customer's orders by number. Each sort pages by keyset on its field and the order id.
 */
export const ORDER_SORTS = [
  '-placedAt',
  'placedAt',
  '-number',
  'number',
  '-total',
  'total',
  'customer',
  '-customer',
] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const DEFAULT_ORDER_SORT: OrderSort = '-placedAt';

/** The orders a bulk action (export, status change) takes at once. */
export const MAX_BULK_ORDERS = 250;
