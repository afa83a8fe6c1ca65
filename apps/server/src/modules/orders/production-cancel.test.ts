import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundShareOf } from './production-cancel.service';

describe('refundShareOf', () => {
  it('refunds a payment exactly, whatever its items and the order they are canceled in', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 1000 }),
            unitPrice: fc.integer({ min: 0, max: 100_000 }),
            shippingAmount: fc.integer({ min: 0, max: 10_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 3000 }),
        (items, feeBasisPoints) => {
          const gross = items.reduce(
            (sum, i) => sum + i.quantity * i.unitPrice + i.shippingAmount,
            0,
          );
          const amount = gross + Math.round((gross * feeBasisPoints) / 10_000);
          let refunded = 0;
          items.forEach((item, index) => {
            const share = refundShareOf(item, {
              amount,
              gross,
              refunded,
              isLastLiveItem: index === items.length - 1,
            });
            expect(share).toBeGreaterThanOrEqual(0);
            refunded += share;
            expect(refunded).toBeLessThanOrEqual(amount);
          });
          expect(refunded).toBe(amount);
        },
      ),
    );
  });

  it('gives an item its share of what was charged, rounded half to even', () => {
    // 1/3 of 1,000 is 333.33… → 333; 1/2 of 1,001 is 500.5 → 500 (even).
    expect(
      refundShareOf(
        { quantity: 1, unitPrice: 100, shippingAmount: 0 },
        { amount: 1000, gross: 300, refunded: 0, isLastLiveItem: false },
      ),
    ).toBe(333);
    expect(
      refundShareOf(
        { quantity: 1, unitPrice: 100, shippingAmount: 0 },
        { amount: 1001, gross: 200, refunded: 0, isLastLiveItem: false },
      ),
    ).toBe(500);
  });
});
