import { describe, expect, it } from 'vitest';
import { PlanTypeSchema } from '../identity/plans';
import {
  ADDITIONAL_SEAT_PRICE_PER_MONTH,
  DEFAULT_PLAN_PRICES,
  PLAN_SEATS,
  PLATFORM_FEES,
  PlatformFeeSchema,
  isUpgrade,
  planCatalogue,
  planRank,
} from './plans';

describe('plan order', () => {
  it('ranks Free < Beginner < Scaling < Professional', () => {
    expect(PlanTypeSchema.options.map(planRank)).toEqual([0, 1, 2, 3]);
    expect(isUpgrade('TIER_1', 'TIER_2')).toBe(true);
    expect(isUpgrade('TIER_2_5', 'TIER_3')).toBe(true);
    expect(isUpgrade('TIER_3', 'TIER_2')).toBe(false);
    expect(isUpgrade('TIER_2', 'TIER_2')).toBe(false);
  });
});

describe('planCatalogue', () => {
  it('lists every plan with its names, default prices, seats and included bundle', () => {
    const plans = planCatalogue();
    expect(plans.map((plan) => [plan.planType, plan.name, plan.includedModule])).toEqual([
      ['TIER_1', 'Free', null],
      ['TIER_2', 'Beginner', 'beginner'],
      ['TIER_2_5', 'Scaling', 'beginner'],
      ['TIER_3', 'Professional', 'professional'],
    ]);
    for (const plan of plans) {
      expect(plan.prices).toEqual(DEFAULT_PLAN_PRICES[plan.planType]);
      expect(plan.seatsIncluded).toBe(PLAN_SEATS[plan.planType]);
      expect(plan.currencyCode).toBe('USD');
    }
    expect(plans.map((plan) => plan.alternateName)).toEqual([
      'Free',
      'Essentials',
      'Business',
      'Business',
    ]);
  });

  it('sells additional seats and premium support only where the plan has them', () => {
    const plans = planCatalogue();
    expect(plans.map((plan) => plan.additionalSeatPricePerMonth)).toEqual([
      null,
      null,
      ADDITIONAL_SEAT_PRICE_PER_MONTH,
      ADDITIONAL_SEAT_PRICE_PER_MONTH,
    ]);
    expect(plans.map((plan) => plan.premiumSupport)).toEqual([false, false, false, true]);
    expect(plans.map((plan) => plan.upgradeTarget)).toEqual(['TIER_2', 'TIER_3', 'TIER_3', null]);
  });

  it('shows configured prices', () => {
    const prices = { ...DEFAULT_PLAN_PRICES, TIER_2: { MONTH: 5_900, YEAR: 59_000 } };
    expect(planCatalogue(prices)[1]!.prices).toEqual({ MONTH: 5_900, YEAR: 59_000 });
  });

  it('prices a year at ten months by default', () => {
    for (const type of PlanTypeSchema.options) {
      expect(DEFAULT_PLAN_PRICES[type].YEAR).toBe(DEFAULT_PLAN_PRICES[type].MONTH * 10);
    }
  });
});

describe('PLATFORM_FEES', () => {
  it('has unique keys and valid entries (percent fees in basis points under 100 %; cash back is negative)', () => {
    expect(new Set(PLATFORM_FEES.map((fee) => fee.key)).size).toBe(PLATFORM_FEES.length);
    for (const fee of PLATFORM_FEES) {
      expect(PlatformFeeSchema.parse(fee)).toEqual(fee);
      if (fee.kind === 'PERCENT') expect(Math.abs(fee.amount)).toBeLessThan(10_000);
      if (fee.key === 'fulfillment_cash_back') expect(fee.amount).toBeLessThan(0);
    }
  });
});
