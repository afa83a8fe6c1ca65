import { formatMoney } from '@atelier/contract/common/money';
import {
  DISCOUNT_CODES,
  type DiscountCode,
  SAMPLE_ASSURANCE_BP,
  SHIPPING_ASSURANCE_BP,
} from '@atelier/contract/orders/checkout-totals';
import type { InvoiceLineCategory, InvoiceStatus } from '@atelier/contract/orders/invoice';
import type {
  DeliveryStatus,
  Destination,
  OrderItemKind,
  OrderItemStatus,
  ReceivingStatus,
} from '@atelier/contract/orders/order-item';

/**
 * An amount in the currency's minor units as a person reads it (spec §9: USD with its symbol,
 * others with their code): 12345 USD → "$123.45", 1200 JPY → "JPY 1,200".
 */
export const formatAmount = (amount: number, currencyCode: string): string =>
  formatMoney({ amount, currencyCode });

/** Basis points as the contract writes percentages: 300 → "3 %", 250 → "2.5 %". */
export const formatBasisPoints = (basisPoints: number): string =>
  `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/** Spec §9 discount codes and what each takes off: "PRODUCTS10: 10 % off products; …". */
export const DISCOUNT_CODE_RULES_TEXT = (Object.keys(DISCOUNT_CODES) as DiscountCode[])
  .map((code) => `${code}: ${DISCOUNT_CODES[code].description}`)
  .join('; ');

export const SHIPPING_ASSURANCE_TEXT = `${formatBasisPoints(SHIPPING_ASSURANCE_BP)} of the goods and their shipping`;
export const SAMPLE_ASSURANCE_TEXT = `${formatBasisPoints(SAMPLE_ASSURANCE_BP)} of the samples`;

export const ORDER_ITEM_KIND_LABELS: Readonly<Record<OrderItemKind, string>> = {
  SAMPLE: 'Sample',
  PRODUCTION: 'Production',
};

export const INVOICE_LINE_CATEGORY_LABELS: Readonly<Record<InvoiceLineCategory, string>> = {
  PRODUCT: 'Product',
  DESIGN_SERVICE: 'Design service',
};

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  OPEN: 'Awaiting payment',
  PAID: 'Paid',
  VOIDED: 'Voided',
};

export const INVOICE_STATUS_COLORS: Readonly<Record<InvoiceStatus, string>> = {
  OPEN: 'orange',
  PAID: 'green',
  VOIDED: 'gray',
};

export const ORDER_ITEM_STATUS_COLORS: Readonly<Record<OrderItemStatus, string>> = {
  NOT_PURCHASED: 'gray',
  IN_SHOPPING_CART: 'indigo',
  CHARGE_PENDING: 'orange',
  IN_PRODUCTION: 'blue',
  IN_SUBSCRIPTION: 'cyan',
  SHIPPED: 'green',
  CANCELED: 'gray',
};

export const RECEIVING_STATUS_LABELS: Readonly<Record<ReceivingStatus, string>> = {
  NONE: 'Not received',
  PARTIAL: 'Partially received',
  RECEIVED: 'Received',
};

export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  IN_QUEUE: 'In queue',
  NOT_YET_DELIVERED: 'On its way',
  RECEIVED_BY_PLATFORM: 'Received by Atelier',
  NOT_YET_SHIPPED: 'Not shipped yet',
};

export const DESTINATION_LABELS: Readonly<Record<Destination, string>> = {
  FORWARDED_TO_CREATOR: 'Sent on to you',
  STORED_AT_FBP: 'Stored at the Atelier fulfillment center',
};

const unitCounts = new Intl.NumberFormat('en-US');

/** "1 unit", "1,200 units". */
export const formatUnits = (count: number): string =>
  `${unitCounts.format(count)} ${count === 1 ? 'unit' : 'units'}`;

/** "40 of 100 units" shipped so far. */
export const formatShippedUnits = (item: { quantity: number; shippedQuantity: number }) =>
  `${unitCounts.format(item.shippedQuantity)} of ${formatUnits(item.quantity)}`;

/** "40 of 100 units" received so far. */
export const formatReceivedUnits = (item: { quantity: number; receivedQuantity: number }) =>
  `${unitCounts.format(item.receivedQuantity)} of ${formatUnits(item.quantity)}`;

/**
 * Issue 12 partial shipments: how far an item's parcels have come, as the lists say it —
 * "Partially shipped" while some units wait at the supplier, "Partially received" while some
 * shipped units are not in yet; null when neither applies.
 */
export const partialProgressOf = (item: {
  quantity: number;
  shippedQuantity: number;
  receivingStatus: ReceivingStatus;
}): 'Partially shipped' | 'Partially received' | null => {
  if (item.receivingStatus === 'PARTIAL') return 'Partially received';
  if (item.shippedQuantity > 0 && item.shippedQuantity < item.quantity) return 'Partially shipped';
  return null;
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** "Mar 4, 2026". */
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
/** "Mar 4, 2026, 2:05 PM". */
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));
