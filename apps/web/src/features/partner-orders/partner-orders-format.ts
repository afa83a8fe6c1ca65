import type { MantineColor } from '@mantine/core';
import { minorDigitsOf } from '@atelier/contract/common/money';
import type { InvoiceLineCategory, InvoiceStatus } from '@atelier/contract/orders/invoice';
import {
  SHIPPING_MODE_LABELS,
  type OrderItemStatus,
  type ShippingMode,
} from '@atelier/contract/orders/order-item';

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  OPEN: 'Open',
  PAID: 'Paid',
  VOIDED: 'Voided',
};

export const INVOICE_STATUS_COLORS: Readonly<Record<InvoiceStatus, MantineColor>> = {
  OPEN: 'blue',
  PAID: 'green',
  VOIDED: 'gray',
};

export const ORDER_ITEM_STATUS_COLORS: Readonly<Record<OrderItemStatus, MantineColor>> = {
  NOT_PURCHASED: 'gray',
  IN_SHOPPING_CART: 'gray',
  CHARGE_PENDING: 'yellow',
  IN_PRODUCTION: 'blue',
  IN_SUBSCRIPTION: 'blue',
  SHIPPED: 'green',
  CANCELED: 'red',
};

const units = new Intl.NumberFormat('en-US');

/** A quantity in words: "1 unit", "1,200 units". */
export const formatUnits = (count: number): string =>
  `${units.format(count)} ${count === 1 ? 'unit' : 'units'}`;

/** Units of an item still to ship (partial shipments): its quantity less what its parcels hold. */
export const remainingToShip = (item: { quantity: number; shippedQuantity: number }): number =>
  Math.max(item.quantity - item.shippedQuantity, 0);

/** Whether some, not all, of an item has shipped (issue 12 partial shipments). */
export const isPartlyShipped = (item: { quantity: number; shippedQuantity: number }): boolean =>
  item.shippedQuantity > 0 && item.shippedQuantity < item.quantity;

/** Shipped units over the item's: "40 of 100", "1,200 of 3,000". */
export const formatShippedOfTotal = (item: { quantity: number; shippedQuantity: number }) =>
  `${units.format(item.shippedQuantity)} of ${units.format(item.quantity)}`;

const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A day as the lists show it: "Nov 27, 2026". */
export const formatDay = (time: string): string => dates.format(new Date(time));

/** What an invoice line sells, as the supplier picks it. */
export const LINE_CATEGORY_LABELS: Readonly<Record<InvoiceLineCategory, string>> = {
  PRODUCT: 'Products',
  DESIGN_SERVICE: 'Design services',
};

/** The shipping modes a supplier picks from, its usual one first. */
export const SHIPPING_MODE_OPTIONS: readonly { value: ShippingMode; label: string }[] = (
  ['SUPPLIER_SHIPPING', 'PLATFORM_SHIPPING', 'NO_SHIPPING_NEEDED', 'CHARGE_SHIPPING_LATER'] as const
).map((mode) => ({ value: mode, label: SHIPPING_MODE_LABELS[mode] }));

/** Modes under which the invoice charges no shipping now (the server refuses an amount). */
export const isShippingFree = (mode: ShippingMode): boolean =>
  mode === 'NO_SHIPPING_NEEDED' || mode === 'CHARGE_SHIPPING_LATER';

export type MajorUnitsReading =
  { isValid: true; amount: number } | { isValid: false; message: string };

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * An amount typed in major units ("1,234.5", "$12.50") read as integer minor units (123450,
 * 1250) from its digits, never through a float: 0.29 is 29 cents, not 28.999… Thousands commas,
 * a leading $ and spaces are ignored; more decimals than the currency has are refused.
 */
export const readMajorUnits = (text: string, currencyCode = 'USD'): MajorUnitsReading => {
  const digits = minorDigitsOf(currencyCode);
  const cleaned = text.replace(/[\s,]/g, '').replace(/^\$/, '');
  const match = DECIMAL.exec(cleaned);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    return { isValid: false, message: 'Enter an amount, such as 12.50.' };
  }
  if (fraction.length > digits) {
    return {
      isValid: false,
      message: digits === 0 ? 'Enter a whole amount.' : `At most ${digits} decimals.`,
    };
  }
  const minor = `${whole}${fraction.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  const amount = Number(minor);
  if (!Number.isSafeInteger(amount))
    return { isValid: false, message: 'This amount is too large.' };
  return { isValid: true, amount };
};

/** The amount of a reading, 0 for text that is no amount (for live totals while typing). */
export const amountOrZero = (text: string, currencyCode = 'USD'): number => {
  const reading = readMajorUnits(text, currencyCode);
  return reading.isValid ? reading.amount : 0;
};

/** Minor units written back as major units for an input: 1250 → "12.50". */
export const toMajorUnitsText = (amount: number, currencyCode = 'USD'): string => {
  const digits = minorDigitsOf(currencyCode);
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
};

/** An invoice's live totals: each line's quantity times unit price, then shipping. */
export const invoiceTotalsOf = (
  lines: readonly { quantity: number; unitPrice: number }[],
  shippingAmount: number,
) => {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  return { subtotal, shippingAmount, total: subtotal + shippingAmount };
};
