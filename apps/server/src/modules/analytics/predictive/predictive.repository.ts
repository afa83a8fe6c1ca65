import { and, eq, sql } from 'drizzle-orm';
import type { PredictiveModel } from '@atelier/contract/analytics/analytics-api';
import { queryRows, type Database } from '@/db/client';
import { analyticsModelFits, salesCustomers, salesOrders, salesRefunds } from '@/db/schema';

/**
 * The purchase histories the BG/NBD and Gamma-Gamma models are fitted on, in SQL from the
 * store's sales tables, and the cached fits. Every query is filtered by store.
 */

/** How a store's orders are read: its main currency and its time zone (IANA). */
export type StoreBasis = { currencyCode: string; timeZone: string };

/**
 * One customer whose first purchase occasion is on or before the calibration end. Days are
 * store-local calendar days; money is integer minor units of the main currency, net of refunds.
 */
export type CalibrationCustomer = {
  customerId: string;
  /** Repeat purchase occasions up to the calibration end (occasions after the first). */
  x: number;
  /** Days from the first to the last occasion up to the calibration end. */
  txDays: number;
  /** Days from the first occasion to the calibration end. */
  tDays: number;
  /** Average revenue of the repeat occasions (null without one). */
  averageRepeatSpend: number | null;
  /** Average revenue of all the occasions up to the calibration end. */
  averageSpend: number;
  /** Occasions in the holdout: the days after the calibration end, up to its last day. */
  holdoutPurchases: number;
};

export type CachedFit = { ordersVersion: string; result: PredictiveModel };

export type FitKey = {
  storeId: string;
  calibrationEnd: string;
  timeUnit: 'day' | 'week';
  horizonDays: number;
};

export const createPredictiveRepository = (db: Database) => ({
  /**
   * The most common currency and time zone of the store's orders (ties: the first in
   * alphabetical order), or null when the store has no order.
   */
  async findStoreBasis(storeId: string): Promise<StoreBasis | null> {
    const [row] = await queryRows<{ currency_code: string | null; time_zone: string | null }>(
      db,
      sql`select
        (select o.currency_code from ${salesOrders} o where o.store_id = ${storeId}
          group by o.currency_code order by count(*) desc, o.currency_code limit 1) as currency_code,
        (select o.time_zone from ${salesOrders} o where o.store_id = ${storeId}
          group by o.time_zone order by count(*) desc, o.time_zone limit 1) as time_zone`,
    );
    if (!row?.currency_code) return null;
    return { currencyCode: row.currency_code, timeZone: row.time_zone ?? 'UTC' };
  },

  /**
   * A string that changes whenever an order or refund of the store is added, removed or changed
   * (counts, sums, cancellations and the latest `updated_at`): the key of a cached fit.
   */
  async getOrdersVersion(storeId: string): Promise<string> {
    const [row] = await queryRows<Record<string, string | number | null>>(
      db,
      sql`select o.orders, o.canceled, o.total, o.updated, r.refunds, r.refunded
      from (
        select count(*)::int as orders,
          (count(*) filter (where cancel_state = 'CANCELED'))::int as canceled,
          coalesce(sum(total), 0)::text as total,
          coalesce(extract(epoch from max(updated_at))::text, '') as updated
        from ${salesOrders} where store_id = ${storeId}
      ) o, (
        select count(*)::int as refunds, coalesce(sum(amount), 0)::text as refunded
        from ${salesRefunds} where store_id = ${storeId}
      ) r`,
    );
    return Object.values(row ?? {}).join(':');
  },

  /**
   * The customers with a purchase occasion on or before `calibrationEnd` (YYYY-MM-DD), their
   * BG/NBD summary and spend, and their occasions in the `holdoutDays` after it. An occasion is
   * a store-local day with an order of the customer that is in the main currency, not canceled
   * and not refunded in full; its revenue is the orders' totals less their refunds. Guest orders
   * (no customer) are no one's occasion. Ordered by customer id.
   */
  async listCalibrationCustomers(
    storeId: string,
    { currencyCode, timeZone }: StoreBasis,
    calibrationEnd: string,
    holdoutDays: number,
  ): Promise<CalibrationCustomer[]> {
    const end = sql`${calibrationEnd}::date`;
    const rows = await queryRows<{
      customer_id: string;
      x: number;
      tx_days: number;
      t_days: number;
      repeat_revenue: number | null;
      revenue: number;
      holdout: number;
    }>(
      db,
      sql`with occasions as (
        select counted.customer_id, counted.day, sum(counted.revenue)::float8 as revenue
        from (
          select o.customer_id, (o.placed_at at time zone ${timeZone})::date as day,
            o.total - least(o.total, coalesce(r.refunded, 0)) as revenue
          from ${salesOrders} o
          join ${salesCustomers} c on c.id = o.customer_id and c.store_id = ${storeId}
          left join (
            select order_id, sum(amount) as refunded from ${salesRefunds}
            where store_id = ${storeId} group by order_id
          ) r on r.order_id = o.id
          where o.store_id = ${storeId} and o.currency_code = ${currencyCode}
            and o.cancel_state <> 'CANCELED'
            and not (coalesce(r.refunded, 0) > 0 and r.refunded >= o.total)
            and o.placed_at < ((${end} + ${holdoutDays + 1}::int)::timestamp at time zone ${timeZone})
        ) counted
        group by counted.customer_id, counted.day
      ), firsts as (
        select customer_id, min(day) as first_day from occasions
        where day <= ${end} group by customer_id
      )
      select f.customer_id,
        ((count(*) filter (where oc.day <= ${end})) - 1)::int as x,
        (max(oc.day) filter (where oc.day <= ${end}) - f.first_day)::int as tx_days,
        (${end} - f.first_day)::int as t_days,
        (sum(oc.revenue) filter (where oc.day > f.first_day and oc.day <= ${end}))::float8
          as repeat_revenue,
        (sum(oc.revenue) filter (where oc.day <= ${end}))::float8 as revenue,
        (count(*) filter (where oc.day > ${end}))::int as holdout
      from firsts f join occasions oc on oc.customer_id = f.customer_id
      group by f.customer_id, f.first_day
      order by f.customer_id`,
    );
    return rows.map((row) => {
      const x = Number(row.x);
      const repeatRevenue = row.repeat_revenue === null ? null : Number(row.repeat_revenue);
      return {
        customerId: row.customer_id,
        x,
        txDays: Number(row.tx_days),
        tDays: Number(row.t_days),
        averageRepeatSpend: x > 0 && repeatRevenue !== null ? repeatRevenue / x : null,
        averageSpend: Number(row.revenue) / (x + 1),
        holdoutPurchases: Number(row.holdout),
      };
    });
  },

  async findFit(key: FitKey): Promise<CachedFit | undefined> {
    const [row] = await db
      .select({
        ordersVersion: analyticsModelFits.ordersVersion,
        result: analyticsModelFits.result,
      })
      .from(analyticsModelFits)
      .where(
        and(
          eq(analyticsModelFits.storeId, key.storeId),
          eq(analyticsModelFits.calibrationEnd, key.calibrationEnd),
          eq(analyticsModelFits.timeUnit, key.timeUnit),
          eq(analyticsModelFits.horizonDays, key.horizonDays),
        ),
      );
    return row;
  },

  /** Keeps the fit of `key`, replacing the one kept before. */
  async saveFit(key: FitKey, fit: CachedFit, fittedAt: Date): Promise<void> {
    const values = { ...fit, fittedAt };
    await db
      .insert(analyticsModelFits)
      .values({ ...key, ...values })
      .onConflictDoUpdate({
        target: [
          analyticsModelFits.storeId,
          analyticsModelFits.calibrationEnd,
          analyticsModelFits.timeUnit,
          analyticsModelFits.horizonDays,
        ],
        set: values,
      });
  },
});
export type PredictiveRepository = ReturnType<typeof createPredictiveRepository>;
