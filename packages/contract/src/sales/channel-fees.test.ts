import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { salesChannelFeeOf } from './channel-fees';

const gbp = (amount: number) => ({ amount, currencyCode: 'GBP' });

describe('salesChannelFeeOf (spec §9: 1 % of an order from a sales channel)', () => {
  it('takes 1 % of the total in minor units, halves to the even unit', () => {
    expect(salesChannelFeeOf(gbp(5_000))).toEqual(gbp(50));
    expect(salesChannelFeeOf(gbp(1_250))).toEqual(gbp(12));
    expect(salesChannelFeeOf(gbp(1_350))).toEqual(gbp(14));
    expect(salesChannelFeeOf(gbp(1_251))).toEqual(gbp(13));
    expect(salesChannelFeeOf(gbp(49))).toEqual(gbp(0));
    expect(salesChannelFeeOf({ amount: 999, currencyCode: 'JPY' })).toEqual({
      amount: 10,
      currencyCode: 'JPY',
    });
  });

  it('gives back the fee of a refund, and never strays more than half a unit from 1 %', () => {
    expect(salesChannelFeeOf(gbp(-1_350))).toEqual(gbp(-14));
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (amount) => {
        const fee = salesChannelFeeOf(gbp(amount)).amount;
        expect(Number.isInteger(fee)).toBe(true);
        expect(Math.abs(fee - amount / 100)).toBeLessThanOrEqual(0.5);
        expect(salesChannelFeeOf(gbp(-amount)).amount).toBe(-fee || 0);
      }),
    );
  });
});
