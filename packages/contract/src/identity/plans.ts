import { z } from 'zod';

/** Spec §4 plan tiers. */
export const PlanTypeSchema = z.enum(['TIER_1', 'TIER_2', 'TIER_2_5', 'TIER_3']);
export type PlanType = z.infer<typeof PlanTypeSchema>;

/**
 * Spec §6 gives two readings of the tier names (Free, Essentials, Business and Free, Beginner,
 * Scaling, Professional). Atelier shows this one everywhere (header, plan card, account info,
 * messages): it names each of the four tiers apart, where the other calls two of them Business.
 */
export const PLAN_NAMES: Record<PlanType, string> = {
  TIER_1: 'Free',
  TIER_2: 'Beginner',
  TIER_2_5: 'Scaling',
  TIER_3: 'Professional',
};

/** Spec §4: Free goes to TIER_2; TIER_2 and TIER_2_5 go to TIER_3; TIER_3 has none. */
export const planUpgradeTarget = (planType: PlanType): PlanType | null => {
  switch (planType) {
    case 'TIER_1':
      return 'TIER_2';
    case 'TIER_2':
    case 'TIER_2_5':
      return 'TIER_3';
    case 'TIER_3':
      return null;
  }
};

/** Spec §6: non-free means planType is not TIER_1. */
export const isNonFreePlan = (planType: PlanType): boolean => planType !== 'TIER_1';

/** Spec §6: professional means TIER_3. */
export const isProfessionalPlan = (planType: PlanType): boolean => planType === 'TIER_3';

/** Issue #2: a store may have more than one team member only on TIER_2_5 and up. */
export const canHaveTeamMembers = (planType: PlanType): boolean =>
  planType === 'TIER_2_5' || planType === 'TIER_3';
