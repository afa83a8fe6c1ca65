import { sql, type SQL } from 'drizzle-orm';
import type {
  AnalyticsChart,
  AnalyticsColumn,
  AnalyticsFigure,
  AnalyticsTable,
  ValueFormat,
} from '@atelier/contract/analytics/views';
import { queryRows } from '@/db/client';
import type { ViewBody, ViewRange, ViewScope } from './view-types';

/**
 * Building blocks of the orders, products and marketing views: the counted orders of a range in
 * SQL, and figures, charts and tables that never hold NaN or Infinity.
 */

/** A finite number, else null (NaN, ±Infinity, null and undefined all become null). */
export const finiteOrNull = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
};

/** `numerator ÷ denominator`, or null when the denominator is 0 or either is missing. */
export const ratio = (
  numerator: number | null | undefined,
  denominator: number | null | undefined,
): number | null => {
  if (numerator == null || denominator == null || denominator === 0) return null;
  return finiteOrNull(numerator / denominator);
};

/** A headline figure (null values where there is nothing to compute). */
export const figure = (
  key: string,
  label: string,
  format: ValueFormat,
  value: number | null,
  compareValue: number | null = null,
): AnalyticsFigure => ({
  key,
  label,
  format,
  value: finiteOrNull(value),
  compareValue: finiteOrNull(compareValue),
});

/** A column list from `[key, label, format]` triples. */
export const columns = (...triples: [string, string, ValueFormat][]): AnalyticsColumn[] =>
  triples.map(([key, label, format]) => ({ key, label, format }));

/** A table whose number cells are made finite (or null). */
export const table = (
  key: string,
  title: string,
  tableColumns: AnalyticsColumn[],
  rows: Record<string, string | number | null>[],
): AnalyticsTable => ({
  key,
  title,
  columns: tableColumns,
  rows: rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, cell]) => [
        key,
        typeof cell === 'number' ? finiteOrNull(cell) : cell,
      ]),
    ),
  ),
});

type Series = { name: string; format: ValueFormat; values: (number | null)[] };

/** A line, bar or area chart over `x`. */
export const seriesChart = (
  kind: 'line' | 'bar' | 'area',
  key: string,
  title: string,
  x: { label: string; format: ValueFormat; values: (string | number)[] },
  series: Series[],
  stacked = false,
): AnalyticsChart => ({
  kind,
  key,
  title,
  x,
  series: series.map((one) => ({ ...one, values: one.values.map(finiteOrNull) })),
  stacked,
});

/**
 * The body of a view with nothing to show: `empty` says why, every figure's value is null (its
 * comparison kept when the comparison range has data), no charts and no tables.
 */
export const emptyBody = (reason: string, figures: AnalyticsFigure[] = []): ViewBody => ({
  empty: reason,
  figures: figures.map((one) => ({ ...one, value: null })),
  charts: [],
  tables: [],
});

export const NO_ORDERS = 'No orders in this range.';

/** Every store-local day of the range, `YYYY-MM-DD`, oldest first. */
export const daysOf = (range: Pick<ViewRange, 'from' | 'to'>): string[] => {
  const days: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= end; at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
};

/** Every month (`YYYY-MM`) the range touches, oldest first. */
export const monthsOf = (range: Pick<ViewRange, 'from' | 'to'>): string[] => {
  const months: string[] = [];
  let [year, month] = range.from.split('-').map(Number) as [number, number];
  const last = range.to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
};

/** Rows of a raw statement. */
export const rowsOf = <T>(scope: Pick<ViewScope, 'db'>, query: SQL): Promise<T[]> =>
  queryRows<T>(scope.db, query);

/** A timestamptz parameter. */
export const instant = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;

/** A store-local `YYYY-MM-DD` of a timestamptz expression. */
export const localDay = (scope: Pick<ViewScope, 'timeZone'>, expression: SQL): SQL =>
  sql`to_char(${expression} at time zone ${scope.timeZone}, 'YYYY-MM-DD')`;

/**
 * The store's counted orders (ANALYTICS_DEFINITIONS.order) placed in `range`, as a subquery:
 * not canceled, in the store's main currency; `revenue` is the total less what was refunded on
 * it (never below 0), `refunded` what was (at most the total), `day` and `month` store-local.
 * `range` null: every counted order of the store.
 */
export const countedOrders = (scope: ViewScope, range: ViewRange | null): SQL => sql`(
  select o.id, o.customer_id, o.placed_at, o.total::float8 as total,
    o.subtotal::float8 as subtotal, o.discount_total::float8 as discount_total,
    o.shipping_total::float8 as shipping_total, o.discount_codes, o.referring_site, o.utm_source,
    ${localDay(scope, sql`o.placed_at`)} as day,
    to_char(o.placed_at at time zone ${scope.timeZone}, 'YYYY-MM') as month,
    least(o.total, coalesce(r.refunded, 0))::float8 as refunded,
    (o.total - least(o.total, coalesce(r.refunded, 0)))::float8 as revenue,
    (coalesce(r.refunded, 0) > 0 and coalesce(r.refunded, 0) >= o.total) as is_refunded_in_full
  from sales_orders o
  left join (
    select rf.order_id, sum(rf.amount) as refunded from sales_refunds rf
    where rf.store_id = ${scope.storeId} group by rf.order_id
  ) r on r.order_id = o.id
  where o.store_id = ${scope.storeId} and o.currency_code = ${scope.currencyCode}
    and o.cancel_state <> 'CANCELED'
    ${range ? sql`and o.placed_at >= ${instant(range.start)} and o.placed_at < ${instant(range.end)}` : sql``}
)`;

/**
 * The items of the counted orders placed in `range` summed per store-local day, product and
 * variant, as a subquery with the columns of `orderItems` that sum (`sold`, `returned`,
 * `kept_value`, `returned_value`), `product`, `variant`, `sku`, `variant_title`, `day`
 * (`YYYY-MM-DD`) and the orders of the day with the product (variant) sold or returned:
 * `product_orders`, `product_return_orders`, `variant_orders`, `variant_return_orders` (summing
 * a product's rows gives its orders). Read from analytics_product_days (migration 0035: kept by
 * the database, per day of each order's own time zone) for the orders in the store's zone, and
 * from the items themselves, in the store's zone, for the few orders placed in another zone (or
 * one PostgreSQL does not know): the same figures as `orderItems` summed, at half the rows.
 */
export const productDays = (scope: ViewScope, range: ViewRange): SQL => sql`(
  select d.product, d.variant, d.sku, d.variant_title, to_char(d.day, 'YYYY-MM-DD') as day,
    d.sold, d.returned, d.kept_value, d.returned_value, d.product_orders, d.product_return_orders,
    d.variant_orders, d.variant_return_orders
  from analytics_product_days d
  where d.store_id = ${scope.storeId} and d.currency_code = ${scope.currencyCode}
    and d.time_zone = ${scope.timeZone}
    and d.day between ${range.from}::date and ${range.to}::date
  union all
  select i.product, i.variant, i.sku, i.variant_title, ${localDay(scope, sql`i.placed_at`)},
    i.sold, i.returned, i.kept_value, i.returned_value,
    (i.is_product_lead and i.product_sold > 0)::int, (i.is_product_lead and i.product_returned > 0)::int,
    (i.is_variant_lead and i.variant_sold > 0)::int, (i.is_variant_lead and i.variant_returned > 0)::int
  from analytics_order_items i
  where i.order_id in (
    select o.id from sales_orders o
    where o.store_id = ${scope.storeId} and o.currency_code = ${scope.currencyCode}
      and o.time_zone <> ${scope.timeZone}
      and o.placed_at >= ${instant(range.start)} and o.placed_at < ${instant(range.end)})
    and (i.day is null or i.time_zone <> ${scope.timeZone})
)`;

/**
 * The items of the counted orders (not canceled, main currency) placed in `range`, as a subquery
 * of analytics_order_items (one row per order, product and variant, kept by the database on every
 * order write: migration 0034): `product` is the lines' title, `variant` the SKU (else title and
 * variant title); `sold` units ordered less canceled, `returned` refunded beyond the canceled (at
 * most `sold`); `kept_value`/`returned_value` minor units at the line's price after its own
 * discount; `is_product_lead` marks one row per product and order, whose `product_sold` and
 * `product_returned` are the order's units of the product (`is_variant_lead`, `variant_sold`,
 * `variant_returned` the same per variant); `is_order_lead` marks one row per order, and every row
 * carries its order's `order_sold` units and `order_products` (products with units sold); `day` store-local (`YYYY-MM-DD`), `date` that day as
 * an SQL date. `range` null: every order.
 */
export const orderItems = (scope: ViewScope, range: ViewRange | null): SQL => sql`(
  select i.order_id, i.customer_id, i.placed_at, i.is_refunded_in_full, i.product, i.variant,
    i.sku, i.variant_title, i.sold, i.returned, i.kept_value, i.returned_value,
    i.is_product_lead, i.product_sold, i.product_returned,
    i.is_variant_lead, i.variant_sold, i.variant_returned,
    i.is_order_lead, i.order_sold, i.order_products,
    ${localDay(scope, sql`i.placed_at`)} as day,
    (i.placed_at at time zone ${scope.timeZone})::date as date
  from analytics_order_items i
  where i.store_id = ${scope.storeId} and i.currency_code = ${scope.currencyCode}
    ${range ? sql`and i.placed_at >= ${instant(range.start)} and i.placed_at < ${instant(range.end)}` : sql``}
)`;
