import { sql } from 'drizzle-orm';
import type { AnalyticsFigure } from '@atelier/contract/analytics/views';
import { dateParam, numberedPurchases } from './purchases-sql';
import { viewRangeOf } from './scope';
import {
  columns,
  countedOrders,
  emptyBody,
  figure,
  finiteOrNull,
  instant,
  monthsOf,
  NO_ORDERS,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

/** Months of a dashboard sparkline, the range's last month last. */
export const SPARKLINE_MONTHS = 12;
/** The horizon of the dashboard's predicted revenue, in days. */
const PREDICTION_HORIZON_DAYS = 365;

type Headline = {
  orders: number;
  revenue: number;
  customers: number;
  repeatCustomers: number;
};

type MonthHeadline = Headline & { month: string };

/** The headline figures of the range, of the comparison and of each sparkline month. */
type Headlines = { range: Headline; compare: Headline | null; months: MonthHeadline[] };

/** A range's part of `headlinesOf`'s rows: `kind` the range's name, `month` null. */
type HeadlineRow = Headline & { kind: 'range' | 'compare' | 'month'; month: string | null };

/**
 * Orders and revenue of the counted orders (guests included) and the customers who purchased
 * (repeat: their purchases up to then number two or more) of the range, of the comparison and
 * of each store-local month of `sparkline` (customers counted once per range and per month).
 * One pass over the orders and one over the numbered purchases serve all three: a purchase's
 * number does not depend on later purchases, so the numbering up to the latest end serves every
 * range.
 */
const headlinesOf = async (scope: ViewScope, sparkline: ViewRange): Promise<Headlines> => {
  const ranges: ['range' | 'compare' | 'month', ViewRange][] = [
    ['range', scope.range],
    ...(scope.compare ? [['compare', scope.compare] as ['compare', ViewRange]] : []),
    ['month', sparkline],
  ];
  const span: ViewRange = {
    from: ranges.map(([, one]) => one.from).sort()[0]!,
    to: ranges
      .map(([, one]) => one.to)
      .sort()
      .at(-1)!,
    start: new Date(Math.min(...ranges.map(([, one]) => one.start.getTime()))),
    end: new Date(Math.max(...ranges.map(([, one]) => one.end.getTime()))),
  };
  const byMonth = (kind: string) => (kind === 'month' ? sql`month` : sql`null::text`);
  const [orders, customers] = await Promise.all([
    rowsOf<Pick<HeadlineRow, 'kind' | 'month' | 'orders' | 'revenue'>>(
      scope,
      sql`with o as materialized (
          select o.month, o.placed_at, o.revenue from ${countedOrders(scope, span)} o)
        ${sql.join(
          ranges.map(
            ([kind, one]) => sql`select ${kind}::text as kind, ${byMonth(kind)} as month,
              count(*)::int as orders, coalesce(sum(revenue), 0)::float8 as revenue
            from o where placed_at >= ${instant(one.start)} and placed_at < ${instant(one.end)}
            ${kind === 'month' ? sql`group by month` : sql``}`,
          ),
          sql` union all `,
        )}`,
    ),
    rowsOf<Pick<HeadlineRow, 'kind' | 'month' | 'customers' | 'repeatCustomers'>>(
      scope,
      sql`with p as materialized (
          select p.customer_id, p.month, p.date, p.purchase_number
          from ${numberedPurchases(scope, span.end)} p where p.date >= ${dateParam(span.from)}),
        buyers as (
          ${sql.join(
            ranges.map(
              ([kind, one]) => sql`select ${kind}::text as kind, ${byMonth(kind)} as month,
                max(purchase_number) as purchases
              from p where date between ${dateParam(one.from)} and ${dateParam(one.to)}
              group by customer_id${kind === 'month' ? sql`, month` : sql``}`,
            ),
            sql` union all `,
          )})
        select kind, month, count(*)::int as customers,
          (count(*) filter (where purchases >= 2))::int as "repeatCustomers"
        from buyers group by kind, month`,
    ),
  ]);
  const headline = (kind: HeadlineRow['kind'], month: string | null = null): Headline => {
    const own = orders.find((row) => row.kind === kind && row.month === month);
    const buyers = customers.find((row) => row.kind === kind && row.month === month);
    return {
      orders: own?.orders ?? 0,
      revenue: own?.revenue ?? 0,
      customers: buyers?.customers ?? 0,
      repeatCustomers: buyers?.repeatCustomers ?? 0,
    };
  };
  return {
    range: headline('range'),
    compare: scope.compare ? headline('compare') : null,
    months: monthsOf(sparkline).map((month) => ({ month, ...headline('month', month) })),
  };
};

/** The 12 store-local months ending with the range's last month (the last one ends on `to`). */
const sparklineRange = (scope: ViewScope): ViewRange => {
  const [year, month] = scope.range.to.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - SPARKLINE_MONTHS, 1)).toISOString().slice(0, 10);
  return viewRangeOf(first, scope.range.to, scope.timeZone);
};

const predictedRevenue = async (scope: ViewScope, range: ViewRange | null) => {
  if (!range) return null;
  const predictions = await scope.predictive.customerPredictions(
    scope.storeId,
    range.to,
    PREDICTION_HORIZON_DAYS,
  );
  if (predictions.length === 0) return null;
  return finiteOrNull(predictions.reduce((sum, one) => sum + one.predictedRevenue, 0));
};

const HEADLINES: [keyof Headline | 'aov' | 'repeatRate', string, AnalyticsFigure['format']][] = [
  ['revenue', 'Revenue', 'money'],
  ['orders', 'Orders', 'integer'],
  ['customers', 'Customers', 'integer'],
  ['aov', 'Average order value', 'money'],
  ['repeatRate', 'Repeat customers', 'percent'],
];

const valueOf = (headline: Headline, key: (typeof HEADLINES)[number][0]): number | null => {
  if (key === 'aov') return ratio(headline.revenue, headline.orders);
  if (key === 'repeatRate') return ratio(headline.repeatCustomers, headline.customers);
  return headline[key];
};

/**
 * analytics: the dashboard. Revenue, orders, customers, AOV and repeat rate of the range against
 * the comparison, each with a 12-month sparkline; predicted revenue of the next 12 months (the
 * sum of the BG/NBD + Gamma-Gamma predictions at the range's end; null without a model).
 */
const dashboardView: ViewComputer = async (scope) => {
  const [{ range: now, compare: before, months }, predicted, comparePredicted] = await Promise.all([
    headlinesOf(scope, sparklineRange(scope)),
    predictedRevenue(scope, scope.range),
    predictedRevenue(scope, scope.compare),
  ]);
  const figures: AnalyticsFigure[] = [
    ...HEADLINES.map(([key, label, format]) => ({
      ...figure(key, label, format, valueOf(now, key), before ? valueOf(before, key) : null),
      sparkline: months.map((month) => finiteOrNull(valueOf(month, key))),
    })),
    figure(
      'predictedRevenue',
      'Predicted revenue, next 12 months',
      'money',
      predicted,
      comparePredicted,
    ),
  ];
  if (now.orders === 0) return emptyBody(NO_ORDERS, figures);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'revenue-by-month',
        'Revenue per month',
        { label: 'Month', format: 'month', values: months.map((one) => one.month) },
        [{ name: 'Revenue', format: 'money', values: months.map((one) => one.revenue) }],
      ),
    ],
    tables: [
      table(
        'months',
        'The last 12 months',
        columns(
          ['month', 'Month', 'month'],
          ['revenue', 'Revenue', 'money'],
          ['orders', 'Orders', 'integer'],
          ['customers', 'Customers', 'integer'],
          ['aov', 'Average order value', 'money'],
          ['repeatRate', 'Repeat customers', 'percent'],
        ),
        months.map((one) => ({
          month: one.month,
          revenue: one.revenue,
          orders: one.orders,
          customers: one.customers,
          aov: valueOf(one, 'aov'),
          repeatRate: valueOf(one, 'repeatRate'),
        })),
      ),
    ],
  };
};

/** Issue 14 dashboard views (spec §2 Analytics routes), keyed by view. */
export const dashboardViews: ViewComputers = {
  analytics: dashboardView,
};
