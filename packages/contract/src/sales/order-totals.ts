/**
 * Issue 11 "totals are checked": how a store order's amounts add up. Every amount is an integer
 * in the order currency's minor units (cents for USD, pence for GBP).
 *
 * - A line's subtotal is `quantity × unitPrice − discount`, with `0 ≤ discount ≤ quantity ×
 *   unitPrice` (the line's own discounts).
 * - The order's `subtotal` is the sum of its lines' subtotals.
 * - `discountTotal` is what order-level discounts (codes) take off the subtotal: `0 ≤
 *   discountTotal ≤ subtotal`.
 * - `total = subtotal − discountTotal + shippingTotal + taxTotal`; shipping and tax are ≥ 0.
 *   When `taxesIncluded` (prices already hold the tax, as in much of Europe; Shopify's
 *   `taxes_included`), `taxTotal` is the tax inside the prices and is not added again.
 */
export type OrderAmounts = {
  lines: readonly { quantity: number; unitPrice: number; discount: number }[];
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  taxTotal: number;
  /** Whether the prices include the tax (then `taxTotal` is part of them, not added). */
  taxesIncluded?: boolean;
  total: number;
};

export type OrderTotalIssue = { field: string; message: string };

/** A line's subtotal in minor units. */
export const lineSubtotalOf = (line: OrderAmounts['lines'][number]): number =>
  line.quantity * line.unitPrice - line.discount;

/** The subtotal and total the lines and order-level amounts give (minor units). */
export const computeOrderTotals = (
  amounts: Omit<OrderAmounts, 'subtotal' | 'total'>,
): { subtotal: number; total: number } => {
  const subtotal = amounts.lines.reduce((sum, line) => sum + lineSubtotalOf(line), 0);
  return {
    subtotal,
    total:
      subtotal -
      amounts.discountTotal +
      amounts.shippingTotal +
      (amounts.taxesIncluded ? 0 : amounts.taxTotal),
  };
};

const isWhole = (value: number) => Number.isSafeInteger(value);

/**
 * What disagrees in an order's amounts, one issue per field (`lines.2.discount`, `subtotal`,
 * `total`, ...), in the order above; empty when the order adds up. `fieldPrefix` names where the
 * amounts sit in a request (`body.`).
 */
export const findOrderTotalIssues = (
  amounts: OrderAmounts,
  fieldPrefix = '',
): OrderTotalIssue[] => {
  const issues: OrderTotalIssue[] = [];
  const issue = (field: string, message: string) =>
    issues.push({ field: `${fieldPrefix}${field}`, message });

  if (amounts.lines.length === 0) issue('lines', 'An order has at least one line.');
  amounts.lines.forEach((line, index) => {
    if (!isWhole(line.quantity) || line.quantity < 1) {
      issue(`lines.${index}.quantity`, 'A quantity is a whole number of at least 1.');
    }
    if (!isWhole(line.unitPrice) || line.unitPrice < 0) {
      issue(
        `lines.${index}.unitPrice`,
        'A unit price is a whole number of minor units, 0 or more.',
      );
    }
    if (!isWhole(line.discount) || line.discount < 0) {
      issue(`lines.${index}.discount`, 'A discount is a whole number of minor units, 0 or more.');
    } else if (line.discount > line.quantity * line.unitPrice) {
      issue(
        `lines.${index}.discount`,
        `The line's discount (${line.discount}) is more than its price (${line.quantity} × ${line.unitPrice}).`,
      );
    }
  });
  if (issues.length > 0) return issues;

  for (const field of ['discountTotal', 'shippingTotal', 'taxTotal'] as const) {
    if (!isWhole(amounts[field]) || amounts[field] < 0) {
      issue(field, 'A whole number of minor units, 0 or more.');
    }
  }
  if (issues.length > 0) return issues;

  const expected = computeOrderTotals(amounts);
  if (amounts.subtotal !== expected.subtotal) {
    issue(
      'subtotal',
      `The subtotal (${amounts.subtotal}) is not the sum of the lines (${expected.subtotal}).`,
    );
  }
  if (amounts.discountTotal > expected.subtotal) {
    issue(
      'discountTotal',
      `The discounts (${amounts.discountTotal}) are more than the subtotal (${expected.subtotal}).`,
    );
  }
  if (amounts.total !== expected.total) {
    issue(
      'total',
      amounts.taxesIncluded
        ? `The total (${amounts.total}) is not subtotal − discounts + shipping (${expected.total}); the prices include the tax.`
        : `The total (${amounts.total}) is not subtotal − discounts + shipping + tax (${expected.total}).`,
    );
  }
  return issues;
};

/** ⌊amount × part / whole⌋ without losing precision on large amounts (whole > 0). */
const shareOf = (amount: number, part: number, whole: number): number =>
  Number((BigInt(amount) * BigInt(part)) / BigInt(whole));

/**
 * Spec §7 line-item cancel (issue 11): what canceling `units` more units of a line takes off the
 * order, in minor units, given the units canceled before (`line.canceledQuantity`). It is the
 * units' price, less their share of the line's discount and of the order-level discount, plus
 * their share of the line's tax unless the prices include it. Each share is the floor of the
 * amount × (canceled so far / all), taken for all units canceled after and before this cancel:
 * canceling in steps takes off exactly what canceling at once does, and never more than the line.
 * The order-level discount is shared by the lines in proportion to their subtotals.
 */
export const lineCancelValueOf = (
  order: { subtotal: number; discountTotal: number; taxesIncluded?: boolean },
  line: {
    quantity: number;
    unitPrice: number;
    discount: number;
    tax: number;
    canceledQuantity: number;
  },
  units: number,
): number => {
  const linePart = (canceled: number) =>
    canceled * line.unitPrice - shareOf(line.discount, canceled, line.quantity);
  const orderDiscountPart = (canceled: number) =>
    order.subtotal > 0 ? shareOf(order.discountTotal, linePart(canceled), order.subtotal) : 0;
  const taxPart = (canceled: number) =>
    order.taxesIncluded ? 0 : shareOf(line.tax, canceled, line.quantity);
  const valueUpTo = (canceled: number) =>
    linePart(canceled) - orderDiscountPart(canceled) + taxPart(canceled);
  const before = line.canceledQuantity;
  return valueUpTo(before + units) - valueUpTo(before);
};
