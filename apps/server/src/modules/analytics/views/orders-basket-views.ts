import { sql } from 'drizzle-orm';
import {
  columns,
  countedOrders,
  emptyBody,
  figure,
  monthsOf,
  NO_ORDERS,
  orderItems,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

/** Buckets of a count: `[label, lowest, highest]` (highest null: no upper end). */
export type CountBucket = [label: string, lowest: number, highest: number | null];

export const UNITS_BUCKETS: CountBucket[] = [
  ['≤ 1', 0, 1],
  ['2', 2, 2],
  ['3', 3, 3],
  ['4', 4, 4],
  ['5', 5, 5],
  ['6–10', 6, 10],
  ['11–20', 11, 20],
  ['21–50', 21, 50],
  ['51–100', 51, 100],
  ['101+', 101, null],
];

/** How many of `rows` (a count per value) fall in each bucket. */
export const bucketCounts = (
  buckets: CountBucket[],
  rows: { value: number; count: number }[],
): number[] =>
  buckets.map(([, lowest, highest]) =>
    rows
      .filter((row) => row.value >= lowest && (highest === null || row.value <= highest))
      .reduce((sum, row) => sum + row.count, 0),
  );

/** The median of a histogram (a count per value), or null when it is empty. */
export const medianOf = (rows: { value: number; count: number }[]): number | null => {
  const sorted = [...rows].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const valueAt = (position: number) => {
    let seen = 0;
    for (const row of sorted) {
      seen += row.count;
      if (position < seen) return row.value;
    }
    return sorted[sorted.length - 1]!.value;
  };
  return total % 2 === 1
    ? valueAt((total - 1) / 2)
    : (valueAt(total / 2 - 1) + valueAt(total / 2)) / 2;
};

type UnitsRow = { month: string; units: number; orders: number };

/**
 * Orders of the range by month and units bought (ordered less canceled): an order's units are on
 * its lead item (analytics_order_items, migration 0036); an order without items has none.
 */
const unitsPerOrder = (scope: ViewScope, range: ViewRange) =>
  rowsOf<UnitsRow>(
    scope,
    sql`select o.month, coalesce(u.order_sold, 0)::int as units, count(*)::int as orders
      from ${countedOrders(scope, range)} o
      left join (
        select i.order_id, i.order_sold from ${orderItems(scope, range)} i where i.is_order_lead
      ) u on u.order_id = o.id
      group by 1, 2`,
  );

const averageUnits = (rows: UnitsRow[]) =>
  ratio(
    rows.reduce((sum, row) => sum + row.units * row.orders, 0),
    rows.reduce((sum, row) => sum + row.orders, 0),
  );

/** order-items-per-basket: units per order as a distribution, and its average per month. */
const itemsPerBasket: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    unitsPerOrder(scope, scope.range),
    scope.compare ? unitsPerOrder(scope, scope.compare) : null,
  ]);
  const orders = rows.reduce((sum, row) => sum + row.orders, 0);
  const histogram = rows.map((row) => ({ value: row.units, count: row.orders }));
  const figures = [
    figure('orders', 'Orders', 'integer', orders),
    figure(
      'unitsPerOrder',
      'Average units per order',
      'decimal',
      averageUnits(rows),
      previous ? averageUnits(previous) : null,
    ),
    figure('medianUnits', 'Median units per order', 'decimal', medianOf(histogram)),
  ];
  if (orders === 0) return emptyBody(NO_ORDERS, figures);
  const counts = bucketCounts(UNITS_BUCKETS, histogram);
  const months = monthsOf(scope.range);
  const monthly = months.map((month) => {
    const ofMonth = rows.filter((row) => row.month === month);
    return {
      month,
      orders: ofMonth.reduce((sum, row) => sum + row.orders, 0),
      unitsPerOrder: averageUnits(ofMonth),
    };
  });
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'distribution',
        'Orders by units in the basket',
        { label: 'Units', format: 'text', values: UNITS_BUCKETS.map(([label]) => label) },
        [{ name: 'Orders', format: 'integer', values: counts }],
      ),
      seriesChart(
        'line',
        'units-per-month',
        'Average units per order per month',
        { label: 'Month', format: 'month', values: months },
        [
          {
            name: 'Units per order',
            format: 'decimal',
            values: monthly.map((row) => row.unitsPerOrder),
          },
        ],
      ),
    ],
    tables: [
      table(
        'distribution',
        'Orders by units in the basket',
        columns(
          ['units', 'Units', 'text'],
          ['orders', 'Orders', 'integer'],
          ['share', 'Share of orders', 'percent'],
        ),
        UNITS_BUCKETS.map(([label], at) => ({
          units: label,
          orders: counts[at]!,
          share: ratio(counts[at], orders),
        })),
      ),
      table(
        'months',
        'Units per order per month',
        columns(
          ['month', 'Month', 'month'],
          ['orders', 'Orders', 'integer'],
          ['unitsPerOrder', 'Average units per order', 'decimal'],
        ),
        monthly,
      ),
    ],
  };
};

/** order-items-per-basket (orders-views.ts adds it to the orders views). */
export const basketViews: ViewComputers = { 'order-items-per-basket': itemsPerBasket };
