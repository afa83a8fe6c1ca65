import { describe, expect, it } from 'vitest';
import type { FeatureFlags, TeamRole } from '@atelier/contract/identity/account';
import { type AccessSubject, getHomePath, resolvePageAccess } from './access';

const allFlags: FeatureFlags = {
  analyticsAccess: true,
  fulfillmentMetrics: true,
  productDesign: true,
  emailCapture: true,
  fulfillment: true,
};

const aSubject = (
  overrides: { role?: TeamRole; flags?: Partial<FeatureFlags>; isPreviewAccount?: boolean } = {},
): AccessSubject => ({
  role: overrides.role ?? 'OWNER',
  featureFlags: { ...allFlags, ...overrides.flags },
  store: { isPreviewAccount: overrides.isPreviewAccount ?? false },
});

describe('resolvePageAccess', () => {
  it('opens every page to an owner with every flag on', () => {
    for (const href of ['/homebase', '/analytics', '/fulfillment-metrics', '/return-settings']) {
      expect(resolvePageAccess(href, aSubject())).toEqual({ kind: 'open' });
    }
  });

  it('hides the analytics pages unless the analytics flag is on', () => {
    const subject = aSubject({ flags: { analyticsAccess: false } });
    expect(resolvePageAccess('/analytics', subject)).toEqual({
      kind: 'not-enabled',
      flag: 'analyticsAccess',
    });
    expect(resolvePageAccess('/product-return-rate', subject).kind).toBe('not-enabled');
    expect(resolvePageAccess('/homebase', subject).kind).toBe('open');
  });

  it('hides fulfillment metrics unless its own flag is on', () => {
    const subject = aSubject({ flags: { fulfillmentMetrics: false } });
    expect(resolvePageAccess('/fulfillment-metrics', subject)).toEqual({
      kind: 'not-enabled',
      flag: 'fulfillmentMetrics',
    });
    expect(resolvePageAccess('/analytics', subject).kind).toBe('open');
  });

  it('locks the pages of the product design, email capture and fulfillment flags', () => {
    const subject = aSubject({
      flags: { productDesign: false, emailCapture: false, fulfillment: false },
    });
    expect(resolvePageAccess('/shopify-design?x=1', subject)).toEqual({
      kind: 'locked',
      flag: 'productDesign',
    });
    expect(resolvePageAccess('/sourcing/product-design', subject).kind).toBe('locked');
    expect(resolvePageAccess('/email-capture', subject)).toEqual({
      kind: 'locked',
      flag: 'emailCapture',
    });
    expect(resolvePageAccess('/order-details/ord_1', subject)).toEqual({
      kind: 'locked',
      flag: 'fulfillment',
    });
    expect(resolvePageAccess('/receivings/new', subject).kind).toBe('locked');
  });

  it('blocks manage returns, discount codes, subscribers and marketing assets for a preview account', () => {
    const subject = aSubject({ isPreviewAccount: true });
    for (const href of [
      '/return-settings',
      '/discount',
      '/discount-detail/d_1',
      '/subscribers',
      '/manage-shop?tab=discounts',
      '/manage-shop?tab=subscribers',
      '/manage-shop?tab=marketing-assets',
    ]) {
      expect(resolvePageAccess(href, subject)).toEqual({ kind: 'preview-blocked' });
    }
    expect(resolvePageAccess('/manage-shop?tab=profile', subject).kind).toBe('open');
    expect(resolvePageAccess('/orders', subject).kind).toBe('open');
  });

  it('lets a CX member open only fulfillment, the copilot and their account', () => {
    const subject = aSubject({ role: 'CX' });
    for (const href of [
      '/fulfillment-services',
      '/orders?activeTabKey=open',
      '/customers?sort=TOTAL_SPENT',
      '/inventory',
      '/receivings/R1/details',
      '/ask-copilot?from=nav',
      '/ask-copilot/conv_1',
      '/account-info',
    ]) {
      expect(resolvePageAccess(href, subject)).toEqual({ kind: 'open' });
    }
    for (const href of ['/homebase', '/home', '/analytics', '/manage-shop', '/education']) {
      expect(resolvePageAccess(href, subject)).toEqual({ kind: 'role-restricted', role: 'CX' });
    }
  });
});

describe('getHomePath', () => {
  it('sends CX members to fulfillment and everyone else to the homebase', () => {
    expect(getHomePath('CX')).toBe('/fulfillment-services');
    expect(getHomePath('ADMIN')).toBe('/homebase');
    expect(getHomePath('OWNER')).toBe('/homebase');
  });
});
