import { z } from 'zod';
import { PLAN_NAMES, type PlanType } from '../identity/plans';
import { BUNDLE_LABELS, type BundleName } from './bundles';
import { planRank } from './plans';

/**
 * Issue 13 feature gates, spec §6 (per-module access comes from subscription module names; non-free
 * means not TIER_1; professional means TIER_3): ONE policy the server enforces and the web reads.
 * A feature is allowed when the store's plan is at least `minPlan` (if set) and, when `modules`
 * is set, one of those modules is ACTIVE. A paused subscription or one with a payment problem
 * that reached UNPAID keeps only Free features.
 */
export const FeatureKeySchema = z.enum([
  'team_members',
  'ai_brand_kit',
  'product_ideation',
  'product_design',
  'email_capture',
  'sms_marketing',
  'storefront',
  'analytics',
  'fulfillment_metrics',
  'premium_support',
]);
export type FeatureKey = z.infer<typeof FeatureKeySchema>;

type Rule = { label: string; minPlan?: PlanType; modules?: readonly BundleName[] };

export const FEATURE_POLICY: Record<FeatureKey, Rule> = {
  team_members: { label: 'Team members', minPlan: 'TIER_2_5' },
  ai_brand_kit: { label: 'AI brand kit', modules: ['beginner', 'professional', 'launch'] },
  product_ideation: { label: 'Product ideation', modules: ['beginner', 'professional'] },
  product_design: { label: 'Product design', modules: ['design-and-sample', 'professional'] },
  email_capture: { label: 'E-mail capture', modules: ['launch', 'professional'] },
  sms_marketing: { label: 'SMS marketing', minPlan: 'TIER_2' },
  storefront: { label: 'Storefront', modules: ['launch', 'professional'] },
  analytics: { label: 'Analytics', minPlan: 'TIER_2_5' },
  fulfillment_metrics: { label: 'Fulfillment metrics', minPlan: 'TIER_3' },
  premium_support: { label: 'Premium support', minPlan: 'TIER_3' },
};

/** What the policy needs to know about a store. */
export type EntitlementInput = {
  planType: PlanType;
  /** Modules with status ACTIVE. */
  activeModules: readonly BundleName[];
  /** false while paused or UNPAID: only Free features then. */
  paidFeaturesUsable: boolean;
};

export const FeatureAccessSchema = z.object({
  feature: FeatureKeySchema,
  label: z.string(),
  allowed: z.boolean(),
  /** What it needs, in words ("Scaling plan or higher", "Launch bundle or Professional bundle"). */
  requires: z.string(),
  /** The plan that unlocks it from here (null when allowed or when only a bundle does). */
  upgradeTo: z.enum(['TIER_1', 'TIER_2', 'TIER_2_5', 'TIER_3']).nullable(),
  /** Bundles that unlock it (empty when a plan does). */
  bundles: z.array(z.string()),
});
export type FeatureAccess = z.infer<typeof FeatureAccessSchema>;

/** The lowest plan whose included module is one of `modules` (Beginner for beginner, Professional for professional). */
const planIncluding = (modules: readonly BundleName[]): PlanType | null =>
  modules.includes('beginner') ? 'TIER_2' : modules.includes('professional') ? 'TIER_3' : null;

/** Decides one feature for one store (the server's gate and the web's lock use this). */
export const featureAccess = (feature: FeatureKey, input: EntitlementInput): FeatureAccess => {
  const rule = FEATURE_POLICY[feature];
  const planOk =
    rule.minPlan === undefined ||
    (input.paidFeaturesUsable && planRank(input.planType) >= planRank(rule.minPlan));
  const modulesOk =
    rule.modules === undefined ||
    (input.paidFeaturesUsable && rule.modules.some((name) => input.activeModules.includes(name)));
  const allowed = planOk && modulesOk;
  const needs: string[] = [];
  if (rule.minPlan !== undefined) needs.push(`${PLAN_NAMES[rule.minPlan]} plan or higher`);
  if (rule.modules !== undefined)
    needs.push(rule.modules.map((name) => BUNDLE_LABELS[name]).join(' or '));
  const planTarget = rule.minPlan ?? (rule.modules ? planIncluding(rule.modules) : null);
  return {
    feature,
    label: rule.label,
    allowed,
    requires: needs.join(', with '),
    upgradeTo:
      !allowed && planTarget !== null && planRank(planTarget) > planRank(input.planType)
        ? planTarget
        : null,
    bundles: allowed ? [] : [...(rule.modules ?? [])],
  };
};

/** Every feature for one store, in the policy's order. */
export const allFeatureAccess = (input: EntitlementInput): FeatureAccess[] =>
  FeatureKeySchema.options.map((feature) => featureAccess(feature, input));
