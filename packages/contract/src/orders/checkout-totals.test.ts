import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calcFinancingFee,
  CHECKOUT_FEE_KEYS,
  type CheckoutLine,
  type CheckoutTotalsInput,
  CheckoutTotalsInputSchema,
  CheckoutTotalsSchema,
  computeCheckoutTotals,
  DISCOUNT_CODES,
  discountCodeIssue,
  normalizeDiscountCode,
  percentOf,
  roundHalfEven,
} from './checkout-totals';

const aLine = (overrides: Partial<CheckoutLine> = {}): CheckoutLine => ({
  kind: 'PRODUCTION',
  category: 'PRODUCT',
  quantity: 1,
  unitPrice: 1_000,
  ...overrides,
});

const aCheckout = (overrides: Partial<CheckoutTotalsInput> = {}): CheckoutTotalsInput => ({
  currencyCode: 'USD',
  lines: [aLine()],
  shipping: 0,
  handling: 0,
  shippingAssurance: false,
  sampleAssurance: false,
  discountCode: null,
  ...overrides,
});

describe('roundHalfEven and percentOf (issue 12 Totals)', () => {
  it('rounds ties to the even neighbour and everything else to the nearest', () => {
    expect(roundHalfEven(1n, 2n)).toBe(0n);
    expect(roundHalfEven(3, 2)).toBe(2n);
    expect(roundHalfEven(5, 2)).toBe(2n);
    expect(roundHalfEven(7, 2)).toBe(4n);
    expect(roundHalfEven(-3, 2)).toBe(-2n);
    expect(roundHalfEven(-5, 2)).toBe(-2n);
    expect(roundHalfEven(2_501, 1_000)).toBe(3n);
    expect(roundHalfEven(2_499, 1_000)).toBe(2n);
    expect(() => roundHalfEven(1, 0)).toThrow(RangeError);
    expect(() => roundHalfEven(1.5, 2)).toThrow(RangeError);
  });

  it('takes basis points of minor units with integer arithmetic', () => {
    expect(percentOf(5, 300)).toBe(0); // 0.15
    expect(percentOf(50, 1000)).toBe(5);
    expect(percentOf(35, 300)).toBe(1); // 1.05
    expect(percentOf(0, 300)).toBe(0);
    expect(percentOf(100_000, 10_000)).toBe(100_000);
  });

  it('rounds a fee that lands on exactly half a minor unit to even', () => {
    // 25 bp of 200, 600, 1000, 1400: 0.5, 1.5, 2.5, 3.5.
    expect([200, 600, 1_000, 1_400].map((amount) => percentOf(amount, 25))).toEqual([0, 2, 2, 4]);
    // 3 % of 50, 150, 250, 350: 1.5, 4.5, 7.5, 10.5 (a float Math.round says 2, 5, 8, 11).
    expect([50, 150, 250, 350].map((amount) => percentOf(amount, 300))).toEqual([2, 4, 8, 10]);
    // Just past the tie goes up.
    expect(percentOf(201, 25)).toBe(1);
  });

  it('stays exact up to the largest safe amount and refuses what is not a whole number', () => {
    const exact = (BigInt(Number.MAX_SAFE_INTEGER) * 300n) / 10_000n; // 0.73 of a unit over: up
    expect(percentOf(Number.MAX_SAFE_INTEGER, 300)).toBe(Number(exact + 1n));
    expect(() => percentOf(10.5, 300)).toThrow(RangeError);
    expect(() => percentOf(100, 2.5)).toThrow(RangeError);
    expect(() => percentOf(Number.MAX_SAFE_INTEGER, 20_000)).toThrow(RangeError);
  });

  it('is within half a minor unit of the exact value, a tie always even', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, basisPoints) => {
          const result = percentOf(amount, basisPoints);
          const error = BigInt(amount) * BigInt(basisPoints) - BigInt(result) * 10_000n;
          const distance = error < 0n ? -error : error;
          expect(distance <= 5_000n).toBe(true);
          // `Math.abs`: −2 % 2 is −0, which is not 0 to `toBe`.
          if (distance === 5_000n) expect(Math.abs(result % 2)).toBe(0);
        },
      ),
    );
  });
});

describe('discount codes (spec §9)', () => {
  it('matches a code whatever its case and surrounding spaces', () => {
    expect(normalizeDiscountCode('  products10 ')).toBe('PRODUCTS10');
    expect(normalizeDiscountCode('Design50')).toBe('DESIGN50');
    expect(discountCodeIssue(' design50', [aLine({ category: 'DESIGN_SERVICE' })])).toBeNull();
    expect(DISCOUNT_CODES.PRODUCTS10).toEqual({
      basisPoints: 1000,
      appliesTo: 'PRODUCT',
      description: '10 % off products',
    });
    expect(DISCOUNT_CODES.DESIGN50.basisPoints).toBe(5000);
  });

  it('refuses an unknown code, quoting it as typed', () => {
    expect(discountCodeIssue('  save5 ', [aLine()])).toBe('"save5" is not a discount code.');
    expect(() => computeCheckoutTotals(aCheckout({ discountCode: 'SAVE5' }))).toThrow(
      new Error('"SAVE5" is not a discount code.'),
    );
  });

  it('refuses a code whose category has no line in the cart', () => {
    expect(discountCodeIssue('DESIGN50', [aLine()])).toBe(
      'DESIGN50 takes 50 % off design services; this cart has none.',
    );
    expect(discountCodeIssue('products10', [aLine({ category: 'DESIGN_SERVICE' })])).toBe(
      'PRODUCTS10 takes 10 % off products; this cart has none.',
    );
    expect(() => computeCheckoutTotals(aCheckout({ discountCode: 'design50' }))).toThrow(
      'DESIGN50 takes 50 % off design services; this cart has none.',
    );
  });

  it('treats a blank code as no code', () => {
    expect(discountCodeIssue('   ', [])).toBeNull();
    const totals = computeCheckoutTotals(aCheckout({ discountCode: ' ' }));
    expect(totals.discountCode).toBeNull();
    expect(totals.discount).toBe(0);
  });
});

describe('computeCheckoutTotals (issue 12 Totals)', () => {
  it('adds up a cart with a code, shipping, handling and both assurances', () => {
    const totals = computeCheckoutTotals({
      currencyCode: 'USD',
      lines: [
        aLine({ quantity: 100, unitPrice: 1_250 }), // 125,000
        aLine({ kind: 'SAMPLE', quantity: 2, unitPrice: 4_999 }), // 9,998
        aLine({ kind: 'SAMPLE', category: 'DESIGN_SERVICE', unitPrice: 20_000 }), // 20,000
      ],
      shipping: 2_500,
      handling: 150,
      shippingAssurance: true,
      sampleAssurance: true,
      discountCode: ' products10 ',
    });
    expect(totals).toEqual({
      currencyCode: 'USD',
      productSubtotal: 134_998,
      designSubtotal: 20_000,
      sampleSubtotal: 29_998,
      subtotal: 154_998,
      discount: 13_500, // 10 % of the products only: 13,499.8
      discountCode: 'PRODUCTS10',
      shipping: 2_500,
      handling: 150,
      shippingAssurance: 4_320, // 3 % of 154,998 − 13,500 + 2,500 = 143,998: 4,319.94
      sampleAssurance: 3_000, // 10 % of 29,998: 2,999.8
      processingFee: 4_544, // 3 % of 151,468: 4,544.04
      total: 156_012,
      fees: [
        {
          key: 'SHIPPING_ASSURANCE',
          label: 'Shipping assurance',
          basisPoints: 300,
          base: 143_998,
          amount: 4_320,
        },
        {
          key: 'SAMPLE_ASSURANCE',
          label: 'Sample assurance',
          basisPoints: 1000,
          base: 29_998,
          amount: 3_000,
        },
        {
          key: 'PAYMENT_PROCESSING',
          label: 'Payment processing fee',
          basisPoints: 300,
          base: 151_468,
          amount: 4_544,
        },
      ],
    });
  });

  it('takes DESIGN50 off the design lines only, a half cent rounding to even', () => {
    const withDesign = (unitPrice: number) =>
      computeCheckoutTotals(
        aCheckout({
          lines: [aLine({ unitPrice: 10_000 }), aLine({ category: 'DESIGN_SERVICE', unitPrice })],
          discountCode: 'DESIGN50',
        }),
      );
    expect(withDesign(999).discount).toBe(500); // 499.5 → 500
    expect(withDesign(997).discount).toBe(498); // 498.5 → 498
    expect(withDesign(997).subtotal).toBe(10_997);
  });

  it('rounds a processing fee on exactly half a cent to even', () => {
    expect(computeCheckoutTotals(aCheckout({ lines: [aLine({ unitPrice: 50 })] }))).toMatchObject({
      processingFee: 2,
      total: 52,
    });
    expect(computeCheckoutTotals(aCheckout({ lines: [aLine({ unitPrice: 150 })] }))).toMatchObject({
      processingFee: 4,
      total: 154,
    });
  });

  it('passes a zero-decimal currency through, the arithmetic unchanged', () => {
    const totals = computeCheckoutTotals(
      aCheckout({
        currencyCode: 'JPY',
        lines: [aLine({ quantity: 3, unitPrice: 1_200 })],
        shipping: 800,
      }),
    );
    expect(totals).toMatchObject({
      currencyCode: 'JPY',
      subtotal: 3_600,
      processingFee: 132,
      total: 4_532,
    });
  });

  it('charges no sample assurance on a cart without samples, and lists only the fees charged', () => {
    const totals = computeCheckoutTotals(aCheckout({ sampleAssurance: true, shipping: 500 }));
    expect(totals.sampleAssurance).toBe(0);
    expect(totals.fees.map((fee) => fee.key)).toEqual(['PAYMENT_PROCESSING']);
    const assured = computeCheckoutTotals(
      aCheckout({ shippingAssurance: true, sampleAssurance: true, shipping: 500 }),
    );
    expect(assured.fees.map((fee) => fee.key)).toEqual([
      'SHIPPING_ASSURANCE',
      'PAYMENT_PROCESSING',
    ]);
    expect(assured.shippingAssurance).toBe(45); // 3 % of 1,500
  });

  it('refuses amounts that are not whole minor units ≥ 0 or that no number holds exactly', () => {
    expect(() => computeCheckoutTotals(aCheckout({ shipping: -1 }))).toThrow(RangeError);
    expect(() => computeCheckoutTotals(aCheckout({ handling: 0.5 }))).toThrow(RangeError);
    expect(() =>
      computeCheckoutTotals(
        aCheckout({ lines: [aLine({ quantity: 1_000_000, unitPrice: 10_000_000_000 })] }),
      ),
    ).toThrow(RangeError);
  });

  it('validates the input with its schema', () => {
    expect(CheckoutTotalsInputSchema.safeParse(aCheckout()).success).toBe(true);
    expect(CheckoutTotalsInputSchema.safeParse(aCheckout({ lines: [] })).success).toBe(false);
    expect(
      CheckoutTotalsInputSchema.safeParse(aCheckout({ lines: [aLine({ quantity: 0 })] })).success,
    ).toBe(false);
    expect(
      CheckoutTotalsInputSchema.safeParse(aCheckout({ lines: [aLine({ unitPrice: 12.5 })] }))
        .success,
    ).toBe(false);
  });

  const cart = fc
    .record({
      lines: fc.array(
        fc.record({
          kind: fc.constantFrom('SAMPLE' as const, 'PRODUCTION' as const),
          category: fc.constantFrom('PRODUCT' as const, 'DESIGN_SERVICE' as const),
          quantity: fc.integer({ min: 1, max: 1_000_000 }),
          unitPrice: fc.integer({ min: 0, max: 100_000_000 }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      shipping: fc.integer({ min: 0, max: 10_000_000 }),
      handling: fc.integer({ min: 0, max: 1_000_000 }),
      shippingAssurance: fc.boolean(),
      sampleAssurance: fc.boolean(),
      discountCode: fc.constantFrom(null, '', 'PRODUCTS10', ' design50 ', 'Products10'),
    })
    .map((input): CheckoutTotalsInput => ({ currencyCode: 'USD', ...input }))
    .filter(
      (input) =>
        input.discountCode === null || discountCodeIssue(input.discountCode, input.lines) === null,
    );

  it('adds up any cart: total = subtotal − discount + shipping + handling + fees, fees once each', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const totals = computeCheckoutTotals(input);
        const feeSum = totals.fees.reduce((sum, fee) => sum + fee.amount, 0);
        expect(totals.total).toBe(
          totals.subtotal - totals.discount + totals.shipping + totals.handling + feeSum,
        );
        const keys = totals.fees.map((fee) => fee.key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).toEqual(CHECKOUT_FEE_KEYS.filter((key) => keys.includes(key)));
        for (const fee of totals.fees)
          expect(fee.amount).toBe(percentOf(fee.base, fee.basisPoints));
        expect(totals.total).toBeGreaterThanOrEqual(0);
        expect(CheckoutTotalsSchema.safeParse(totals).success).toBe(true);
      }),
    );
  });

  it('never discounts more than the code’s category holds, nor anything without a code', () => {
    fc.assert(
      fc.property(cart, (input) => {
        const totals = computeCheckoutTotals(input);
        if (totals.discountCode === null) {
          expect(totals.discount).toBe(0);
        } else {
          const categorySubtotal =
            DISCOUNT_CODES[totals.discountCode].appliesTo === 'PRODUCT'
              ? totals.productSubtotal
              : totals.designSubtotal;
          expect(totals.discount).toBeLessThanOrEqual(categorySubtotal);
        }
        expect(totals.subtotal).toBe(totals.productSubtotal + totals.designSubtotal);
        expect(totals.sampleSubtotal).toBeLessThanOrEqual(totals.subtotal);
      }),
    );
  });
});

describe('calcFinancingFee (spec §7 calc-financing-fee, issue 12)', () => {
  it('adds the fee and puts the remainder on the last instalment', () => {
    expect(calcFinancingFee(10_000, { instalments: 3, basisPoints: 600 })).toEqual({
      fee: 600,
      totalWithFee: 10_600,
      instalmentAmount: 3_533,
      lastInstalmentAmount: 3_534,
    });
    expect(calcFinancingFee(999, { instalments: 1, basisPoints: 0 })).toEqual({
      fee: 0,
      totalWithFee: 999,
      instalmentAmount: 999,
      lastInstalmentAmount: 999,
    });
    expect(() => calcFinancingFee(1_000, { instalments: 0, basisPoints: 300 })).toThrow(RangeError);
    expect(() => calcFinancingFee(-1, { instalments: 2, basisPoints: 300 })).toThrow(RangeError);
  });

  it('splits any total into instalments that sum exactly to the total with the fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 3_000 }),
        (total, instalments, basisPoints) => {
          const result = calcFinancingFee(total, { instalments, basisPoints });
          expect(result.totalWithFee).toBe(total + percentOf(total, basisPoints));
          expect(result.instalmentAmount * (instalments - 1) + result.lastInstalmentAmount).toBe(
            result.totalWithFee,
          );
          const extra = result.lastInstalmentAmount - result.instalmentAmount;
          expect(extra).toBeGreaterThanOrEqual(0);
          expect(extra).toBeLessThan(instalments);
        },
      ),
    );
  });
});
