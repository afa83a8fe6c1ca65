import { and, asc, desc, eq, ilike, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type {
  AdjustInventoryBody,
  InventoryLevel,
  InventoryMovement,
  LineReservationStatus,
  OrderReservation,
  Warehouse,
} from '@atelier/contract/fulfillment/inventory';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { salesOrderLines, salesOrders, salesProducts, salesProductVariants } from '@/db/schema';
import {
  fulfillmentInventoryLevels,
  fulfillmentInventoryMovements,
  fulfillmentReservations,
  fulfillmentWarehouses,
  type FulfillmentInventoryMovementRow,
} from './fulfillment.table';
import { createMissingLevels, toWarehouse } from './warehouses';

type Page<T> = { items: T[]; nextCursor: string | null };

const variantNotFound = () =>
  new AppError('not_found', 'No product variant of this store has this id.', {
    reason: 'variant_not_found',
  });
const warehouseNotFound = () =>
  new AppError('not_found', 'No warehouse has this id.', { reason: 'warehouse_not_found' });
const orderNotFound = () =>
  new AppError('not_found', 'No order of this store has this id.', { reason: 'order_not_found' });
const badCursor = () =>
  new AppError('bad_request', 'This page cursor is not one the list gave.', {
    details: [{ field: 'query.cursor', message: 'Not a cursor of this list.' }],
  });

const toMovement = (row: FulfillmentInventoryMovementRow): InventoryMovement => ({
  id: row.id,
  variantId: row.variantId,
  warehouseId: row.warehouseId,
  kind: row.kind,
  onHandChange: row.onHandChange,
  reservedChange: row.reservedChange,
  onHandAfter: row.onHandAfter,
  reservedAfter: row.reservedAfter,
  reason: row.reason,
  note: row.note,
  orderId: row.orderId,
  createdAt: row.createdAt.toISOString(),
});

const encodeCursor = (parts: string[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
const decodeCursor = (cursor: string, length: number): string[] => {
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parts) &&
      parts.length === length &&
      parts.every((part) => typeof part === 'string')
    ) {
      return parts;
    }
  } catch {
    // Falls through to the 400.
  }
  throw badCursor();
};

/**
 * A level row locked for the transaction (created at 0 in the warehouse's next bin first when the
 * variant has none there).
 */
const lockLevel = async (
  tx: Database,
  storeId: string,
  variantId: string,
  warehouseId: string,
  now: Date,
) => {
  await createMissingLevels(tx, { storeId, warehouseId, variantIds: [variantId], now });
  const [level] = await tx
    .select()
    .from(fulfillmentInventoryLevels)
    .where(
      and(
        eq(fulfillmentInventoryLevels.variantId, variantId),
        eq(fulfillmentInventoryLevels.warehouseId, warehouseId),
      ),
    )
    .for('update');
  return level!;
};

export type InventoryServiceDeps = { db: Database; clock: Clock };

/**
 * Issue 15 (ARCHITECTURE.md §3 `fulfillment`): the center's warehouses, the stock of each variant
 * per warehouse (on hand, reserved, available) with its ledger, adjustments by hand, and the
 * reservation of store orders' lines. Every change of a level and its ledger row are written in
 * one transaction; the database refuses a negative count or more reserved than on hand.
 */
export const createInventoryService = ({ db, clock }: InventoryServiceDeps) => {
  /** The warehouses, the default one first. */
  const listWarehouses = async (): Promise<Warehouse[]> =>
    (
      await db
        .select()
        .from(fulfillmentWarehouses)
        .orderBy(desc(fulfillmentWarehouses.isDefault), asc(fulfillmentWarehouses.code))
    ).map(toWarehouse);

  const defaultWarehouseId = async (handle: Database = db): Promise<string> => {
    const [found] = await handle
      .select({ id: fulfillmentWarehouses.id })
      .from(fulfillmentWarehouses)
      .where(eq(fulfillmentWarehouses.isDefault, true));
    if (!found) throw new AppError('unavailable', 'The fulfillment center has no warehouse yet.');
    return found.id;
  };

  /**
   * A page of the store's tracked variants (by SKU, then id) with their stock and bin in the
   * default warehouse: 0 and no bin for a variant never stocked there. `search` matches the SKU
   * or product title (any case). 400 `query.cursor` for a cursor the list did not give.
   */
  const listInventory = async (
    storeId: string,
    query: { limit: number; cursor?: string; search?: string },
  ): Promise<Page<InventoryLevel>> => {
    const warehouseId = await defaultWarehouseId();
    const after = query.cursor ? decodeCursor(query.cursor, 2) : null;
    const skuKey = sql<string>`coalesce(${salesProductVariants.sku}, '')`;
    const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, '\\$&')}%` : null;
    const rows = await db
      .select({
        variantId: salesProductVariants.id,
        sku: salesProductVariants.sku,
        skuKey,
        optionValues: salesProductVariants.optionValues,
        productTitle: salesProducts.title,
        onHand: fulfillmentInventoryLevels.onHand,
        reserved: fulfillmentInventoryLevels.reserved,
        binCode: fulfillmentInventoryLevels.binCode,
        updatedAt: fulfillmentInventoryLevels.updatedAt,
      })
      .from(salesProductVariants)
      .innerJoin(salesProducts, eq(salesProducts.id, salesProductVariants.productId))
      .leftJoin(
        fulfillmentInventoryLevels,
        and(
          eq(fulfillmentInventoryLevels.variantId, salesProductVariants.id),
          eq(fulfillmentInventoryLevels.warehouseId, warehouseId),
        ),
      )
      .where(
        and(
          eq(salesProductVariants.storeId, storeId),
          eq(salesProductVariants.tracked, true),
          pattern
            ? or(ilike(salesProductVariants.sku, pattern), ilike(salesProducts.title, pattern))
            : undefined,
          after
            ? sql`(${skuKey}, ${salesProductVariants.id}) > (${after[0]}, ${after[1]})`
            : undefined,
        ),
      )
      .orderBy(asc(skuKey), asc(salesProductVariants.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => {
        const onHand = row.onHand ?? 0;
        const reserved = row.reserved ?? 0;
        return {
          variantId: row.variantId,
          sku: row.sku,
          productTitle: row.productTitle,
          variantTitle: row.optionValues.join(' / '),
          warehouseId,
          binCode: row.binCode ?? null,
          onHand,
          reserved,
          available: Math.max(0, onHand - reserved),
          updatedAt: row.updatedAt?.toISOString() ?? null,
        };
      }),
      nextCursor:
        rows.length > query.limit && last ? encodeCursor([last.skuKey, last.variantId]) : null,
    };
  };

  const findVariant = async (handle: Database, storeId: string, variantId: string) => {
    const [variant] = await handle
      .select({ id: salesProductVariants.id })
      .from(salesProductVariants)
      .where(
        and(eq(salesProductVariants.storeId, storeId), eq(salesProductVariants.id, variantId)),
      );
    return variant;
  };

  /**
   * The ledger of one of the store's variants, newest first. 404 `variant_not_found` for a
   * variant of another store (or none); 400 `query.cursor` for a cursor the list did not give.
   */
  const listMovements = async (
    storeId: string,
    variantId: string,
    query: { limit: number; cursor?: string },
  ): Promise<Page<InventoryMovement>> => {
    if (!(await findVariant(db, storeId, variantId))) throw variantNotFound();
    const after = query.cursor ? decodeCursor(query.cursor, 1) : null;
    const afterSeq = after ? Number(after[0]) : null;
    if (afterSeq !== null && !Number.isSafeInteger(afterSeq)) throw badCursor();
    const rows = await db
      .select()
      .from(fulfillmentInventoryMovements)
      .where(
        and(
          eq(fulfillmentInventoryMovements.storeId, storeId),
          eq(fulfillmentInventoryMovements.variantId, variantId),
          afterSeq === null ? undefined : lt(fulfillmentInventoryMovements.seq, afterSeq),
        ),
      )
      .orderBy(desc(fulfillmentInventoryMovements.seq))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toMovement),
      nextCursor: rows.length > query.limit && last ? encodeCursor([String(last.seq)]) : null,
    };
  };

  /**
   * Changes the units on hand of one of the store's variants by hand (`body.change`, negative
   * takes units away) with a reason, and writes its ledger row; returns that row. 404
   * `variant_not_found` / `warehouse_not_found`; 400 `change` when it would leave fewer units on
   * hand than are reserved for orders, or fewer than 0. Nothing changes on an error.
   */
  const adjust = async (
    actor: { storeId: string; userId: string },
    body: AdjustInventoryBody,
  ): Promise<InventoryMovement> =>
    db.transaction(async (tx) => {
      if (!(await findVariant(tx, actor.storeId, body.variantId))) throw variantNotFound();
      let warehouseId = body.warehouseId;
      if (warehouseId) {
        const [warehouse] = await tx
          .select({ id: fulfillmentWarehouses.id })
          .from(fulfillmentWarehouses)
          .where(eq(fulfillmentWarehouses.id, warehouseId));
        if (!warehouse) throw warehouseNotFound();
      } else {
        warehouseId = await defaultWarehouseId(tx);
      }
      const now = clock.now();
      const level = await lockLevel(tx, actor.storeId, body.variantId, warehouseId, now);
      const onHandAfter = level.onHand + body.change;
      if (onHandAfter < level.reserved) {
        const message =
          level.reserved > 0
            ? `This would leave ${onHandAfter} on hand, fewer than the ${level.reserved} reserved for orders.`
            : `This would leave ${onHandAfter} on hand; there are ${level.onHand}.`;
        throw new AppError('bad_request', message, {
          details: [{ field: 'change', message }],
        });
      }
      await tx
        .update(fulfillmentInventoryLevels)
        .set({ onHand: onHandAfter, updatedAt: now })
        .where(
          and(
            eq(fulfillmentInventoryLevels.variantId, body.variantId),
            eq(fulfillmentInventoryLevels.warehouseId, warehouseId),
          ),
        );
      const [movement] = await tx
        .insert(fulfillmentInventoryMovements)
        .values({
          id: newId('imv'),
          storeId: actor.storeId,
          variantId: body.variantId,
          warehouseId,
          kind: 'ADJUSTMENT',
          onHandChange: body.change,
          reservedChange: 0,
          onHandAfter,
          reservedAfter: level.reserved,
          reason: body.reason,
          note: body.note || null,
          userId: actor.userId,
          createdAt: now,
        })
        .returning();
      return toMovement(movement!);
    });

  type LineState = {
    lineId: string;
    sku: string | null;
    quantity: number;
    variantId: string | null;
    /** Its reservation was released (the line or order was canceled): it is not reserved again. */
    isReleased: boolean;
    /** Its units left with a shipment: nothing more to hold or send. */
    isShipped: boolean;
    /** The units held for the line (a released reservation is none). */
    reservation: { id: string; warehouseId: string; quantity: number } | null;
  };

  const lineStatesOf = async (handle: Database, storeId: string, orderId: string) => {
    const rows = await handle
      .select({
        lineId: salesOrderLines.id,
        sku: salesOrderLines.sku,
        quantity: sql<number>`(${salesOrderLines.quantity} - ${salesOrderLines.canceledQuantity})::int`,
        variantId: salesProductVariants.id,
        reservationId: fulfillmentReservations.id,
        reservationWarehouse: fulfillmentReservations.warehouseId,
        reservationQuantity: fulfillmentReservations.quantity,
        reservationStatus: fulfillmentReservations.status,
      })
      .from(salesOrderLines)
      .leftJoin(
        salesProductVariants,
        and(
          eq(salesProductVariants.storeId, storeId),
          eq(salesProductVariants.sku, salesOrderLines.sku),
          eq(salesProductVariants.tracked, true),
          isNotNull(salesOrderLines.sku),
        ),
      )
      .leftJoin(
        fulfillmentReservations,
        eq(fulfillmentReservations.orderLineId, salesOrderLines.id),
      )
      .where(and(eq(salesOrderLines.orderId, orderId), eq(salesOrderLines.storeId, storeId)))
      .orderBy(asc(salesOrderLines.position));
    return rows.map((row): LineState => ({
      lineId: row.lineId,
      sku: row.sku,
      quantity: Math.max(0, row.quantity),
      variantId: row.variantId,
      isReleased: row.reservationStatus === 'RELEASED',
      isShipped: row.reservationStatus === 'SHIPPED',
      reservation:
        row.reservationId && row.reservationStatus === 'RESERVED'
          ? {
              id: row.reservationId,
              warehouseId: row.reservationWarehouse!,
              quantity: row.reservationQuantity!,
            }
          : null,
    }));
  };

  const reservationOf = (orderId: string, lines: LineState[]): OrderReservation => {
    const out = lines.map((line) => {
      let status: LineReservationStatus;
      if (line.reservation) status = 'RESERVED';
      else if (line.isShipped) status = 'SHIPPED';
      else if (line.quantity === 0) status = 'CANCELED';
      else if (!line.variantId) status = 'NOT_STOCKED';
      else status = 'MISSING_STOCK';
      return {
        lineId: line.lineId,
        sku: line.sku,
        variantId: line.variantId,
        warehouseId: line.reservation?.warehouseId ?? null,
        quantity: line.quantity,
        reserved: line.reservation?.quantity ?? 0,
        status,
      };
    });
    return {
      orderId,
      lines: out,
      isMissingStock: out.some((line) => line.status === 'MISSING_STOCK'),
    };
  };

  const findOrder = async (handle: Database, storeId: string, orderId: string, lock: boolean) => {
    const query = handle
      .select({ id: salesOrders.id, cancelState: salesOrders.cancelState })
      .from(salesOrders)
      .where(and(eq(salesOrders.storeId, storeId), eq(salesOrders.id, orderId)));
    const [order] = lock ? await query.for('update') : await query;
    return order;
  };

  /** How each line of one of the store's orders stands. 404 `order_not_found`. */
  const readReservation = async (storeId: string, orderId: string): Promise<OrderReservation> => {
    if (!(await findOrder(db, storeId, orderId, false))) throw orderNotFound();
    return reservationOf(orderId, await lineStatesOf(db, storeId, orderId));
  };

  /**
   * Reserves, in the default warehouse, the units of every line of one of the store's orders
   * that is not reserved yet: all of a line's units or none (MISSING_STOCK), lines in order. One
   * transaction locks the order (a second call for it waits, then finds its lines reserved), then
   * the levels it needs in variant order (two orders never wait on each other crosswise), so two
   * orders never hold the same unit. A canceled order reserves nothing. 404 `order_not_found`.
   */
  const reserveOrder = async (storeId: string, orderId: string): Promise<OrderReservation> =>
    db.transaction(async (tx) => {
      const order = await findOrder(tx, storeId, orderId, true);
      if (!order) throw orderNotFound();
      const lines = await lineStatesOf(tx, storeId, orderId);
      const open = lines.filter(
        (line) =>
          !line.reservation &&
          !line.isReleased &&
          !line.isShipped &&
          line.quantity > 0 &&
          line.variantId !== null,
      );
      if (order.cancelState === 'CANCELED' || open.length === 0) {
        return reservationOf(orderId, lines);
      }
      const warehouseId = await defaultWarehouseId(tx);
      const variantIds = [...new Set(open.map((line) => line.variantId!))].sort();
      const levels = await tx
        .select()
        .from(fulfillmentInventoryLevels)
        .where(
          and(
            inArray(fulfillmentInventoryLevels.variantId, variantIds),
            eq(fulfillmentInventoryLevels.warehouseId, warehouseId),
          ),
        )
        .orderBy(asc(fulfillmentInventoryLevels.variantId))
        .for('update');
      const levelOf = new Map(levels.map((level) => [level.variantId, { ...level }]));
      const changed = new Set<string>();
      const reservations: (typeof fulfillmentReservations.$inferInsert)[] = [];
      const movements: (typeof fulfillmentInventoryMovements.$inferInsert)[] = [];
      const now = clock.now();
      for (const line of open) {
        const level = levelOf.get(line.variantId!);
        if (!level || level.onHand - level.reserved < line.quantity) continue;
        level.reserved += line.quantity;
        changed.add(level.variantId);
        const id = newId('rsv');
        reservations.push({
          id,
          storeId,
          orderId,
          orderLineId: line.lineId,
          variantId: level.variantId,
          warehouseId,
          quantity: line.quantity,
          status: 'RESERVED',
          createdAt: now,
          updatedAt: now,
        });
        // In line order: the ledger's seq keeps the order of one statement's rows.
        movements.push({
          id: newId('imv'),
          storeId,
          variantId: level.variantId,
          warehouseId,
          kind: 'RESERVATION',
          onHandChange: 0,
          reservedChange: line.quantity,
          onHandAfter: level.onHand,
          reservedAfter: level.reserved,
          orderId,
          orderLineId: line.lineId,
          createdAt: now,
        });
        line.reservation = { id, warehouseId, quantity: line.quantity };
      }
      if (reservations.length > 0) {
        await tx.insert(fulfillmentReservations).values(reservations);
        await tx.insert(fulfillmentInventoryMovements).values(movements);
      }
      for (const variantId of changed) {
        await tx
          .update(fulfillmentInventoryLevels)
          .set({ reserved: levelOf.get(variantId)!.reserved, updatedAt: now })
          .where(
            and(
              eq(fulfillmentInventoryLevels.variantId, variantId),
              eq(fulfillmentInventoryLevels.warehouseId, warehouseId),
            ),
          );
      }
      return reservationOf(orderId, lines);
    });

  /**
   * Gives back the units held for what was canceled on one of the store's orders: the units a
   * line no longer has (partly canceled: the reservation shrinks; wholly: it is RELEASED) and
   * every line of a canceled order, each with a RELEASE ledger row. The order and then the levels
   * are locked as `reserveOrder` locks them. An order that is gone or has nothing to give back
   * changes nothing (so a redelivered event is harmless).
   */
  const releaseCanceled = async (storeId: string, orderId: string): Promise<void> =>
    db.transaction(async (tx) => {
      const order = await findOrder(tx, storeId, orderId, true);
      if (!order) return;
      const isCanceled = order.cancelState === 'CANCELED';
      const shrinking = (await lineStatesOf(tx, storeId, orderId)).flatMap((line) => {
        if (!line.reservation || !line.variantId) return [];
        const keep = isCanceled ? 0 : Math.min(line.quantity, line.reservation.quantity);
        return keep < line.reservation.quantity
          ? [
              {
                lineId: line.lineId,
                reservation: line.reservation,
                keep,
                variantId: line.variantId,
              },
            ]
          : [];
      });
      if (shrinking.length === 0) return;
      const variantIds = [...new Set(shrinking.map((one) => one.variantId))].sort();
      const levels = await tx
        .select()
        .from(fulfillmentInventoryLevels)
        .where(inArray(fulfillmentInventoryLevels.variantId, variantIds))
        .orderBy(
          asc(fulfillmentInventoryLevels.variantId),
          asc(fulfillmentInventoryLevels.warehouseId),
        )
        .for('update');
      const now = clock.now();
      for (const { lineId, reservation, keep, variantId } of shrinking) {
        const level = levels.find(
          (one) => one.variantId === variantId && one.warehouseId === reservation.warehouseId,
        )!;
        const released = reservation.quantity - keep;
        level.reserved -= released;
        await tx
          .update(fulfillmentReservations)
          .set(
            keep > 0 ? { quantity: keep, updatedAt: now } : { status: 'RELEASED', updatedAt: now },
          )
          .where(eq(fulfillmentReservations.id, reservation.id));
        await tx
          .update(fulfillmentInventoryLevels)
          .set({ reserved: level.reserved, updatedAt: now })
          .where(
            and(
              eq(fulfillmentInventoryLevels.variantId, variantId),
              eq(fulfillmentInventoryLevels.warehouseId, reservation.warehouseId),
            ),
          );
        await tx.insert(fulfillmentInventoryMovements).values({
          id: newId('imv'),
          storeId,
          variantId,
          warehouseId: reservation.warehouseId,
          kind: 'RELEASE',
          onHandChange: 0,
          reservedChange: -released,
          onHandAfter: level.onHand,
          reservedAfter: level.reserved,
          orderId,
          orderLineId: lineId,
          createdAt: now,
        });
      }
    });

  /**
   * The store's order lines waiting for stock: a tracked variant's SKU, no reservation, units
   * left to ship, on an order not canceled, fulfilled or sent (sent orders are FINISHED: the tabs
   * index finds a store's open orders among its history). Of these variants, or of any (null).
   */
  const waitingLines = (storeId: string, variantIds: string[] | null) =>
    and(
      eq(salesOrderLines.storeId, storeId),
      variantIds ? inArray(salesProductVariants.id, variantIds) : undefined,
      sql`${fulfillmentReservations.id} is null`,
      sql`${salesOrderLines.quantity} > ${salesOrderLines.canceledQuantity}`,
      sql`${salesOrders.cancelState} <> 'CANCELED'`,
      sql`${salesOrders.fulfillmentState} <> 'FULFILLED'`,
      sql`${salesOrders.productionStatus} <> 'FINISHED'`,
    );
  /**
   * Reserves the store's orders waiting for stock (see `waitingLines`), oldest first, at most
   * `limit`: of these variants after a receiving or restock, or of any variant (`variantIds` null)
   * after an order import. Each order is reserved as `reserveOrder` reserves it, so an order that
   * became whole meanwhile is left as it is. Returns how many orders were looked at.
   */
  const reserveWaiting = async (
    storeId: string,
    variantIds: string[] | null,
    limit = 1000,
  ): Promise<number> => {
    if (variantIds?.length === 0) return 0;
    const waiting = await db
      .select({ orderId: salesOrders.id, placedAt: salesOrders.placedAt })
      .from(salesOrderLines)
      .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
      .innerJoin(
        salesProductVariants,
        and(
          eq(salesProductVariants.storeId, storeId),
          eq(salesProductVariants.sku, salesOrderLines.sku),
          eq(salesProductVariants.tracked, true),
        ),
      )
      .leftJoin(
        fulfillmentReservations,
        eq(fulfillmentReservations.orderLineId, salesOrderLines.id),
      )
      .where(waitingLines(storeId, variantIds))
      .groupBy(salesOrders.id, salesOrders.placedAt)
      .orderBy(asc(salesOrders.placedAt), asc(salesOrders.id))
      .limit(limit);
    for (const { orderId } of waiting) await reserveOrder(storeId, orderId);
    return waiting.length;
  };

  /**
   * Units the store's open orders wait for, per variant (lines with no reservation, see
   * `waitingLines`): what a pre-sale has sold beyond the stock. Variants with none are absent.
   */
  const waitingUnits = async (
    storeId: string,
    variantIds: string[],
  ): Promise<Map<string, number>> => {
    if (variantIds.length === 0) return new Map();
    const rows = await db
      .select({
        variantId: salesProductVariants.id,
        units:
          sql<number>`sum(${salesOrderLines.quantity} - ${salesOrderLines.canceledQuantity})`.mapWith(
            Number,
          ),
      })
      .from(salesOrderLines)
      .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
      .innerJoin(
        salesProductVariants,
        and(
          eq(salesProductVariants.storeId, storeId),
          eq(salesProductVariants.sku, salesOrderLines.sku),
          eq(salesProductVariants.tracked, true),
        ),
      )
      .leftJoin(
        fulfillmentReservations,
        eq(fulfillmentReservations.orderLineId, salesOrderLines.id),
      )
      .where(waitingLines(storeId, variantIds))
      .groupBy(salesProductVariants.id);
    return new Map(rows.map((row) => [row.variantId, row.units]));
  };

  /**
   * Inside the caller's transaction (the order row locked first): the units reserved for these
   * lines of the order leave stock with `shipmentId` (on hand and reserved both fall; a SHIPMENT
   * ledger row per line; the reservation is SHIPPED). Levels are locked in variant order as
   * `reserveOrder` locks them. Returns the lines shipped, and whether every line of the order with
   * units to send has now shipped (the order is FULFILLED) or not (PARTIAL). 409
   * `line_not_reserved` when a line asked for holds no reserved units.
   */
  const shipLines = async (
    tx: Database,
    input: { storeId: string; orderId: string; shipmentId: string; lineIds: string[] | null },
  ): Promise<{
    lines: { orderLineId: string; variantId: string; quantity: number; sku: string | null }[];
    isWholeOrder: boolean;
  }> => {
    const { storeId, orderId, shipmentId } = input;
    const lines = await lineStatesOf(tx, storeId, orderId);
    const shipped = await tx
      .select({ orderLineId: fulfillmentReservations.orderLineId })
      .from(fulfillmentReservations)
      .where(
        and(
          eq(fulfillmentReservations.orderId, orderId),
          eq(fulfillmentReservations.status, 'SHIPPED'),
        ),
      );
    const isShipped = new Set(shipped.map((row) => row.orderLineId));
    const wanted = input.lineIds ?? lines.filter((line) => line.reservation).map((l) => l.lineId);
    const picked = wanted.map((lineId) => {
      const line = lines.find((one) => one.lineId === lineId);
      if (!line?.reservation || !line.variantId) {
        throw new AppError(
          'conflict',
          line && isShipped.has(line.lineId)
            ? `Line ${line.sku ?? line.lineId} has shipped already.`
            : `Line ${line?.sku ?? lineId} has no units reserved to ship.`,
          { reason: 'line_not_reserved' },
        );
      }
      return line;
    });
    if (picked.length === 0) {
      throw new AppError('conflict', 'Nothing of this order is reserved to ship yet.', {
        reason: 'line_not_reserved',
      });
    }
    const byLevel = [...picked].sort((a, b) =>
      `${a.variantId}|${a.reservation!.warehouseId}`.localeCompare(
        `${b.variantId}|${b.reservation!.warehouseId}`,
      ),
    );
    const variantIds = [...new Set(byLevel.map((line) => line.variantId!))];
    const levels = await tx
      .select()
      .from(fulfillmentInventoryLevels)
      .where(inArray(fulfillmentInventoryLevels.variantId, variantIds))
      .orderBy(
        asc(fulfillmentInventoryLevels.variantId),
        asc(fulfillmentInventoryLevels.warehouseId),
      )
      .for('update');
    const now = clock.now();
    for (const line of picked) {
      const { reservation } = line;
      const level = levels.find(
        (one) => one.variantId === line.variantId && one.warehouseId === reservation!.warehouseId,
      )!;
      level.onHand -= reservation!.quantity;
      level.reserved -= reservation!.quantity;
      await tx
        .update(fulfillmentInventoryLevels)
        .set({ onHand: level.onHand, reserved: level.reserved, updatedAt: now })
        .where(
          and(
            eq(fulfillmentInventoryLevels.variantId, level.variantId),
            eq(fulfillmentInventoryLevels.warehouseId, level.warehouseId),
          ),
        );
      await tx
        .update(fulfillmentReservations)
        .set({ status: 'SHIPPED', updatedAt: now })
        .where(eq(fulfillmentReservations.id, reservation!.id));
      await tx.insert(fulfillmentInventoryMovements).values({
        id: newId('imv'),
        storeId,
        variantId: level.variantId,
        warehouseId: level.warehouseId,
        kind: 'SHIPMENT',
        onHandChange: -reservation!.quantity,
        reservedChange: -reservation!.quantity,
        onHandAfter: level.onHand,
        reservedAfter: level.reserved,
        orderId,
        orderLineId: line.lineId,
        shipmentId,
        createdAt: now,
      });
      isShipped.add(line.lineId);
    }
    return {
      lines: picked.map((line) => ({
        orderLineId: line.lineId,
        variantId: line.variantId!,
        quantity: line.reservation!.quantity,
        sku: line.sku,
      })),
      // Every line with units to send has shipped (a canceled line has none).
      isWholeOrder: lines.every((line) => line.quantity === 0 || isShipped.has(line.lineId)),
    };
  };

  /**
   * Returned units inspected GOOD go back on hand in the default warehouse, within the caller's
   * transaction: one RETURN_RESTOCK ledger row per call (`note` names the return). `quantity` > 0.
   */
  const restockReturn = async (
    tx: Database,
    input: {
      storeId: string;
      variantId: string;
      quantity: number;
      orderId: string;
      orderLineId: string;
      note: string;
    },
  ): Promise<void> => {
    const warehouseId = await defaultWarehouseId(tx);
    const now = clock.now();
    const level = await lockLevel(tx, input.storeId, input.variantId, warehouseId, now);
    const onHandAfter = level.onHand + input.quantity;
    await tx
      .update(fulfillmentInventoryLevels)
      .set({ onHand: onHandAfter, updatedAt: now })
      .where(
        and(
          eq(fulfillmentInventoryLevels.variantId, input.variantId),
          eq(fulfillmentInventoryLevels.warehouseId, warehouseId),
        ),
      );
    await tx.insert(fulfillmentInventoryMovements).values({
      id: newId('imv'),
      storeId: input.storeId,
      variantId: input.variantId,
      warehouseId,
      kind: 'RETURN_RESTOCK',
      onHandChange: input.quantity,
      reservedChange: 0,
      onHandAfter,
      reservedAfter: level.reserved,
      orderId: input.orderId,
      orderLineId: input.orderLineId,
      note: input.note,
      createdAt: now,
    });
  };

  /**
   * Kits assembled at the center (issue 15 kitting), within the caller's transaction: each
   * component loses `quantity × kits` on hand and the bundle variant gains `kits`, all in the
   * default warehouse, one KITTING ledger row per variant (`note` names the request). The level
   * rows are locked in variant order, as reservations lock them. 409 `not_enough_stock` naming the
   * first component whose available units (on hand − reserved) fall short; nothing changes then.
   */
  const assembleKits = async (
    tx: Database,
    input: {
      storeId: string;
      bundleVariantId: string;
      kits: number;
      components: { variantId: string; sku: string | null; quantity: number }[];
      note: string;
    },
  ): Promise<void> => {
    const warehouseId = await defaultWarehouseId(tx);
    const now = clock.now();
    const changes = new Map<string, number>(
      input.components.map((component) => [component.variantId, -component.quantity * input.kits]),
    );
    changes.set(input.bundleVariantId, (changes.get(input.bundleVariantId) ?? 0) + input.kits);
    const ordered = [...changes.keys()].sort();
    // New levels get their bins before any level row is locked (createMissingLevels).
    await createMissingLevels(tx, {
      storeId: input.storeId,
      warehouseId,
      variantIds: ordered,
      now,
    });
    const levels = new Map<string, Awaited<ReturnType<typeof lockLevel>>>();
    for (const variantId of ordered) {
      levels.set(variantId, await lockLevel(tx, input.storeId, variantId, warehouseId, now));
    }
    for (const component of input.components) {
      const level = levels.get(component.variantId)!;
      const needed = component.quantity * input.kits;
      if (level.onHand - level.reserved < needed) {
        throw new AppError(
          'conflict',
          `${component.sku ?? 'A component'} has ${level.onHand - level.reserved} available; ${needed} are needed for ${input.kits} kit${input.kits === 1 ? '' : 's'}.`,
          { reason: 'not_enough_stock' },
        );
      }
    }
    for (const variantId of ordered) {
      const level = levels.get(variantId)!;
      const change = changes.get(variantId)!;
      const onHandAfter = level.onHand + change;
      await tx
        .update(fulfillmentInventoryLevels)
        .set({ onHand: onHandAfter, updatedAt: now })
        .where(
          and(
            eq(fulfillmentInventoryLevels.variantId, variantId),
            eq(fulfillmentInventoryLevels.warehouseId, warehouseId),
          ),
        );
      await tx.insert(fulfillmentInventoryMovements).values({
        id: newId('imv'),
        storeId: input.storeId,
        variantId,
        warehouseId,
        kind: 'KITTING',
        onHandChange: change,
        reservedChange: 0,
        onHandAfter,
        reservedAfter: level.reserved,
        note: input.note,
        createdAt: now,
      });
    }
  };

  return {
    shipLines,
    assembleKits,
    restockReturn,
    reserveWaiting,
    waitingUnits,
    listWarehouses,
    listInventory,
    listMovements,
    adjust,
    readReservation,
    reserveOrder,
    releaseCanceled,
  };
};
export type InventoryService = ReturnType<typeof createInventoryService>;
