import { describe, expect, it } from 'vitest';
import {
  canHaveTeamMembers,
  isNonFreePlan,
  isProfessionalPlan,
  planUpgradeTarget,
  PlanTypeSchema,
  type PlanType,
} from './plans';

const ALL_PLANS = PlanTypeSchema.options;

describe('planUpgradeTarget', () => {
  it.each<[PlanType, PlanType | null]>([
    ['TIER_1', 'TIER_2'],
    ['TIER_2', 'TIER_3'],
    ['TIER_2_5', 'TIER_3'],
    ['TIER_3', null],
  ])('upgrades %s to %s', (plan, target) => {
    expect(planUpgradeTarget(plan)).toBe(target);
  });

  it('always points to a higher tier than the current one', () => {
    for (const plan of ALL_PLANS) {
      const target = planUpgradeTarget(plan);
      if (target !== null) {
        expect(ALL_PLANS.indexOf(target)).toBeGreaterThan(ALL_PLANS.indexOf(plan));
      }
    }
  });

  it('never offers TIER_2_5 as an upgrade target', () => {
    expect(ALL_PLANS.map(planUpgradeTarget)).not.toContain('TIER_2_5');
  });
});

describe('isNonFreePlan', () => {
  it('is false for TIER_1 only', () => {
    expect(isNonFreePlan('TIER_1')).toBe(false);
  });

  it.each<PlanType>(['TIER_2', 'TIER_2_5', 'TIER_3'])('is true for %s', (plan) => {
    expect(isNonFreePlan(plan)).toBe(true);
  });
});

describe('isProfessionalPlan', () => {
  it('is true for TIER_3', () => {
    expect(isProfessionalPlan('TIER_3')).toBe(true);
  });

  it.each<PlanType>(['TIER_1', 'TIER_2', 'TIER_2_5'])('is false for %s', (plan) => {
    expect(isProfessionalPlan(plan)).toBe(false);
  });

  it('implies a non-free plan', () => {
    for (const plan of ALL_PLANS.filter(isProfessionalPlan)) {
      expect(isNonFreePlan(plan)).toBe(true);
    }
  });
});

describe('canHaveTeamMembers', () => {
  it.each<[PlanType, boolean]>([
    ['TIER_1', false],
    ['TIER_2', false],
    ['TIER_2_5', true],
    ['TIER_3', true],
  ])('for %s is %s', (plan, allowed) => {
    expect(canHaveTeamMembers(plan)).toBe(allowed);
  });
});
