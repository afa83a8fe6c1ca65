import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { salesOrders } from '@/db/schema';
import type { ReportDefinition, ReportPeriod } from './fees/report-definition';
import { returnHandle } from './return.service';
import { fulfillmentReturnLines, fulfillmentReturns, fulfillmentReturnUnits } from './return.table';

const BATCH = 500;

const inPeriod = (storeId: string, period: ReportPeriod) =>
  and(
    eq(fulfillmentReturns.storeId, storeId),
    gte(fulfillmentReturns.createdAt, period.start),
    lt(fulfillmentReturns.createdAt, period.end),
  );

/**
 * Issue 15 returns report (spec §7 return-orders export-job): one row per returned line of the
 * returns created in the period, with its units by inspected condition and, once received, the
 * return's refund (on the return's first line only, so the column sums to the money given back).
 */
export const returnsReport: ReportDefinition = {
  fileStem: 'fulfillment-returns-report',
  columns: [
    'return',
    'order',
    'status',
    'refund_method',
    'refund_destination',
    'sku',
    'title',
    'quantity',
    'reason',
    'resolution',
    'good',
    'damaged',
    'defective',
    'missing',
    'restocked',
    'refund_usd',
    'refund_cents',
    'currency',
    'created_at',
    'received_at',
    'cancel_reason',
  ],
  async count(db: Database, storeId, period) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(fulfillmentReturnLines)
      .innerJoin(fulfillmentReturns, eq(fulfillmentReturns.id, fulfillmentReturnLines.returnId))
      .where(inPeriod(storeId, period));
    return Number(row?.n ?? 0);
  },
  async *batches(db: Database, storeId, period) {
    let after = 0;
    for (;;) {
      const returns = await db
        .select({
          id: fulfillmentReturns.id,
          number: fulfillmentReturns.number,
          prefix: salesOrders.prefix,
          orderNumber: salesOrders.number,
          status: fulfillmentReturns.status,
          refundMethod: fulfillmentReturns.refundMethod,
          refundDestination: fulfillmentReturns.refundDestination,
          refundAmount: fulfillmentReturns.refundAmount,
          currencyCode: fulfillmentReturns.currencyCode,
          createdAt: fulfillmentReturns.createdAt,
          receivedAt: fulfillmentReturns.receivedAt,
          cancelReason: fulfillmentReturns.cancelReason,
        })
        .from(fulfillmentReturns)
        .leftJoin(salesOrders, eq(salesOrders.id, fulfillmentReturns.orderId))
        .where(and(inPeriod(storeId, period), gt(fulfillmentReturns.number, after)))
        .orderBy(asc(fulfillmentReturns.number))
        .limit(BATCH);
      if (returns.length === 0) return;
      const ids = returns.map((row) => row.id);
      const lines = await db
        .select({
          id: fulfillmentReturnLines.id,
          returnId: fulfillmentReturnLines.returnId,
          sku: fulfillmentReturnLines.sku,
          title: fulfillmentReturnLines.title,
          quantity: fulfillmentReturnLines.quantity,
          reason: fulfillmentReturnLines.reason,
          resolution: fulfillmentReturnLines.resolution,
          position: fulfillmentReturnLines.position,
        })
        .from(fulfillmentReturnLines)
        .where(
          and(
            eq(fulfillmentReturnLines.storeId, storeId),
            inArray(fulfillmentReturnLines.returnId, ids),
          ),
        )
        .orderBy(asc(fulfillmentReturnLines.returnId), asc(fulfillmentReturnLines.position));
      const units = await db
        .select({
          lineId: fulfillmentReturnUnits.lineId,
          condition: fulfillmentReturnUnits.condition,
          isRestocked: fulfillmentReturnUnits.isRestocked,
        })
        .from(fulfillmentReturnUnits)
        .innerJoin(
          fulfillmentReturnLines,
          eq(fulfillmentReturnLines.id, fulfillmentReturnUnits.lineId),
        )
        .where(
          and(
            eq(fulfillmentReturnUnits.storeId, storeId),
            inArray(fulfillmentReturnLines.returnId, ids),
          ),
        );
      const rows: unknown[][] = [];
      for (const entry of returns) {
        lines
          .filter((line) => line.returnId === entry.id)
          .forEach((line, index) => {
            const mine = units.filter((unit) => unit.lineId === line.id);
            const countOf = (condition: string) =>
              mine.filter((unit) => unit.condition === condition).length;
            const refund = index === 0 ? entry.refundAmount : null;
            rows.push([
              returnHandle(entry.number),
              entry.prefix === null ? '' : `${entry.prefix}${entry.orderNumber}`,
              entry.status,
              entry.refundMethod,
              entry.refundDestination,
              line.sku ?? '',
              line.title,
              line.quantity,
              line.reason,
              line.resolution,
              countOf('GOOD'),
              countOf('DAMAGED'),
              countOf('DEFECTIVE'),
              countOf('MISSING'),
              mine.filter((unit) => unit.isRestocked).length,
              refund === null ? '' : (refund / 100).toFixed(2),
              refund ?? '',
              entry.currencyCode,
              entry.createdAt.toISOString(),
              entry.receivedAt?.toISOString() ?? '',
              entry.cancelReason ?? '',
            ]);
          });
      }
      yield rows;
      after = returns.at(-1)!.number;
      if (returns.length < BATCH) return;
    }
  },
};
