import { and, asc, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import {
  RECEIVING_INCIDENT_FEE,
  RECEIVING_SLA_BUSINESS_DAYS,
  STANDARD_PALLET_LIMITS,
  type CreateReceivingBody,
  type ReceivableOrderItem,
  type ReceiveBody,
  type Receiving,
  type ReceivingIncidentKind,
  type ReceivingStatus,
  type ReceivingSummary,
} from '@atelier/contract/fulfillment/receiving';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import {
  catalogCompanies,
  creatorOrderItems,
  creatorOrderItemShipments,
  salesProducts,
  salesProductVariants,
} from '@/db/schema';
import {
  fulfillmentFees,
  fulfillmentInventoryLevels,
  fulfillmentInventoryMovements,
  fulfillmentReceivingCounts,
  fulfillmentReceivingItems,
  fulfillmentReceivings,
  fulfillmentWarehouses,
  type FulfillmentFeeRow,
  type FulfillmentReceivingItemRow,
  type FulfillmentReceivingRow,
} from './fulfillment.table';
import { numberOfSn, snOf } from './serial-numbers';
import { createMissingLevels } from './warehouses';

type Page<T> = { items: T[]; nextCursor: string | null };
type StoreActor = { storeId: string; userId: string };

/** The sourcing side (orders module) a completed receiving reports to; app.ts wires it. */
export type SourcingReceipts = {
  /** The goods of these sourcing order items arrived at the center (idempotent). */
  markArrived(actor: Actor, creatorOrderItemIds: string[]): Promise<void>;
};

/** Sourcing order items that can still arrive at the center (paid, not all received). */
const RECEIVABLE_ITEM_STATUSES = ['IN_PRODUCTION', 'SHIPPED'] as const;

const receivingNotFound = () =>
  new AppError('not_found', 'No receiving of this store has this number.', {
    reason: 'receiving_not_found',
  });
const itemNotFound = () =>
  new AppError('not_found', 'This receiving has no such item.', {
    reason: 'receiving_item_not_found',
  });
const fieldError = (field: string, message: string) =>
  new AppError('bad_request', message, { details: [{ field, message }] });

/** RCV-000012 ↔ 12. */
export const receivingSn = (number: number) => snOf('RCV', number);

/** `date` (YYYY-MM-DD) plus `days` business days (Saturday and Sunday skipped). */
export const addBusinessDays = (date: string, days: number): string => {
  const day = new Date(`${date}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
};

/** Whether a pallet is over the standard 48×40×60 in or 500 lb (either way round on the floor). */
export const isOversizePallet = (pallet: ReceiveBody['pallets'][number]): boolean => {
  const [long, short] = [pallet.lengthIn, pallet.widthIn].sort((a, b) => b - a) as [number, number];
  return (
    long > STANDARD_PALLET_LIMITS.lengthIn ||
    short > STANDARD_PALLET_LIMITS.widthIn ||
    pallet.heightIn > STANDARD_PALLET_LIMITS.heightIn ||
    pallet.weightLb > STANDARD_PALLET_LIMITS.weightLb
  );
};

export type ReceivingServiceDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  sourcing: SourcingReceipts;
};

/**
 * Issue 15 receivings (spec §2 /receivings, /receivings/new, /receivings/{sn}/details): goods
 * arriving at the center from sourcing order items stored there (spec §4 STORED_AT_FBP) or an
 * intake form; mapped to the store's variants; counted carton by carton into stock (RECEIVING
 * ledger rows), with discrepancies and $15 non-compliance fees recorded.
 */
export const createReceivingService = ({ db, clock, events, sourcing }: ReceivingServiceDeps) => {
  const variantLabels = async (handle: Database, storeId: string, variantIds: string[]) => {
    if (variantIds.length === 0) return new Map<string, string>();
    const rows = await handle
      .select({
        id: salesProductVariants.id,
        sku: salesProductVariants.sku,
        optionValues: salesProductVariants.optionValues,
        title: salesProducts.title,
      })
      .from(salesProductVariants)
      .innerJoin(salesProducts, eq(salesProducts.id, salesProductVariants.productId))
      .where(
        and(
          eq(salesProductVariants.storeId, storeId),
          inArray(salesProductVariants.id, variantIds),
        ),
      );
    return new Map(
      rows.map((row) => {
        const name = [row.title, ...row.optionValues].join(' / ');
        return [row.id, row.sku ? `${row.sku} · ${name}` : name];
      }),
    );
  };

  const summaryOf = (
    row: FulfillmentReceivingRow,
    items: Pick<FulfillmentReceivingItemRow, 'expectedQuantity' | 'receivedQuantity'>[],
  ): ReceivingSummary => ({
    id: row.id,
    sn: receivingSn(row.number),
    status: row.status,
    source: row.source,
    warehouseId: row.warehouseId,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    expectedArrivalDate: row.expectedArrivalDate,
    itemCount: items.length,
    expectedUnits: items.reduce((sum, item) => sum + item.expectedQuantity, 0),
    receivedUnits:
      row.status === 'RECEIVED'
        ? items.reduce((sum, item) => sum + (item.receivedQuantity ?? 0), 0)
        : null,
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
  });

  const detailOf = async (handle: Database, row: FulfillmentReceivingRow): Promise<Receiving> => {
    const items = await handle
      .select()
      .from(fulfillmentReceivingItems)
      .where(eq(fulfillmentReceivingItems.receivingId, row.id))
      .orderBy(asc(fulfillmentReceivingItems.position));
    const fees: FulfillmentFeeRow[] = await handle
      .select()
      .from(fulfillmentFees)
      .where(eq(fulfillmentFees.receivingId, row.id))
      .orderBy(
        asc(fulfillmentFees.createdAt),
        // Incidents as found at the dock, then the pallets measured.
        asc(sql`${fulfillmentFees.kind} = 'OVERSIZE_PALLET'`),
        asc(fulfillmentFees.note),
        asc(fulfillmentFees.id),
      );
    const labels = await variantLabels(
      handle,
      row.storeId,
      items.flatMap((item) => (item.variantId ? [item.variantId] : [])),
    );
    const isOpen = row.status === 'NEEDS_MAPPING' || row.status === 'IN_TRANSIT';
    const out = items.map((item) => ({
      id: item.id,
      title: item.title,
      sku: item.sku,
      variantId: item.variantId,
      variantLabel: item.variantId ? (labels.get(item.variantId) ?? null) : null,
      creatorOrderItemId: item.creatorOrderItemId,
      expectedQuantity: item.expectedQuantity,
      receivedQuantity: item.receivedQuantity,
      damagedQuantity: item.damagedQuantity,
      discrepancy:
        item.receivedQuantity === null ? null : item.receivedQuantity - item.expectedQuantity,
    }));
    return {
      ...summaryOf(row, items),
      notes: row.notes,
      items: out,
      cartonCount: row.cartonCount,
      fees: fees.map((fee) => ({
        id: fee.id,
        kind: fee.kind,
        note: fee.note,
        amount: { amount: fee.amount, currencyCode: fee.currencyCode },
      })),
      feesTotal: {
        amount: fees.reduce((sum, fee) => sum + fee.amount, 0),
        currencyCode: RECEIVING_INCIDENT_FEE.currencyCode,
      },
      hasDiscrepancies: out.some((item) => item.discrepancy !== null && item.discrepancy !== 0),
      slaDueDate:
        isOpen && row.expectedArrivalDate
          ? addBusinessDays(row.expectedArrivalDate, RECEIVING_SLA_BUSINESS_DAYS)
          : null,
      canceledReason: row.canceledReason,
    };
  };

  const findBySn = async (handle: Database, storeId: string, sn: string, lock: boolean) => {
    const number = numberOfSn('RCV', sn);
    if (number === null || !Number.isSafeInteger(number)) throw receivingNotFound();
    const query = handle
      .select()
      .from(fulfillmentReceivings)
      .where(
        and(eq(fulfillmentReceivings.storeId, storeId), eq(fulfillmentReceivings.number, number)),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw receivingNotFound();
    return row;
  };

  const storeVariants = async (handle: Database, storeId: string, variantIds: string[]) => {
    if (variantIds.length === 0) return new Set<string>();
    const rows = await handle
      .select({ id: salesProductVariants.id })
      .from(salesProductVariants)
      .where(
        and(
          eq(salesProductVariants.storeId, storeId),
          inArray(salesProductVariants.id, variantIds),
        ),
      );
    return new Set(rows.map((row) => row.id));
  };

  /** Open receivings' sourcing order items (they are on their way already). */
  const heldOrderItemIds = (handle: Database, storeId: string) =>
    handle
      .select({ id: fulfillmentReceivingItems.creatorOrderItemId })
      .from(fulfillmentReceivingItems)
      .innerJoin(
        fulfillmentReceivings,
        eq(fulfillmentReceivings.id, fulfillmentReceivingItems.receivingId),
      )
      .where(
        and(
          eq(fulfillmentReceivingItems.storeId, storeId),
          inArray(fulfillmentReceivings.status, ['NEEDS_MAPPING', 'IN_TRANSIT']),
          sql`${fulfillmentReceivingItems.creatorOrderItemId} is not null`,
        ),
      );

  /**
   * /receivings/new: the store's sourcing order items going to the center (destination
   * STORED_AT_FBP, in production or shipped, not all received) that no open receiving holds,
   * newest first, with their latest parcel's carrier and tracking number.
   */
  const listReceivable = async (storeId: string): Promise<ReceivableOrderItem[]> => {
    const held = (await heldOrderItemIds(db, storeId)).map((row) => row.id!);
    const rows = await db
      .select({
        id: creatorOrderItems.id,
        title: creatorOrderItems.title,
        supplierName: catalogCompanies.name,
        quantity: creatorOrderItems.quantity,
        receivedQuantity: creatorOrderItems.receivedQuantity,
        status: creatorOrderItems.status,
        carrier: sql<string | null>`(select ${creatorOrderItemShipments.carrier}
          from ${creatorOrderItemShipments}
          where ${creatorOrderItemShipments.itemId} = ${creatorOrderItems.id}
          order by ${creatorOrderItemShipments.shippedAt} desc limit 1)`,
        trackingNumber: sql<string | null>`(select ${creatorOrderItemShipments.trackingNumber}
          from ${creatorOrderItemShipments}
          where ${creatorOrderItemShipments.itemId} = ${creatorOrderItems.id}
          order by ${creatorOrderItemShipments.shippedAt} desc limit 1)`,
      })
      .from(creatorOrderItems)
      .leftJoin(catalogCompanies, eq(catalogCompanies.id, creatorOrderItems.companyId))
      .where(
        and(
          eq(creatorOrderItems.storeId, storeId),
          eq(creatorOrderItems.destination, 'STORED_AT_FBP'),
          inArray(creatorOrderItems.status, [...RECEIVABLE_ITEM_STATUSES]),
          sql`${creatorOrderItems.receivedQuantity} < ${creatorOrderItems.quantity}`,
          held.length > 0 ? notInArray(creatorOrderItems.id, held) : undefined,
        ),
      )
      .orderBy(desc(creatorOrderItems.createdAt), asc(creatorOrderItems.id))
      .limit(200);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      supplierName: row.supplierName ?? null,
      quantity: row.quantity,
      remainingQuantity: row.quantity - row.receivedQuantity,
      status: row.status,
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
    }));
  };

  /**
   * A page of the store's receivings, newest first (by `status` if given). 400 `query.cursor`
   * for a cursor the list did not give.
   */
  const list = async (
    storeId: string,
    query: { limit: number; cursor?: string; status?: ReceivingStatus },
  ): Promise<Page<ReceivingSummary>> => {
    const after = query.cursor === undefined ? null : Number(query.cursor);
    if (after !== null && (!Number.isSafeInteger(after) || after < 0)) {
      throw fieldError('query.cursor', 'Not a cursor of this list.');
    }
    const rows = await db
      .select()
      .from(fulfillmentReceivings)
      .where(
        and(
          eq(fulfillmentReceivings.storeId, storeId),
          query.status ? eq(fulfillmentReceivings.status, query.status) : undefined,
          after === null ? undefined : lt(fulfillmentReceivings.number, after),
        ),
      )
      .orderBy(desc(fulfillmentReceivings.number))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const items =
      page.length === 0
        ? []
        : await db
            .select({
              receivingId: fulfillmentReceivingItems.receivingId,
              expectedQuantity: fulfillmentReceivingItems.expectedQuantity,
              receivedQuantity: fulfillmentReceivingItems.receivedQuantity,
            })
            .from(fulfillmentReceivingItems)
            .where(
              inArray(
                fulfillmentReceivingItems.receivingId,
                page.map((row) => row.id),
              ),
            );
    return {
      items: page.map((row) =>
        summaryOf(
          row,
          items.filter((item) => item.receivingId === row.id),
        ),
      ),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.number) : null,
    };
  };

  /** One of the store's receivings by its sn. 404 `receiving_not_found`. */
  const get = async (storeId: string, sn: string): Promise<Receiving> =>
    detailOf(db, await findBySn(db, storeId, sn, false));

  /**
   * Creates a receiving in the default warehouse. A sourcing order item must be the store's, go
   * to the center and still have `quantity` units to arrive (400 `items.N.creatorOrderItemId` /
   * `items.N.quantity`), and be in no other open receiving (409 `order_item_in_receiving`); a
   * variant must be the store's (400 `items.N.variantId`). NEEDS_MAPPING while an item has no
   * variant, IN_TRANSIT otherwise.
   */
  const create = async (actor: StoreActor, body: CreateReceivingBody): Promise<Receiving> =>
    db.transaction(async (tx) => {
      const orderItemIds = body.items.flatMap((item) =>
        item.creatorOrderItemId ? [item.creatorOrderItemId] : [],
      );
      if (new Set(orderItemIds).size !== orderItemIds.length) {
        throw fieldError('items', 'Each sourcing order item goes on a receiving once.');
      }
      const orderItems = orderItemIds.length
        ? await tx
            .select()
            .from(creatorOrderItems)
            .where(
              and(
                eq(creatorOrderItems.storeId, actor.storeId),
                inArray(creatorOrderItems.id, orderItemIds),
              ),
            )
            .for('update')
        : [];
      const orderItemOf = new Map(orderItems.map((item) => [item.id, item]));
      const held = new Set((await heldOrderItemIds(tx, actor.storeId)).map((row) => row.id!));
      const variants = await storeVariants(
        tx,
        actor.storeId,
        body.items.flatMap((item) => (item.variantId ? [item.variantId] : [])),
      );
      body.items.forEach((item, index) => {
        if (item.variantId && !variants.has(item.variantId)) {
          throw fieldError(
            `items.${index}.variantId`,
            'No product variant of this store has this id.',
          );
        }
        if (!item.creatorOrderItemId) return;
        const orderItem = orderItemOf.get(item.creatorOrderItemId);
        const field = `items.${index}.creatorOrderItemId`;
        if (!orderItem)
          throw fieldError(field, 'No sourcing order item of this store has this id.');
        if (orderItem.destination !== 'STORED_AT_FBP') {
          throw fieldError(
            field,
            `“${orderItem.title}” ships to you, not to the fulfillment center.`,
          );
        }
        if (!(RECEIVABLE_ITEM_STATUSES as readonly string[]).includes(orderItem.status)) {
          throw fieldError(field, `“${orderItem.title}” is not paid for and on its way.`);
        }
        const remaining = orderItem.quantity - orderItem.receivedQuantity;
        if (item.quantity > remaining) {
          throw fieldError(
            `items.${index}.quantity`,
            `Only ${remaining} of “${orderItem.title}” are still to arrive.`,
          );
        }
        if (held.has(orderItem.id)) {
          throw new AppError('conflict', `“${orderItem.title}” is on another open receiving.`, {
            reason: 'order_item_in_receiving',
          });
        }
      });
      const [warehouse] = await tx
        .select({ id: fulfillmentWarehouses.id })
        .from(fulfillmentWarehouses)
        .where(eq(fulfillmentWarehouses.isDefault, true));
      if (!warehouse)
        throw new AppError('unavailable', 'The fulfillment center has no warehouse yet.');
      const now = clock.now();
      const id = newId('rcv');
      const [row] = await tx
        .insert(fulfillmentReceivings)
        .values({
          id,
          storeId: actor.storeId,
          warehouseId: warehouse.id,
          status: body.items.every((item) => item.variantId) ? 'IN_TRANSIT' : 'NEEDS_MAPPING',
          source: orderItemIds.length > 0 ? 'SOURCING_ORDER' : 'INTAKE',
          carrier: body.carrier,
          trackingNumber: body.trackingNumber,
          expectedArrivalDate: body.expectedArrivalDate ?? null,
          notes: body.notes || null,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(fulfillmentReceivingItems).values(
        body.items.map((item, position) => ({
          id: newId('rci'),
          receivingId: id,
          storeId: actor.storeId,
          position,
          title: item.creatorOrderItemId
            ? orderItemOf.get(item.creatorOrderItemId)!.title
            : item.title!,
          sku: item.sku ?? null,
          variantId: item.variantId ?? null,
          creatorOrderItemId: item.creatorOrderItemId ?? null,
          expectedQuantity: item.quantity,
        })),
      );
      return detailOf(tx, row!);
    });

  /**
   * Maps an item of an open receiving to one of the store's variants; the receiving is
   * IN_TRANSIT once every item is mapped. 404 receiving / item; 400 `variantId` for a variant
   * not the store's; 409 `receiving_closed` once received or canceled.
   */
  const mapItem = async (
    actor: StoreActor,
    sn: string,
    itemId: string,
    variantId: string,
  ): Promise<Receiving> =>
    db.transaction(async (tx) => {
      const row = await findBySn(tx, actor.storeId, sn, true);
      if (row.status !== 'NEEDS_MAPPING' && row.status !== 'IN_TRANSIT') throw closed(row);
      if (!(await storeVariants(tx, actor.storeId, [variantId])).has(variantId)) {
        throw fieldError('variantId', 'No product variant of this store has this id.');
      }
      const updated = await tx
        .update(fulfillmentReceivingItems)
        .set({ variantId })
        .where(
          and(
            eq(fulfillmentReceivingItems.receivingId, row.id),
            eq(fulfillmentReceivingItems.id, itemId),
          ),
        )
        .returning({ id: fulfillmentReceivingItems.id });
      if (updated.length === 0) throw itemNotFound();
      const [unmapped] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(fulfillmentReceivingItems)
        .where(
          and(
            eq(fulfillmentReceivingItems.receivingId, row.id),
            sql`${fulfillmentReceivingItems.variantId} is null`,
          ),
        );
      const [next] = await tx
        .update(fulfillmentReceivings)
        .set({
          status: unmapped!.count === 0 ? 'IN_TRANSIT' : 'NEEDS_MAPPING',
          updatedAt: clock.now(),
        })
        .where(eq(fulfillmentReceivings.id, row.id))
        .returning();
      return detailOf(tx, next!);
    });

  const closed = (row: FulfillmentReceivingRow) =>
    new AppError(
      'conflict',
      row.status === 'RECEIVED'
        ? 'This receiving is counted into stock already.'
        : 'This receiving was canceled.',
      { reason: 'receiving_closed' },
    );

  /**
   * Counts an IN_TRANSIT receiving into stock: the cartons' counts are summed per item (an item
   * no carton names counted 0); good units (counted − damaged) go on hand in the receiving's
   * warehouse with a RECEIVING ledger row per variant; discrepancies stay on the items;
   * incidents and oversize pallets are charged RECEIVING_INCIDENT_FEE each. The sourcing order
   * items are then marked arrived, and orders waiting for these variants are reserved again
   * (event `fulfillment.receiving.received`). 409 `receiving_needs_mapping` while an item is
   * unmapped, `receiving_closed` once received or canceled; 400 `cartons.N.counts.M.itemId`
   * for an item not on it, `…damaged` for more damaged than counted, `cartons.N.counts` for an
   * item twice in one carton. Nothing changes on an error.
   */
  const receive = async (actor: Actor, sn: string, body: ReceiveBody): Promise<Receiving> => {
    const result = await db.transaction(async (tx) => {
      const row = await findBySn(tx, actor.storeId, sn, true);
      if (row.status === 'NEEDS_MAPPING') {
        throw new AppError('conflict', 'Map every item to a variant before receiving.', {
          reason: 'receiving_needs_mapping',
        });
      }
      if (row.status !== 'IN_TRANSIT') throw closed(row);
      const items = await tx
        .select()
        .from(fulfillmentReceivingItems)
        .where(eq(fulfillmentReceivingItems.receivingId, row.id))
        .orderBy(asc(fulfillmentReceivingItems.position));
      const itemOf = new Map(items.map((item) => [item.id, item]));
      const totals = new Map(items.map((item) => [item.id, { quantity: 0, damaged: 0 }]));
      const counts: (typeof fulfillmentReceivingCounts.$inferInsert)[] = [];
      body.cartons.forEach((carton, cartonIndex) => {
        const seen = new Set<string>();
        carton.counts.forEach((count, countIndex) => {
          const at = `cartons.${cartonIndex}.counts.${countIndex}`;
          if (!itemOf.has(count.itemId)) {
            throw fieldError(`${at}.itemId`, 'This receiving has no such item.');
          }
          if (seen.has(count.itemId)) {
            throw fieldError(`cartons.${cartonIndex}.counts`, 'Count each item once per carton.');
          }
          seen.add(count.itemId);
          if (count.damaged > count.quantity) {
            throw fieldError(
              `${at}.damaged`,
              `${count.damaged} damaged is more than the ${count.quantity} counted.`,
            );
          }
          const total = totals.get(count.itemId)!;
          total.quantity += count.quantity;
          total.damaged += count.damaged;
          counts.push({
            receivingId: row.id,
            itemId: count.itemId,
            cartonNumber: cartonIndex + 1,
            storeId: actor.storeId,
            quantity: count.quantity,
            damaged: count.damaged,
          });
        });
      });
      for (const [itemId, total] of totals) {
        if (total.quantity > 2_000_000_000) {
          throw fieldError('cartons', `Too many units of “${itemOf.get(itemId)!.title}”.`);
        }
      }
      const now = clock.now();
      await tx.insert(fulfillmentReceivingCounts).values(counts);
      for (const item of items) {
        const total = totals.get(item.id)!;
        await tx
          .update(fulfillmentReceivingItems)
          .set({ receivedQuantity: total.quantity, damagedQuantity: total.damaged })
          .where(eq(fulfillmentReceivingItems.id, item.id));
      }
      // Good units per variant, locked in variant order as reservations lock them.
      const good = new Map<string, number>();
      for (const item of items) {
        const total = totals.get(item.id)!;
        const units = total.quantity - total.damaged;
        if (units > 0) good.set(item.variantId!, (good.get(item.variantId!) ?? 0) + units);
      }
      const variantIds = [...good.keys()].sort();
      if (variantIds.length > 0) {
        await createMissingLevels(tx, {
          storeId: actor.storeId,
          warehouseId: row.warehouseId,
          variantIds,
          now,
        });
        const levels = await tx
          .select()
          .from(fulfillmentInventoryLevels)
          .where(
            and(
              inArray(fulfillmentInventoryLevels.variantId, variantIds),
              eq(fulfillmentInventoryLevels.warehouseId, row.warehouseId),
            ),
          )
          .orderBy(asc(fulfillmentInventoryLevels.variantId))
          .for('update');
        const movements: (typeof fulfillmentInventoryMovements.$inferInsert)[] = [];
        for (const level of levels) {
          const units = good.get(level.variantId)!;
          const onHandAfter = level.onHand + units;
          if (onHandAfter > 2_000_000_000) {
            throw fieldError(
              'cartons',
              'This count would put more units on hand than we can hold.',
            );
          }
          await tx
            .update(fulfillmentInventoryLevels)
            .set({ onHand: onHandAfter, updatedAt: now })
            .where(
              and(
                eq(fulfillmentInventoryLevels.variantId, level.variantId),
                eq(fulfillmentInventoryLevels.warehouseId, row.warehouseId),
              ),
            );
          movements.push({
            id: newId('imv'),
            storeId: actor.storeId,
            variantId: level.variantId,
            warehouseId: row.warehouseId,
            kind: 'RECEIVING',
            onHandChange: units,
            reservedChange: 0,
            onHandAfter,
            reservedAfter: level.reserved,
            note: receivingSn(row.number),
            receivingId: row.id,
            userId: actor.userId,
            createdAt: now,
          });
        }
        await tx.insert(fulfillmentInventoryMovements).values(movements);
      }
      const fees: { kind: ReceivingIncidentKind; note: string | null }[] = [
        ...body.incidents.map((incident) => ({
          kind: incident.kind,
          note: incident.note || null,
        })),
        ...body.pallets.flatMap((pallet) =>
          isOversizePallet(pallet)
            ? [
                {
                  kind: 'OVERSIZE_PALLET' as const,
                  note: `${pallet.lengthIn}×${pallet.widthIn}×${pallet.heightIn} in, ${pallet.weightLb} lb`,
                },
              ]
            : [],
        ),
      ];
      if (fees.length > 0) {
        await tx.insert(fulfillmentFees).values(
          fees.map((fee) => ({
            id: newId('ffe'),
            storeId: actor.storeId,
            kind: fee.kind,
            receivingId: row.id,
            amount: RECEIVING_INCIDENT_FEE.amount,
            currencyCode: RECEIVING_INCIDENT_FEE.currencyCode,
            note: fee.note,
            createdAt: now,
          })),
        );
      }
      const [next] = await tx
        .update(fulfillmentReceivings)
        .set({
          status: 'RECEIVED',
          cartonCount: body.cartons.length,
          receivedAt: now,
          updatedAt: now,
        })
        .where(eq(fulfillmentReceivings.id, row.id))
        .returning();
      if (variantIds.length > 0) {
        await events.publish(tx, 'fulfillment.receiving.received', {
          aggregateId: row.id,
          storeId: actor.storeId,
          payload: { storeId: actor.storeId, receivingId: row.id, variantIds },
        });
      }
      return {
        detail: await detailOf(tx, next!),
        orderItemIds: items.flatMap((item) =>
          item.creatorOrderItemId ? [item.creatorOrderItemId] : [],
        ),
      };
    });
    if (result.orderItemIds.length > 0) {
      await sourcing.markArrived(actor, result.orderItemIds);
    }
    return result.detail;
  };

  /**
   * Cancels one of the store's receivings that is not counted yet, with a reason. 409
   * `receiving_closed` once received or canceled.
   */
  const cancel = async (actor: StoreActor, sn: string, reason: string): Promise<Receiving> =>
    db.transaction(async (tx) => {
      const row = await findBySn(tx, actor.storeId, sn, true);
      if (row.status !== 'NEEDS_MAPPING' && row.status !== 'IN_TRANSIT') throw closed(row);
      const [next] = await tx
        .update(fulfillmentReceivings)
        .set({ status: 'CANCELED', canceledReason: reason, updatedAt: clock.now() })
        .where(eq(fulfillmentReceivings.id, row.id))
        .returning();
      return detailOf(tx, next!);
    });

  return { list, listReceivable, get, create, mapItem, receive, cancel };
};
export type ReceivingService = ReturnType<typeof createReceivingService>;
