import type { CatalogItem } from '@atelier/contract/catalog/item';
import type { CatalogCompanyReview, ReviewSummary } from '@atelier/contract/catalog/review';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import type { CurrentUser } from '@atelier/contract/identity/account';
import type { ChannelConnection, SalesChannel } from '@atelier/contract/sales/channel';
import type { StoreOrder } from '@atelier/contract/sales/order';

export const aCurrentUser = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  user: { id: 'usr_1', email: 'maker@example.com', name: 'Maker', username: 'maker' },
  store: {
    id: 'sto_1',
    title: 'Maker Goods',
    planType: 'TIER_1',
    isPreviewAccount: false,
    accountType: 'CREATOR',
    usageStyle: 'WITH_AI_ASSISTANTS',
  },
  role: 'OWNER',
  featureFlags: {
    analyticsAccess: true,
    fulfillmentMetrics: true,
    productDesign: true,
    emailCapture: true,
    fulfillment: true,
  },
  memberships: [],
  ...overrides,
});

export const aConversationSummary = (
  overrides: Partial<ConversationSummary> = {},
): ConversationSummary => ({
  sid: 'cnv_1',
  name: 'manufacturer:store_sto1-customer_cmp1',
  supplierId: 'cmp_1',
  supplierName: 'Lakeside Knitwear',
  storeId: 'sto_1',
  storeTitle: 'Maker Goods',
  avatarUrl: null,
  lastTime: '2025-03-04T10:00:00.000Z',
  lastMessagePreview: null,
  lastMessageIndex: null,
  isConciergeRecommended: false,
  unreadCount: 0,
  otherLastReadIndex: null,
  ...overrides,
});

/** A message of conversation `cnv_1`; by default the supplier's, one minute apart by index. */
export const aMessage = (index: number, overrides: Partial<Message> = {}): Message => ({
  sid: `msg_${index}`,
  conversationId: 'cnv_1',
  index,
  author: 'customer_cmp1',
  authorName: 'Lakeside Knitwear',
  body: `Message ${index}`,
  payload: { type: 'TEXT' },
  attachments: { fileUrls: [], imageUrls: [], videoUrls: [], pdfUrls: [] },
  createdAt: new Date(Date.UTC(2025, 2, 4, 10, index)).toISOString(),
  ...overrides,
});

/** Messages `from` to `to` (inclusive), oldest first, as one history page holds them. */
export const someMessages = (from: number, to: number, overrides: Partial<Message> = {}) =>
  Array.from({ length: to - from + 1 }, (_, offset) => aMessage(from + offset, overrides));

export const aCatalogCompany = (overrides: Partial<CatalogCompany> = {}): CatalogCompany => ({
  id: 'cmp_1',
  name: 'Lakeside Knitwear',
  description: 'Knitwear in small runs.',
  address: null,
  countryCode: 'PT',
  countryName: 'Portugal',
  regionCode: 'EU',
  latitude: null,
  longitude: null,
  offerings: ['PRODUCT'],
  capabilities: [],
  categoryIds: [],
  samplePrice: null,
  moq: 50,
  productionTimeDays: 30,
  orderVolume: 500,
  orderCount: 12,
  rating: null,
  reviewCount: 0,
  isOnline: false,
  isConciergeRecommended: false,
  website: null,
  enabledAt: '2025-01-01T00:00:00.000Z',
  certifications: [],
  logoUrl: null,
  coverUrl: null,
  photoUrls: [],
  fieldSources: {},
  source: 'registry',
  isFavorite: false,
  ...overrides,
});

/** A verified store review of supplier `cmp_1`. */
export const aCompanyReview = (
  overrides: Partial<CatalogCompanyReview> = {},
): CatalogCompanyReview => ({
  id: 'rev_1',
  companyId: 'cmp_1',
  rating: 4,
  title: 'Good samples',
  body: 'Fast replies and clean stitching.',
  authorName: 'Maker Goods',
  origin: 'store',
  isVerified: true,
  isVerifiedPurchase: false,
  isOwn: false,
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2025-03-04T10:00:00.000Z',
  ...overrides,
});

export const aReviewSummary = (overrides: Partial<ReviewSummary> = {}): ReviewSummary => ({
  companyId: 'cmp_1',
  average: 4,
  count: 1,
  distribution: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 },
  unverifiedCount: 0,
  ownReview: null,
  ...overrides,
});

/** A base product of supplier `cmp_1` in Apparel & Accessories > Clothing > Pants, no photo. */
export const aCatalogItem = (overrides: Partial<CatalogItem> = {}): CatalogItem => ({
  id: 'itm_1',
  kind: 'PRODUCT',
  title: 'Stretch denim straight-leg jeans',
  description: 'Five-pocket jeans.',
  categoryId: 204,
  vertical: 'Apparel & Accessories',
  group: 'Clothing',
  subgroup: 'Pants',
  price: { amount: 1800, currencyCode: 'USD' },
  samplePrice: null,
  sampleStock: 'IN_STOCK',
  moq: 100,
  productionTimeDays: 30,
  imageUrl: null,
  isSampleKit: false,
  enabledAt: '2025-01-01T00:00:00.000Z',
  company: {
    id: 'cmp_1',
    name: 'Lakeside Knitwear',
    countryCode: 'PT',
    regionCode: 'EU',
    rating: null,
    capabilities: [],
  },
  fieldSources: {},
  source: 'demo',
  isFavorite: false,
  ...overrides,
});

const usd = (amount: number) => ({ amount, currencyCode: 'USD' });

/** Manual retail order R1001: two tees for $50 plus $5 shipping, outstanding, not yet sent. */
export const aStoreOrder = (overrides: Partial<StoreOrder> = {}): StoreOrder => ({
  id: 'ord_1',
  number: 1001,
  name: 'R1001',
  origin: 'MANUAL_RETAIL',
  externalId: null,
  placedAt: '2026-03-01T15:00:00.000Z',
  timeZone: 'America/New_York',
  currencyCode: 'USD',
  total: usd(5_500),
  customer: {
    id: 'cus_1',
    externalId: null,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
  },
  productionStatus: 'OUTSTANDING',
  cancelState: 'NONE',
  fulfillmentState: 'NONE',
  financialStatus: 'PAID',
  itemCount: 2,
  tags: [],
  subtotal: usd(5_000),
  discountTotal: usd(0),
  shippingTotal: usd(500),
  taxTotal: usd(0),
  taxesIncluded: false,
  discountCodes: [],
  shippingAddress: {
    name: 'Ada Lovelace',
    company: null,
    line1: '12 Analytical Row',
    line2: null,
    city: 'Raleigh',
    stateCode: 'NC',
    postalCode: '27601',
    countryCode: 'US',
    phone: null,
  },
  billingAddress: null,
  lines: [
    {
      id: 'oli_1',
      variantId: null,
      sku: 'TEE-BLK-M',
      title: 'Boxy tee',
      variantTitle: null,
      quantity: 2,
      unitPrice: usd(2_500),
      discount: usd(0),
      tax: usd(0),
      subtotal: usd(5_000),
      canceledQuantity: 0,
    },
  ],
  refunds: [],
  landingSite: null,
  referringSite: null,
  utmSource: null,
  note: null,
  ...overrides,
});

export const aChannelConnection = (
  overrides: Partial<ChannelConnection> = {},
): ChannelConnection => ({
  id: 'chc_1',
  channel: 'shopify',
  shop: 'maker-goods.myshopify.com',
  scopes: ['read_products', 'read_customers', 'read_orders'],
  status: 'CONNECTED',
  lastSyncAt: null,
  lastError: null,
  createdAt: '2026-03-02T14:00:00.000Z',
  updatedAt: '2026-03-02T14:00:00.000Z',
  ...overrides,
});

/** The channels of /ecommerce-services: Shopify as given, WooCommerce and Wix as `others` say. */
export const someSalesChannels = (
  shopify: Partial<SalesChannel> = {},
  others: { woocommerce?: Partial<SalesChannel>; wix?: Partial<SalesChannel> } = {},
): SalesChannel[] => [
  {
    channel: 'shopify',
    label: 'Shopify',
    state: 'NOT_CONNECTED',
    isConfigured: true,
    notConfiguredReason: null,
    connections: [],
    ...shopify,
  },
  {
    channel: 'woocommerce',
    label: 'WooCommerce',
    state: 'NOT_CONNECTED',
    isConfigured: true,
    notConfiguredReason: null,
    connections: [],
    ...others.woocommerce,
  },
  {
    channel: 'wix',
    label: 'Wix',
    state: 'NOT_CONNECTED',
    isConfigured: true,
    notConfiguredReason: null,
    connections: [],
    ...others.wix,
  },
];
