import { type AccessSubject, type FeatureFlagName, resolvePageAccess } from './access';
import {
  ANALYTICS_CATEGORY_LABELS,
  ANALYTICS_DASHBOARD_PATH,
  type AnalyticsReportCategory,
  FULFILLMENT_METRICS_PATH,
  listReportsOf,
} from './analytics-reports';
import { hrefs, paths } from './paths';

export type NavIconName =
  | 'home'
  | 'copilot'
  | 'sourcing'
  | 'fulfillment'
  | 'storefront'
  | 'analytics'
  | 'assistants'
  | 'suggestions'
  | 'vault'
  | 'concepts'
  | 'design'
  | 'print'
  | 'content'
  | 'email'
  | 'affiliate'
  | 'social'
  | 'retail'
  | 'tiktok'
  | 'quality'
  | 'help';

/**
 * A URL that activates a navigation entry: `path` exactly (or anything under it when `isPrefix`),
 * with the given query parameters (`true` = present with any value).
 */
export type NavMatcher = {
  path: string;
  isPrefix?: boolean;
  search?: Record<string, string | true>;
};

export type NavLink = {
  key: string;
  label: string;
  href: string;
  icon?: NavIconName;
  /** Extra URLs that activate this entry besides its own href. */
  matchers?: readonly NavMatcher[];
};

export type NavGroup = {
  key: string;
  label: string;
  icon: NavIconName;
  /** The group's base route (spec §2). */
  base: string;
  children: readonly NavLink[];
};

export type NavEntry = ({ type: 'link' } & NavLink) | ({ type: 'group' } & NavGroup);
export type NavSection = { key: string; label?: string; entries: readonly NavEntry[] };

const prefix = (path: string): NavMatcher => ({ path, isPrefix: true });

const analyticsCategoryLink = (category: AnalyticsReportCategory): NavLink => {
  const reports = listReportsOf(category);
  return {
    key: `analytics.${category}`,
    label: `${ANALYTICS_CATEGORY_LABELS[category]} reports`,
    href: reports[0]?.path ?? ANALYTICS_DASHBOARD_PATH,
    matchers: reports.map((report) => ({ path: report.path })),
  };
};

/**
 * Spec §2 main navigation. Earlier entries win ties when two match a URL equally well. Each
 * destination appears once under one label: the spec lists Print on demand and the product
 * design studio both top-level and in the Sourcing group, so they stay top-level only
 * (/sourcing/product-design redirects to /shopify-design), the storefront's print-on-demand tab
 * says what it holds, and the analytics categories read as reports, apart from Products.
 */
export const NAVIGATION: readonly NavSection[] = [
  {
    key: 'start',
    entries: [
      {
        type: 'link',
        key: 'home',
        label: 'Home',
        href: paths.homebase,
        icon: 'home',
        matchers: [prefix(paths.homebase)],
      },
      {
        type: 'link',
        key: 'ai-business-partner',
        label: 'AI Business Partner',
        href: hrefs.newCopilotChat('nav'),
        icon: 'copilot',
        matchers: [prefix(paths.askCopilot), prefix('/llm')],
      },
    ],
  },
  {
    key: 'business',
    label: 'Run the business',
    entries: [
      {
        type: 'group',
        key: 'sourcing',
        label: 'Sourcing',
        icon: 'sourcing',
        base: paths.sourcingHome,
        children: [
          {
            key: 'sourcing.home',
            label: 'Sourcing Home',
            href: paths.sourcingHome,
            matchers: [
              prefix('/browse-suppliers'),
              prefix('/browse-suppliers-with-uploaded-image'),
              prefix('/supplier-profile'),
              prefix('/create-custom-project'),
              prefix('/order-packaging'),
              prefix('/checkout'),
              prefix('/sourcing-agent'),
              prefix('/sourcing-agent-review'),
              prefix('/tariff-rate-agent'),
              prefix('/tariff-rate-agent-review'),
            ],
          },
          {
            key: 'sourcing.custom-project-requests',
            label: 'Custom Project Requests',
            href: hrefs.inbox('custom-project-requests'),
          },
          {
            key: 'sourcing.inbox',
            label: 'Inbox',
            href: hrefs.inbox('messages'),
            matchers: [{ path: paths.inbox }, prefix(hrefs.conversation())],
          },
          {
            key: 'sourcing.invoices',
            label: 'Invoices',
            href: hrefs.inbox('needs-payment'),
            matchers: [prefix('/pay-invoice'), prefix('/add-shipping-address')],
          },
          {
            key: 'sourcing.orders',
            label: 'Orders & Shipments',
            href: hrefs.inbox('orders'),
            matchers: [prefix('/leave-a-review')],
          },
          {
            key: 'sourcing.my-suppliers',
            label: 'My Suppliers',
            href: hrefs.inbox('my-suppliers'),
          },
          { key: 'sourcing.favorites', label: 'My Favorites', href: '/favorites' },
        ],
      },
      {
        type: 'group',
        key: 'fulfillment',
        label: 'Fulfillment',
        icon: 'fulfillment',
        base: paths.fulfillmentHome,
        children: [
          {
            key: 'fulfillment.home',
            label: 'Fulfillment Home',
            href: paths.fulfillmentHome,
            matchers: [
              prefix(paths.fulfillmentHome),
              prefix(paths.fulfillmentRules),
              prefix('/ecommerce-services'),
            ],
          },
          {
            key: 'fulfillment.orders',
            label: 'Orders & Fulfillment',
            href: paths.orders,
            matchers: [
              prefix('/order-details'),
              { path: paths.orders, search: { activeTabKey: true } },
            ],
          },
          {
            key: 'fulfillment.customers',
            label: 'Customers',
            href: paths.customers,
            matchers: [{ path: paths.orders, search: { customerId: true } }],
          },
          { key: 'fulfillment.products', label: 'Products', href: paths.inventory },
          {
            key: 'fulfillment.receivings',
            label: 'Receivings',
            href: paths.receivings,
            matchers: [prefix(paths.receivings)],
          },
          { key: 'fulfillment.returns', label: 'Manage Returns', href: paths.returnSettings },
        ],
      },
      {
        type: 'group',
        key: 'merch-storefront',
        label: 'Merch storefront',
        icon: 'storefront',
        base: paths.manageShop,
        children: [
          {
            key: 'merch-storefront.profile',
            label: 'Storefront',
            href: hrefs.manageShop('profile'),
            matchers: [prefix('/set-pietra-pop')],
          },
          {
            key: 'merch-storefront.print-on-demand',
            label: 'Print-on-demand products',
            href: hrefs.manageShop('print-on-demand'),
          },
          {
            key: 'merch-storefront.wholesale',
            label: 'Wholesale',
            href: hrefs.manageShop('wholesale'),
          },
          {
            key: 'merch-storefront.discounts',
            label: 'Discount codes',
            href: hrefs.manageShop('discounts'),
            matchers: [prefix('/discount'), prefix('/discount-detail')],
          },
          {
            key: 'merch-storefront.subscribers',
            label: 'Subscribers',
            href: hrefs.manageShop('subscribers'),
            matchers: [prefix('/subscribers')],
          },
          {
            key: 'merch-storefront.marketing-assets',
            label: 'Marketing assets',
            href: hrefs.manageShop('marketing-assets'),
          },
        ],
      },
      {
        type: 'group',
        key: 'analytics',
        label: 'Analytics',
        icon: 'analytics',
        base: ANALYTICS_DASHBOARD_PATH,
        children: [
          { key: 'analytics.dashboards', label: 'Dashboards', href: ANALYTICS_DASHBOARD_PATH },
          {
            key: 'analytics.fulfillment-metrics',
            label: 'Fulfillment Metrics',
            href: FULFILLMENT_METRICS_PATH,
          },
          analyticsCategoryLink('customers'),
          analyticsCategoryLink('orders'),
          analyticsCategoryLink('products'),
          analyticsCategoryLink('marketing'),
        ],
      },
    ],
  },
  {
    key: 'ai',
    label: 'AI tools',
    entries: [
      {
        type: 'link',
        key: 'ai-assistants',
        label: 'AI Assistants (Beta)',
        href: '/ai-agents',
        icon: 'assistants',
        matchers: [prefix('/ai-agents')],
      },
      {
        type: 'link',
        key: 'ai-suggestions',
        label: 'AI Suggestions',
        href: '/ecommerce-query-templates',
        icon: 'suggestions',
        matchers: [prefix('/template-item')],
      },
      {
        type: 'link',
        key: 'brand-vault',
        label: 'Brand Vault',
        href: '/ai-agents/data-sources',
        icon: 'vault',
        matchers: [prefix('/ai-agents/data-sources')],
      },
    ],
  },
  {
    key: 'create',
    label: 'Create',
    entries: [
      {
        type: 'link',
        key: 'product-concepts',
        label: 'Product concepts',
        href: '/product-design',
        icon: 'concepts',
        matchers: [
          prefix('/product-ideation'),
          prefix('/business-kits'),
          { path: '/your-ideations' },
          { path: '/crowdfund-your-idea' },
        ],
      },
      {
        type: 'link',
        key: 'product-design-studio',
        label: 'Product design studio',
        href: '/shopify-design',
        icon: 'design',
      },
      {
        type: 'link',
        key: 'print-on-demand',
        label: 'Print on demand',
        href: '/print-on-demand-catalog',
        icon: 'print',
        matchers: [prefix('/printful-widget')],
      },
      {
        type: 'link',
        key: 'content-creation',
        label: 'Content creation',
        href: '/content-studio/dashboard/home',
        icon: 'content',
        matchers: [prefix('/content-studio')],
      },
    ],
  },
  {
    key: 'grow',
    label: 'Grow',
    entries: [
      {
        type: 'link',
        key: 'email-capture',
        label: 'Email capture',
        href: '/email-capture',
        icon: 'email',
        matchers: [{ path: '/email-fans' }, { path: '/text-fans' }, { path: '/sms-marketing' }],
      },
      {
        type: 'link',
        key: 'affiliate-marketing',
        label: 'Affiliate marketing',
        href: '/v2/affiliate-marketing',
        icon: 'affiliate',
      },
      {
        type: 'link',
        key: 'social-research',
        label: 'Social research',
        href: '/social-analysis/all-content',
        icon: 'social',
        matchers: [prefix('/social-analysis')],
      },
      {
        type: 'link',
        key: 'retail-outreach',
        label: 'Retail outreach',
        href: '/retail-connect',
        icon: 'retail',
      },
      {
        type: 'link',
        key: 'tiktok-shop',
        label: 'TikTok Shop',
        href: '/homebase/tiktok-shop',
        icon: 'tiktok',
      },
      {
        type: 'link',
        key: 'quality-control',
        label: 'Quality control',
        href: '/homebase/quality-control',
        icon: 'quality',
      },
    ],
  },
  {
    key: 'help',
    entries: [
      {
        type: 'link',
        key: 'get-help',
        label: 'Get help',
        href: paths.education,
        icon: 'help',
      },
    ],
  },
];

export type ActiveNavKeys = { topKey: string | null; subKey: string | null };

const normalize = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

const matcherOfHref = (href: string): NavMatcher => {
  const [path = '/', search = ''] = href.split('?', 2);
  const query = Object.fromEntries(new URLSearchParams(search));
  return Object.keys(query).length > 0 ? { path, search: query } : { path };
};

/** How well a matcher fits a URL: -1 for no match; a longer path and a query match score higher. */
const scoreMatcher = (matcher: NavMatcher, path: string, search: URLSearchParams): number => {
  const isPathMatch = matcher.isPrefix
    ? path === matcher.path || path.startsWith(`${matcher.path}/`)
    : path === matcher.path;
  if (!isPathMatch) return -1;
  const required = Object.entries(matcher.search ?? {});
  const isSearchMatch = required.every(([key, value]) =>
    value === true ? search.has(key) : search.get(key) === value,
  );
  if (!isSearchMatch) return -1;
  return matcher.path.length * 2 + (matcher.isPrefix ? 0 : 1) + required.length * 10_000;
};

const scoreLink = (link: NavLink, path: string, search: URLSearchParams): number =>
  Math.max(
    ...[matcherOfHref(link.href), ...(link.matchers ?? [])].map((matcher) =>
      scoreMatcher(matcher, path, search),
    ),
  );

/**
 * Spec §2: the navigation keeps an active top-level and second-level key, derived here from the
 * URL. The best-fitting entry wins (longest path, then a matching query); the first on a tie.
 */
export const resolveActiveNavKeys = (
  pathname: string,
  search: string,
  navigation: readonly NavSection[] = NAVIGATION,
): ActiveNavKeys => {
  const path = normalize(pathname);
  const query = new URLSearchParams(search);
  let best: ActiveNavKeys & { score: number } = { topKey: null, subKey: null, score: -1 };
  for (const entry of navigation.flatMap((section) => section.entries)) {
    if (entry.type === 'link') {
      const score = scoreLink(entry, path, query);
      if (score > best.score) best = { topKey: entry.key, subKey: null, score };
      continue;
    }
    for (const child of entry.children) {
      const score = scoreLink(child, path, query);
      if (score > best.score) best = { topKey: entry.key, subKey: child.key, score };
    }
    // The group's own base (e.g. /manage-shop with no tab) activates the group alone.
    const baseScore = scoreMatcher({ path: entry.base }, path, query);
    if (baseScore > best.score) best = { topKey: entry.key, subKey: null, score: baseScore };
  }
  return { topKey: best.topKey, subKey: best.subKey };
};

/** How an entry shows for a user: locked and preview-blocked entries stay visible, disabled. */
export type NavEntryState =
  { kind: 'open' } | { kind: 'locked'; flag: FeatureFlagName } | { kind: 'preview-blocked' };

export type VisibleNavLink = NavLink & { state: NavEntryState };
export type VisibleNavEntry =
  | ({ type: 'link' } & VisibleNavLink)
  | ({ type: 'group' } & Omit<NavGroup, 'children'> & {
        state: NavEntryState;
        children: VisibleNavLink[];
      });
export type VisibleNavSection = { key: string; label?: string; entries: VisibleNavEntry[] };

const toVisibleLink = (link: NavLink, subject: AccessSubject): VisibleNavLink | null => {
  const access = resolvePageAccess(link.href, subject);
  switch (access.kind) {
    case 'not-enabled':
    case 'role-restricted':
      return null;
    case 'open':
    case 'locked':
    case 'preview-blocked':
      return { ...link, state: access };
  }
};

/**
 * Spec §6 applied to the navigation: entries behind a "hidden unless" flag or outside a CX
 * member's reach are dropped; flag-locked and preview-blocked entries stay, marked. A group is
 * dropped when none of its entries remain, and locked when all of them are.
 */
export const buildVisibleNavigation = (
  subject: AccessSubject,
  navigation: readonly NavSection[] = NAVIGATION,
): VisibleNavSection[] =>
  navigation
    .map((section) => ({
      key: section.key,
      ...(section.label ? { label: section.label } : {}),
      entries: section.entries.flatMap((entry): VisibleNavEntry[] => {
        if (entry.type === 'link') {
          const visible = toVisibleLink(entry, subject);
          return visible ? [{ ...visible, type: 'link' }] : [];
        }
        const children = entry.children.flatMap((child) => toVisibleLink(child, subject) ?? []);
        if (children.length === 0) return [];
        const first = children[0]?.state;
        const isAllLocked = children.every((child) => child.state.kind === 'locked');
        const state: NavEntryState = isAllLocked && first ? first : { kind: 'open' };
        return [{ ...entry, children, state }];
      }),
    }))
    .filter((section) => section.entries.length > 0);
