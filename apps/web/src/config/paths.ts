import type { ProductStatus } from '@atelier/contract/sales/product-values';

/** Route paths of spec §2 that the app links to by name, and builders for their hrefs. */
export const paths = {
  login: '/login',
  homebase: '/homebase',
  accountInfo: '/account-info',
  /** Issue 13: every plan, price and platform fee (public, no login). */
  pricing: '/pricing',
  notFound: '/404',
  education: '/education',
  sourcingHome: '/home',
  manageShop: '/manage-shop',
  inbox: '/inbox',
  fulfillmentHome: '/fulfillment-services',
  /** Issue 11: the store's sales channels (Shopify connects here). */
  ecommerceServices: '/ecommerce-services',
  orders: '/orders',
  /** Issue 11: the store's customers, each opening their orders. */
  customers: '/customers',
  inventory: '/inventory',
  /** Issue 11: a new product of the store (its editor, empty). */
  newProduct: '/inventory/new',
  receivings: '/receivings',
  /** Issue 15: announce goods on their way to the fulfillment center. */
  newReceiving: '/receivings/new',
  returnSettings: '/return-settings',
  fulfillmentRules: '/fulfillment-rules',
  /** Issue 15 bookings: freight to the center, pre-sales, quality checks, support tickets. */
  freightBookings: '/fulfillment-services/book-freight-shipment',
  preSales: '/fulfillment-services/pre-sale',
  supportTickets: '/fulfillment-services/support-tickets',
  qualityControl: '/homebase/quality-control',
  /** Issue 15: spec §2 /order-packaging/{packagingCategory} (see hrefs.orderPackaging). */
  orderPackaging: '/order-packaging',
  /** Issue 15: the fulfillment center's report jobs (financial, outbound). */
  fulfillmentReports: '/fulfillment-services/reports',
  /** Issue 15 kitting and bundles (fulfillment home tile "order kitting services"). */
  kitting: '/fulfillment-services/kitting',
  analytics: '/analytics',
  askCopilot: '/ask-copilot',
  /** Issue 12: pay for cart items (spec §2 checkout steps). */
  checkout: '/checkout',
  browseSuppliers: '/browse-suppliers',
  favorites: '/favorites',
  createCustomProject: '/create-custom-project',
  /** The supplier workspace (issue 4): suppliers sign in here, apart from store users. */
  partnerLogin: '/partner/login',
  partnerAcceptInvite: '/partner/accept-invite',
  partnerInbox: '/partner/inbox',
  partnerProfile: '/partner/profile',
  /** Issue 12: the supplier company's invoices, and its paid order items to ship. */
  partnerInvoices: '/partner/invoices',
  partnerOrders: '/partner/orders',
  /** Issue 12: spec §2 /leave-a-review/{orderId}, the review of a received order item's supplier. */
  leaveReview: '/leave-a-review',
  /** Issue 9: the link e-mailed to a public reviewer (`?token=`) confirms the review. */
  confirmReview: '/confirm-review',
} as const;

/** Spec §2 supplier profile tabs (`?tab=`). The first is the default. */
export const SUPPLIER_PROFILE_TABS = [
  'profile-info',
  'base-products',
  'capabilities',
  'reviews',
] as const;
export type SupplierProfileTab = (typeof SUPPLIER_PROFILE_TABS)[number];

/** Spec §2 tabs of the inbox, each its own path under /inbox. */
export const INBOX_TABS = [
  'messages',
  'my-suppliers',
  'orders',
  'needs-payment',
  'custom-project-requests',
] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/** Spec §2 tabs of /manage-shop, chosen by `?tab=`. The first is the default. */
export const MANAGE_SHOP_TABS = [
  'products',
  'profile',
  'coming-soon',
  'discounts',
  'subscribers',
  'marketing-assets',
  'wholesale',
  'print-on-demand',
] as const;
export type ManageShopTab = (typeof MANAGE_SHOP_TABS)[number];

/** Spec §2 tab values of the sourcing home (/home?tab=). The first is the default. */
export const SOURCING_HOME_TABS = [
  'all',
  'business-and-creative-services',
  'ecommerce-packaging',
  'products',
  'website-development',
] as const;
export type SourcingHomeTab = (typeof SOURCING_HOME_TABS)[number];

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const hrefs = {
  login: (returnPath?: string) =>
    withQuery(paths.login, {
      redirect: returnPath && isSafeReturnPath(returnPath) ? returnPath : undefined,
    }),
  register: (returnPath?: string) =>
    withQuery(paths.login, {
      mode: 'register',
      redirect: returnPath && isSafeReturnPath(returnPath) ? returnPath : undefined,
    }),
  manageShop: (tab?: ManageShopTab) => withQuery(paths.manageShop, { tab }),
  sourcingHome: (query: { tab?: SourcingHomeTab; open?: 'cart' } = {}) =>
    withQuery(paths.sourcingHome, query),
  inbox: (tab: InboxTab) => `${paths.inbox}/${tab}`,
  /** Issue 12: the checkout, optionally with these cart items chosen (the whole cart if none). */
  checkout: (itemIds: readonly string[] = []) =>
    withQuery(paths.checkout, { items: itemIds.length > 0 ? itemIds.join(',') : undefined }),
  /** Issue 12: Orders & Shipments, on a tab (All unless given), optionally with an item open. */
  ordersAndShipments: (query: { tab?: string; item?: string } = {}) =>
    withQuery(`${paths.inbox}/orders`, {
      tab: query.tab === 'ALL' ? undefined : query.tab,
      item: query.item,
    }),
  /** Issue 12: review the supplier of a received order item (spec §2 /leave-a-review/{orderId}). */
  leaveReview: (orderItemId: string) => `${paths.leaveReview}/${encodeURIComponent(orderItemId)}`,
  /** Spec §2: "AI Business Partner" opens a new AI chat with empty text, tagged with its origin. */
  newCopilotChat: (from: string) => withQuery(paths.askCopilot, { from }),
  orderDetails: (orderId: string) => `/order-details/${encodeURIComponent(orderId)}`,
  /** Issue 11: one customer's orders (with their figures above the list). */
  customerOrders: (customerId: string) => withQuery(paths.orders, { customerId }),
  /** Issue 11: the store's customers, optionally searched, by last order unless sorted so. */
  customers: (query: { search?: string; sort?: 'LAST_ORDER' | 'TOTAL_SPENT' } = {}) =>
    withQuery(paths.customers, {
      search: query.search || undefined,
      sort: query.sort === 'TOTAL_SPENT' ? query.sort : undefined,
    }),
  /** Issue 11: the store's products of a status (Active unless given), optionally searched. */
  inventory: (query: { status?: ProductStatus; search?: string } = {}) =>
    withQuery(paths.inventory, {
      status: query.status === 'ARCHIVED' ? query.status : undefined,
      search: query.search || undefined,
    }),
  /** Issue 15: one return, open over /return-settings' list. */
  returnDetails: (handle: string) => withQuery(paths.returnSettings, { handle }),
  /** Issue 15: the center's packaging of a category (spec §2 /order-packaging/{packagingCategory}). */
  orderPackaging: (category: string) => `${paths.orderPackaging}/${encodeURIComponent(category)}`,
  /** Issue 15: one receiving (spec §2 /receivings/{sn}/details). */
  receivingDetails: (sn: string) => `${paths.receivings}/${encodeURIComponent(sn)}/details`,
  /** Issue 11: one product of the store, in its editor. */
  product: (productId: string) => `${paths.inventory}/${encodeURIComponent(productId)}`,
  /** A supplier profile: signed in (under /browse-suppliers) or the public preview. */
  supplierProfile: (supplierId: string, tab?: SupplierProfileTab) =>
    withQuery(`${paths.browseSuppliers}/supplier-profile/${encodeURIComponent(supplierId)}`, {
      tab: tab === 'profile-info' ? undefined : tab,
    }),
  previewSupplierProfile: (supplierId: string, tab?: SupplierProfileTab) =>
    withQuery(`/preview-supplier-profile/${encodeURIComponent(supplierId)}`, {
      tab: tab === 'profile-info' ? undefined : tab,
    }),
  postSupplierReview: (supplierId: string) =>
    `/supplier-profile/${encodeURIComponent(supplierId)}/post-review`,
  /** Spec §2 /pay-invoice/{invoiceId}: the store reviews a supplier invoice and pays it. */
  payInvoice: (invoiceId: string) => `/pay-invoice/${encodeURIComponent(invoiceId)}`,
  /** Spec §2 /add-shipping-address/{invoiceId}: where the goods of a supplier invoice go. */
  addShippingAddress: (invoiceId: string) =>
    `/add-shipping-address/${encodeURIComponent(invoiceId)}`,
  catalogItem: (itemId: string) =>
    `${paths.browseSuppliers}/catalog-item/${encodeURIComponent(itemId)}`,
  previewCatalogItem: (itemId: string) => `/preview-catalog-item/${encodeURIComponent(itemId)}`,
  /** A new custom project request (optionally to one supplier), or an existing one by id. */
  partnerLogin: (returnPath?: string) =>
    withQuery(paths.partnerLogin, {
      redirect: returnPath && isSafeReturnPath(returnPath) ? returnPath : undefined,
    }),
  /** The supplier workspace's inbox, or one conversation in it. */
  partnerConversation: (conversationId?: string) =>
    conversationId
      ? `${paths.partnerInbox}/${encodeURIComponent(conversationId)}`
      : paths.partnerInbox,
  /** The store's inbox messages tab, or one conversation in it. */
  conversation: (conversationId?: string) =>
    conversationId
      ? `${paths.inbox}/messages/${encodeURIComponent(conversationId)}`
      : `${paths.inbox}/messages`,
  customProject: (options: { rfpId?: string; supplierId?: string } = {}) =>
    withQuery(
      options.rfpId
        ? `${paths.createCustomProject}/${encodeURIComponent(options.rfpId)}`
        : paths.createCustomProject,
      { supplierId: options.supplierId },
    ),
} as const;

/**
 * A return path is followed after login only when it stays on this site: one leading slash,
 * never `//host` or a backslash trick, so `?redirect=` cannot send a user elsewhere.
 */
export const isSafeReturnPath = (value: string): boolean =>
  value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

const PUBLIC_EXACT_PATHS = new Set([
  '/login',
  '/shopify',
  '/shopify-paid-success',
  '/appsumo',
  '/app-bind',
  '/playground',
  '/bind-shopify',
  '/ai-storefront',
  paths.partnerLogin,
  paths.partnerAcceptInvite,
  paths.confirmReview,
  paths.pricing,
]);

const PUBLIC_PATH_PATTERNS: readonly RegExp[] = [
  /^\/share-report\/[^/]+$/,
  /^\/supplier-profile\/[^/]+\/post-review$/,
  /^\/public-pay-invoice\/[^/]+$/,
  /^\/preview-catalog-item\/[^/]+$/,
  /^\/preview-supplier-profile\/[^/]+$/,
  /^\/bk\/[^/]+$/,
];

const normalizePathname = (pathname: string): string =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') : pathname;

/**
 * Spec §2: pages that need no login, and where a failed session does not force a redirect to
 * /login (login, Shopify and partner binding, playground, preview and public-pay pages, shared
 * reports and brand kits, review links and their e-mail confirmation, the AI storefront).
 */
export const isPublicPath = (pathname: string): boolean => {
  const path = normalizePathname(pathname);
  return PUBLIC_EXACT_PATHS.has(path) || PUBLIC_PATH_PATTERNS.some((pattern) => pattern.test(path));
};
