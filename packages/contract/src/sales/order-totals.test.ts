import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeOrderTotals,
  findOrderTotalIssues,
  lineCancelValueOf,
  type OrderAmounts,
} from './order-totals';

const line = fc
  .record({
    quantity: fc.integer({ min: 1, max: 10_000 }),
    unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ quantity, unitPrice, discountShare }) => ({
    quantity,
    unitPrice,
    discount: Math.floor(quantity * unitPrice * discountShare),
  }));

/** Orders whose amounts add up, as a channel that keeps its books right would send them. */
const consistentOrder = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 20 }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    shippingTotal: fc.integer({ min: 0, max: 100_000 }),
    taxTotal: fc.integer({ min: 0, max: 100_000 }),
  })
  .map(({ lines, discountShare, shippingTotal, taxTotal }): OrderAmounts => {
    const base = { lines, discountTotal: 0, shippingTotal, taxTotal };
    const discountTotal = Math.floor(computeOrderTotals(base).subtotal * discountShare);
    return { ...base, discountTotal, ...computeOrderTotals({ ...base, discountTotal }) };
  });

describe('store order totals (issue 11)', () => {
  it('accepts every order whose lines, discounts, shipping and tax add up', () => {
    fc.assert(
      fc.property(consistentOrder, (order) => {
        expect(findOrderTotalIssues(order)).toEqual([]);
      }),
    );
  });

  it('refuses a total that is off by any amount, naming the total', () => {
    fc.assert(
      fc.property(
        consistentOrder,
        fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((delta) => delta !== 0),
        (order, delta) => {
          const issues = findOrderTotalIssues({ ...order, total: order.total + delta }, 'body.');
          expect(issues.map((issue) => issue.field)).toEqual(['body.total']);
        },
      ),
    );
  });

  it('refuses an order one of whose amounts changed without its total, naming the total', () => {
    /** One amount changed, as a channel whose books are wrong would send it. */
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant('line' as const),
        at: fc.nat(),
        field: fc.constantFrom('quantity' as const, 'unitPrice' as const, 'discount' as const),
        delta: fc.integer({ min: -500, max: 500 }),
      }),
      fc.record({
        kind: fc.constantFrom(
          'discountTotal' as const,
          'shippingTotal' as const,
          'taxTotal' as const,
        ),
        delta: fc.integer({ min: -5_000, max: 5_000 }),
      }),
    );
    fc.assert(
      fc.property(consistentOrder, mutation, (order, change) => {
        const lines = order.lines.map((line) => ({ ...line }));
        const changed: OrderAmounts = { ...order, lines };
        if (change.kind === 'line') {
          const line = lines[change.at % lines.length]!;
          line[change.field] += change.delta;
        } else {
          changed[change.kind] += change.delta;
        }
        // The subtotal is the lines' sum again; only the stated total is the old one.
        changed.subtotal = computeOrderTotals(changed).subtotal;
        const isValid =
          lines.every(
            (line) =>
              line.quantity >= 1 &&
              line.unitPrice >= 0 &&
              line.discount >= 0 &&
              line.discount <= line.quantity * line.unitPrice,
          ) &&
          changed.discountTotal >= 0 &&
          changed.shippingTotal >= 0 &&
          changed.taxTotal >= 0 &&
          changed.discountTotal <= changed.subtotal;
        fc.pre(isValid && computeOrderTotals(changed).total !== order.total);
        expect(findOrderTotalIssues(changed).map((issue) => issue.field)).toEqual(['total']);
      }),
    );
  });

  it('names the subtotal when it is not the lines’ sum, whatever the other amounts', () => {
    fc.assert(
      fc.property(
        consistentOrder,
        fc.integer({ min: -100_000, max: 100_000 }).filter((delta) => delta !== 0),
        (order, delta) => {
          const issues = findOrderTotalIssues({ ...order, subtotal: order.subtotal + delta });
          expect(issues.map((issue) => issue.field)).toEqual(['subtotal']);
          expect(issues[0]!.message).toContain(String(order.subtotal));
        },
      ),
    );
  });

  it('names the line whose discount is above its price, and discounts above the subtotal', () => {
    fc.assert(
      fc.property(
        consistentOrder,
        fc.nat(),
        fc.integer({ min: 1, max: 10_000 }),
        (order, at, over) => {
          const index = at % order.lines.length;
          const lines = order.lines.map((line, position) =>
            position === index
              ? { ...line, discount: line.quantity * line.unitPrice + over }
              : line,
          );
          expect(findOrderTotalIssues({ ...order, lines }).map((issue) => issue.field)).toEqual([
            `lines.${index}.discount`,
          ]);
        },
      ),
    );
    fc.assert(
      fc.property(consistentOrder, fc.integer({ min: 1, max: 10_000 }), (order, over) => {
        const discountTotal = order.subtotal + over;
        const amounts = { ...order, discountTotal };
        const { total } = computeOrderTotals(amounts);
        expect(findOrderTotalIssues({ ...amounts, total }).map((issue) => issue.field)).toEqual([
          'discountTotal',
        ]);
      }),
    );
  });

  it('does not add the tax again when the prices include it', () => {
    fc.assert(
      fc.property(consistentOrder, (order) => {
        const included = { ...order, taxesIncluded: true };
        const { total } = computeOrderTotals(included);
        expect(findOrderTotalIssues({ ...included, total })).toEqual([]);
        if (order.taxTotal > 0) {
          // The total with the tax added once more is refused, naming the total.
          expect(
            findOrderTotalIssues({ ...included, total: total + order.taxTotal }).map(
              (issue) => issue.field,
            ),
          ).toEqual(['total']);
        }
      }),
    );
  });

  it('refuses a subtotal that is not the sum of the lines, and says both numbers', () => {
    const order: OrderAmounts = {
      lines: [
        { quantity: 2, unitPrice: 1_250, discount: 0 },
        { quantity: 1, unitPrice: 999, discount: 99 },
      ],
      subtotal: 3_500,
      discountTotal: 0,
      shippingTotal: 0,
      taxTotal: 0,
      total: 3_500,
    };
    const issues = findOrderTotalIssues(order);
    expect(issues[0]).toEqual({
      field: 'subtotal',
      message: 'The subtotal (3500) is not the sum of the lines (3400).',
    });
    expect(issues.map((issue) => issue.field)).toEqual(['subtotal', 'total']);
  });

  it('names the line whose discount is more than its price, and discounts above the subtotal', () => {
    const lines = [
      { quantity: 1, unitPrice: 500, discount: 0 },
      { quantity: 2, unitPrice: 100, discount: 201 },
    ];
    expect(
      findOrderTotalIssues({
        lines,
        subtotal: 499,
        discountTotal: 0,
        shippingTotal: 0,
        taxTotal: 0,
        total: 499,
      }).map((issue) => issue.field),
    ).toEqual(['lines.1.discount']);
    expect(
      findOrderTotalIssues({
        lines: [{ quantity: 1, unitPrice: 500, discount: 0 }],
        subtotal: 500,
        discountTotal: 600,
        shippingTotal: 0,
        taxTotal: 0,
        total: -100,
      }).map((issue) => issue.field),
    ).toEqual(['discountTotal']);
  });

  it('refuses an order without lines and amounts that are not whole minor units', () => {
    expect(
      findOrderTotalIssues({
        lines: [],
        subtotal: 0,
        discountTotal: 0,
        shippingTotal: 0,
        taxTotal: 0,
        total: 0,
      }),
    ).toEqual([{ field: 'lines', message: 'An order has at least one line.' }]);
    expect(
      findOrderTotalIssues({
        lines: [{ quantity: 1, unitPrice: 9.99, discount: 0 }],
        subtotal: 9.99,
        discountTotal: 0,
        shippingTotal: 0,
        taxTotal: 0,
        total: 9.99,
      }).map((issue) => issue.field),
    ).toEqual(['lines.0.unitPrice']);
  });
});

describe('lineCancelValueOf (spec §7 line-item cancel)', () => {
  const orderWithSteps = consistentOrder.chain((order) =>
    fc.record({
      order: fc.constant(order),
      lineIndex: fc.integer({ min: 0, max: order.lines.length - 1 }),
      tax: fc.integer({ min: 0, max: 10_000 }),
      taxesIncluded: fc.boolean(),
      cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
    }),
  );

  it('takes off the same in steps as at once, never less than 0 nor more than the line holds', () => {
    fc.assert(
      fc.property(orderWithSteps, ({ order, lineIndex, tax, taxesIncluded, cuts }) => {
        const line = { ...order.lines[lineIndex]!, tax, canceledQuantity: 0 };
        const amounts = { ...order, taxesIncluded };
        // The units canceled after each step, rising to every unit.
        const steps = [...cuts.map((cut) => Math.floor(cut * line.quantity)), line.quantity].sort(
          (a, b) => a - b,
        );
        let canceled = 0;
        let taken = 0;
        for (const upTo of steps) {
          const value = lineCancelValueOf(
            amounts,
            { ...line, canceledQuantity: canceled },
            upTo - canceled,
          );
          expect(value).toBeGreaterThanOrEqual(0);
          taken += value;
          canceled = upTo;
        }
        const atOnce = lineCancelValueOf(amounts, line, line.quantity);
        expect(taken).toBe(atOnce);
        const lineSubtotal = line.quantity * line.unitPrice - line.discount;
        expect(atOnce).toBeLessThanOrEqual(lineSubtotal + (taxesIncluded ? 0 : tax));
      }),
    );
  });

  it('shares the discounts: 2 of 4 units at 10.00 with 2.00 off the line and 10 % off the order', () => {
    const value = lineCancelValueOf(
      { subtotal: 3_800, discountTotal: 380 },
      { quantity: 4, unitPrice: 1_000, discount: 200, tax: 80, canceledQuantity: 0 },
      2,
    );
    // 2 × 10.00 − 1.00 line discount = 19.00; − 1.90 order discount; + 0.40 tax.
    expect(value).toBe(1_900 - 190 + 40);
  });
});
