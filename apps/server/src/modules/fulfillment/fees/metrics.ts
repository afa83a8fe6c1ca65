import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  FULFILLMENT_FEE_CURRENCY,
  type FulfillmentMetrics,
  type MetricsFigures,
  type MetricsQuery,
} from '@atelier/contract/fulfillment/fees';
import type { Database } from '@/db/client';
import { salesOrders } from '@/db/schema';
import { fulfillmentShipments } from '../fulfillment.table';
import { periodBounds, shipByDeadline, weekStartOf } from './calendar';
import { fulfillmentFeeCharges } from './fees.table';

/** One shipped order as the metrics see it. */
export type ShippedOrder = {
  placedAt: Date;
  /** When its first parcel was made (a recreated label keeps the first time). */
  firstShippedAt: Date;
  /** Its fees (pick and pack, priority) plus its active labels' cost, in cents. */
  costCents: number;
};

/** One shipment made in the period, not a recreated replacement. */
export type MadeShipment = { createdAt: Date; isRecreated: boolean };

const HOUR_MS = 3_600_000;

/**
 * The figures of a set of shipped orders and shipments (pure): on time when the first parcel
 * was made by `shipByDeadline(placedAt)`; time to ship from the order to its first parcel, in
 * hours (two decimals); accuracy = shipments not recreated / shipments; cost per order = the
 * orders' fees and label costs / orders, rounded half up to the cent.
 */
export const figuresOf = (orders: ShippedOrder[], shipments: MadeShipment[]): MetricsFigures => {
  const onTime = orders.filter(
    (order) => order.firstShippedAt.getTime() <= shipByDeadline(order.placedAt).getTime(),
  ).length;
  const totalMs = orders.reduce(
    (sum, order) => sum + Math.max(0, order.firstShippedAt.getTime() - order.placedAt.getTime()),
    0,
  );
  const recreated = shipments.filter((shipment) => shipment.isRecreated).length;
  const cost = orders.reduce((sum, order) => sum + order.costCents, 0);
  return {
    ordersShipped: orders.length,
    shippedOnTime: onTime,
    onTimeRate: orders.length > 0 ? onTime / orders.length : null,
    averageHoursToShip:
      orders.length > 0 ? Math.round((totalMs / orders.length / HOUR_MS) * 100) / 100 : null,
    shipments: shipments.length,
    recreated,
    accuracy: shipments.length > 0 ? (shipments.length - recreated) / shipments.length : null,
    costPerOrderCents:
      orders.length > 0 ? Math.floor((2 * cost + orders.length) / (2 * orders.length)) : null,
  };
};

/**
 * Issue 15 /fulfillment-metrics from the center's own tables, for one store over a period of
 * whole days (America/New_York): the orders whose first parcel left in the period and the
 * shipments made in it, in total and week by week (Monday first).
 */
export const computeMetrics = async (
  db: Database,
  storeId: string,
  query: MetricsQuery,
): Promise<FulfillmentMetrics> => {
  const { start, end } = periodBounds(query.from, query.to);
  const firstShippedAt = sql<Date>`min(${fulfillmentShipments.createdAt})`;
  const orderRows = await db
    .select({
      orderId: fulfillmentShipments.orderId,
      placedAt: salesOrders.placedAt,
      firstShippedAt: firstShippedAt.mapWith((value: string | Date) => new Date(value)),
      labelCost:
        sql<number>`coalesce(sum(case when ${fulfillmentShipments.status} = 'ACTIVE' then ${fulfillmentShipments.rateAmount} else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(fulfillmentShipments)
    .innerJoin(
      salesOrders,
      and(eq(salesOrders.id, fulfillmentShipments.orderId), eq(salesOrders.storeId, storeId)),
    )
    .where(and(eq(fulfillmentShipments.storeId, storeId), isNotNull(fulfillmentShipments.orderId)))
    .groupBy(fulfillmentShipments.orderId, salesOrders.placedAt)
    .having(and(gte(firstShippedAt, start), lt(firstShippedAt, end)));
  const orderIds = orderRows.map((row) => row.orderId!);
  const fees = new Map<string, number>();
  for (let index = 0; index < orderIds.length; index += 1000) {
    const rows = await db
      .select({
        orderId: fulfillmentFeeCharges.orderId,
        amount: sql<number>`sum(${fulfillmentFeeCharges.amount})`.mapWith(Number),
      })
      .from(fulfillmentFeeCharges)
      .where(
        and(
          eq(fulfillmentFeeCharges.storeId, storeId),
          inArray(fulfillmentFeeCharges.orderId, orderIds.slice(index, index + 1000)),
        ),
      )
      .groupBy(fulfillmentFeeCharges.orderId);
    for (const row of rows) fees.set(row.orderId!, row.amount);
  }
  const orders = orderRows.map((row) => ({
    placedAt: row.placedAt,
    firstShippedAt: row.firstShippedAt,
    costCents: row.labelCost + (fees.get(row.orderId!) ?? 0),
  }));

  const shipmentRows = await db
    .select({
      createdAt: fulfillmentShipments.createdAt,
      // Column names are written out: drizzle leaves an alias's columns unqualified in sql``.
      isRecreated: sql<boolean>`exists (select 1 from fulfillment_shipments as replacement where replacement.replaces_id = fulfillment_shipments.id and replacement.store_id = ${storeId})`,
    })
    .from(fulfillmentShipments)
    .where(
      and(
        eq(fulfillmentShipments.storeId, storeId),
        isNotNull(fulfillmentShipments.orderId),
        isNull(fulfillmentShipments.replacesId),
        gte(fulfillmentShipments.createdAt, start),
        lt(fulfillmentShipments.createdAt, end),
      ),
    );
  const shipments = shipmentRows.map((row) => ({
    createdAt: row.createdAt,
    isRecreated: Boolean(row.isRecreated),
  }));

  const weeks = new Set<string>();
  for (const order of orders) weeks.add(weekStartOf(order.firstShippedAt));
  for (const shipment of shipments) weeks.add(weekStartOf(shipment.createdAt));
  return {
    from: query.from,
    to: query.to,
    currencyCode: FULFILLMENT_FEE_CURRENCY,
    totals: figuresOf(orders, shipments),
    weeks: [...weeks].sort().map((weekStart) => ({
      weekStart,
      ...figuresOf(
        orders.filter((order) => weekStartOf(order.firstShippedAt) === weekStart),
        shipments.filter((shipment) => weekStartOf(shipment.createdAt) === weekStart),
      ),
    })),
  };
};
