import { z } from 'zod';

/**
 * Spec §4 "Order item status" (issue 12: sample and production orders): the codes of a creator's
 * order item (a sample or a production run bought from a supplier), the words shown for them, and
 * the one table of the moves between its statuses. Server and web both check moves here.
 */

/** Spec §4: where an order item stands, from the cart to its shipment. */
export const ORDER_ITEM_STATUSES = [
  'NOT_PURCHASED',
  'IN_SHOPPING_CART',
  'CHARGE_PENDING',
  'IN_PRODUCTION',
  'IN_SUBSCRIPTION',
  'SHIPPED',
  'CANCELED',
] as const;
export const OrderItemStatusSchema = z.enum(ORDER_ITEM_STATUSES);
export type OrderItemStatus = z.infer<typeof OrderItemStatusSchema>;

/** The words a person reads for an order item status, never the code. */
export const ORDER_ITEM_STATUS_LABELS: Readonly<Record<OrderItemStatus, string>> = {
  NOT_PURCHASED: 'Not purchased',
  IN_SHOPPING_CART: 'In cart',
  CHARGE_PENDING: 'Payment pending',
  IN_PRODUCTION: 'In production',
  IN_SUBSCRIPTION: 'In subscription',
  SHIPPED: 'Shipped',
  CANCELED: 'Canceled',
};

/**
 * Spec §4 shipping mode: who ships the goods. The spec's PIETRA_SHIPPING is the platform's own
 * shipping, coded PLATFORM_SHIPPING and shown with Atelier's name.
 */
export const SHIPPING_MODES = [
  'PLATFORM_SHIPPING',
  'SUPPLIER_SHIPPING',
  'NO_SHIPPING_NEEDED',
  'CHARGE_SHIPPING_LATER',
] as const;
export const ShippingModeSchema = z.enum(SHIPPING_MODES);
export type ShippingMode = z.infer<typeof ShippingModeSchema>;

/** The words shown for a shipping mode; people read "Atelier", never the original vendor's name. */
export const SHIPPING_MODE_LABELS: Readonly<Record<ShippingMode, string>> = {
  PLATFORM_SHIPPING: 'Atelier shipping',
  SUPPLIER_SHIPPING: 'Supplier shipping',
  NO_SHIPPING_NEEDED: 'No shipping needed',
  CHARGE_SHIPPING_LATER: 'Shipping charged later',
};

/** Spec §4 receiving: how much of an order item the platform has received. */
export const RECEIVING_STATUSES = ['NONE', 'PARTIAL', 'RECEIVED'] as const;
export const ReceivingStatusSchema = z.enum(RECEIVING_STATUSES);
export type ReceivingStatus = z.infer<typeof ReceivingStatusSchema>;

/** Spec §4 delivery; the spec's RECEIVED_BY_PIETRA is coded RECEIVED_BY_PLATFORM. */
export const DELIVERY_STATUSES = [
  'IN_QUEUE',
  'NOT_YET_DELIVERED',
  'RECEIVED_BY_PLATFORM',
  'NOT_YET_SHIPPED',
] as const;
export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

/** Spec §4 destination: goods go on to the creator or stay stored at the fulfillment center. */
export const DESTINATIONS = ['FORWARDED_TO_CREATOR', 'STORED_AT_FBP'] as const;
export const DestinationSchema = z.enum(DESTINATIONS);
export type Destination = z.infer<typeof DestinationSchema>;

/** Spec §4 payment result of a checkout. */
export const PAYMENT_RESULTS = ['INSTRUMENT_DECLINED', 'COMPLETED'] as const;
export const PaymentResultSchema = z.enum(PAYMENT_RESULTS);
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

/** Issue 12: an order item is a sample or a production run. */
export const ORDER_ITEM_KINDS = ['SAMPLE', 'PRODUCTION'] as const;
export const OrderItemKindSchema = z.enum(ORDER_ITEM_KINDS);
export type OrderItemKind = z.infer<typeof OrderItemKindSchema>;

/**
 * Spec §4, issue 12: the one table of an order item's moves, `from → allowed targets`. No status
 * moves to itself; SHIPPED and CANCELED are final.
 *
 * - NOT_PURCHASED → IN_SHOPPING_CART (added to the cart), CANCELED.
 * - IN_SHOPPING_CART → NOT_PURCHASED (removed from the cart), CHARGE_PENDING (checkout started),
 *   CANCELED.
 * - CHARGE_PENDING → IN_PRODUCTION (payment COMPLETED), IN_SUBSCRIPTION (a recurring item paid),
 *   IN_SHOPPING_CART (payment INSTRUMENT_DECLINED or failed: back in the cart).
 * - IN_PRODUCTION and IN_SUBSCRIPTION → SHIPPED, CANCELED.
 *
 * The kind rule (see `orderItemTransitionIssue`): leaving IN_PRODUCTION or IN_SUBSCRIPTION for
 * CANCELED is allowed only for a PRODUCTION item, since a paid sample cannot be canceled. That
 * cancel also needs the supplier's confirmation, which only the server knows: it enforces it,
 * this table does not.
 */
export const ORDER_ITEM_TRANSITIONS: Readonly<Record<OrderItemStatus, readonly OrderItemStatus[]>> =
  {
    NOT_PURCHASED: ['IN_SHOPPING_CART', 'CANCELED'],
    IN_SHOPPING_CART: ['NOT_PURCHASED', 'CHARGE_PENDING', 'CANCELED'],
    CHARGE_PENDING: ['IN_PRODUCTION', 'IN_SUBSCRIPTION', 'IN_SHOPPING_CART'],
    IN_PRODUCTION: ['SHIPPED', 'CANCELED'],
    IN_SUBSCRIPTION: ['SHIPPED', 'CANCELED'],
    SHIPPED: [],
    CANCELED: [],
  };

/** The paid statuses a PRODUCTION item may still be canceled from, and a SAMPLE may not. */
const PAID_CANCELABLE_STATUSES: readonly OrderItemStatus[] = ['IN_PRODUCTION', 'IN_SUBSCRIPTION'];

const describeStatus = (status: OrderItemStatus) =>
  `${ORDER_ITEM_STATUS_LABELS[status]} (${status})`;

/**
 * Why an order item of `kind` cannot move `from` → `to` (spec §4, issue 12), as a sentence for a
 * person, or `null` when the move is allowed by `ORDER_ITEM_TRANSITIONS` and the kind rule:
 * "An order item cannot go from Shipped (SHIPPED) to In production (IN_PRODUCTION)." or
 * "A paid sample cannot be canceled." An allowed PRODUCTION cancel still needs the supplier's
 * confirmation, which the server checks.
 */
export const orderItemTransitionIssue = (
  from: OrderItemStatus,
  to: OrderItemStatus,
  kind: OrderItemKind,
): string | null => {
  if (!ORDER_ITEM_TRANSITIONS[from].includes(to)) {
    return `An order item cannot go from ${describeStatus(from)} to ${describeStatus(to)}.`;
  }
  if (to === 'CANCELED' && kind === 'SAMPLE' && PAID_CANCELABLE_STATUSES.includes(from)) {
    return 'A paid sample cannot be canceled.';
  }
  return null;
};

/** Whether an order item of `kind` may move `from` → `to` (spec §4); see `orderItemTransitionIssue`. */
export const canTransitionOrderItem = (
  from: OrderItemStatus,
  to: OrderItemStatus,
  kind: OrderItemKind,
): boolean => orderItemTransitionIssue(from, to, kind) === null;

/**
 * Spec §2 inbox "Orders & Shipments" (/inbox/orders, issue 12): its tabs, in the order shown. Items
 * not yet bought (NOT_PURCHASED, IN_SHOPPING_CART) are under no tab; they live in the cart.
 */
export const ORDER_ITEM_TABS = [
  'ALL',
  'PAYMENT_PENDING',
  'IN_PRODUCTION',
  'SHIPPED',
  'CANCELED',
] as const;
export const OrderItemTabSchema = z.enum(ORDER_ITEM_TABS);
export type OrderItemTab = z.infer<typeof OrderItemTabSchema>;

/** The words shown on each Orders & Shipments tab. */
export const ORDER_ITEM_TAB_LABELS: Readonly<Record<OrderItemTab, string>> = {
  ALL: 'All',
  PAYMENT_PENDING: 'Payment pending',
  IN_PRODUCTION: 'In production',
  SHIPPED: 'Shipped',
  CANCELED: 'Canceled',
};

/**
 * The order item statuses each Orders & Shipments tab lists: ALL every bought item, the others
 * one stage each (a subscription item is under IN_PRODUCTION).
 */
export const ORDER_ITEM_TAB_STATUSES: Readonly<Record<OrderItemTab, readonly OrderItemStatus[]>> = {
  ALL: ['CHARGE_PENDING', 'IN_PRODUCTION', 'IN_SUBSCRIPTION', 'SHIPPED', 'CANCELED'],
  PAYMENT_PENDING: ['CHARGE_PENDING'],
  IN_PRODUCTION: ['IN_PRODUCTION', 'IN_SUBSCRIPTION'],
  SHIPPED: ['SHIPPED'],
  CANCELED: ['CANCELED'],
};
