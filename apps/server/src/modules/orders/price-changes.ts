import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { formatMoney } from '@atelier/contract/common/money';
import type { Invoice } from '@atelier/contract/orders/invoice';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import type { Database } from '@/db/client';
import type { Actor, SupplierActor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { samplePriceSql } from '@/modules/catalog';
import { storeActorOf } from './orders.ports';
import type { OrdersRepository, StatusActor } from './orders.repository';
import {
  creatorOrderItems,
  supplierInvoiceItems,
  supplierInvoices,
  type CreatorOrderItemRow,
  type SupplierInvoiceItemRow,
} from './orders.table';

/**
 * Price changes before payment (issue 12; spec §7 update-price). A supplier may change the unit
 * price of a line of an unpaid invoice; the store's unpaid items keep the price it saw until it
 * accepts the new one, and checkout refuses an item whose source price moved, so nothing is ever
 * charged at a price the store has not seen. Paid items (CHARGE_PENDING or later) never change.
 *
 * Locks, in this order, so that no two writers wait on each other: an invoice line, then its
 * order items (as removing a line does); checkout locks the items and only reads the lines.
 */

/** Statuses whose price may still follow its source: not paid, not being paid. */
const UNPAID_STATUSES = new Set(['IN_SHOPPING_CART', 'NOT_PURCHASED']);

const priceText = (amount: number, currencyCode: string) => formatMoney({ amount, currencyCode });

/**
 * The current source unit price (minor units) of each of the store's items, by id: an invoice
 * line's unit price (null once the line is removed), a sample's catalog sample price (null when
 * the supplier offers none). One query for all the items; through `handle` (a transaction's, when
 * in one).
 */
export const listSourcePrices = async (
  handle: Database,
  storeId: string,
  itemIds: readonly string[],
): Promise<Map<string, number | null>> => {
  if (itemIds.length === 0) return new Map();
  const rows = await handle
    .select({
      id: creatorOrderItems.id,
      kind: creatorOrderItems.kind,
      invoiceItemId: creatorOrderItems.invoiceItemId,
      linePrice: supplierInvoiceItems.unitPrice,
      samplePrice: sql<
        number | null
      >`case when ${creatorOrderItems.kind} = 'SAMPLE' then ${samplePriceSql(creatorOrderItems.catalogItemId)} end`.mapWith(
        (value: unknown) => (value === null ? null : Number(value)),
      ),
    })
    .from(creatorOrderItems)
    .leftJoin(
      supplierInvoiceItems,
      and(
        eq(supplierInvoiceItems.id, creatorOrderItems.invoiceItemId),
        isNull(supplierInvoiceItems.removedAt),
      ),
    )
    .where(
      and(eq(creatorOrderItems.storeId, storeId), inArray(creatorOrderItems.id, [...itemIds])),
    );
  return new Map(
    rows.map((row) => [
      row.id,
      row.invoiceItemId ? (row.linePrice ?? null) : row.kind === 'SAMPLE' ? row.samplePrice : null,
    ]),
  );
};

/**
 * Checkout's guard (call it in the checkout transaction, after locking the items, through its
 * `tx`): 409 `order_item_price_changed` naming each item whose source price differs from the
 * price the store saw, one `details` entry per item (field `itemIds.<item id>`, message
 * "Boxy tee: $12.00 → $13.50"). One query for all the items. An item whose source offers no
 * price is not a change.
 */
export const assertPricesCurrent = async (
  tx: Database,
  storeId: string,
  items: readonly CreatorOrderItemRow[],
) => {
  const sources = await listSourcePrices(
    tx,
    storeId,
    items.map((item) => item.id),
  );
  const changed = items.flatMap((item) => {
    const source = sources.get(item.id);
    return source === null || source === undefined || source === item.unitPrice
      ? []
      : [{ item, source }];
  });
  if (changed.length === 0) return;
  const names = changed.map(({ item }) => item.title).join(', ');
  throw new AppError(
    'conflict',
    `The price of ${changed.length === 1 ? 'an item' : `${changed.length} items`} changed (${names}): accept the new price in your cart before you pay.`,
    {
      reason: 'order_item_price_changed',
      details: changed.map(({ item, source }) => ({
        field: `itemIds.${item.id}`,
        message: `${item.title}: ${priceText(item.unitPrice, item.currencyCode)} → ${priceText(source, item.currencyCode)}`,
      })),
    },
  );
};

/**
 * Sets an unpaid item's unit price (minor units) with a history event that keeps its status
 * ("Price changed: $12.00 → $13.50"), and tells both parties; through `tx`.
 */
const repriceItem = async (
  tx: Database,
  repository: OrdersRepository,
  item: CreatorOrderItemRow,
  unitPrice: number,
  actor: StatusActor,
  at: Date,
) => {
  const updated = await repository.updateItem(tx, item.id, { unitPrice, updatedAt: at });
  await repository.noteItemEvent(
    tx,
    item,
    actor,
    at,
    `Price changed: ${priceText(item.unitPrice, item.currencyCode)} → ${priceText(unitPrice, item.currencyCode)}`,
  );
  await repository.announceItems(tx, [updated]);
  return updated;
};

/**
 * Adding an invoice to the cart again (the store, or its public pay link, is shown the invoice's
 * current prices): its unpaid items take their lines' current unit price, each change in the
 * item's history. `items` and `lines` are the invoice's, read in `tx`.
 */
export const repriceToLines = async (
  tx: Database,
  repository: OrdersRepository,
  items: readonly CreatorOrderItemRow[],
  lines: readonly SupplierInvoiceItemRow[],
  actor: StatusActor,
  at: Date,
) => {
  const priceOf = new Map(lines.map((line) => [line.id, line.unitPrice]));
  for (const item of items) {
    const price = item.invoiceItemId ? priceOf.get(item.invoiceItemId) : undefined;
    if (price !== undefined && price !== item.unitPrice && UNPAID_STATUSES.has(item.status)) {
      await repriceItem(tx, repository, item, price, actor, at);
    }
  }
};

export type PriceChangeServiceDeps = {
  db: Database;
  clock: Clock;
  repository: OrdersRepository;
  /** The invoice service's store-side read (the answer of a supplier's change). */
  invoices: { getInvoice(storeId: string, id: string): Promise<Invoice> };
  /** The order item service's detail (with its history). */
  orderItems: { withHistory(row: CreatorOrderItemRow): Promise<OrderItem> };
};

/** The supplier's price change of an invoice line, and the store's acceptance (update-price). */
export const createPriceChangeService = ({
  db,
  clock,
  repository,
  invoices,
  orderItems,
}: PriceChangeServiceDeps) => ({
  /**
   * The supplier company changes the unit price (minor units, the bounds of invoice creation) of a
   * line of its OPEN invoice; publishes `orders.invoice.updated` (and `orders.items.updated` for
   * the store's cart items of the line, whose price waits for the store's acceptance). 404
   * `invoice_not_found` for another company's invoice, `invoice_item_not_found` for a line not
   * on it; 409 `invoice_not_open` (paid or voided), `invoice_item_removed`, `invoice_item_paid`
   * (its item is being paid or paid). The same price again changes nothing.
   */
  async updateInvoiceLinePrice(
    supplier: SupplierActor,
    invoiceId: string,
    lineId: string,
    unitPrice: number,
  ): Promise<Invoice> {
    const storeId = await db.transaction(async (tx) => {
      const [invoice] = await tx
        .select()
        .from(supplierInvoices)
        .where(
          and(
            eq(supplierInvoices.id, invoiceId),
            eq(supplierInvoices.companyId, supplier.companyId),
          ),
        );
      if (!invoice) {
        throw new AppError('not_found', 'There is no such invoice.', {
          reason: 'invoice_not_found',
        });
      }
      const [line] = await tx
        .select()
        .from(supplierInvoiceItems)
        .where(
          and(eq(supplierInvoiceItems.id, lineId), eq(supplierInvoiceItems.invoiceId, invoice.id)),
        )
        .for('update');
      if (!line) {
        throw new AppError('not_found', 'There is no such line on this invoice.', {
          reason: 'invoice_item_not_found',
        });
      }
      if (invoice.status !== 'OPEN') {
        throw new AppError(
          'conflict',
          `This invoice is ${invoice.status.toLowerCase()}: its prices are final.`,
          { reason: 'invoice_not_open' },
        );
      }
      if (line.removedAt) {
        throw new AppError('conflict', 'The store removed this line from the invoice.', {
          reason: 'invoice_item_removed',
        });
      }
      // Locked, so a checkout of these items waits for this change or this change for it.
      const items = await tx
        .select()
        .from(creatorOrderItems)
        .where(
          and(
            eq(creatorOrderItems.invoiceItemId, line.id),
            ne(creatorOrderItems.status, 'CANCELED'),
          ),
        )
        .orderBy(asc(creatorOrderItems.id))
        .for('update');
      if (items.some((item) => !UNPAID_STATUSES.has(item.status))) {
        throw new AppError('conflict', 'The store has paid (or is paying) this line.', {
          reason: 'invoice_item_paid',
        });
      }
      if (line.unitPrice === unitPrice) return invoice.storeId;
      await tx
        .update(supplierInvoiceItems)
        .set({ unitPrice })
        .where(eq(supplierInvoiceItems.id, line.id));
      await repository.publishInvoice(tx, invoice);
      if (items.length > 0) await repository.announceItems(tx, items);
      return invoice.storeId;
    });
    return invoices.getInvoice(storeId, invoiceId);
  },

  /**
   * Spec §7 update-price: the store's unpaid item (IN_SHOPPING_CART or NOT_PURCHASED) takes its
   * source's current unit price (see `listSourcePrices`), the change in its history. 404
   * `order_item_not_found` for another store's; 409 `order_item_paid` once paid or being paid
   * (or canceled), `order_item_no_source_price` when the source offers no price. The same price
   * again changes nothing.
   */
  async acceptSourcePrice(actor: Actor, id: string): Promise<OrderItem> {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const [item] = await repository.lockItems(tx, actor.storeId, [id]);
      if (!item) {
        throw new AppError('not_found', 'There is no such order item.', {
          reason: 'order_item_not_found',
        });
      }
      if (!UNPAID_STATUSES.has(item.status)) {
        throw new AppError('conflict', 'This item is paid or being paid: its price is final.', {
          reason: 'order_item_paid',
        });
      }
      const source = (await listSourcePrices(tx, actor.storeId, [item.id])).get(item.id) ?? null;
      if (source === null) {
        throw new AppError('conflict', 'The supplier no longer offers a price for this item.', {
          reason: 'order_item_no_source_price',
        });
      }
      if (source === item.unitPrice) return item;
      return repriceItem(tx, repository, item, source, storeActorOf(actor), now);
    });
    return orderItems.withHistory(row);
  },
});
export type PriceChangeService = ReturnType<typeof createPriceChangeService>;
