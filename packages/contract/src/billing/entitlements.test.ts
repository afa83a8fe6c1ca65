import { describe, expect, it } from 'vitest';
import type { PlanType } from '../identity/plans';
import type { BundleName } from './bundles';
import {
  FEATURE_POLICY,
  FeatureKeySchema,
  allFeatureAccess,
  featureAccess,
  type FeatureKey,
} from './entitlements';

const input = (
  planType: PlanType,
  activeModules: BundleName[] = [],
  paidFeaturesUsable = true,
) => ({ planType, activeModules, paidFeaturesUsable });

describe('featureAccess', () => {
  // plan × modules × usable → allowed (spec §6 and the policy table).
  it.each<[FeatureKey, PlanType, BundleName[], boolean, boolean]>([
    ['team_members', 'TIER_1', [], true, false],
    ['team_members', 'TIER_2', [], true, false],
    ['team_members', 'TIER_2_5', [], true, true],
    ['team_members', 'TIER_3', [], true, true],
    ['team_members', 'TIER_3', [], false, false],
    ['sms_marketing', 'TIER_1', [], true, false],
    ['sms_marketing', 'TIER_2', [], true, true],
    ['sms_marketing', 'TIER_2', [], false, false],
    ['analytics', 'TIER_2', [], true, false],
    ['analytics', 'TIER_2_5', [], true, true],
    ['fulfillment_metrics', 'TIER_2_5', [], true, false],
    ['fulfillment_metrics', 'TIER_3', [], true, true],
    ['premium_support', 'TIER_3', [], true, true],
    ['premium_support', 'TIER_3', ['professional'], false, false],
    ['ai_brand_kit', 'TIER_1', [], true, false],
    ['ai_brand_kit', 'TIER_1', ['launch'], true, true],
    ['ai_brand_kit', 'TIER_2', ['beginner'], true, true],
    ['ai_brand_kit', 'TIER_2', ['beginner'], false, false],
    ['ai_brand_kit', 'TIER_2', ['design-and-sample'], true, false],
    ['product_ideation', 'TIER_2', ['launch'], true, false],
    ['product_ideation', 'TIER_3', ['professional'], true, true],
    ['product_design', 'TIER_1', ['design-and-sample'], true, true],
    ['product_design', 'TIER_2', ['beginner'], true, false],
    ['email_capture', 'TIER_1', ['launch'], true, true],
    ['storefront', 'TIER_3', [], true, false],
    ['storefront', 'TIER_3', ['professional'], true, true],
    ['storefront', 'TIER_3', ['professional'], false, false],
  ])('%s on %s with %j (usable %s) → %s', (feature, plan, modules, usable, allowed) => {
    expect(featureAccess(feature, input(plan, modules, usable)).allowed).toBe(allowed);
  });

  it('names what a plan feature needs and the plan to upgrade to', () => {
    expect(featureAccess('analytics', input('TIER_2'))).toEqual({
      feature: 'analytics',
      label: 'Analytics',
      allowed: false,
      requires: 'Scaling plan or higher',
      upgradeTo: 'TIER_2_5',
      bundles: [],
    });
  });

  it('names the bundles of a bundle feature, and the plan that includes one of them', () => {
    expect(featureAccess('ai_brand_kit', input('TIER_1'))).toMatchObject({
      allowed: false,
      requires: 'Beginner bundle or Professional bundle or Launch bundle',
      upgradeTo: 'TIER_2',
      bundles: ['beginner', 'professional', 'launch'],
    });
    // Professional includes one of its bundles.
    expect(featureAccess('product_design', input('TIER_1'))).toMatchObject({
      upgradeTo: 'TIER_3',
      bundles: ['design-and-sample', 'professional'],
    });
    expect(featureAccess('email_capture', input('TIER_1'))).toMatchObject({
      upgradeTo: 'TIER_3',
    });
  });

  it('offers no upgrade when the plan is already high enough but the subscription is paused', () => {
    expect(featureAccess('analytics', input('TIER_3', [], false))).toMatchObject({
      allowed: false,
      upgradeTo: null,
    });
  });

  it('answers allowed features without an upgrade or bundles', () => {
    expect(featureAccess('storefront', input('TIER_1', ['launch']))).toMatchObject({
      allowed: true,
      upgradeTo: null,
      bundles: [],
    });
  });
});

describe('allFeatureAccess', () => {
  it('answers every feature of the policy once, in its order', () => {
    const all = allFeatureAccess(input('TIER_2_5', ['beginner']));
    expect(all.map((access) => access.feature)).toEqual(FeatureKeySchema.options);
    expect(Object.keys(FEATURE_POLICY)).toEqual(FeatureKeySchema.options);
    expect(all.filter((access) => access.allowed).map((access) => access.feature)).toEqual([
      'team_members',
      'ai_brand_kit',
      'product_ideation',
      'sms_marketing',
      'analytics',
    ]);
  });

  it('keeps nothing paid while paused, whatever the plan and modules', () => {
    const all = allFeatureAccess(
      input('TIER_3', ['beginner', 'professional', 'launch', 'design-and-sample'], false),
    );
    expect(all.filter((access) => access.allowed)).toEqual([]);
  });
});
