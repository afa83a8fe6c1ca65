import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderItemStatus } from '@atelier/contract/orders/order-item';
import { queryRows, type Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { newId } from '@/lib/ids';
import { publishItemsAddedToCart, publishPurchaseCompleted } from './purchase-events';
import {
  creatorOrderItemEvents,
  creatorOrderItems,
  creatorOrderItemShipments,
  creatorPayments,
  idempotencyRecords,
  paymentLedgerEntries,
  supplierInvoiceItems,
  supplierInvoices,
  type CreatorOrderItemRow,
  type CreatorOrderItemShipmentRow,
} from './orders.table';

/** Who changed an order item's status (the history's `actor`). */
export type StatusActor =
  | { kind: 'store'; userId: string; name: string }
  | { kind: 'supplier'; userId: string; name: string }
  | { kind: 'system' }
  /** Someone paying with an invoice's public link (no user). */
  | { kind: 'pay_link' };

/**
 * The only code that queries the orders module's tables (issue 12). Every store-side query is
 * filtered by the store; every supplier-side one by the company.
 */
/**
 * Publishes `orders.items.updated` per store and company of the items, in the write's
 * transaction (one statement). `beside`: a change beside the status (`statusChanged: false`), or
 * a parcel shipped while units remain (`shipmentId`).
 */
const publishItems = async (
  events: EventBus,
  tx: Database,
  rows: readonly CreatorOrderItemRow[],
  status: OrderItemStatus,
  beside: { statusChanged?: false; shipmentId?: string } = {},
) => {
  const groups = new Map<string, CreatorOrderItemRow[]>();
  for (const row of rows) {
    const key = `${row.storeId} ${row.companyId}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  await events.publishMany(
    tx,
    'orders.items.updated',
    [...groups.values()].map((group) => {
      const { storeId, companyId } = group[0]!;
      return {
        aggregateId: storeId,
        storeId,
        payload: { storeId, companyId, itemIds: group.map((row) => row.id), status, ...beside },
      };
    }),
  );
};

/** One history event of an item: from `from` (null when it was just created) to `to`. */
const historyRow = (
  item: Pick<CreatorOrderItemRow, 'id' | 'storeId'>,
  from: OrderItemStatus | null,
  to: OrderItemStatus,
  actor: StatusActor,
  at: Date,
  note: string | null = null,
) => ({
  id: newId('oie'),
  orderItemId: item.id,
  storeId: item.storeId,
  fromStatus: from,
  toStatus: to,
  ...actorColumns(actor),
  note,
  createdAt: at,
});

/**
 * A payment as the provider would know it, by its charge id: amount, status, card and what was
 * refunded (the local provider's memory after a restart).
 */
export const findChargeRecord = async (db: Database, providerChargeId: string) => {
  const [payment] = await db
    .select()
    .from(creatorPayments)
    .where(eq(creatorPayments.providerChargeId, providerChargeId));
  if (!payment) return undefined;
  const [refunds] = await db
    .select({ total: sql<number>`coalesce(-sum(${paymentLedgerEntries.amount}), 0)::bigint` })
    .from(paymentLedgerEntries)
    .where(
      and(eq(paymentLedgerEntries.paymentId, payment.id), eq(paymentLedgerEntries.kind, 'REFUND')),
    );
  return { payment, refunded: Number(refunds?.total ?? 0) };
};

export const createOrdersRepository = (db: Database, events: EventBus) => ({
  /**
   * Publishes `orders.invoice.updated` in the write's transaction; `change` names what changed
   * when it is not the invoice's arrival or status (no e-mail is sent for it).
   */
  async publishInvoice(
    tx: Database,
    invoice: { id: string; storeId: string; companyId: string; status: 'OPEN' | 'PAID' | 'VOIDED' },
    change?: 'SHIPPING_ADDRESS',
  ) {
    await events.publish(tx, 'orders.invoice.updated', {
      aggregateId: invoice.storeId,
      storeId: invoice.storeId,
      payload: {
        storeId: invoice.storeId,
        companyId: invoice.companyId,
        invoiceId: invoice.id,
        status: invoice.status,
        ...(change ? { change } : {}),
      },
    });
  },

  async findInvoiceBySn(sn: string) {
    const [row] = await db.select().from(supplierInvoices).where(eq(supplierInvoices.sn, sn));
    return row;
  },

  async findInvoiceForStore(tx: Database, storeId: string, id: string) {
    const [row] = await tx
      .select()
      .from(supplierInvoices)
      .where(and(eq(supplierInvoices.id, id), eq(supplierInvoices.storeId, storeId)));
    return row;
  },

  async listInvoices(filter: { storeId?: string; companyId?: string; status?: string }) {
    return db
      .select()
      .from(supplierInvoices)
      .where(
        and(
          filter.storeId ? eq(supplierInvoices.storeId, filter.storeId) : undefined,
          filter.companyId ? eq(supplierInvoices.companyId, filter.companyId) : undefined,
          filter.status ? eq(supplierInvoices.status, filter.status as 'OPEN') : undefined,
        ),
      )
      .orderBy(desc(supplierInvoices.createdAt), desc(supplierInvoices.id))
      .limit(500);
  },

  async countOpenInvoices(storeId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(supplierInvoices)
      .where(and(eq(supplierInvoices.storeId, storeId), eq(supplierInvoices.status, 'OPEN')));
    return row?.count ?? 0;
  },

  async listInvoiceLines(tx: Database, invoiceIds: readonly string[]) {
    if (invoiceIds.length === 0) return [];
    return tx
      .select()
      .from(supplierInvoiceItems)
      .where(
        and(
          inArray(supplierInvoiceItems.invoiceId, [...invoiceIds]),
          isNull(supplierInvoiceItems.removedAt),
        ),
      )
      .orderBy(asc(supplierInvoiceItems.invoiceId), asc(supplierInvoiceItems.position));
  },

  /** Live (not canceled) order items of the invoices, for their lines' status. */
  async listItemsOfInvoices(tx: Database, invoiceIds: readonly string[]) {
    if (invoiceIds.length === 0) return [];
    return tx
      .select()
      .from(creatorOrderItems)
      .where(
        and(
          inArray(creatorOrderItems.invoiceId, [...invoiceIds]),
          sql`${creatorOrderItems.status} <> 'CANCELED'`,
        ),
      );
  },

  async findItemForStore(tx: Database, storeId: string, id: string) {
    const [row] = await tx
      .select()
      .from(creatorOrderItems)
      .where(and(eq(creatorOrderItems.id, id), eq(creatorOrderItems.storeId, storeId)));
    return row;
  },

  async findItemForCompany(tx: Database, companyId: string, id: string) {
    const [row] = await tx
      .select()
      .from(creatorOrderItems)
      .where(and(eq(creatorOrderItems.id, id), eq(creatorOrderItems.companyId, companyId)));
    return row;
  },

  /** The store's items with these ids, locked for update in id order (no deadlock). */
  async lockItems(tx: Database, storeId: string, ids: readonly string[]) {
    return tx
      .select()
      .from(creatorOrderItems)
      .where(and(eq(creatorOrderItems.storeId, storeId), inArray(creatorOrderItems.id, [...ids])))
      .orderBy(asc(creatorOrderItems.id))
      .for('update');
  },

  async listItems(filter: {
    storeId?: string;
    companyId?: string;
    statuses: readonly OrderItemStatus[];
    includeArchived?: boolean;
  }) {
    return db
      .select()
      .from(creatorOrderItems)
      .where(
        and(
          filter.storeId ? eq(creatorOrderItems.storeId, filter.storeId) : undefined,
          filter.companyId ? eq(creatorOrderItems.companyId, filter.companyId) : undefined,
          inArray(creatorOrderItems.status, [...filter.statuses]),
          filter.includeArchived ? undefined : isNull(creatorOrderItems.archivedAt),
        ),
      )
      .orderBy(desc(creatorOrderItems.createdAt), desc(creatorOrderItems.id))
      .limit(500);
  },

  /** Paid checkouts of the store per discount code (`{ PRODUCTS10: 2 }`). */
  async countDiscountCodes(storeId: string): Promise<Record<string, number>> {
    const rows = await db
      .select({
        code: sql<string>`${creatorPayments.totals}->>'discountCode'`,
        count: sql<number>`count(*)::int`,
      })
      .from(creatorPayments)
      .where(
        and(
          eq(creatorPayments.storeId, storeId),
          eq(creatorPayments.status, 'COMPLETED'),
          sql`${creatorPayments.totals}->>'discountCode' is not null`,
        ),
      )
      .groupBy(sql`${creatorPayments.totals}->>'discountCode'`);
    return Object.fromEntries(rows.map((row) => [row.code, row.count]));
  },

  async countItemsByStatus(storeId: string) {
    return db
      .select({ status: creatorOrderItems.status, count: sql<number>`count(*)::int` })
      .from(creatorOrderItems)
      .where(and(eq(creatorOrderItems.storeId, storeId), isNull(creatorOrderItems.archivedAt)))
      .groupBy(creatorOrderItems.status);
  },

  async listHistory(orderItemId: string) {
    return db
      .select()
      .from(creatorOrderItemEvents)
      .where(eq(creatorOrderItemEvents.orderItemId, orderItemId))
      .orderBy(asc(creatorOrderItemEvents.sequence));
  },

  /** Inserts order items and their first history event (from nothing to their status). */
  async insertItems(
    tx: Database,
    rows: (typeof creatorOrderItems.$inferInsert)[],
    actor: StatusActor,
    at: Date,
  ) {
    if (rows.length === 0) return [];
    // The items and their first history events in one statement (a round trip fewer per write).
    const history = tx.$with('history', {}).as(
      tx
        .insert(creatorOrderItemEvents)
        .values(rows.map((row) => historyRow(row, null, row.status, actor, at)))
        .getSQL(),
    );
    const inserted = await tx.with(history).insert(creatorOrderItems).values(rows).returning();
    const status = inserted[0]!.status;
    await publishItems(events, tx, inserted, status);
    await publishItemsAddedToCart(events, tx, inserted, actor);
    return inserted;
  },

  /**
   * Moves items to `to` (the caller checked the transition), with one history event each, and
   * any other column changes; returns the updated rows.
   */
  async moveItems(
    tx: Database,
    items: readonly CreatorOrderItemRow[],
    to: OrderItemStatus,
    actor: StatusActor,
    at: Date,
    changes: Partial<typeof creatorOrderItems.$inferInsert> = {},
    note: string | null = null,
  ): Promise<CreatorOrderItemRow[]> {
    if (items.length === 0) return [];
    // The move and its history events in one statement (a round trip fewer per move).
    const history = tx.$with('history', {}).as(
      tx
        .insert(creatorOrderItemEvents)
        .values(items.map((item) => historyRow(item, item.status, to, actor, at, note)))
        .getSQL(),
    );
    const updated = await tx
      .with(history)
      .update(creatorOrderItems)
      .set({ ...changes, status: to, updatedAt: at })
      .where(
        inArray(
          creatorOrderItems.id,
          items.map((item) => item.id),
        ),
      )
      .returning();
    await publishItems(events, tx, updated, to);
    if (to === 'IN_SHOPPING_CART') await publishItemsAddedToCart(events, tx, updated, actor, items);
    return updated;
  },

  /** The parcels of these items (one query for a page of items), oldest first. */
  async listShipments(tx: Database, itemIds: readonly string[]) {
    if (itemIds.length === 0) return [];
    return tx
      .select()
      .from(creatorOrderItemShipments)
      .where(inArray(creatorOrderItemShipments.itemId, [...itemIds]))
      .orderBy(asc(creatorOrderItemShipments.shippedAt), asc(creatorOrderItemShipments.id));
  },

  async insertShipment(tx: Database, row: typeof creatorOrderItemShipments.$inferInsert) {
    const [shipment] = await tx.insert(creatorOrderItemShipments).values(row).returning();
    return shipment!;
  },

  /** Marks the item's parcels received at `at`; the caller checked they were not. */
  async markShipmentsReceived(
    tx: Database,
    itemId: string,
    shipmentIds: readonly string[],
    at: Date,
  ): Promise<CreatorOrderItemShipmentRow[]> {
    if (shipmentIds.length === 0) return [];
    return tx
      .update(creatorOrderItemShipments)
      .set({ receivedAt: at })
      .where(
        and(
          eq(creatorOrderItemShipments.itemId, itemId),
          inArray(creatorOrderItemShipments.id, [...shipmentIds]),
          isNull(creatorOrderItemShipments.receivedAt),
        ),
      )
      .returning();
  },

  /**
   * A history event that changes no status (a parcel shipped or received: `note` says which),
   * from and to the item's status.
   */
  async noteItemEvent(
    tx: Database,
    item: CreatorOrderItemRow,
    actor: StatusActor,
    at: Date,
    note: string,
  ) {
    await tx
      .insert(creatorOrderItemEvents)
      .values(historyRow(item, item.status, item.status, actor, at, note));
  },

  /** Tells both parties a parcel of the item shipped while units remain (status unchanged). */
  async announceShipment(tx: Database, item: CreatorOrderItemRow, shipmentId: string) {
    await publishItems(events, tx, [item], item.status, { shipmentId });
  },

  /** Tells both parties that items changed without changing status (a cancel request). */
  async announceItems(tx: Database, rows: readonly CreatorOrderItemRow[]) {
    for (const status of new Set(rows.map((row) => row.status))) {
      await publishItems(
        events,
        tx,
        rows.filter((row) => row.status === status),
        status,
        { statusChanged: false },
      );
    }
  },

  async updateItem(
    tx: Database,
    id: string,
    changes: Partial<typeof creatorOrderItems.$inferInsert>,
  ) {
    const [row] = await tx
      .update(creatorOrderItems)
      .set(changes)
      .where(eq(creatorOrderItems.id, id))
      .returning();
    return row!;
  },

  /** Publishes `orders.purchase.completed` (spec §3 Transaction event) in the settling transaction. */
  async publishPurchase(
    tx: Database,
    payment: typeof creatorPayments.$inferSelect,
    items: readonly CreatorOrderItemRow[],
    at: Date,
  ) {
    await publishPurchaseCompleted(events, tx, payment, items, at);
  },

  async insertPayment(tx: Database, row: typeof creatorPayments.$inferInsert) {
    const [payment] = await tx.insert(creatorPayments).values(row).returning();
    return payment!;
  },

  async updatePayment(
    tx: Database,
    id: string,
    changes: Partial<typeof creatorPayments.$inferInsert>,
  ) {
    const [payment] = await tx
      .update(creatorPayments)
      .set(changes)
      .where(eq(creatorPayments.id, id))
      .returning();
    return payment!;
  },

  async findPaymentForStore(tx: Database, storeId: string, id: string) {
    const [row] = await tx
      .select()
      .from(creatorPayments)
      .where(and(eq(creatorPayments.id, id), eq(creatorPayments.storeId, storeId)))
      .for('update');
    return row;
  },

  async insertLedgerEntry(tx: Database, row: Omit<typeof paymentLedgerEntries.$inferInsert, 'id'>) {
    await tx.insert(paymentLedgerEntries).values({ id: newId('led'), ...row });
  },

  async listLedger(storeId: string) {
    return db
      .select()
      .from(paymentLedgerEntries)
      .where(eq(paymentLedgerEntries.storeId, storeId))
      .orderBy(asc(paymentLedgerEntries.createdAt));
  },

  /** Marks the invoices PAID whose every live line is paid. */
  async markPaidInvoices(tx: Database, invoiceIds: readonly string[], at: Date) {
    if (invoiceIds.length === 0) return;
    const paid = await queryRows<{ id: string; store_id: string; company_id: string }>(
      tx,
      sql`
      update ${supplierInvoices} as i set status = 'PAID', paid_at = ${at.toISOString()}::timestamptz, updated_at = now()
      where i.id in (${sql.join(
        invoiceIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and i.status = 'OPEN'
        and not exists (
          select 1 from ${supplierInvoiceItems} as l
          where l.invoice_id = i.id and l.removed_at is null
            and not exists (
              select 1 from ${creatorOrderItems} as o
              where o.invoice_item_id = l.id
                and o.status in ('IN_PRODUCTION', 'IN_SUBSCRIPTION', 'SHIPPED')
            )
        )
      returning i.id, i.store_id, i.company_id`,
    );
    for (const row of paid) {
      await this.publishInvoice(tx, {
        id: row.id,
        storeId: row.store_id,
        companyId: row.company_id,
        status: 'PAID',
      });
    }
  },

  idempotency: {
    /**
     * Claims the key for this request: `claimed` when this is the first, else the record kept
     * (its hash, and its answer once complete).
     */
    async claim(storeId: string, key: string, scope: string, requestHash: string) {
      const inserted = await db
        .insert(idempotencyRecords)
        .values({ storeId, key, scope, requestHash })
        .onConflictDoNothing()
        .returning();
      if (inserted.length > 0) return { claimed: true as const };
      const [existing] = await db
        .select()
        .from(idempotencyRecords)
        .where(and(eq(idempotencyRecords.storeId, storeId), eq(idempotencyRecords.key, key)));
      return { claimed: false as const, existing: existing! };
    },
    async complete(storeId: string, key: string, status: number, body: unknown) {
      await db
        .update(idempotencyRecords)
        .set({ responseStatus: status, responseBody: body, isComplete: true })
        .where(and(eq(idempotencyRecords.storeId, storeId), eq(idempotencyRecords.key, key)));
    },
    /** Lets the key be used again (the request failed before anything was charged). */
    async release(storeId: string, key: string) {
      await db
        .delete(idempotencyRecords)
        .where(and(eq(idempotencyRecords.storeId, storeId), eq(idempotencyRecords.key, key)));
    },
    /** Forgets keys older than `before` (24 h after their first use). */
    async expire(before: Date) {
      await db
        .delete(idempotencyRecords)
        .where(sql`${idempotencyRecords.createdAt} < ${before.toISOString()}::timestamptz`);
    },
  },
});
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

const actorColumns = (actor: StatusActor) => {
  switch (actor.kind) {
    case 'system':
      return { actorKind: 'system', actorUserId: null, actorName: null };
    case 'pay_link':
      return { actorKind: 'pay_link', actorUserId: null, actorName: 'Public pay link' };
    case 'store':
    case 'supplier':
      return { actorKind: actor.kind, actorUserId: actor.userId, actorName: actor.name };
  }
};
