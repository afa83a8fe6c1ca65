import { sql } from 'drizzle-orm';
import { minorDigitsOf } from '@atelier/contract/common/money';
import { bucketCounts, type CountBucket } from './orders-basket-views';
import { purchaseOccasions } from './purchases-sql';
import {
  columns,
  countedOrders,
  emptyBody,
  figure,
  instant,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

const NO_CUSTOMERS = 'No customer purchased in this range.';

const PURCHASE_BUCKETS: CountBucket[] = [
  ['1', 1, 1],
  ['2', 2, 2],
  ['3', 3, 3],
  ['4', 4, 4],
  ['5', 5, 5],
  ['6–10', 6, 10],
  ['11–20', 11, 20],
  ['21+', 21, null],
];

/**
 * Customers with a purchase in the range, counted by their purchases (ANALYTICS_DEFINITIONS.
 * purchaseOccasion) up to the range's end: one row per purchase count.
 */
const purchaseCounts = (scope: ViewScope, range: ViewRange) =>
  rowsOf<{ value: number; count: number }>(
    scope,
    sql`select purchases as value, count(*)::int as count from (
        select customer_id, count(*)::int as purchases
        from ${purchaseOccasions(scope, range.end)} p
        group by customer_id having max(day) >= ${range.from}) c
      group by purchases`,
  );

const distributionFigures = (rows: { value: number; count: number }[]) => {
  const customers = rows.reduce((sum, row) => sum + row.count, 0);
  const repeat = rows.filter((row) => row.value >= 2).reduce((sum, row) => sum + row.count, 0);
  const purchases = rows.reduce((sum, row) => sum + row.value * row.count, 0);
  return { customers, repeatShare: ratio(repeat, customers), average: ratio(purchases, customers) };
};

/** order-count-distribution: customers who purchased in the range by their purchases so far. */
const orderCountDistribution: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    purchaseCounts(scope, scope.range),
    scope.compare ? purchaseCounts(scope, scope.compare) : null,
  ]);
  const now = distributionFigures(rows);
  const before = previous ? distributionFigures(previous) : null;
  const figures = [
    figure('customers', 'Customers', 'integer', now.customers, before?.customers ?? null),
    figure('repeatShare', 'Repeat customers', 'percent', now.repeatShare, before?.repeatShare),
    figure(
      'purchasesPerCustomer',
      'Purchases per customer',
      'decimal',
      now.average,
      before?.average,
    ),
  ];
  if (now.customers === 0) return emptyBody(NO_CUSTOMERS, figures);
  const counts = bucketCounts(PURCHASE_BUCKETS, rows);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'distribution',
        'Customers by purchases',
        { label: 'Purchases', format: 'text', values: PURCHASE_BUCKETS.map(([label]) => label) },
        [{ name: 'Customers', format: 'integer', values: counts }],
      ),
    ],
    tables: [
      table(
        'distribution',
        'Customers by purchases',
        columns(
          ['purchases', 'Purchases', 'text'],
          ['customers', 'Customers', 'integer'],
          ['share', 'Share of customers', 'percent'],
        ),
        PURCHASE_BUCKETS.map(([label], at) => ({
          purchases: label,
          customers: counts[at]!,
          share: ratio(counts[at], now.customers),
        })),
      ),
    ],
  };
};

/** Counted orders of known customers numbered 1, 2, 3… per customer (by time, then id). */
const rankedOrders = (scope: ViewScope) => sql`(
  select o.*, row_number() over (partition by o.customer_id order by o.placed_at, o.id)::int as n
  from ${countedOrders(scope, null)} o where o.customer_id is not null
)`;

/** First-order value bands, in major units of the currency. */
const VALUE_BANDS = [10, 25, 50, 100, 200, 500, 1_000];

type FirstOrderRow = { firstValue: number; laterOrders: number; laterRevenue: number };

/**
 * order-first-order-value: customers whose first order falls in the range, by its value (its
 * revenue), and what they spent on all their later orders.
 */
const firstOrderValue: ViewComputer = async (scope) => {
  const rows = await rowsOf<FirstOrderRow>(
    scope,
    // One pass: each customer's orders and revenue over all their orders beside the first (a
    // join of the first orders to the later ones was planned as a nested loop: seconds).
    sql`select f.revenue as "firstValue", (f.customer_orders - 1)::int as "laterOrders",
        (f.customer_revenue - f.revenue)::float8 as "laterRevenue"
      from (
        select o.revenue, o.placed_at,
          row_number() over (partition by o.customer_id order by o.placed_at, o.id)::int as n,
          count(*) over (partition by o.customer_id) as customer_orders,
          sum(o.revenue) over (partition by o.customer_id) as customer_revenue
        from ${countedOrders(scope, null)} o where o.customer_id is not null
      ) f
      where f.n = 1 and f.placed_at >= ${instant(scope.range.start)}
        and f.placed_at < ${instant(scope.range.end)}`,
  );
  const customers = rows.length;
  const returned = rows.filter((row) => row.laterOrders > 0).length;
  const sum = (of: FirstOrderRow[], field: keyof FirstOrderRow) =>
    of.reduce((total, row) => total + row[field], 0);
  const figures = [
    figure('newCustomers', 'Customers with their first order in the range', 'integer', customers),
    figure(
      'firstOrderValue',
      'Average first order value',
      'money',
      ratio(sum(rows, 'firstValue'), customers),
    ),
    figure('orderedAgain', 'Ordered again', 'percent', ratio(returned, customers)),
    figure(
      'laterRevenue',
      'Later revenue per customer',
      'money',
      ratio(sum(rows, 'laterRevenue'), customers),
    ),
  ];
  if (customers === 0) return emptyBody('No customer placed a first order in this range.', figures);
  const unit = 10 ** minorDigitsOf(scope.currencyCode);
  const bands = [0, ...VALUE_BANDS].map((lowest, at) => {
    const highest = VALUE_BANDS[at];
    return {
      label: highest === undefined ? `${lowest}+` : `${lowest}–${highest}`,
      rows: rows.filter(
        (row) =>
          row.firstValue >= lowest * unit &&
          (highest === undefined || row.firstValue < highest * unit),
      ),
    };
  });
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'distribution',
        'Customers by first order value',
        {
          label: `First order value (${scope.currencyCode})`,
          format: 'text',
          values: bands.map((band) => band.label),
        },
        [{ name: 'Customers', format: 'integer', values: bands.map((band) => band.rows.length) }],
      ),
    ],
    tables: [
      table(
        'bands',
        'Customers by first order value',
        columns(
          ['band', `First order value (${scope.currencyCode})`, 'text'],
          ['customers', 'Customers', 'integer'],
          ['share', 'Share of customers', 'percent'],
          ['firstOrderValue', 'Average first order value', 'money'],
          ['orderedAgain', 'Ordered again', 'percent'],
          ['laterRevenue', 'Later revenue per customer', 'money'],
        ),
        bands.map((band) => ({
          band: band.label,
          customers: band.rows.length,
          share: ratio(band.rows.length, customers),
          firstOrderValue: ratio(sum(band.rows, 'firstValue'), band.rows.length),
          orderedAgain: ratio(
            band.rows.filter((row) => row.laterOrders > 0).length,
            band.rows.length,
          ),
          laterRevenue: ratio(sum(band.rows, 'laterRevenue'), band.rows.length),
        })),
      ),
    ],
  };
};

/** Order numbers shown one by one; later orders are one "10+" row. */
const MAX_ORDER_NUMBER = 10;

/** order-aov-pre-order-count: average order value of customers' 1st, 2nd, … 10th+ orders in the range. */
const aovByOrderCount: ViewComputer = async (scope) => {
  const rows = await rowsOf<{ n: number; orders: number; revenue: number }>(
    scope,
    sql`select least(n, ${MAX_ORDER_NUMBER})::int as n, count(*)::int as orders,
        coalesce(sum(revenue), 0)::float8 as revenue
      from ${rankedOrders(scope)} r
      where r.placed_at >= ${instant(scope.range.start)} and r.placed_at < ${instant(scope.range.end)}
      group by 1 order by 1`,
  );
  const first = rows.filter((row) => row.n === 1);
  const repeat = rows.filter((row) => row.n > 1);
  const total = (of: typeof rows, field: 'orders' | 'revenue') =>
    of.reduce((sum, row) => sum + row[field], 0);
  const figures = [
    figure(
      'firstAov',
      'Average first order value',
      'money',
      ratio(total(first, 'revenue'), total(first, 'orders')),
    ),
    figure(
      'repeatAov',
      'Average repeat order value',
      'money',
      ratio(total(repeat, 'revenue'), total(repeat, 'orders')),
    ),
  ];
  if (rows.length === 0) return emptyBody('No order of a known customer in this range.', figures);
  const numbers = Array.from({ length: MAX_ORDER_NUMBER }, (_, at) => at + 1);
  const tableRows = numbers.map((n) => {
    const row = rows.find((one) => one.n === n);
    return {
      orderNumber: n === MAX_ORDER_NUMBER ? `${n}+` : String(n),
      orders: row?.orders ?? 0,
      revenue: row?.revenue ?? 0,
      aov: ratio(row?.revenue, row?.orders),
    };
  });
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'aov-by-order-number',
        'Average order value by the customer’s order number',
        { label: 'Order number', format: 'text', values: tableRows.map((row) => row.orderNumber) },
        [{ name: 'Average order value', format: 'money', values: tableRows.map((row) => row.aov) }],
      ),
    ],
    tables: [
      table(
        'order-numbers',
        'Average order value by order number',
        columns(
          ['orderNumber', 'Customer’s order', 'text'],
          ['orders', 'Orders', 'integer'],
          ['revenue', 'Revenue', 'money'],
          ['aov', 'Average order value', 'money'],
        ),
        tableRows,
      ),
    ],
  };
};

/** The orders views that follow customers across their orders (orders-views.ts adds them). */
export const customerOrderViews: ViewComputers = {
  'order-count-distribution': orderCountDistribution,
  'order-first-order-value': firstOrderValue,
  'order-aov-pre-order-count': aovByOrderCount,
};
