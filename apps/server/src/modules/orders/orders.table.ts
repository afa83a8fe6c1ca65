import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { jsonb } from '../../db/jsonb';
import type {
  DeliveryStatus,
  Destination,
  OrderItemKind,
  OrderItemStatus,
  PaymentResult,
  ReceivingStatus,
  ShippingMode,
} from '@atelier/contract/orders/order-item';
import type { CheckoutTotals } from '@atelier/contract/orders/checkout-totals';
import type {
  InvoiceLineCategory,
  InvoiceStatus,
  PaymentStatus,
} from '@atelier/contract/orders/invoice';
import type { PostalAddress } from '@atelier/contract/sales/order';
import { createdAt, updatedAt } from '@/db/columns';

/**
 * Issue 12: an invoice a supplier company sends a store it talks with (production, design
 * services). `sn` is the unguessable public number of /public-pay-invoice/{sn} (128 bits).
 */
export const supplierInvoices = pgTable(
  'supplier_invoices',
  {
    id: text('id').primaryKey(),
    sn: text('sn').notNull(),
    storeId: text('store_id').notNull(),
    companyId: text('company_id').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    currencyCode: text('currency_code').notNull(),
    shippingMode: text('shipping_mode').$type<ShippingMode>().notNull(),
    /** Minor units; 0 with CHARGE_SHIPPING_LATER or NO_SHIPPING_NEEDED. */
    shippingAmount: bigint('shipping_amount', { mode: 'number' }).notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    notes: text('notes'),
    createdByUserId: text('created_by_user_id').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /**
     * Spec §2 /add-shipping-address/{invoiceId}: where the store wants the goods, given before
     * paying (so the supplier can quote shipping charged later); checked like checkout's address.
     */
    shippingAddress: jsonb('shipping_address').$type<PostalAddress | null>(),
    shippingAddressAddedAt: timestamp('shipping_address_added_at', {
      withTimezone: true,
      mode: 'date',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('supplier_invoices_sn_key').on(table.sn),
    index('supplier_invoices_store_idx').on(table.storeId, table.createdAt),
    index('supplier_invoices_company_idx').on(table.companyId, table.createdAt),
  ],
);
export type SupplierInvoiceRow = typeof supplierInvoices.$inferSelect;

/** The lines of a supplier invoice, in the supplier's order. */
export const supplierInvoiceItems = pgTable(
  'supplier_invoice_items',
  {
    id: text('id').primaryKey(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => supplierInvoices.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    category: text('category').$type<InvoiceLineCategory>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    catalogItemId: text('catalog_item_id'),
    /** Set when the store removed the line from the invoice before paying. */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('supplier_invoice_items_invoice_idx').on(table.invoiceId, table.position)],
);
export type SupplierInvoiceItemRow = typeof supplierInvoiceItems.$inferSelect;

/**
 * Spec §7 creator order items (§4 order item status): one thing a store buys from a supplier: a
 * sample of a catalog item or a line of a supplier's invoice.
 */
export const creatorOrderItems = pgTable(
  'creator_order_items',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    companyId: text('company_id').notNull(),
    kind: text('kind').$type<OrderItemKind>().notNull(),
    status: text('status').$type<OrderItemStatus>().notNull(),
    category: text('category').$type<InvoiceLineCategory>().notNull(),
    title: text('title').notNull(),
    catalogItemId: text('catalog_item_id'),
    invoiceId: text('invoice_id'),
    invoiceItemId: text('invoice_item_id'),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    shippingMode: text('shipping_mode').$type<ShippingMode>().notNull(),
    /** The item's share of its invoice's shipping (the whole of it on the invoice's first item). */
    shippingAmount: bigint('shipping_amount', { mode: 'number' }).notNull().default(0),
    receivingStatus: text('receiving_status').$type<ReceivingStatus>().notNull().default('NONE'),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull().default('IN_QUEUE'),
    destination: text('destination').$type<Destination>().notNull().default('FORWARDED_TO_CREATOR'),
    paymentId: text('payment_id'),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    /** Units shipped so far over its shipments (partial shipments); = quantity once SHIPPED. */
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    /** Units the store (or the fulfillment center) has received; receiving PARTIAL below quantity. */
    receivedQuantity: integer('received_quantity').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** A production cancel the store asked for, waiting for the supplier's answer. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    /** What was refunded when the cancel was confirmed (minor units). */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('creator_order_items_store_status_idx').on(table.storeId, table.status, table.createdAt),
    index('creator_order_items_company_idx').on(table.companyId, table.status),
    index('creator_order_items_invoice_idx').on(table.invoiceId),
    // An invoice line is in at most one live order item (added to the cart twice: one item).
    uniqueIndex('creator_order_items_invoice_item_key')
      .on(table.invoiceItemId)
      .where(sql`invoice_item_id is not null and status <> 'CANCELED'`),
  ],
);
export type CreatorOrderItemRow = typeof creatorOrderItems.$inferSelect;

/**
 * Issue 12 partial shipments: one parcel of an order item sent by its supplier (quantity, carrier,
 * tracking number); the item is SHIPPED once its shipments cover its quantity.
 */
export const creatorOrderItemShipments = pgTable(
  'creator_order_item_shipments',
  {
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => creatorOrderItems.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    companyId: text('company_id').notNull(),
    quantity: integer('quantity').notNull(),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** When the store marked this parcel received. */
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    createdByUserId: text('created_by_user_id'),
  },
  (table) => [
    index('creator_order_item_shipments_item_idx').on(table.itemId, table.shippedAt),
    index('creator_order_item_shipments_store_idx').on(table.storeId, table.shippedAt),
  ],
);
export type CreatorOrderItemShipmentRow = typeof creatorOrderItemShipments.$inferSelect;

/** Every status change of an order item: who (store user, supplier user or system) and when. */
export const creatorOrderItemEvents = pgTable(
  'creator_order_item_events',
  {
    id: text('id').primaryKey(),
    orderItemId: text('order_item_id')
      .notNull()
      .references(() => creatorOrderItems.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    fromStatus: text('from_status').$type<OrderItemStatus>(),
    toStatus: text('to_status').$type<OrderItemStatus>().notNull(),
    /** `store`, `supplier` or `system`. */
    actorKind: text('actor_kind').notNull(),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name'),
    note: text('note'),
    createdAt: createdAt(),
    /** Insertion order: several changes can share one instant (a checkout, a test clock). */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
  },
  (table) => [index('creator_order_item_events_item_idx').on(table.orderItemId, table.sequence)],
);

/** One checkout's payment: the amounts charged (their breakdown), through which provider. */
export const creatorPayments = pgTable(
  'creator_payments',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** Spec §4 payment result: COMPLETED, INSTRUMENT_DECLINED; null while pending or when the provider could not be reached. */
    result: text('result').$type<PaymentResult>(),
    provider: text('provider').notNull(),
    providerChargeId: text('provider_charge_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    totals: jsonb('totals').$type<CheckoutTotals>().notNull(),
    itemIds: text('item_ids').array().notNull(),
    shippingAddress: jsonb('shipping_address').$type<PostalAddress | null>(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureReason: text('failure_reason'),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('creator_payments_store_idx').on(table.storeId, table.createdAt)],
);
export type CreatorPaymentRow = typeof creatorPayments.$inferSelect;

/**
 * The payments ledger: every movement of money a payment makes (the charge, each fee within it,
 * refunds), signed in minor units; a payment's entries sum to what the store paid net.
 */
export const paymentLedgerEntries = pgTable(
  'payment_ledger_entries',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => creatorPayments.id),
    /** CHARGE, REFUND. */
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    providerReference: text('provider_reference'),
    createdAt: createdAt(),
  },
  (table) => [index('payment_ledger_entries_payment_idx').on(table.paymentId)],
);

/**
 * Issue 12: the first answer to a payment POST, per store and `Idempotency-Key`, replayed for
 * 24 h; the same key with another request body is refused (409).
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    storeId: text('store_id').notNull(),
    key: text('key').notNull(),
    /** The route and a hash of its body. */
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is being processed. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    isComplete: boolean('is_complete').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.key] }),
    // Each payment forgets the keys older than 24 h: found by this index, not a scan.
    index('idempotency_records_created_idx').on(table.createdAt),
  ],
);

/** Domain events the orders e-mail subscriber has handled (delivery is at least once). */
export const ordersEmailEvents = pgTable('orders_email_events', {
  eventId: text('event_id').primaryKey(),
  emailCount: integer('email_count').notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Payment provider webhooks already processed, by the provider's event id (at least once). */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  providerChargeId: text('provider_charge_id'),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
});
