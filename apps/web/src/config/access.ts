import type { CurrentUser, FeatureFlags, TeamRole } from '@atelier/contract/identity/account';
import { FULFILLMENT_METRICS_PATH, isAnalyticsPath } from './analytics-reports';

export type FeatureFlagName = keyof FeatureFlags;

/** What a signed-in user may do with a page of spec §2, after roles, flags and preview mode. */
export type PageAccess =
  | { kind: 'open' }
  /** Spec §6 "hidden unless" flags: the page and its menu entry are not offered. */
  | { kind: 'not-enabled'; flag: FeatureFlagName }
  /** Spec §6 "unlock by feature flags": the entry shows, locked, until the flag is on. */
  | { kind: 'locked'; flag: FeatureFlagName }
  /** Spec §6 "blocked for preview accounts". */
  | { kind: 'preview-blocked' }
  /** Team role CX sees only Fulfillment and the AI copilot. */
  | { kind: 'role-restricted'; role: TeamRole };

export type AccessSubject = {
  role: TeamRole;
  featureFlags: FeatureFlags;
  store: Pick<CurrentUser['store'], 'isPreviewAccount'>;
};

export const FEATURE_FLAG_LABELS: Record<FeatureFlagName, string> = {
  analyticsAccess: 'Analytics',
  fulfillmentMetrics: 'Fulfillment metrics',
  productDesign: 'Product design',
  emailCapture: 'Email capture',
  fulfillment: 'Fulfillment',
};

const isUnder = (path: string, base: string): boolean =>
  path === base || path.startsWith(`${base}/`);

/** The Fulfillment group of the navigation and every page it leads to. */
const FULFILLMENT_BASES = [
  '/fulfillment-services',
  '/fulfillment-rules',
  '/return-settings',
  '/ecommerce-services',
  '/orders',
  '/order-details',
  '/customers',
  '/inventory',
  '/receivings',
];

const PRODUCT_DESIGN_BASES = ['/product-design', '/sourcing/product-design', '/shopify-design'];
const EMAIL_CAPTURE_BASES = ['/email-capture'];

/** Spec §6: Manage Returns, Discount codes, Subscribers and Marketing assets. */
const PREVIEW_BLOCKED_BASES = ['/return-settings', '/discount', '/discount-detail', '/subscribers'];
const PREVIEW_BLOCKED_MANAGE_SHOP_TABS = new Set(['discounts', 'subscribers', 'marketing-assets']);

/** Pages a CX member may open besides the Fulfillment group: the copilot and their account. */
const CX_EXTRA_BASES = ['/ask-copilot', '/account-info', '/404'];

const isFulfillmentPath = (path: string): boolean =>
  FULFILLMENT_BASES.some((base) => isUnder(path, base));

const isPreviewBlocked = (path: string, search: URLSearchParams): boolean =>
  PREVIEW_BLOCKED_BASES.some((base) => isUnder(path, base)) ||
  (path === '/manage-shop' && PREVIEW_BLOCKED_MANAGE_SHOP_TABS.has(search.get('tab') ?? ''));

const findUnlockFlag = (path: string): FeatureFlagName | null => {
  if (isFulfillmentPath(path)) return 'fulfillment';
  if (PRODUCT_DESIGN_BASES.some((base) => isUnder(path, base))) return 'productDesign';
  if (EMAIL_CAPTURE_BASES.some((base) => isUnder(path, base))) return 'emailCapture';
  return null;
};

/** Whether a CX member may open the path at all. */
export const isOpenToCx = (path: string): boolean =>
  isFulfillmentPath(path) || CX_EXTRA_BASES.some((base) => isUnder(path, base));

/**
 * Spec §6 for one page: role first (CX), then the "hidden unless" analytics flags, then the
 * "unlock" flags, then the preview-account blocks. `href` may carry a query (`/manage-shop?tab=`).
 */
export const resolvePageAccess = (href: string, subject: AccessSubject): PageAccess => {
  const [rawPath = '/', rawSearch = ''] = href.split('?', 2);
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const search = new URLSearchParams(rawSearch);
  const flags = subject.featureFlags;

  if (subject.role === 'CX' && !isOpenToCx(path)) return { kind: 'role-restricted', role: 'CX' };

  if (isAnalyticsPath(path)) {
    if (!flags.analyticsAccess) return { kind: 'not-enabled', flag: 'analyticsAccess' };
    if (path === FULFILLMENT_METRICS_PATH && !flags.fulfillmentMetrics) {
      return { kind: 'not-enabled', flag: 'fulfillmentMetrics' };
    }
  }

  const unlockFlag = findUnlockFlag(path);
  if (unlockFlag && !flags[unlockFlag]) return { kind: 'locked', flag: unlockFlag };

  if (subject.store.isPreviewAccount && isPreviewBlocked(path, search)) {
    return { kind: 'preview-blocked' };
  }
  return { kind: 'open' };
};

/** Where a user lands after login when no return path is given. */
export const getHomePath = (role: TeamRole): string =>
  role === 'CX' ? '/fulfillment-services' : '/homebase';
