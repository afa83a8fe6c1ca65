import { and, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import {
  FULFILLMENT_FEE_CURRENCY,
  PRIORITY_FEE_CENTS,
  STORAGE_FEE_CENTS_PER_BIN_MONTH,
} from '@atelier/contract/fulfillment/fees';
import type { PlanType } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { fulfillmentFees, fulfillmentShipments } from '../fulfillment.table';
import { feeMonthOf, monthBounds } from './calendar';
import { cashBackCents, orderFeeCents, storageFeeCents } from './fee-arithmetic';
import { fulfillmentFeeCharges } from './fees.table';

/** What the fees need from other modules (wired in app.ts; no module's internals imported). */
export type FeePorts = {
  /** The store's plan (billing's entitlements): pick and pack costs less on Professional. */
  planTypeOf(storeId: string): Promise<PlanType>;
  /** Whether the order asked for priority fulfilment ($10): order-options/ in index.ts. */
  isPriorityOrder?(storeId: string, orderId: string): Promise<boolean>;
};

export type FeeServiceDeps = { db: Database; clock: Clock; ports: FeePorts };

/** A month's storage and cash back as charged (cents; cash back ≥ 0, credited). */
export type MonthSettlement = {
  month: string;
  /** Bins × SKUs stored in the month. */
  binSkuMonths: number;
  storageCents: number;
  /** The month's fees now (pick and pack, priority, storage, incidents): cash back's base. */
  feesCents: number;
  cashBackCents: number;
};

/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Issue 15 fee charging (spec §9): pick and pack (and priority) once per shipped order, and each
 * month's storage with its 1 % cash back. Every charge has an idempotency key unique per store,
 * so a redelivered event or a second run of a month charges nothing more.
 */
export const createFeeService = ({ db, clock, ports }: FeeServiceDeps) => {
  const insertCharge = (
    handle: Database,
    values: Omit<typeof fulfillmentFeeCharges.$inferInsert, 'id' | 'currencyCode' | 'createdAt'>,
  ) =>
    handle
      .insert(fulfillmentFeeCharges)
      .values({
        id: newId('ffc'),
        currencyCode: FULFILLMENT_FEE_CURRENCY,
        createdAt: clock.now(),
        ...values,
      })
      .onConflictDoNothing({
        target: [fulfillmentFeeCharges.storeId, fulfillmentFeeCharges.idempotencyKey],
      });

  /**
   * Charges pick and pack for a store order whose parcel `shipmentId` left the center (from
   * `fulfillment.shipment.created`): once per order at the store's plan rate ($1.50 Beginner,
   * $1.15 Professional), plus $10 when the order is priority. The fee month is the shipment's
   * (America/New_York). A second parcel of the order, or the same event again, charges nothing.
   * A shipment of another store (or none) charges nothing.
   */
  const chargeShippedOrder = async (
    storeId: string,
    orderId: string,
    shipmentId: string,
  ): Promise<void> => {
    const [shipment] = await db
      .select({ createdAt: fulfillmentShipments.createdAt })
      .from(fulfillmentShipments)
      .where(
        and(
          eq(fulfillmentShipments.id, shipmentId),
          eq(fulfillmentShipments.storeId, storeId),
          eq(fulfillmentShipments.orderId, orderId),
        ),
      );
    if (!shipment) return;
    const planType = await ports.planTypeOf(storeId);
    const isPriority = (await ports.isPriorityOrder?.(storeId, orderId)) ?? false;
    const month = feeMonthOf(shipment.createdAt);
    const unit = orderFeeCents(planType);
    await db.transaction(async (tx) => {
      await insertCharge(tx, {
        storeId,
        kind: 'ORDER',
        idempotencyKey: `order:${orderId}`,
        month,
        orderId,
        shipmentId,
        planType,
        quantity: 1,
        unitAmount: unit,
        amount: unit,
      });
      if (isPriority) {
        await insertCharge(tx, {
          storeId,
          kind: 'PRIORITY',
          idempotencyKey: `priority:${orderId}`,
          month,
          orderId,
          shipmentId,
          planType,
          quantity: 1,
          unitAmount: PRIORITY_FEE_CENTS,
          amount: PRIORITY_FEE_CENTS,
        });
      }
    });
  };

  /**
   * Bins × SKUs of the store that held units at some moment of [start, end): a variant in a
   * warehouse (one bin per SKU per warehouse) whose last ledger row before the month left units
   * on hand, or with a row in the month that left units on hand.
   */
  const countStoredBins = async (
    handle: Database,
    storeId: string,
    start: Date,
    end: Date,
  ): Promise<number> => {
    const result = await handle.execute<{ bins: number | string }>(sql`
      select count(*) as bins from (
        select variant_id, warehouse_id from fulfillment_inventory_movements
        where store_id = ${storeId} and created_at >= ${start.toISOString()}
          and created_at < ${end.toISOString()} and on_hand_after > 0
        union
        select variant_id, warehouse_id from (
          select distinct on (variant_id, warehouse_id) variant_id, warehouse_id, on_hand_after
          from fulfillment_inventory_movements
          where store_id = ${storeId} and created_at < ${start.toISOString()}
          order by variant_id, warehouse_id, seq desc
        ) as before_month where on_hand_after > 0
      ) as stored`);
    return Number(rowsOf<{ bins: number | string }>(result)[0]?.bins ?? 0);
  };

  /**
   * Charges a month's storage ($1 per bin per SKU, whole month) and credits its 1 % cash back
   * on the month's fees, for one store. Idempotent per month: a second run returns what the
   * first charged. 400 `month` for a month that is not YYYY-MM or has not ended yet (in the
   * center's time zone). An order charged after its month was settled adds no cash back.
   */
  const chargeStorage = async (storeId: string, month: string): Promise<MonthSettlement> => {
    if (!MONTH.test(month)) {
      throw new AppError('bad_request', 'The month is not YYYY-MM.', {
        details: [{ field: 'month', message: 'The month is not YYYY-MM.' }],
      });
    }
    const { start, end } = monthBounds(month);
    if (end.getTime() > clock.now().getTime()) {
      const message = `${month} has not ended yet; storage is charged for whole months.`;
      throw new AppError('bad_request', message, { details: [{ field: 'month', message }] });
    }
    return db.transaction(async (tx) => {
      const bins = await countStoredBins(tx, storeId, start, end);
      if (bins > 0) {
        await insertCharge(tx, {
          storeId,
          kind: 'STORAGE',
          idempotencyKey: `storage:${month}`,
          month,
          quantity: bins,
          unitAmount: STORAGE_FEE_CENTS_PER_BIN_MONTH,
          amount: storageFeeCents(bins),
        });
      }
      const [charged] = await tx
        .select({ total: sum(fulfillmentFeeCharges.amount) })
        .from(fulfillmentFeeCharges)
        .where(
          and(
            eq(fulfillmentFeeCharges.storeId, storeId),
            eq(fulfillmentFeeCharges.month, month),
            inArray(fulfillmentFeeCharges.kind, ['ORDER', 'PRIORITY', 'STORAGE']),
          ),
        );
      const [incidents] = await tx
        .select({ total: sum(fulfillmentFees.amount) })
        .from(fulfillmentFees)
        .where(
          and(
            eq(fulfillmentFees.storeId, storeId),
            gte(fulfillmentFees.createdAt, start),
            lt(fulfillmentFees.createdAt, end),
          ),
        );
      const feesCents = Number(charged?.total ?? 0) + Number(incidents?.total ?? 0);
      const cashBack = cashBackCents(feesCents);
      if (cashBack > 0) {
        await insertCharge(tx, {
          storeId,
          kind: 'CASH_BACK',
          idempotencyKey: `cash-back:${month}`,
          month,
          quantity: 1,
          unitAmount: -cashBack,
          amount: -cashBack,
          note: `1 % of ${feesCents} cents of fees`,
        });
      }
      const rows = await tx
        .select({
          kind: fulfillmentFeeCharges.kind,
          quantity: fulfillmentFeeCharges.quantity,
          amount: fulfillmentFeeCharges.amount,
          note: fulfillmentFeeCharges.note,
        })
        .from(fulfillmentFeeCharges)
        .where(
          and(
            eq(fulfillmentFeeCharges.storeId, storeId),
            inArray(fulfillmentFeeCharges.idempotencyKey, [
              `storage:${month}`,
              `cash-back:${month}`,
            ]),
          ),
        );
      const storage = rows.find((row) => row.kind === 'STORAGE');
      const credited = rows.find((row) => row.kind === 'CASH_BACK');
      return {
        month,
        binSkuMonths: storage?.quantity ?? 0,
        storageCents: storage?.amount ?? 0,
        feesCents,
        cashBackCents: credited ? -credited.amount : 0,
      };
    });
  };

  /**
   * `chargeStorage` for every store that has a stock ledger, for a sweep on the 1st of a month
   * (no periodic sweep calls it yet). Returns the stores charged; one store's failure is
   * reported and the others still run.
   */
  const chargeStorageForAllStores = async (
    month: string,
    onError: (storeId: string, error: unknown) => void = () => {},
  ): Promise<number> => {
    const result = await db.execute<{ store_id: string }>(
      sql`select distinct store_id from fulfillment_inventory_movements`,
    );
    const rows = rowsOf<{ store_id: string }>(result);
    let charged = 0;
    for (const row of rows) {
      try {
        await chargeStorage(row.store_id, month);
        charged += 1;
      } catch (error) {
        onError(row.store_id, error);
      }
    }
    return charged;
  };

  return { chargeShippedOrder, chargeStorage, chargeStorageForAllStores };
};
export type FeeService = ReturnType<typeof createFeeService>;
