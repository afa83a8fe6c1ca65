import { and, asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { FULFILLMENT_FEE_CURRENCY, PRIORITY_FEE_CENTS } from '@atelier/contract/fulfillment/fees';
import type { LineTracking, OrderOptions } from '@atelier/contract/fulfillment/order-options';
import type { ShippingMethod } from '@atelier/contract/fulfillment/rules';
import type { Database } from '@/db/client';
import { salesOrderLines } from '@/db/schema';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { CENTER_TIME_ZONE, SHIP_CUT_OFF_HOUR } from '../fees/calendar';
import { fulfillmentShipmentLines, fulfillmentShipments } from '../fulfillment.table';
import { shipmentSn } from '../shipment.service';
import { fulfillmentOrderOptions, type FulfillmentOrderOptionsRow } from './order-options.table';
import {
  assertOrderOpen,
  isOrderOpen,
  readStoreOrderState,
  type StoreOrderState,
} from '../order-state';

/**
 * The center day (YYYY-MM-DD, America/New_York) a priority order asked at `askedAt` ships by:
 * that day when asked on a weekday before 12:00 New York time, otherwise the next weekday.
 * Example: Monday 11:59 → Monday; Monday 12:00 → Tuesday; Friday 13:00, Saturday → Monday.
 */
export const priorityShipsBy = (askedAt: Date): string => {
  const asked = DateTime.fromJSDate(askedAt, { zone: CENTER_TIME_ZONE });
  let day = asked.startOf('day');
  if (day.weekday > 5 || asked.hour >= SHIP_CUT_OFF_HOUR) {
    do day = day.plus({ days: 1 });
    while (day.weekday > 5);
  }
  return day.toISODate()!;
};

type OrderState = Pick<StoreOrderState, 'fulfillmentState' | 'cancelState'>;

const toOptions = (
  orderId: string,
  order: OrderState,
  row: FulfillmentOrderOptionsRow | undefined,
): OrderOptions => {
  const isPriority = row?.isPriority ?? false;
  const priorityAt = isPriority ? (row?.priorityAt ?? null) : null;
  return {
    orderId,
    shippingMethod: row?.shippingMethod ?? null,
    isPriority,
    priorityAt: priorityAt?.toISOString() ?? null,
    shipsBy: priorityAt ? priorityShipsBy(priorityAt) : null,
    priorityFee: { amount: PRIORITY_FEE_CENTS, currencyCode: FULFILLMENT_FEE_CURRENCY },
    canChange: isOrderOpen(order),
  };
};

export type OrderOptionsServiceDeps = { db: Database; clock: Clock };

/**
 * Issue 15 order options (spec §7 shipping-method, line-item tracking-info; priority fulfilment
 * as a flag): the shipping method a store order's label is bought with, priority fulfilment
 * ($10, charged once when the order ships) and where each line's units went. Store-scoped: an
 * order of another store is 404 `order_not_found`.
 */
export const createOrderOptionsService = ({ db, clock }: OrderOptionsServiceDeps) => {
  const readRow = async (handle: Database, storeId: string, orderId: string) =>
    (
      await handle
        .select()
        .from(fulfillmentOrderOptions)
        .where(
          and(
            eq(fulfillmentOrderOptions.storeId, storeId),
            eq(fulfillmentOrderOptions.orderId, orderId),
          ),
        )
    )[0];

  /** The order's options (defaults when never set). 404 `order_not_found`. */
  const getOptions = async (storeId: string, orderId: string): Promise<OrderOptions> => {
    const order = await readStoreOrderState(db, storeId, orderId, { lock: false });
    return toOptions(orderId, order, await readRow(db, storeId, orderId));
  };

  /**
   * Changes the options of an order not yet fulfilled nor canceled (its row locked meanwhile).
   * 404 `order_not_found`; 409 `order_already_shipped`.
   */
  const change = async (
    actor: Actor,
    orderId: string,
    next: (row: FulfillmentOrderOptionsRow | undefined) => {
      shippingMethod: ShippingMethod | null;
      isPriority: boolean;
      priorityAt: Date | null;
    },
  ): Promise<OrderOptions> =>
    db.transaction(async (tx) => {
      const order = await readStoreOrderState(tx, actor.storeId, orderId, { lock: true });
      assertOrderOpen(order, 'fulfillment options');
      const values = { ...next(await readRow(tx, actor.storeId, orderId)), updatedAt: clock.now() };
      const [row] = await tx
        .insert(fulfillmentOrderOptions)
        .values({ orderId, storeId: actor.storeId, ...values })
        .onConflictDoUpdate({ target: fulfillmentOrderOptions.orderId, set: values })
        .returning();
      return toOptions(orderId, order, row);
    });

  /** Spec §7 shipping-method: null lets the rules (or the cheapest rate) decide. */
  const setShippingMethod = (
    actor: Actor,
    orderId: string,
    shippingMethod: ShippingMethod | null,
  ): Promise<OrderOptions> =>
    change(actor, orderId, (row) => ({
      shippingMethod,
      isPriority: row?.isPriority ?? false,
      priorityAt: row?.priorityAt ?? null,
    }));

  /**
   * Priority fulfilment on (asked now; already on keeps when it was first asked, and so its
   * ship-by day) or off (the time is cleared).
   */
  const setPriority = (actor: Actor, orderId: string, isPriority: boolean): Promise<OrderOptions> =>
    change(actor, orderId, (row) => ({
      shippingMethod: row?.shippingMethod ?? null,
      isPriority,
      priorityAt: isPriority ? ((row?.isPriority ? row.priorityAt : null) ?? clock.now()) : null,
    }));

  /** The shipping method the store chose for the order (shipOrder's port), null if none. */
  const shippingMethodOf = async (storeId: string, orderId: string): Promise<string | null> =>
    (await readRow(db, storeId, orderId))?.shippingMethod ?? null;

  /** Whether the order asked for priority fulfilment (the fees' `isPriorityOrder` port). */
  const isPriorityOrder = async (storeId: string, orderId: string): Promise<boolean> =>
    (await readRow(db, storeId, orderId))?.isPriority ?? false;

  /**
   * Spec §7 line-item tracking-info: the store's parcels carrying units of one line of its
   * order, oldest first. 404 `order_not_found`, `line_item_not_found`.
   */
  const listLineTracking = async (
    storeId: string,
    orderId: string,
    lineId: string,
  ): Promise<LineTracking[]> => {
    await readStoreOrderState(db, storeId, orderId, { lock: false });
    const [line] = await db
      .select({ id: salesOrderLines.id })
      .from(salesOrderLines)
      .where(
        and(
          eq(salesOrderLines.storeId, storeId),
          eq(salesOrderLines.orderId, orderId),
          eq(salesOrderLines.id, lineId),
        ),
      );
    if (!line) {
      throw new AppError('not_found', 'This order has no line with this id.', {
        reason: 'line_item_not_found',
      });
    }
    const rows = await db
      .select({
        number: fulfillmentShipments.number,
        carrier: fulfillmentShipments.carrier,
        trackingNumber: fulfillmentShipments.trackingNumber,
        serviceLevel: fulfillmentShipments.serviceLevel,
        quantity: fulfillmentShipmentLines.quantity,
        status: fulfillmentShipments.status,
        labelStatus: fulfillmentShipments.labelStatus,
        createdAt: fulfillmentShipments.createdAt,
      })
      .from(fulfillmentShipmentLines)
      .innerJoin(
        fulfillmentShipments,
        eq(fulfillmentShipments.id, fulfillmentShipmentLines.shipmentId),
      )
      .where(
        and(
          eq(fulfillmentShipmentLines.storeId, storeId),
          eq(fulfillmentShipmentLines.orderLineId, lineId),
          eq(fulfillmentShipments.storeId, storeId),
          eq(fulfillmentShipments.orderId, orderId),
        ),
      )
      .orderBy(asc(fulfillmentShipments.number));
    return rows.map(({ number, createdAt, ...row }) => ({
      shipmentSn: shipmentSn(number),
      ...row,
      createdAt: createdAt.toISOString(),
    }));
  };

  return {
    getOptions,
    setShippingMethod,
    setPriority,
    shippingMethodOf,
    isPriorityOrder,
    listLineTracking,
  };
};
export type OrderOptionsService = ReturnType<typeof createOrderOptionsService>;
