import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_OFFER_INVOICES,
  CANCELLATION_OFFER_PERCENT_OFF,
  DUNNING_RETRY_DAYS,
  MAX_PAUSE_MONTHS,
  REACTIVATE_WINDOW_DAYS,
  addInterval,
  billingInvoiceTotals,
  discountOnInvoice,
  hasPaymentProblem,
  isSubscriptionActive,
  isSubscriptionPaused,
  prorate,
  type BillingInvoiceReason,
  type SubscriptionStatus,
} from './subscription';

const STATUSES: SubscriptionStatus[] = [
  'ACTIVE',
  'PAST_DUE',
  'UNPAID',
  'CANCELED',
  'INCOMPLETE',
  'INCOMPLETE_EXPIRED',
  'TRIALING',
];

describe('spec §4 subscription rules', () => {
  // status → [active with an id, paused when pausedAt is set, payment problem]
  const TABLE: Record<SubscriptionStatus, [boolean, boolean, boolean]> = {
    ACTIVE: [true, true, false],
    PAST_DUE: [true, true, true],
    UNPAID: [false, true, true],
    CANCELED: [false, false, false],
    INCOMPLETE: [false, true, false],
    INCOMPLETE_EXPIRED: [false, true, false],
    TRIALING: [true, true, false],
  };

  it.each(STATUSES)('%s: active, paused and payment problem as the table says', (status) => {
    const [active, paused, problem] = TABLE[status];
    expect(isSubscriptionActive({ id: 'sub_1', status })).toBe(active);
    expect(isSubscriptionPaused({ pausedAt: '2026-01-01T00:00:00.000Z', status })).toBe(paused);
    expect(isSubscriptionPaused({ pausedAt: new Date('2026-01-01'), status })).toBe(paused);
    expect(hasPaymentProblem(status)).toBe(problem);
  });

  it.each(STATUSES)('%s without an id is never active; without pausedAt never paused', (status) => {
    expect(isSubscriptionActive({ id: null, status })).toBe(false);
    expect(isSubscriptionPaused({ pausedAt: null, status })).toBe(false);
  });

  it('a missing status is neither active nor a payment problem', () => {
    expect(isSubscriptionActive({ id: 'sub_1', status: null })).toBe(false);
    expect(hasPaymentProblem(null)).toBe(false);
    expect(isSubscriptionPaused({ pausedAt: new Date(), status: null })).toBe(true);
  });

  it("reads the spec's unnamed numbers: 3 months of pause, 7 days to reactivate, 40 % off 3 invoices", () => {
    expect(MAX_PAUSE_MONTHS).toBe(3);
    expect(REACTIVATE_WINDOW_DAYS).toBe(7);
    expect([CANCELLATION_OFFER_PERCENT_OFF, CANCELLATION_OFFER_INVOICES]).toEqual([40, 3]);
    expect([...DUNNING_RETRY_DAYS]).toEqual([3, 5, 7]);
  });
});

describe('prorate', () => {
  const start = new Date('2026-03-01T00:00:00.000Z');
  const end = new Date('2026-03-31T00:00:00.000Z'); // 30 days
  const day = (n: number) => new Date(start.getTime() + n * 86_400_000);

  it.each([
    // [from, to, day of the period, credit, charge, amountDue]
    [4_900, 19_900, 0, 4_900, 19_900, 15_000],
    [4_900, 19_900, 15, 2_450, 9_950, 7_500],
    [4_900, 19_900, 30, 0, 0, 0],
    [4_900, 9_900, 10, 3_267, 6_600, 3_333], // 3266.67 → 3267; 6600 exact
    [1_000, 2_000, 29, 33, 67, 34], // 33.33 → 33, 66.67 → 67
    [19_900, 4_900, 10, 13_267, 3_267, 0], // a downgrade is never negative
  ])('%i → %i at day %i: credit %i, charge %i, due %i', (from, to, at, credit, charge, due) => {
    expect(
      prorate({ fromAmount: from, toAmount: to, periodStart: start, periodEnd: end, at: day(at) }),
    ).toEqual({ credit, charge, amountDue: due });
  });

  it('rounds an exact half to even', () => {
    // 3 of 4 ms left: 2 × 3/4 = 1.5 → 2; 6 × 3/4 = 4.5 → 4
    const periodStart = new Date(0);
    const periodEnd = new Date(4);
    const at = new Date(1);
    expect(prorate({ fromAmount: 2, toAmount: 6, periodStart, periodEnd, at })).toEqual({
      credit: 2,
      charge: 4,
      amountDue: 2,
    });
  });

  it('clamps a moment outside the period to its start or end', () => {
    const input = { fromAmount: 100, toAmount: 300, periodStart: start, periodEnd: end };
    expect(prorate({ ...input, at: day(-5) })).toEqual({
      credit: 100,
      charge: 300,
      amountDue: 200,
    });
    expect(prorate({ ...input, at: day(40) })).toEqual({ credit: 0, charge: 0, amountDue: 0 });
  });

  it('refuses a period that does not end after it starts', () => {
    expect(() =>
      prorate({ fromAmount: 1, toAmount: 2, periodStart: end, periodEnd: start, at: start }),
    ).toThrow(RangeError);
  });
});

describe('addInterval', () => {
  it.each([
    ['2026-01-15T10:30:00.000Z', 'MONTH', 1, '2026-02-15T10:30:00.000Z'],
    ['2026-01-31T00:00:00.000Z', 'MONTH', 1, '2026-02-28T00:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', 'MONTH', 1, '2028-02-29T00:00:00.000Z'],
    ['2026-03-31T23:59:59.999Z', 'MONTH', 1, '2026-04-30T23:59:59.999Z'],
    ['2026-12-15T00:00:00.000Z', 'MONTH', 1, '2027-01-15T00:00:00.000Z'],
    ['2026-11-30T00:00:00.000Z', 'MONTH', 3, '2027-02-28T00:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', 'YEAR', 1, '2029-02-28T00:00:00.000Z'],
    ['2026-06-01T00:00:00.000Z', 'YEAR', 2, '2028-06-01T00:00:00.000Z'],
  ] as const)('%s + %s × %i = %s', (from, interval, count, expected) => {
    expect(addInterval(new Date(from), interval, count).toISOString()).toBe(expected);
  });

  it('does not change its argument', () => {
    const start = new Date('2026-01-31T00:00:00.000Z');
    addInterval(start, 'MONTH');
    expect(start.toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });
});

describe('discountOnInvoice', () => {
  const offer = { percentOff: 40, invoicesRemaining: 3 };

  it.each([
    // [reason, percent off, uses one of the invoices]
    ['SUBSCRIPTION_CREATE', 40, true],
    ['SUBSCRIPTION_CYCLE', 40, true],
    ['SUBSCRIPTION_UPDATE', 40, false],
    ['SEATS', 40, false],
    ['BUNDLE', 0, false],
  ] as const)('%s: %i %% off, uses an invoice: %s', (reason, percentOff, usesInvoice) => {
    expect(discountOnInvoice(offer, reason)).toEqual({ percentOff, usesInvoice });
  });

  it.each<[number | null, number | null]>([
    [40, 0],
    [40, null],
    [null, 3],
    [0, 3],
  ])('%s %% off with %s invoices left discounts nothing', (percentOff, invoicesRemaining) => {
    for (const reason of ['SUBSCRIPTION_CYCLE', 'SUBSCRIPTION_UPDATE', 'SEATS'] as const) {
      expect(discountOnInvoice({ percentOff, invoicesRemaining }, reason)).toEqual({
        percentOff: 0,
        usesInvoice: false,
      });
    }
  });

  it('a discount of N invoices covers N plan periods, whatever prorations come between', () => {
    let invoicesRemaining = 2;
    const discounted: BillingInvoiceReason[] = [];
    const reasons: BillingInvoiceReason[] = [
      'SUBSCRIPTION_UPDATE',
      'SUBSCRIPTION_CYCLE',
      'SEATS',
      'SEATS',
      'SUBSCRIPTION_CYCLE',
      'SUBSCRIPTION_UPDATE',
      'SUBSCRIPTION_CYCLE',
    ];
    for (const reason of reasons) {
      const applied = discountOnInvoice({ percentOff: 20, invoicesRemaining }, reason);
      if (applied.percentOff > 0) discounted.push(reason);
      if (applied.usesInvoice) invoicesRemaining -= 1;
    }
    expect(discounted).toEqual([
      'SUBSCRIPTION_UPDATE',
      'SUBSCRIPTION_CYCLE',
      'SEATS',
      'SEATS',
      'SUBSCRIPTION_CYCLE',
    ]);
    expect(invoicesRemaining).toBe(0);
  });
});

describe('billingInvoiceTotals', () => {
  it.each([
    // [lines, percent off, subtotal, discount, total]
    [[4_900], 40, 4_900, 1_960, 2_940],
    [[4_900, 3_000], 20, 7_900, 1_580, 6_320],
    [[-2_450, 9_950], 40, 7_500, 3_980, 3_520], // the credit is not discounted
    [[-9_000, 9_950], 40, 950, 950, 0], // never below 0
    [[4_900], 0, 4_900, 0, 4_900],
    [[999], 25, 999, 250, 749], // 249.75 → 250
    [[1_002], 25, 1_002, 251, 751], // 250.5 → 251
  ])('%j at %i %% off: subtotal %i, discount %i, total %i', (lines, percentOff, ...expected) => {
    const [subtotal, discount, total] = expected;
    expect(billingInvoiceTotals(lines, percentOff)).toEqual({ subtotal, discount, total });
  });
});
