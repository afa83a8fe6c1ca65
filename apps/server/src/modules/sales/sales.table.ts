import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PostalAddress } from '@atelier/contract/sales/order';
import { jsonb } from '../../db/jsonb';
import { createdAt, updatedAt } from '@/db/columns';

/** Money columns: integer minor units of the row's currency (bigint, read as a JS number). */
const minorUnits = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * Issue 11 customers of a store. E-mail is unique per store, compared lower-cased (stored so);
 * the order figures (first and last order, count, total spent) change in the same transaction
 * as the orders that move them.
 */
export const salesCustomers = pgTable(
  'sales_customers',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    defaultAddress: jsonb('default_address').$type<PostalAddress>(),
    acceptsMarketing: boolean('accepts_marketing').notNull().default(false),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true, mode: 'date' }),
    marketingConsentSource: text('marketing_consent_source'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Channel-side id (a Shopify customer id, the UCI CustomerID), unique per store and channel. */
    channel: text('channel'),
    externalId: text('external_id'),
    firstOrderAt: timestamp('first_order_at', { withTimezone: true, mode: 'date' }),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true, mode: 'date' }),
    orderCount: integer('order_count').notNull().default(0),
    /** Sum of the totals of the customer's orders that are not canceled, in `currencyCode`. */
    totalSpent: minorUnits('total_spent'),
    currencyCode: text('currency_code'),
    /**
     * What /orders sorts a customer by: the name as shown, else the e-mail, else "customer" and
     * the channel id (lower-cased); kept by the database whenever those change.
     */
    sortName: text('sort_name')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(nullif(btrim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), email, 'customer ' || external_id, ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // /orders sorted by customer walks the customers in this order.
    index('sales_customers_store_sort_name_idx').on(table.storeId, table.sortName, table.id),
    uniqueIndex('sales_customers_store_email_key')
      .on(table.storeId, table.email)
      .where(sql`${table.email} is not null`),
    // The orders search matches the start of an e-mail (LIKE 'ana%') whatever the collation.
    index('sales_customers_store_email_prefix_idx').on(
      table.storeId,
      table.email.op('text_pattern_ops'),
    ),
    uniqueIndex('sales_customers_store_external_key')
      .on(table.storeId, table.channel, table.externalId)
      .where(sql`${table.externalId} is not null`),
    // The orders search finds a customer by channel id whatever the channel.
    index('sales_customers_store_external_idx')
      .on(table.storeId, table.externalId)
      .where(sql`${table.externalId} is not null`),
  ],
);
export type SalesCustomerRow = typeof salesCustomers.$inferSelect;

/**
 * The last order number given in each of a store's series (`#`, `R` manual retail, `W` manual
 * wholesale); incremented with `INSERT … ON CONFLICT DO UPDATE … RETURNING`, so two writers never
 * get the same number.
 */
export const salesOrderSeries = pgTable(
  'sales_order_series',
  {
    storeId: text('store_id').notNull(),
    prefix: text('prefix').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.prefix] })],
);

/** Spec §3 store orders (issue 11). Amounts in minor units of `currencyCode`. */
export const salesOrders = pgTable(
  'sales_orders',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    origin: text('origin').notNull(),
    /** The number series: `#`, `R` or `W`. */
    prefix: text('prefix').notNull(),
    number: integer('number').notNull(),
    /** The channel connection or import that brought the order (null for manual ones). */
    channel: text('channel'),
    externalId: text('external_id'),
    placedAt: timestamp('placed_at', { withTimezone: true, mode: 'date' }).notNull(),
    timeZone: text('time_zone').notNull(),
    currencyCode: text('currency_code').notNull(),
    subtotal: minorUnits('subtotal'),
    discountTotal: minorUnits('discount_total'),
    shippingTotal: minorUnits('shipping_total'),
    taxTotal: minorUnits('tax_total'),
    /** The prices include the tax: `taxTotal` is inside them and not added to `total`. */
    taxesIncluded: boolean('taxes_included').notNull().default(false),
    total: minorUnits('total'),
    discountCodes: text('discount_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customerId: text('customer_id').references(() => salesCustomers.id),
    shippingAddress: jsonb('shipping_address').$type<PostalAddress>(),
    billingAddress: jsonb('billing_address').$type<PostalAddress>(),
    financialStatus: text('financial_status').notNull(),
    productionStatus: text('production_status').notNull(),
    cancelState: text('cancel_state').notNull().default('NONE'),
    fulfillmentState: text('fulfillment_state').notNull().default('NONE'),
    /** Whether the order has a refund: the RETURNS tab. */
    hasRefunds: boolean('has_refunds').notNull().default(false),
    itemCount: integer('item_count').notNull(),
    landingSite: text('landing_site'),
    referringSite: text('referring_site'),
    utmSource: text('utm_source'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('sales_orders_store_number_key').on(table.storeId, table.prefix, table.number),
    uniqueIndex('sales_orders_channel_external_key')
      .on(table.storeId, table.channel, table.externalId)
      .where(sql`${table.externalId} is not null`),
    // Ascending, so both directions of the list's ORDER BY (newest first is `desc`, whose NULLS
    // FIRST a `desc nulls last` index cannot give) read it in order.
    index('sales_orders_store_placed_idx').on(table.storeId, table.placedAt, table.id),
    // The other sorts of /orders (keyset pages by number or total, then id), and a customer's
    // orders by number (the customer sort).
    index('sales_orders_store_number_idx').on(table.storeId, table.number, table.id),
    index('sales_orders_store_total_idx').on(table.storeId, table.total, table.id),
    index('sales_orders_customer_idx').on(table.customerId, table.number, table.id),
    // The tab counts of /orders without a search, from the index alone once vacuumed.
    index('sales_orders_store_tabs_idx').on(
      table.storeId,
      table.cancelState,
      table.productionStatus,
      table.hasRefunds,
    ),
  ],
);
export type SalesOrderRow = typeof salesOrders.$inferSelect;

/** A store order's lines, in `position` order; a snapshot of the product as sold. */
export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    position: integer('position').notNull(),
    variantId: text('variant_id'),
    sku: text('sku'),
    title: text('title').notNull(),
    variantTitle: text('variant_title'),
    quantity: integer('quantity').notNull(),
    unitPrice: minorUnits('unit_price'),
    discount: minorUnits('discount'),
    tax: minorUnits('tax'),
    canceledQuantity: integer('canceled_quantity').notNull().default(0),
  },
  (table) => [
    index('sales_order_lines_order_idx').on(table.orderId, table.position),
    // Covering: the orders search finds a SKU's orders from the index alone.
    index('sales_order_lines_store_sku_idx').on(table.storeId, table.sku, table.orderId),
  ],
);
export type SalesOrderLineRow = typeof salesOrderLines.$inferSelect;

/** Money given back on an order, with the lines (and units) it covers. */
export const salesRefunds = pgTable(
  'sales_refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    externalId: text('external_id'),
    amount: minorUnits('amount'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [
    index('sales_refunds_order_idx').on(table.orderId),
    uniqueIndex('sales_refunds_store_external_key')
      .on(table.storeId, table.externalId)
      .where(sql`${table.externalId} is not null`),
  ],
);

export const salesRefundLines = pgTable(
  'sales_refund_lines',
  {
    refundId: text('refund_id')
      .notNull()
      .references(() => salesRefunds.id, { onDelete: 'cascade' }),
    lineId: text('line_id')
      .notNull()
      .references(() => salesOrderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [primaryKey({ columns: [table.refundId, table.lineId] })],
);

/**
 * Files uploaded for an import from the browser (issue 11, spec §7 `import-task`): order files
 * (`oif_…`, kept under `DATA_DIR/order-imports/<store id>/<id>`) and product files (`pif_…`,
 * under `product-imports/`); the import job is keyed by id.
 */
export const salesOrderImportFiles = pgTable(
  'sales_order_import_files',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    fileName: text('file_name').notNull(),
    /** Bytes as uploaded (compressed for a `.csv.gz` or `.csv.br`). */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    compression: text('compression', { enum: ['gzip', 'brotli'] }),
    /** The detected format (contract ORDER_IMPORT_LAYOUTS), null when the header fits none. */
    layout: text('layout'),
    createdAt: createdAt(),
  },
  (table) => [index('sales_order_import_files_store_idx').on(table.storeId, table.createdAt)],
);
export type SalesOrderImportFileRow = typeof salesOrderImportFiles.$inferSelect;

/**
 * Spec §3 "operation status … has a history" (issue 11): each change of an order's production
 * status, with who made it and why. An order without rows has had the status it was recorded
 * with all along.
 */
export const salesOrderStatusEvents = pgTable(
  'sales_order_status_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    /** 1 for the order's first change, then 2, … (the order's row is locked while writing). */
    sequence: integer('sequence').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    /** The user who changed it and their name then (null: the system). */
    userId: text('user_id'),
    changedBy: text('changed_by'),
    /**
     * STATUS_CHANGED, or LINE_ITEM_CANCELED (units of `lineId` canceled; the status unchanged,
     * `cancelState` the order's after it).
     */
    kind: text('kind', { enum: ['STATUS_CHANGED', 'LINE_ITEM_CANCELED'] })
      .notNull()
      .default('STATUS_CHANGED'),
    lineId: text('line_id'),
    quantity: integer('quantity'),
    cancelState: text('cancel_state'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sales_order_status_events_order_key').on(table.orderId, table.sequence)],
);

/**
 * Spec §7 order-notes (issue 11): dated notes the store's team writes on an order, apart from
 * the order's one `note` (spec §7 notes, which channels and customers fill).
 */
export const salesOrderNotes = pgTable(
  'sales_order_notes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    /** The author (null once the account is gone) and their name when writing. */
    userId: text('user_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sales_order_notes_order_idx').on(table.orderId, table.createdAt)],
);
export type SalesOrderNoteRow = typeof salesOrderNotes.$inferSelect;

/**
 * Issue 11 products of a store (Shopify's model): up to three options; each variant is one
 * combination of their values. Stock numbers come with fulfillment.
 */
export const salesProducts = pgTable(
  'sales_products',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    vendor: text('vendor'),
    productType: text('product_type'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Google product taxonomy id (data/google-product-taxonomy). */
    categoryId: integer('category_id'),
    currencyCode: text('currency_code').notNull(),
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull(),
    images: jsonb('images').$type<{ url: string; alt: string | null }[]>().notNull(),
    status: text('status', { enum: ['ACTIVE', 'ARCHIVED'] }).notNull(),
    /** Where it came from (`shopify:<shop>`…), with its id there; null when made here. */
    channel: text('channel'),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('sales_products_store_status_idx').on(
      table.storeId,
      table.status,
      table.updatedAt.desc(),
      table.id.desc(),
    ),
    uniqueIndex('sales_products_channel_external_key')
      .on(table.storeId, table.channel, table.externalId)
      .where(sql`${table.externalId} is not null`),
  ],
);
export type SalesProductRow = typeof salesProducts.$inferSelect;

/** A product's variants, in `position` order. A SKU is unique in its store. */
export const salesProductVariants = pgTable(
  'sales_product_variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => salesProducts.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    position: integer('position').notNull(),
    optionValues: text('option_values').array().notNull(),
    sku: text('sku'),
    barcode: text('barcode'),
    price: minorUnits('price'),
    compareAtPrice: bigint('compare_at_price', { mode: 'number' }),
    weightGrams: integer('weight_grams'),
    tracked: boolean('tracked').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('sales_product_variants_product_idx').on(table.productId, table.position),
    uniqueIndex('sales_product_variants_store_sku_key')
      .on(table.storeId, table.sku)
      .where(sql`${table.sku} is not null`),
    index('sales_product_variants_store_barcode_idx').on(table.storeId, table.barcode),
  ],
);
export type SalesProductVariantRow = typeof salesProductVariants.$inferSelect;

/** Issue 11 outgoing webhooks: a store's endpoint, its topics and its signing secret. */
export const salesWebhooks = pgTable(
  'sales_webhooks',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    url: text('url').notNull(),
    topics: text('topics').array().notNull(),
    /** The HMAC-SHA256 key of the signatures. */
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sales_webhooks_store_idx').on(table.storeId)],
);
export type SalesWebhookRow = typeof salesWebhooks.$inferSelect;

/**
 * One change sent to one webhook (the delivery log): the exact body is kept, so every retry
 * sends the same bytes with the same signature. Unique per webhook and event.
 */
export const salesWebhookDeliveries = pgTable(
  'sales_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => salesWebhooks.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    eventId: text('event_id').notNull(),
    topic: text('topic').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'RETRYING', 'FAILED'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('sales_webhook_deliveries_event_key').on(table.webhookId, table.eventId),
    index('sales_webhook_deliveries_log_idx').on(table.webhookId, table.createdAt.desc()),
  ],
);
export type SalesWebhookDeliveryRow = typeof salesWebhookDeliveries.$inferSelect;

/** How far a channel sync job got: its job, the phase it is in and the next page or cursor. */
export type ChannelSyncState = {
  jobId: string;
  phase: string;
  /** The next page number (WooCommerce) or offset (Wix products) to read. */
  page?: number;
  /** The next cursor (Wix orders); null at the start of the phase. */
  cursor?: string | null;
  counts: Record<string, number>;
};

/**
 * Issue 11 channel connections: a store's link to a shop on Shopify (WooCommerce, Wix later).
 * The access token is kept encrypted (AES-256-GCM, CHANNEL_TOKEN_KEY) as ciphertext, IV and tag;
 * disconnecting deletes all three.
 */
export const salesChannelConnections = pgTable(
  'sales_channel_connections',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    channel: text('channel', { enum: ['shopify', 'woocommerce', 'wix'] }).notNull(),
    /** The shop's domain (`name.myshopify.com`) or the site's address. */
    shop: text('shop').notNull(),
    tokenCiphertext: text('token_ciphertext'),
    tokenIv: text('token_iv'),
    tokenTag: text('token_tag'),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: ['CONNECTED', 'DISCONNECTED', 'ERROR'] }).notNull(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** The last sync job started for the connection (WooCommerce, Wix). */
    syncJobId: text('sync_job_id'),
    /** Where that sync job stands (phase and page or cursor), so a retry resumes there. */
    syncState: jsonb('sync_state').$type<ChannelSyncState>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('sales_channel_connections_store_shop_key').on(
      table.storeId,
      table.channel,
      table.shop,
    ),
    index('sales_channel_connections_shop_idx').on(table.channel, table.shop),
  ],
);
export type SalesChannelConnectionRow = typeof salesChannelConnections.$inferSelect;

/**
 * The state nonce of an app install that is under way (OAuth `state`): which store asked to
 * connect which shop, until when. Used once; the callback deletes it.
 */
export const salesChannelOauthStates = pgTable('sales_channel_oauth_states', {
  state: text('state').primaryKey(),
  storeId: text('store_id').notNull(),
  channel: text('channel').notNull(),
  shop: text('shop').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});

/**
 * Webhooks received from a channel, one row per webhook id: a redelivery finds its row and does
 * nothing. The body waits here for the job that processes it and is cleared once it has.
 */
export const salesChannelWebhookReceipts = pgTable(
  'sales_channel_webhook_receipts',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    /** The channel's id of the webhook (`X-Shopify-Webhook-Id`). */
    webhookId: text('webhook_id').notNull(),
    topic: text('topic').notNull(),
    shop: text('shop').notNull(),
    /** The store it was for (null: no store has the shop connected). */
    storeId: text('store_id'),
    body: text('body'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('sales_channel_webhook_receipts_webhook_key').on(table.channel, table.webhookId),
  ],
);
export type SalesChannelWebhookReceiptRow = typeof salesChannelWebhookReceipts.$inferSelect;

/**
 * Where a channel sync job stands (issue 11), one row per job: the step it is on, Shopify's bulk
 * operation of that step and how many lines of its result are applied, with the tallies so far.
 * An attempt resumed after a restart carries on from here instead of asking Shopify again.
 */
export const salesChannelSyncs = pgTable(
  'sales_channel_syncs',
  {
    /** The sync job's id. */
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => salesChannelConnections.id, { onDelete: 'cascade' }),
    /** `webhooks`, `products`, `customers`, `orders`, then `done`. */
    step: text('step').notNull(),
    /** Shopify's bulk operation of the step (`gid://shopify/BulkOperation/…`), once started. */
    operationId: text('operation_id'),
    /** Lines of the operation's result applied so far. */
    linesDone: integer('lines_done').notNull().default(0),
    /** ChannelSyncResult's tallies and issues so far. */
    tallies: jsonb('tallies').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('sales_channel_syncs_connection_idx').on(table.connectionId, table.createdAt)],
);
export type SalesChannelSyncRow = typeof salesChannelSyncs.$inferSelect;
