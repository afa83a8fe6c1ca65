import { sql } from 'drizzle-orm';
import { NO_NEW_CUSTOMERS } from './customers-cohort-views';
import { NO_PURCHASES } from './customers-rfm-views';
import { customerLabel, dateParam, numberedPurchases } from './purchases-sql';
import {
  columns,
  emptyBody,
  figure,
  monthsOf,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

/** Runs `query` over the range and, when there is one, the comparison range. */
export const compared = <T>(scope: ViewScope, query: (range: ViewRange) => Promise<T>) =>
  Promise.all([query(scope.range), scope.compare ? query(scope.compare) : null]);

/** The purchases of a range: numbered purchases before its end, on or after its start. */
export const inRange = (scope: ViewScope, range: ViewRange) =>
  sql`${numberedPurchases(scope, range.end)} p where p.date >= ${dateParam(range.from)}`;

type CustomerCounts = { customers: number; new: number; revenue: number };

const customerCounts = async (scope: ViewScope, range: ViewRange) => {
  const [row] = await rowsOf<CustomerCounts>(
    scope,
    sql`select count(distinct p.customer_id)::int as customers,
        count(distinct p.customer_id) filter (where p.first_date >= ${dateParam(range.from)})::int
          as new,
        coalesce(sum(p.revenue), 0)::float8 as revenue
      from ${inRange(scope, range)}`,
  );
  return row ?? { customers: 0, new: 0, revenue: 0 };
};

type MonthRow = { month: string; customers: number; new: number; revenue: number };

/** Customers who purchased in each month of the range, new (first purchase that month) or not. */
const customersByMonth = (scope: ViewScope, range: ViewRange) =>
  rowsOf<MonthRow>(
    scope,
    sql`select p.month, count(distinct p.customer_id)::int as customers,
        count(distinct p.customer_id) filter (where p.first_month = p.month)::int as new,
        sum(p.revenue)::float8 as revenue
      from ${inRange(scope, range)} group by p.month`,
  );

/** analytics-customer: customers who purchased in the range, new and returning, per month. */
const customerView: ViewComputer = async (scope) => {
  const [[now, before], rows] = await Promise.all([
    compared(scope, (range) => customerCounts(scope, range)),
    customersByMonth(scope, scope.range),
  ]);
  const figures = [
    figure('customers', 'Customers', 'integer', now.customers, before?.customers),
    figure('newCustomers', 'New customers', 'integer', now.new, before?.new),
    figure(
      'returningCustomers',
      'Returning customers',
      'integer',
      now.customers - now.new,
      before ? before.customers - before.new : null,
    ),
    figure(
      'newShare',
      'New customers',
      'percent',
      ratio(now.new, now.customers),
      before ? ratio(before.new, before.customers) : null,
    ),
    figure(
      'revenuePerCustomer',
      'Revenue per customer',
      'money',
      ratio(now.revenue, now.customers),
      before ? ratio(before.revenue, before.customers) : null,
    ),
  ];
  if (now.customers === 0) return emptyBody(NO_PURCHASES, figures);
  const months = monthsOf(scope.range).map((month) => {
    const row = rows.find((one) => one.month === month);
    const customers = row?.customers ?? 0;
    const fresh = row?.new ?? 0;
    return {
      month,
      customers,
      new: fresh,
      returning: customers - fresh,
      revenue: row?.revenue ?? 0,
    };
  });
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'customers-per-month',
        'New and returning customers per month',
        { label: 'Month', format: 'month', values: months.map((one) => one.month) },
        [
          { name: 'New', format: 'integer', values: months.map((one) => one.new) },
          { name: 'Returning', format: 'integer', values: months.map((one) => one.returning) },
        ],
        true,
      ),
    ],
    tables: [
      table(
        'months',
        'Customers per month',
        columns(
          ['month', 'Month', 'month'],
          ['customers', 'Customers', 'integer'],
          ['new', 'New (first purchase that month)', 'integer'],
          ['returning', 'Returning', 'integer'],
          ['revenue', 'Revenue', 'money'],
        ),
        months,
      ),
    ],
  };
};

type FunnelRow = { k: number; customers: number; medianDays: number | null };

/** The last purchase number the repeat-purchase funnel shows. */
const MAX_FUNNEL_STEP = 20;

const funnelOf = (scope: ViewScope, range: ViewRange) =>
  rowsOf<FunnelRow>(
    scope,
    sql`select p.purchase_number as k, count(*)::int as customers,
        (percentile_cont(0.5) within group (order by p.days_since_previous))::float8
          as "medianDays"
      from ${numberedPurchases(scope, range.end)} p
      where p.first_date >= ${dateParam(range.from)} and p.purchase_number <= ${MAX_FUNNEL_STEP}
      group by p.purchase_number order by k`,
  );

const ordinal = (k: number) => {
  const tens = k % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : k % 10 === 1
        ? 'st'
        : k % 10 === 2
          ? 'nd'
          : k % 10 === 3
            ? 'rd'
            : 'th';
  return `${k}${suffix}`;
};

const funnelFigures = (rows: FunnelRow[]) => {
  const at = (k: number) => rows.find((row) => row.k === k);
  const first = at(1)?.customers ?? 0;
  const purchases = rows.reduce((sum, row) => sum + row.customers, 0);
  return {
    customers: first,
    repeatRate: ratio(at(2)?.customers ?? 0, first),
    perCustomer: ratio(purchases, first),
    medianDays: at(2)?.medianDays ?? null,
  };
};

/**
 * analytics-repeat-purchase: customers whose first purchase is in the range, and how many made a
 * 2nd, 3rd, 4th… purchase by the range's end (with the median days since the one before).
 */
const repeatPurchaseView: ViewComputer = async (scope) => {
  const [rows, previous] = await compared(scope, (range) => funnelOf(scope, range));
  const now = funnelFigures(rows);
  const before = previous ? funnelFigures(previous) : null;
  const figures = [
    figure('customers', 'New customers', 'integer', now.customers, before?.customers),
    figure('repeatRate', 'Purchased a second time', 'percent', now.repeatRate, before?.repeatRate),
    figure(
      'purchasesPerCustomer',
      'Purchases per customer',
      'decimal',
      now.perCustomer,
      before?.perCustomer,
    ),
    figure(
      'medianDaysToSecond',
      'Median days to the second purchase',
      'days',
      now.medianDays,
      before?.medianDays,
    ),
  ];
  if (now.customers === 0) return emptyBody(NO_NEW_CUSTOMERS, figures);
  const last = Math.max(5, ...rows.map((row) => row.k));
  const steps = Array.from({ length: last }, (_, index) => {
    const k = index + 1;
    const customers = rows.find((row) => row.k === k)?.customers ?? 0;
    const before = k === 1 ? null : (rows.find((row) => row.k === k - 1)?.customers ?? 0);
    return {
      purchase: ordinal(k),
      customers,
      share: ratio(customers, now.customers),
      fromPrevious: before === null ? null : ratio(customers, before),
      medianDays: rows.find((row) => row.k === k)?.medianDays ?? null,
    };
  });
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'funnel',
        'Customers reaching each purchase',
        { label: 'Purchase', format: 'text', values: steps.map((step) => step.purchase) },
        [{ name: 'Customers', format: 'integer', values: steps.map((step) => step.customers) }],
      ),
    ],
    tables: [
      table(
        'funnel',
        'Customers reaching each purchase',
        columns(
          ['purchase', 'Purchase', 'text'],
          ['customers', 'Customers', 'integer'],
          ['share', 'Share of new customers', 'percent'],
          ['fromPrevious', 'From the purchase before', 'percent'],
          ['medianDays', 'Median days since the purchase before', 'days'],
        ),
        steps,
      ),
    ],
  };
};

type DevelopmentRow = {
  cohort: string;
  customers: number;
  eligible90: number;
  repeat90: number;
  eligible365: number;
  repeat365: number;
};

/** Days within which a second purchase counts in the repeat purchase development. */
const REPEAT_WINDOWS = [90, 365] as const;

/**
 * Per month of first purchase in the range: its customers, and for each window (90, 365 days)
 * those whose window ended by the range's last day (`eligible…`) and, of them, who purchased
 * again within it (`repeat…`).
 */
const developmentOf = (scope: ViewScope, range: ViewRange) => {
  const [short, long] = REPEAT_WINDOWS;
  const age = sql`(${dateParam(range.to)} - f.first_date)`;
  return rowsOf<DevelopmentRow>(
    scope,
    sql`select f.first_month as cohort, count(*)::int as customers,
        count(*) filter (where ${age} >= ${short})::int as "eligible90",
        count(*) filter (where ${age} >= ${short} and f.second_after <= ${short})::int as "repeat90",
        count(*) filter (where ${age} >= ${long})::int as "eligible365",
        count(*) filter (where ${age} >= ${long} and f.second_after <= ${long})::int as "repeat365"
      from (
        select p.customer_id, min(p.first_month) as first_month, min(p.first_date) as first_date,
          min(p.date - p.first_date) filter (where p.purchase_number = 2) as second_after
        from ${numberedPurchases(scope, range.end)} p
        where p.first_date >= ${dateParam(range.from)}
        group by p.customer_id
      ) f group by f.first_month order by cohort`,
  );
};

const developmentFigures = (rows: DevelopmentRow[]) => {
  const sum = (key: keyof Omit<DevelopmentRow, 'cohort'>) =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    customers: sum('customers'),
    within90: ratio(sum('repeat90'), sum('eligible90')),
    within365: ratio(sum('repeat365'), sum('eligible365')),
  };
};

/**
 * analytics-repeat-purchase-development: per month of first purchase, the share of customers who
 * purchased again within 90 and within 365 days (among those whose window had ended).
 */
const repeatDevelopmentView: ViewComputer = async (scope) => {
  const [rows, previous] = await compared(scope, (range) => developmentOf(scope, range));
  const now = developmentFigures(rows);
  const before = previous ? developmentFigures(previous) : null;
  const figures = [
    figure('customers', 'New customers', 'integer', now.customers, before?.customers),
    figure('within90', 'Purchased again within 90 days', 'percent', now.within90, before?.within90),
    figure(
      'within365',
      'Purchased again within 365 days',
      'percent',
      now.within365,
      before?.within365,
    ),
  ];
  if (now.customers === 0) return emptyBody(NO_NEW_CUSTOMERS, figures);
  const cohorts = rows.map((row) => ({
    cohort: row.cohort,
    customers: row.customers,
    within90: ratio(row.repeat90, row.eligible90),
    within365: ratio(row.repeat365, row.eligible365),
  }));
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'line',
        'development',
        'Purchased again, by month of first purchase',
        { label: 'First purchase', format: 'month', values: cohorts.map((row) => row.cohort) },
        [
          { name: 'Within 90 days', format: 'percent', values: cohorts.map((row) => row.within90) },
          {
            name: 'Within 365 days',
            format: 'percent',
            values: cohorts.map((row) => row.within365),
          },
        ],
      ),
    ],
    tables: [
      table(
        'development',
        'Purchased again, by month of first purchase',
        columns(
          ['cohort', 'First purchase', 'month'],
          ['customers', 'Customers', 'integer'],
          ['within90', 'Within 90 days', 'percent'],
          ['within365', 'Within 365 days', 'percent'],
        ),
        cohorts,
      ),
    ],
  };
};

/** Bands of days between purchases: [label, first day, last day (null: no end)]. */
const GAP_BANDS: [string, number, number | null][] = [
  ['1–7 days', 1, 7],
  ['8–14 days', 8, 14],
  ['15–30 days', 15, 30],
  ['31–60 days', 31, 60],
  ['61–90 days', 61, 90],
  ['91–180 days', 91, 180],
  ['181–365 days', 181, 365],
  ['More than 365 days', 366, null],
];

type GapRow = { days: number; count: number };

const gapsOf = (scope: ViewScope, range: ViewRange) =>
  rowsOf<GapRow>(
    scope,
    sql`select p.days_since_previous as days, count(*)::int as count
      from ${inRange(scope, range)} and p.purchase_number > 1
      group by p.days_since_previous order by days`,
  );

/** The median of values given as sorted (value, count) rows; null without any. */
export const medianOfCounts = (rows: { days: number; count: number }[]): number | null => {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const valueAt = (position: number) => {
    let seen = 0;
    for (const row of rows) {
      seen += row.count;
      if (position < seen) return row.days;
    }
    return rows.at(-1)!.days;
  };
  return (valueAt(Math.floor((total - 1) / 2)) + valueAt(Math.floor(total / 2))) / 2;
};

const gapFigures = (rows: GapRow[]) => {
  const count = rows.reduce((sum, row) => sum + row.count, 0);
  return {
    count,
    median: medianOfCounts(rows),
    average: ratio(
      rows.reduce((sum, row) => sum + row.days * row.count, 0),
      count,
    ),
  };
};

/**
 * analytics-time-between-purchase: the days from each purchase in the range back to the same
 * customer's purchase before it, in bands, with the median and average.
 */
const timeBetweenView: ViewComputer = async (scope) => {
  const [rows, previous] = await compared(scope, (range) => gapsOf(scope, range));
  const now = gapFigures(rows);
  const before = previous ? gapFigures(previous) : null;
  const figures = [
    figure('repeatPurchases', 'Repeat purchases', 'integer', now.count, before?.count),
    figure('medianDays', 'Median days between purchases', 'days', now.median, before?.median),
    figure('averageDays', 'Average days between purchases', 'days', now.average, before?.average),
  ];
  if (now.count === 0) return emptyBody('No repeat purchase in this range.', figures);
  const bands = GAP_BANDS.map(([band, low, high]) => {
    const count = rows
      .filter((row) => row.days >= low && (high === null || row.days <= high))
      .reduce((sum, row) => sum + row.count, 0);
    return { band, purchases: count, share: ratio(count, now.count) };
  });
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'distribution',
        'Days between purchases',
        {
          label: 'Days since the purchase before',
          format: 'text',
          values: bands.map((b) => b.band),
        },
        [{ name: 'Repeat purchases', format: 'integer', values: bands.map((b) => b.purchases) }],
      ),
    ],
    tables: [
      table(
        'distribution',
        'Days between purchases',
        columns(
          ['band', 'Days since the purchase before', 'text'],
          ['purchases', 'Repeat purchases', 'integer'],
          ['share', 'Share', 'percent'],
        ),
        bands,
      ),
    ],
  };
};

/** Days without a purchase after which a customer's next purchase recovers them. */
export const RECOVERY_DAYS = 365;

type RecoveredRow = {
  customer: string;
  day: string;
  month: string;
  previousDay: string;
  days: number;
  revenue: number;
};

const recoveredOf = (scope: ViewScope, range: ViewRange) =>
  rowsOf<RecoveredRow>(
    scope,
    sql`select ${customerLabel(sql`p.customer_id`)} as customer, p.day, p.month,
        to_char(p.previous_date, 'YYYY-MM-DD') as "previousDay", p.days_since_previous as days,
        p.revenue
      from ${inRange(scope, range)} and p.days_since_previous > ${RECOVERY_DAYS}
      order by p.date, customer`,
  );

const recoveredFigures = (rows: RecoveredRow[], counts: CustomerCounts) => ({
  recovered: rows.length,
  share: ratio(rows.length, counts.customers),
  revenue: rows.reduce((sum, row) => sum + row.revenue, 0),
});

/** analytics-recovered-customers: purchases in the range after more than 365 days without one. */
const recoveredView: ViewComputer = async (scope) => {
  const [[rows, counts], previous] = await compared(scope, (range) =>
    Promise.all([recoveredOf(scope, range), customerCounts(scope, range)]),
  );
  const now = recoveredFigures(rows, counts);
  const before = previous ? recoveredFigures(...previous) : null;
  const figures = [
    figure('recovered', 'Recovered customers', 'integer', now.recovered, before?.recovered),
    figure('share', 'Share of the range’s customers', 'percent', now.share, before?.share),
    figure('revenue', 'Revenue of the recovering purchases', 'money', now.revenue, before?.revenue),
  ];
  if (counts.customers === 0) return emptyBody(NO_PURCHASES, figures);
  const months = monthsOf(scope.range);
  return {
    empty:
      rows.length === 0 ? 'No customer came back after more than 365 days in this range.' : null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'recovered-per-month',
        'Recovered customers per month',
        { label: 'Month', format: 'month', values: months },
        [
          {
            name: 'Recovered customers',
            format: 'integer',
            values: months.map((month) => rows.filter((row) => row.month === month).length),
          },
        ],
      ),
    ],
    tables: [
      table(
        'recovered',
        'Recovered customers',
        columns(
          ['customer', 'Customer', 'text'],
          ['day', 'Purchased again on', 'date'],
          ['previousDay', 'Purchase before', 'date'],
          ['days', 'Days without a purchase', 'days'],
          ['revenue', 'Revenue', 'money'],
        ),
        rows.map(({ month: _, ...row }) => row),
      ),
    ],
  };
};

/** Issue 14 customers views of new, returning and repeat purchases. */
export const repeatViews: ViewComputers = {
  'analytics-customer': customerView,
  'analytics-repeat-purchase': repeatPurchaseView,
  'analytics-repeat-purchase-development': repeatDevelopmentView,
  'analytics-time-between-purchase': timeBetweenView,
  'analytics-recovered-customers': recoveredView,
};
