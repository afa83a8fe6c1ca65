import { describe, expect, it } from 'vitest';
import {
  BUNDLE_CREDIT_SIZES,
  BUNDLE_LABELS,
  BundleNameSchema,
  CREDITS_PER_USD,
  WELCOME_CREDITS_USD,
  bundlePrice,
} from './bundles';
import { MAX_CREDITS_PER_ENTRY } from './credits';

describe('bundlePrice', () => {
  it.each([
    ['beginner', 1_000, 1_000],
    ['beginner', 10_000, 10_000],
    ['professional', 5_000, 4_000],
    ['professional', 50_000, 40_000],
    ['launch', 3_500, 3_500],
    ['design-and-sample', 10_000, 9_000],
  ] as const)('%s × %i credits costs %i US cents', (bundle, credits, cents) => {
    expect(bundlePrice(bundle, credits)).toBe(cents);
  });

  it('rounds to whole cents', () => {
    expect(bundlePrice('professional', 1)).toBe(1);
    expect(bundlePrice('design-and-sample', 5)).toBe(5);
    expect(Number.isInteger(bundlePrice('design-and-sample', 7))).toBe(true);
  });
});

describe('bundle catalogue', () => {
  it('sells every bundle in increasing sizes a single grant can hold', () => {
    for (const name of BundleNameSchema.options) {
      const sizes = BUNDLE_CREDIT_SIZES[name];
      expect(sizes.length, name).toBeGreaterThan(0);
      expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
      for (const size of sizes) expect(size).toBeLessThanOrEqual(MAX_CREDITS_PER_ENTRY);
      expect(BUNDLE_LABELS[name]).toMatch(/bundle$/);
    }
  });

  it('gives $25, $50, $75, $100 of welcome credits in the bundle order, 1 credit a cent', () => {
    expect(
      BundleNameSchema.options.map((name) => WELCOME_CREDITS_USD[name] * CREDITS_PER_USD),
    ).toEqual([2_500, 5_000, 7_500, 10_000]);
  });
});
