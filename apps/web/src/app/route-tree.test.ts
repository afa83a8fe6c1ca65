import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { router } from './router';
import { FIRST_VISIT_PAGES } from './routes/first-visit-pages';

/** Spec §2, as written there, with sample values for its parameters. */
const SPEC_PUBLIC_PATHS = [
  '/login',
  '/share-report/r_1',
  '/supplier-profile/sup_1/post-review',
  '/public-pay-invoice/SN-1',
  '/preview-catalog-item/item_1',
  '/preview-supplier-profile/sup_1',
  '/shopify',
  '/shopify-paid-success',
  '/app-bind',
  '/ai-storefront',
  '/bk/kit_1',
  '/appsumo',
  '/bind-shopify',
];

const SPEC_SIGNED_IN_PATHS = [
  '/homebase',
  '/education',
  '/home',
  '/manage-shop',
  '/subscribers',
  '/sourcing-agent',
  '/sourcing-agent-review',
  '/tariff-rate-agent',
  '/tariff-rate-agent-review',
  '/checkout',
  '/text-fans',
  '/email-fans',
  '/discount',
  '/discount-detail/d_1',
  '/set-pietra-pop',
  '/browse-suppliers',
  '/browse-suppliers/catalog-item/item_1',
  '/browse-suppliers/supplier-profile/sup_1',
  '/browse-suppliers-with-uploaded-image',
  '/create-custom-project',
  '/create-custom-project/rfp_1',
  '/supplier-profile/sup_1',
  '/pay-invoice/inv_1',
  '/add-shipping-address/inv_1',
  '/inbox',
  '/leave-a-review/ord_1',
  '/fulfillment-services',
  '/fulfillment-rules',
  '/return-settings',
  '/ecommerce-services',
  '/orders',
  '/receivings',
  '/receivings/new',
  '/receivings/SN-1/details',
  '/inventory',
  '/account-info',
  '/order-details/ord_1',
  '/order-packaging/boxes',
  '/print-on-demand-catalog',
  '/printful-widget',
  '/printful-widget/ext_1',
  '/template-item/tpl_1',
  '/partners',
  '/404',
  '/product-ideation',
  '/product-ideation/pi_1',
  '/business-kits',
  '/business-kits/bk_1',
  '/favorites',
  '/your-ideations',
  '/crowdfund-your-idea',
  '/email-capture',
  '/product-design',
  '/sourcing/product-design',
  '/shopify-design',
  '/retail-connect',
  '/social-analysis',
  '/content-studio',
  '/content-studio/start',
  '/llm/brand-kit',
  '/ai-agents',
  '/ecommerce-query-templates',
  '/ask-copilot',
  '/ask-copilot/conv_1',
  '/v2/affiliate-marketing',
  '/sms-marketing',
];

const SPEC_OTHER_PATHS = [
  '/fulfillment-services/book-freight-shipment',
  '/fulfillment-services/connect-shopify',
  '/fulfillment-services/connect-wix',
  '/fulfillment-services/connect-woocommerce',
  '/homebase/rewards',
  '/homebase/quality-control',
  '/homebase/tiktok-shop',
  '/inbox/messages',
  '/inbox/my-suppliers',
  '/inbox/orders',
  '/inbox/needs-payment',
  '/inbox/custom-project-requests',
  '/ai-agents/data-sources',
  '/social-analysis/all-content',
  '/content-studio/dashboard/home',
  '/fulfillment-metrics',
];

/** Targets of the suffix-preserving redirects must exist too. */
const REDIRECT_TARGETS = [
  '/ecommerce-services/shopify',
  '/ecommerce-services/pietra-shop',
  '/ecommerce-services/instagram',
  '/ecommerce-services/wholesale',
  '/ecommerce-services/verishop',
  '/ecommerce-services/google-shopping',
  '/homebase/subscription-cycle-change',
  '/homebase/subscription-downgrade',
  '/homebase/subscription-updated',
  '/homebase/quiz',
  '/homebase/blueprint',
];

const SPEC_ANALYTICS_PATHS = [
  '/analytics',
  '/analytics-customer',
  '/analytics-all-customers-graph',
  '/analytics-all-order',
  '/analytics-repeat-purchase',
  '/analytics-repeat-purchase-development',
  '/analytics-time-between-purchase',
  '/analytics-base-zone',
  '/analytics-ltv',
  '/analytics-rfm',
  '/analytics-percentile-analysis',
  '/analytics-customer-economics',
  '/analytics-zone-development',
  '/analytics-cohorts',
  '/analytics-order',
  '/analytics-product',
  '/analytics-recovered-customers',
  '/analytics-revenue-by-cohorts',
  '/analytics-churn-risk',
  '/analytics-churn-risk-development',
  '/analytics-customer-persona',
  '/order-development',
  '/order-count-distribution',
  '/order-time-analysis',
  '/order-discounts',
  '/order-first-order-value',
  '/order-aov-pre-order-count',
  '/order-avg-value',
  '/order-items-per-basket',
  '/product-all',
  '/product-all-variants',
  '/product-best-item',
  '/product-sold-item',
  '/product-return-rate',
  '/product-return-items',
  '/free-shipping-threshold',
  '/marketing-channels',
  '/customer-daily-ltv',
  '/fulfillment-metrics',
  '/product-cross-selling-analysis',
  '/product-follow-up-purchases',
];

/** The route that renders a path; a partial match (the rest left in `**`) renders a 404. */
const routeIdOf = (pathname: string): string | undefined => {
  const [, params, route] = router.getMatchedRoutes(pathname);
  return '**' in params ? undefined : route?.id;
};

describe('route tree', () => {
  it.each(FIRST_VISIT_PAGES)(
    'names modules that exist for the first-visit page $path (issue 10)',
    ({ path: pagePath, modules }) => {
      expect(routeIdOf(pagePath)).toBeDefined();
      for (const module of modules) {
        expect(existsSync(path.resolve(import.meta.dirname, '../..', module)), module).toBe(true);
        // Lazily loaded: a module the route tree imports eagerly is already in index.html.
        expect(module, module).toMatch(/(-page|app-layout)\.tsx$/);
      }
    },
  );

  it.each(SPEC_PUBLIC_PATHS)('has the public page %s outside the signed-in layout', (path) => {
    const id = routeIdOf(path);
    expect(id).toBeDefined();
    expect(id?.startsWith('/app/')).toBe(false);
  });

  it.each([...SPEC_SIGNED_IN_PATHS, ...SPEC_OTHER_PATHS, ...REDIRECT_TARGETS])(
    'has the page %s',
    (path) => {
      expect(routeIdOf(path)).toBeDefined();
    },
  );

  it('has the review confirmation page (issue 9) outside the signed-in layout', () => {
    expect(routeIdOf('/confirm-review')?.startsWith('/app/')).toBe(false);
  });

  it.each(SPEC_ANALYTICS_PATHS)('has the analytics page %s behind the login', (path) => {
    expect(routeIdOf(path)?.startsWith('/app/')).toBe(true);
  });

  it('puts every logged-in page behind the login', () => {
    for (const path of [...SPEC_SIGNED_IN_PATHS, ...SPEC_OTHER_PATHS]) {
      if (path === '/404') continue;
      expect(routeIdOf(path), path).toMatch(/^\/app\//);
    }
  });

  it('opens a conversation on the messages tab route, so the inbox list stays mounted', () => {
    expect(routeIdOf('/inbox/messages/cnv_1')).toBe(routeIdOf('/inbox/messages'));
    expect(routeIdOf('/inbox/messages/cnv_1')).toMatch(/^\/app\//);
  });

  it('finds no page at an unknown path', () => {
    expect(routeIdOf('/no-such-page')).toBeUndefined();
    expect(routeIdOf('/homebase/no-such-section')).toBeUndefined();
  });
});

/** Issue 4 "Parties": the supplier workspace, apart from the store's layout and login. */
describe('supplier workspace routes', () => {
  const matchedRouteIds = (pathname: string): string[] =>
    router.getMatchedRoutes(pathname)[0].map((route) => route.id);

  it.each(['/partner/login', '/partner/accept-invite'])(
    'has the entry page %s outside both signed-in layouts',
    (path) => {
      const ids = matchedRouteIds(path);
      expect(routeIdOf(path)).toBe(path);
      expect(ids).not.toContain('/app');
      expect(ids).not.toContain('/partner');
    },
  );

  it.each([
    '/partner',
    '/partner/inbox',
    '/partner/inbox/conv_1',
    '/partner/invoices',
    '/partner/orders',
  ])('has the page %s behind the supplier login only', (path) => {
    const ids = matchedRouteIds(path);
    expect(routeIdOf(path)).toBeDefined();
    expect(ids).toContain('/partner');
    expect(ids).not.toContain('/app');
  });

  it('finds no page at an unknown workspace path', () => {
    expect(routeIdOf('/partner/no-such-page')).toBeUndefined();
    expect(routeIdOf('/partner/inbox/conv_1/more')).toBeUndefined();
  });
});

describe('code splitting (issue 10)', () => {
  const pageRoutes = Object.values(router.routesById).filter(
    (route) => route.options.component !== undefined && !route.isRoot,
  );

  it('loads every page and layout with its first visit, not with the first page', () => {
    expect(pageRoutes.length).toBeGreaterThan(20);
    // lazyRouteComponent gives the component a preload(); an eagerly imported page has none.
    const eager = pageRoutes
      .filter(
        (route) => typeof (route.options.component as { preload?: unknown }).preload !== 'function',
      )
      .map((route) => route.id);
    // /404 is also what any unknown address shows, so it ships with the app.
    expect(eager).toEqual(['/404']);
  });

  it('shows a loader while a slow page chunk loads', () => {
    expect(router.options.defaultPendingComponent).toBeDefined();
  });
});
