import { describe, expect, it } from 'vitest';
import type { FeatureFlags, TeamRole } from '@atelier/contract/identity/account';
import type { AccessSubject } from './access';
import {
  buildVisibleNavigation,
  NAVIGATION,
  type NavLink,
  resolveActiveNavKeys,
  type VisibleNavEntry,
  type VisibleNavSection,
} from './navigation';

describe('resolveActiveNavKeys', () => {
  it.each([
    ['/homebase', '', 'home', null],
    ['/homebase/rewards', '', 'home', null],
    ['/homebase/quality-control', '', 'quality-control', null],
    ['/homebase/tiktok-shop', '', 'tiktok-shop', null],
    ['/ask-copilot', '?from=nav', 'ai-business-partner', null],
    ['/home', '?tab=products', 'sourcing', 'sourcing.home'],
    ['/home', '?open=cart', 'sourcing', 'sourcing.home'],
    ['/browse-suppliers/catalog-item/i_1', '', 'sourcing', 'sourcing.home'],
    ['/inbox', '', 'sourcing', 'sourcing.inbox'],
    ['/inbox/messages', '', 'sourcing', 'sourcing.inbox'],
    ['/inbox/messages/cnv_1', '', 'sourcing', 'sourcing.inbox'],
    ['/inbox/needs-payment', '', 'sourcing', 'sourcing.invoices'],
    ['/inbox/custom-project-requests', '', 'sourcing', 'sourcing.custom-project-requests'],
    ['/pay-invoice/inv_1', '', 'sourcing', 'sourcing.invoices'],
    ['/favorites', '', 'sourcing', 'sourcing.favorites'],
    ['/print-on-demand-catalog', '', 'print-on-demand', null],
    ['/printful-widget/p_1', '', 'print-on-demand', null],
    ['/fulfillment-services', '', 'fulfillment', 'fulfillment.home'],
    ['/fulfillment-services/connect-wix', '', 'fulfillment', 'fulfillment.home'],
    ['/orders', '', 'fulfillment', 'fulfillment.orders'],
    ['/orders', '?activeTabKey=shipped', 'fulfillment', 'fulfillment.orders'],
    ['/order-details/ord_1', '', 'fulfillment', 'fulfillment.orders'],
    ['/inventory', '', 'fulfillment', 'fulfillment.products'],
    ['/customers', '?sort=TOTAL_SPENT', 'fulfillment', 'fulfillment.customers'],
    // One customer's orders are reached from the customers.
    ['/orders', '?customerId=cus_1', 'fulfillment', 'fulfillment.customers'],
    ['/receivings/new', '', 'fulfillment', 'fulfillment.receivings'],
    ['/return-settings', '', 'fulfillment', 'fulfillment.returns'],
    ['/manage-shop', '?tab=profile', 'merch-storefront', 'merch-storefront.profile'],
    ['/manage-shop', '?tab=discounts', 'merch-storefront', 'merch-storefront.discounts'],
    [
      '/manage-shop',
      '?tab=marketing-assets',
      'merch-storefront',
      'merch-storefront.marketing-assets',
    ],
    ['/discount-detail/d_1', '', 'merch-storefront', 'merch-storefront.discounts'],
    ['/analytics', '', 'analytics', 'analytics.dashboards'],
    ['/fulfillment-metrics', '', 'analytics', 'analytics.fulfillment-metrics'],
    ['/analytics-rfm', '', 'analytics', 'analytics.customers'],
    ['/order-avg-value', '', 'analytics', 'analytics.orders'],
    ['/product-return-rate', '', 'analytics', 'analytics.products'],
    ['/marketing-channels', '', 'analytics', 'analytics.marketing'],
    ['/ai-agents', '', 'ai-assistants', null],
    ['/ai-agents/data-sources', '', 'brand-vault', null],
    ['/ecommerce-query-templates', '', 'ai-suggestions', null],
    ['/product-design', '?idea=mug', 'product-concepts', null],
    ['/business-kits/bk_1', '', 'product-concepts', null],
    ['/shopify-design', '?productId=1', 'product-design-studio', null],
    ['/content-studio/dashboard/home', '', 'content-creation', null],
    ['/social-analysis/all-content', '', 'social-research', null],
    ['/retail-connect', '', 'retail-outreach', null],
    ['/v2/affiliate-marketing', '', 'affiliate-marketing', null],
    ['/email-capture', '', 'email-capture', null],
    ['/education', '', 'get-help', null],
  ])('activates %s%s as %s / %s', (pathname, search, topKey, subKey) => {
    expect(resolveActiveNavKeys(pathname, search)).toEqual({ topKey, subKey });
  });

  it('keeps /manage-shop with no tab in its group without a second-level key', () => {
    expect(resolveActiveNavKeys('/manage-shop', '')).toEqual({
      topKey: 'merch-storefront',
      subKey: null,
    });
  });

  it('does not confuse /home with /homebase or /discount with /discount-detail', () => {
    expect(resolveActiveNavKeys('/homebase', '').topKey).toBe('home');
    expect(resolveActiveNavKeys('/home', '').topKey).toBe('sourcing');
  });

  it('activates nothing on a page outside the navigation', () => {
    expect(resolveActiveNavKeys('/account-info', '')).toEqual({ topKey: null, subKey: null });
  });
});

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

const entriesOf = (sections: VisibleNavSection[]): VisibleNavEntry[] =>
  sections.flatMap((section) => section.entries);

const findEntry = (sections: VisibleNavSection[], key: string) =>
  entriesOf(sections).find((entry) => entry.key === key);

const findChild = (sections: VisibleNavSection[], groupKey: string, childKey: string) => {
  const group = findEntry(sections, groupKey);
  return group?.type === 'group'
    ? group.children.find((child) => child.key === childKey)
    : undefined;
};

describe('buildVisibleNavigation', () => {
  it('shows every group and entry of spec §2 to an owner with every flag on', () => {
    const sections = buildVisibleNavigation(aSubject());
    const keys = entriesOf(sections).map((entry) => entry.key);
    expect(keys).toEqual([
      'home',
      'ai-business-partner',
      'sourcing',
      'fulfillment',
      'merch-storefront',
      'analytics',
      'ai-assistants',
      'ai-suggestions',
      'brand-vault',
      'product-concepts',
      'product-design-studio',
      'print-on-demand',
      'content-creation',
      'email-capture',
      'affiliate-marketing',
      'social-research',
      'retail-outreach',
      'tiktok-shop',
      'quality-control',
      'get-help',
    ]);
    expect(entriesOf(sections).every((entry) => entry.state.kind === 'open')).toBe(true);
  });

  it('hides the Analytics group unless the analytics flag is on', () => {
    const sections = buildVisibleNavigation(aSubject({ flags: { analyticsAccess: false } }));
    expect(findEntry(sections, 'analytics')).toBeUndefined();
  });

  it('hides Fulfillment Metrics unless its flag is on', () => {
    const sections = buildVisibleNavigation(aSubject({ flags: { fulfillmentMetrics: false } }));
    expect(findEntry(sections, 'analytics')).toBeDefined();
    expect(findChild(sections, 'analytics', 'analytics.fulfillment-metrics')).toBeUndefined();
  });

  it('locks the entries of the product design, email capture and fulfillment flags', () => {
    const sections = buildVisibleNavigation(
      aSubject({ flags: { productDesign: false, emailCapture: false, fulfillment: false } }),
    );
    expect(findEntry(sections, 'product-concepts')?.state).toEqual({
      kind: 'locked',
      flag: 'productDesign',
    });
    expect(findEntry(sections, 'product-design-studio')?.state.kind).toBe('locked');
    expect(findEntry(sections, 'email-capture')?.state.kind).toBe('locked');
    expect(findEntry(sections, 'fulfillment')?.state).toEqual({
      kind: 'locked',
      flag: 'fulfillment',
    });
    expect(findEntry(sections, 'sourcing')?.state.kind).toBe('open');
  });

  it('marks the four preview-blocked entries for a preview account', () => {
    const sections = buildVisibleNavigation(aSubject({ isPreviewAccount: true }));
    const blocked = entriesOf(sections)
      .flatMap((entry) => (entry.type === 'group' ? entry.children : [entry]))
      .filter((entry) => entry.state.kind === 'preview-blocked')
      .map((entry) => entry.key);
    expect(blocked).toEqual([
      'fulfillment.returns',
      'merch-storefront.discounts',
      'merch-storefront.subscribers',
      'merch-storefront.marketing-assets',
    ]);
  });

  it('shows a CX member only the Fulfillment group and the AI Business Partner', () => {
    const sections = buildVisibleNavigation(aSubject({ role: 'CX' }));
    expect(entriesOf(sections).map((entry) => entry.key)).toEqual([
      'ai-business-partner',
      'fulfillment',
    ]);
    const fulfillment = findEntry(sections, 'fulfillment');
    expect(fulfillment?.type === 'group' && fulfillment.children.length).toBe(6);
  });
});

describe('NAVIGATION', () => {
  const links: NavLink[] = NAVIGATION.flatMap((section) =>
    section.entries.flatMap((entry) => (entry.type === 'group' ? entry.children : [entry])),
  );
  const duplicatesOf = (values: string[]) =>
    values.filter((value, index) => values.indexOf(value) !== index);

  it('names each entry once, whatever the letter case', () => {
    const labels = NAVIGATION.flatMap((section) => [
      ...(section.label ? [section.label] : []),
      ...section.entries.flatMap((entry) =>
        entry.type === 'group'
          ? [entry.label, ...entry.children.map((c) => c.label)]
          : [entry.label],
      ),
    ]).map((label) => label.toLowerCase());
    expect(duplicatesOf(labels)).toEqual([]);
  });

  it('leads to each destination from one entry only', () => {
    expect(duplicatesOf(links.map((link) => link.href))).toEqual([]);
  });

  it('opens the product design studio on one route', () => {
    const studios = links.filter((link) => /product design studio/i.test(link.label));
    expect(studios.map((link) => link.href)).toEqual(['/shopify-design']);
  });
});
