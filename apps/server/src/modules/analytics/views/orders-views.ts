import { sql } from 'drizzle-orm';
import { minorDigitsOf } from '@atelier/contract/common/money';
import { basketViews } from './orders-basket-views';
import { customerOrderViews } from './orders-customer-views';
import {
  columns,
  countedOrders,
  daysOf,
  emptyBody,
  figure,
  instant,
  monthsOf,
  NO_ORDERS,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

type DayRow = { day: string; orders: number; revenue: number };

const ordersPerDay = async (scope: ViewScope, range: ViewRange | null): Promise<DayRow[]> =>
  range
    ? rowsOf<DayRow>(
        scope,
        sql`select day, count(*)::int as orders, coalesce(sum(revenue), 0)::float8 as revenue
          from ${countedOrders(scope, range)} o group by day`,
      )
    : [];

const sumOf = (rows: { orders: number; revenue: number }[]) => ({
  orders: rows.reduce((sum, row) => sum + row.orders, 0),
  revenue: rows.reduce((sum, row) => sum + row.revenue, 0),
});

/** analytics-all-order: orders and revenue per day, day i of the range beside day i of the comparison. */
const allOrders: ViewComputer = async (scope) => {
  const [current, previous] = await Promise.all([
    ordersPerDay(scope, scope.range),
    ordersPerDay(scope, scope.compare),
  ]);
  const now = sumOf(current);
  const before = scope.compare ? sumOf(previous) : null;
  const figures = [
    figure('orders', 'Orders', 'integer', now.orders, before?.orders ?? null),
    figure('revenue', 'Revenue', 'money', now.revenue, before?.revenue ?? null),
    figure(
      'aov',
      'Average order value',
      'money',
      ratio(now.revenue, now.orders),
      ratio(before?.revenue, before?.orders),
    ),
  ];
  if (now.orders === 0) return emptyBody(NO_ORDERS, figures);

  const days = daysOf(scope.range);
  const compareDays = scope.compare ? daysOf(scope.compare) : [];
  const byDay = new Map(current.map((row) => [row.day, row]));
  const byCompareDay = new Map(previous.map((row) => [row.day, row]));
  const orders = days.map((day) => byDay.get(day)?.orders ?? 0);
  const revenue = days.map((day) => byDay.get(day)?.revenue ?? 0);
  const compareOrders = days.map((_, at) =>
    at < compareDays.length ? (byCompareDay.get(compareDays[at]!)?.orders ?? 0) : null,
  );
  const compareRevenue = days.map((_, at) =>
    at < compareDays.length ? (byCompareDay.get(compareDays[at]!)?.revenue ?? 0) : null,
  );
  const x = { label: 'Day', format: 'date' as const, values: days };
  const withComparison = <T>(series: T[], comparison: T[]) =>
    scope.compare ? [...series, ...comparison] : series;
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'line',
        'orders-per-day',
        'Orders per day',
        x,
        withComparison(
          [{ name: 'Orders', format: 'integer', values: orders }],
          [{ name: 'Orders (comparison)', format: 'integer', values: compareOrders }],
        ),
      ),
      seriesChart(
        'line',
        'revenue-per-day',
        'Revenue per day',
        x,
        withComparison(
          [{ name: 'Revenue', format: 'money', values: revenue }],
          [{ name: 'Revenue (comparison)', format: 'money', values: compareRevenue }],
        ),
      ),
    ],
    tables: [
      table(
        'days',
        'Orders per day',
        columns(
          ['day', 'Day', 'date'],
          ['orders', 'Orders', 'integer'],
          ['revenue', 'Revenue', 'money'],
          ['compareDay', 'Comparison day', 'date'],
          ['compareOrders', 'Comparison orders', 'integer'],
          ['compareRevenue', 'Comparison revenue', 'money'],
        ),
        days.map((day, at) => ({
          day,
          orders: orders[at]!,
          revenue: revenue[at]!,
          compareDay: compareDays[at] ?? null,
          compareOrders: compareOrders[at] ?? null,
          compareRevenue: compareRevenue[at] ?? null,
        })),
      ),
    ],
  };
};

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** order-time-analysis: orders by ISO weekday × hour of the store's time zone. */
const orderTime: ViewComputer = async (scope) => {
  const cells = await rowsOf<{ weekday: number; hour: number; orders: number }>(
    scope,
    sql`select extract(isodow from o.placed_at at time zone ${scope.timeZone})::int as weekday,
        extract(hour from o.placed_at at time zone ${scope.timeZone})::int as hour,
        count(*)::int as orders
      from ${countedOrders(scope, scope.range)} o group by 1, 2`,
  );
  const total = cells.reduce((sum, cell) => sum + cell.orders, 0);
  const weekend = cells
    .filter((cell) => cell.weekday >= 6)
    .reduce((sum, cell) => sum + cell.orders, 0);
  const busiest = cells.reduce((max, cell) => Math.max(max, cell.orders), 0);
  const figures = [
    figure('orders', 'Orders', 'integer', total),
    figure('weekendShare', 'Orders on Saturday and Sunday', 'percent', ratio(weekend, total)),
    figure('busiestHourOrders', 'Orders in the busiest weekday hour', 'integer', busiest),
  ];
  if (total === 0) return emptyBody(NO_ORDERS, figures);
  const count = (weekday: number, hour: number) =>
    cells.find((cell) => cell.weekday === weekday && cell.hour === hour)?.orders ?? 0;
  return {
    empty: null,
    figures,
    charts: [
      {
        kind: 'heatmap',
        key: 'weekday-hour',
        title: 'Orders by weekday and hour',
        x: { label: 'Hour', format: 'integer', values: HOURS },
        y: { label: 'Weekday', format: 'text', values: WEEKDAYS },
        format: 'integer',
        cells: cells.map((cell) => [cell.hour, cell.weekday - 1, cell.orders]),
      },
    ],
    tables: [
      table(
        'weekday-hour',
        'Orders by weekday and hour',
        columns(
          ['weekday', 'Weekday', 'text'],
          ...HOURS.map((hour): [string, string, 'integer'] => [
            `h${hour}`,
            `${hour}:00`,
            'integer',
          ]),
          ['total', 'Total', 'integer'],
        ),
        WEEKDAYS.map((name, at) => ({
          weekday: name,
          ...Object.fromEntries(HOURS.map((hour) => [`h${hour}`, count(at + 1, hour)])),
          total: HOURS.reduce((sum, hour) => sum + count(at + 1, hour), 0),
        })),
      ),
    ],
  };
};

type Overview = {
  orders: number;
  gross: number;
  refunded: number;
  revenue: number;
  refundedOrders: number;
  customers: number;
  canceled: number;
};

const overviewOf = async (scope: ViewScope, range: ViewRange): Promise<Overview> => {
  const [row] = await rowsOf<Overview>(
    scope,
    sql`select count(*)::int as orders, coalesce(sum(total), 0)::float8 as gross,
        coalesce(sum(refunded), 0)::float8 as refunded, coalesce(sum(revenue), 0)::float8 as revenue,
        (count(*) filter (where refunded > 0))::int as "refundedOrders",
        count(distinct customer_id)::int as customers,
        (select count(*) from sales_orders c where c.store_id = ${scope.storeId}
          and c.currency_code = ${scope.currencyCode} and c.cancel_state = 'CANCELED'
          and c.placed_at >= ${instant(range.start)} and c.placed_at < ${instant(range.end)})::int as canceled
      from ${countedOrders(scope, range)} o`,
  );
  return row!;
};

/** analytics-order: the range's orders, revenue, average order value, refunds and cancellations. */
const ordersOverview: ViewComputer = async (scope) => {
  const [now, before] = await Promise.all([
    overviewOf(scope, scope.range),
    scope.compare ? overviewOf(scope, scope.compare) : null,
  ]);
  const metrics: [
    string,
    string,
    'integer' | 'money' | 'percent',
    (o: Overview) => number | null,
  ][] = [
    ['orders', 'Orders', 'integer', (o) => o.orders],
    ['gross', 'Gross sales (order totals)', 'money', (o) => o.gross],
    ['refunded', 'Refunded', 'money', (o) => o.refunded],
    ['revenue', 'Revenue', 'money', (o) => o.revenue],
    ['aov', 'Average order value', 'money', (o) => ratio(o.revenue, o.orders)],
    ['refundedOrders', 'Orders with a refund', 'integer', (o) => o.refundedOrders],
    ['refundRate', 'Refunded share of gross sales', 'percent', (o) => ratio(o.refunded, o.gross)],
    ['customers', 'Customers', 'integer', (o) => o.customers],
    ['canceled', 'Canceled orders (not counted)', 'integer', (o) => o.canceled],
  ];
  const figures = metrics.map(([key, label, format, valueOf]) =>
    figure(key, label, format, valueOf(now), before ? valueOf(before) : null),
  );
  if (now.orders === 0) return emptyBody(NO_ORDERS, figures);
  return {
    empty: null,
    figures,
    charts: [],
    tables: [
      table(
        'overview',
        'Orders in the range',
        columns(
          ['metric', 'Figure', 'text'],
          ['value', 'Range', 'decimal'],
          ['compareValue', 'Comparison', 'decimal'],
        ),
        figures.map((one) => ({
          metric: one.label,
          value: one.value,
          compareValue: one.compareValue,
        })),
      ),
    ],
  };
};

type MonthKindRow = {
  month: string;
  kind: 'first' | 'repeat' | 'guest';
  orders: number;
  revenue: number;
};

/** order-development: orders and revenue per month, customers' first orders, repeat and guest orders. */
const orderDevelopment: ViewComputer = async (scope) => {
  const rows = await rowsOf<MonthKindRow>(
    scope,
    sql`with ranked as (
        select o.*, case when o.customer_id is null then 'guest'
          when row_number() over (partition by o.customer_id order by o.placed_at, o.id) = 1 then 'first'
          else 'repeat' end as kind
        from ${countedOrders(scope, null)} o
        where o.placed_at < ${instant(scope.range.end)})
      select month, kind, count(*)::int as orders, coalesce(sum(revenue), 0)::float8 as revenue
      from ranked where placed_at >= ${instant(scope.range.start)} group by month, kind`,
  );
  const total = sumOf(rows);
  const ofKind = (kind: MonthKindRow['kind']) => sumOf(rows.filter((row) => row.kind === kind));
  const figures = [
    figure('orders', 'Orders', 'integer', total.orders),
    figure('firstOrders', 'First orders', 'integer', ofKind('first').orders),
    figure('repeatOrders', 'Repeat orders', 'integer', ofKind('repeat').orders),
    figure(
      'repeatShare',
      'Repeat share of orders',
      'percent',
      ratio(ofKind('repeat').orders, total.orders),
    ),
  ];
  if (total.orders === 0) return emptyBody(NO_ORDERS, figures);
  const months = monthsOf(scope.range);
  const cell = (month: string, kind: MonthKindRow['kind'], field: 'orders' | 'revenue') =>
    rows.find((row) => row.month === month && row.kind === kind)?.[field] ?? 0;
  const x = { label: 'Month', format: 'month' as const, values: months };
  const kinds = [
    ['first', 'First orders'],
    ['repeat', 'Repeat orders'],
    ['guest', 'Guest orders'],
  ] as const;
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'orders-per-month',
        'Orders per month',
        x,
        kinds.map(([kind, name]) => ({
          name,
          format: 'integer',
          values: months.map((month) => cell(month, kind, 'orders')),
        })),
        true,
      ),
      seriesChart(
        'bar',
        'revenue-per-month',
        'Revenue per month',
        x,
        kinds.map(([kind, name]) => ({
          name,
          format: 'money',
          values: months.map((month) => cell(month, kind, 'revenue')),
        })),
        true,
      ),
    ],
    tables: [
      table(
        'months',
        'Orders per month',
        columns(
          ['month', 'Month', 'month'],
          ['firstOrders', 'First orders', 'integer'],
          ['repeatOrders', 'Repeat orders', 'integer'],
          ['guestOrders', 'Guest orders', 'integer'],
          ['orders', 'Orders', 'integer'],
          ['firstRevenue', 'First orders revenue', 'money'],
          ['repeatRevenue', 'Repeat orders revenue', 'money'],
          ['guestRevenue', 'Guest orders revenue', 'money'],
          ['revenue', 'Revenue', 'money'],
        ),
        months.map((month) => ({
          month,
          firstOrders: cell(month, 'first', 'orders'),
          repeatOrders: cell(month, 'repeat', 'orders'),
          guestOrders: cell(month, 'guest', 'orders'),
          orders: kinds.reduce((sum, [kind]) => sum + cell(month, kind, 'orders'), 0),
          firstRevenue: cell(month, 'first', 'revenue'),
          repeatRevenue: cell(month, 'repeat', 'revenue'),
          guestRevenue: cell(month, 'guest', 'revenue'),
          revenue: kinds.reduce((sum, [kind]) => sum + cell(month, kind, 'revenue'), 0),
        })),
      ),
    ],
  };
};

const ordersPerMonth = (scope: ViewScope, range: ViewRange) =>
  rowsOf<{ month: string; orders: number; revenue: number }>(
    scope,
    sql`select month, count(*)::int as orders, coalesce(sum(revenue), 0)::float8 as revenue
      from ${countedOrders(scope, range)} o group by month`,
  );

/** order-avg-value: revenue ÷ orders per month, and over the range against the comparison. */
const averageOrderValue: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    ordersPerMonth(scope, scope.range),
    scope.compare ? ordersPerMonth(scope, scope.compare) : null,
  ]);
  const now = sumOf(rows);
  const before = previous ? sumOf(previous) : null;
  const figures = [
    figure(
      'aov',
      'Average order value',
      'money',
      ratio(now.revenue, now.orders),
      ratio(before?.revenue, before?.orders),
    ),
    figure('orders', 'Orders', 'integer', now.orders, before?.orders ?? null),
    figure('revenue', 'Revenue', 'money', now.revenue, before?.revenue ?? null),
  ];
  if (now.orders === 0) return emptyBody(NO_ORDERS, figures);
  const months = monthsOf(scope.range);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const tableRows = months.map((month) => {
    const row = byMonth.get(month);
    return {
      month,
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
        'line',
        'aov-per-month',
        'Average order value per month',
        { label: 'Month', format: 'month', values: months },
        [{ name: 'Average order value', format: 'money', values: tableRows.map((row) => row.aov) }],
      ),
    ],
    tables: [
      table(
        'months',
        'Average order value per month',
        columns(
          ['month', 'Month', 'month'],
          ['orders', 'Orders', 'integer'],
          ['revenue', 'Revenue', 'money'],
          ['aov', 'Average order value', 'money'],
        ),
        tableRows,
      ),
    ],
  };
};

type DiscountRow = { code: string; orders: number; discount: number; revenue: number };

/** order-discounts: orders with a discount code by code (several codes on one order: one row "A + B"). */
const orderDiscounts: ViewComputer = async (scope) => {
  const [all] = await rowsOf<{ orders: number }>(
    scope,
    sql`select count(*)::int as orders from ${countedOrders(scope, scope.range)} o`,
  );
  const rows = await rowsOf<DiscountRow>(
    scope,
    sql`select array_to_string(discount_codes, ' + ') as code, count(*)::int as orders,
        coalesce(sum(discount_total), 0)::float8 as discount, coalesce(sum(revenue), 0)::float8 as revenue
      from ${countedOrders(scope, scope.range)} o
      where cardinality(discount_codes) > 0
      group by 1 order by 2 desc, array_to_string(discount_codes, ' + ') collate "C"`,
  );
  const orders = all?.orders ?? 0;
  const withCode = sumOf(rows);
  const discount = rows.reduce((sum, row) => sum + row.discount, 0);
  const figures = [
    figure('ordersWithCode', 'Orders with a discount code', 'integer', withCode.orders),
    figure(
      'shareWithCode',
      'Share of orders with a discount code',
      'percent',
      ratio(withCode.orders, orders),
    ),
    figure('discount', 'Discount given', 'money', discount),
    figure(
      'discountPerOrder',
      'Average discount per order with a code',
      'money',
      ratio(discount, withCode.orders),
    ),
  ];
  if (orders === 0) return emptyBody(NO_ORDERS, figures);
  if (rows.length === 0)
    return { ...emptyBody('No order in this range used a discount code.'), figures };
  const top = rows.slice(0, 15);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'orders-by-code',
        'Orders by discount code',
        { label: 'Code', format: 'text', values: top.map((row) => row.code) },
        [{ name: 'Orders', format: 'integer', values: top.map((row) => row.orders) }],
      ),
    ],
    tables: [
      table(
        'codes',
        'Discount codes',
        columns(
          ['code', 'Code', 'text'],
          ['orders', 'Orders', 'integer'],
          ['discount', 'Discount given', 'money'],
          ['revenue', 'Revenue', 'money'],
          ['aov', 'Average order value', 'money'],
        ),
        rows.map((row) => ({ ...row, aov: ratio(row.revenue, row.orders) })),
      ),
    ],
  };
};

/** Free-shipping thresholds tried, in major units of the currency (a 1-2-5 ladder). */
const THRESHOLD_LADDER = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000];

/**
 * free-shipping-threshold: basket value is the subtotal less order discounts; for each threshold
 * of the ladder up to the first at or above the largest basket, the orders that would ship free
 * and those just under (within 20 %).
 */
const freeShippingThreshold: ViewComputer = async (scope) => {
  const orders = countedOrders(scope, scope.range);
  const [stats] = await rowsOf<{
    orders: number;
    shippedFree: number;
    largest: number | null;
    median: number | null;
  }>(
    scope,
    sql`select count(*)::int as orders, (count(*) filter (where shipping_total = 0))::int as "shippedFree",
        max(subtotal - discount_total)::float8 as largest,
        percentile_cont(0.5) within group (order by subtotal - discount_total)::float8 as median
      from ${orders} o`,
  );
  const count = stats?.orders ?? 0;
  const figures = [
    figure('orders', 'Orders', 'integer', count),
    figure(
      'shippedFreeShare',
      'Share of orders shipped free',
      'percent',
      ratio(stats?.shippedFree, count),
    ),
    figure('medianBasket', 'Median basket value', 'money', stats?.median ?? null),
  ];
  if (count === 0) return emptyBody(NO_ORDERS, figures);
  const unit = 10 ** minorDigitsOf(scope.currencyCode);
  const largest = stats?.largest ?? 0;
  const firstAbove = THRESHOLD_LADDER.findIndex((major) => major * unit >= largest);
  const ladder = THRESHOLD_LADDER.slice(
    0,
    firstAbove === -1 ? THRESHOLD_LADDER.length : firstAbove + 1,
  );
  const rows = await rowsOf<{
    threshold: number;
    free: number;
    justUnder: number;
    shipping: number;
  }>(
    scope,
    sql`select t.threshold::float8 as threshold,
        (count(*) filter (where o.subtotal - o.discount_total >= t.threshold))::int as free,
        (count(*) filter (where o.subtotal - o.discount_total >= t.threshold * 0.8
          and o.subtotal - o.discount_total < t.threshold))::int as "justUnder",
        coalesce(sum(o.shipping_total) filter (where o.subtotal - o.discount_total >= t.threshold), 0)::float8 as shipping
      from ${orders} o
      cross join (values ${sql.join(
        ladder.map((major) => sql`(${major * unit}::bigint)`),
        sql`, `,
      )}) as t(threshold)
      group by t.threshold order by t.threshold`,
  );
  const tableRows = rows.map((row) => ({
    threshold: row.threshold,
    ordersFree: row.free,
    shareFree: ratio(row.free, count),
    ordersJustUnder: row.justUnder,
    shareJustUnder: ratio(row.justUnder, count),
    shippingGivenUp: row.shipping,
  }));
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'thresholds',
        'Orders by free-shipping threshold',
        { label: 'Threshold', format: 'money', values: rows.map((row) => row.threshold) },
        [
          {
            name: 'Would ship free',
            format: 'percent',
            values: tableRows.map((row) => row.shareFree),
          },
          {
            name: 'Just under (within 20 %)',
            format: 'percent',
            values: tableRows.map((row) => row.shareJustUnder),
          },
        ],
      ),
    ],
    tables: [
      table(
        'thresholds',
        'Free-shipping thresholds',
        columns(
          ['threshold', 'Threshold', 'money'],
          ['ordersFree', 'Orders at or above', 'integer'],
          ['shareFree', 'Share at or above', 'percent'],
          ['ordersJustUnder', 'Orders just under', 'integer'],
          ['shareJustUnder', 'Share just under', 'percent'],
          ['shippingGivenUp', 'Shipping charged on orders at or above', 'money'],
        ),
        tableRows,
      ),
    ],
  };
};

/** Issue 14 orders views (spec §2 Analytics routes), keyed by view. */
export const ordersViews: ViewComputers = {
  'analytics-all-order': allOrders,
  'order-time-analysis': orderTime,
  'analytics-order': ordersOverview,
  'order-development': orderDevelopment,
  'order-avg-value': averageOrderValue,
  'order-discounts': orderDiscounts,
  'free-shipping-threshold': freeShippingThreshold,
  ...basketViews,
  ...customerOrderViews,
};
