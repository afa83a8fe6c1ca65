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

/**
 * Orders and revenue of the counted orders (guests included) and the customers who purchased
 * (repeat: their purchases up to then number two or more), per store-local month of `range`.
 */
const headlinesByMonth = async (scope: ViewScope, range: ViewRange): Promise<MonthHeadline[]> => {
  const [orders, customers] = await Promise.all([
    rowsOf<{ month: string; orders: number; revenue: number }>(
      scope,
      sql`select o.month, count(*)::int as orders, coalesce(sum(o.revenue), 0)::float8 as revenue
        from ${countedOrders(scope, range)} o group by o.month`,
    ),
    rowsOf<{ month: string; customers: number; repeatCustomers: number }>(
      scope,
      sql`select c.month, count(*)::int as customers,
          count(*) filter (where c.purchases >= 2)::int as "repeatCustomers"
        from (
          select p.month, p.customer_id, max(p.purchase_number) as purchases
          from ${numberedPurchases(scope, range.end)} p
          where p.date >= ${dateParam(range.from)}
          group by p.month, p.customer_id
        ) c group by c.month`,
    ),
  ]);
  return monthsOf(range).map((month) => {
    const own = orders.find((row) => row.month === month);
    const buyers = customers.find((row) => row.month === month);
    return {
      month,
      orders: own?.orders ?? 0,
      revenue: own?.revenue ?? 0,
      customers: buyers?.customers ?? 0,
      repeatCustomers: buyers?.repeatCustomers ?? 0,
    };
  });
};

/** The headline figures of a whole range (customers counted once across its months). */
const headlineOf = async (scope: ViewScope, range: ViewRange): Promise<Headline> => {
  const [[orders], [customers]] = await Promise.all([
    rowsOf<{ orders: number; revenue: number }>(
      scope,
      sql`select count(*)::int as orders, coalesce(sum(o.revenue), 0)::float8 as revenue
        from ${countedOrders(scope, range)} o`,
    ),
    rowsOf<{ customers: number; repeatCustomers: number }>(
      scope,
      sql`select count(*)::int as customers,
          count(*) filter (where c.purchases >= 2)::int as "repeatCustomers"
        from (
          select p.customer_id, max(p.purchase_number) as purchases
          from ${numberedPurchases(scope, range.end)} p
          where p.date >= ${dateParam(range.from)}
          group by p.customer_id
        ) c`,
    ),
  ]);
  return {
    orders: orders?.orders ?? 0,
    revenue: orders?.revenue ?? 0,
    customers: customers?.customers ?? 0,
    repeatCustomers: customers?.repeatCustomers ?? 0,
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
  const [now, before, months, predicted, comparePredicted] = await Promise.all([
    headlineOf(scope, scope.range),
    scope.compare ? headlineOf(scope, scope.compare) : null,
    headlinesByMonth(scope, sparklineRange(scope)),
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
