import { sql } from 'drizzle-orm';
import type { AnalyticsChart } from '@atelier/contract/analytics/views';
import { dateParam, numberedPurchases } from './purchases-sql';
import {
  columns,
  emptyBody,
  figure,
  finiteOrNull,
  monthsOf,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

/** `empty` of a customers view whose range has no first purchase. */
export const NO_NEW_CUSTOMERS = 'No customer made a first purchase in this range.';

type CohortRow = { cohort: string; monthsSince: number; customers: number; revenue: number };

/** One cohort: its month, size and a cell per month since its first month up to the range's end. */
export type Cohort = {
  month: string;
  size: number;
  cells: { monthsSince: number; customers: number; revenue: number }[];
};

/**
 * The monthly cohorts of a range (customers whose first purchase falls in it, by its store-local
 * month) with, for each month since the first up to the range's last month, the customers who
 * purchased and their revenue (minor units); months without purchases are 0 cells.
 */
export const cohortsOf = async (scope: ViewScope, range: ViewRange): Promise<Cohort[]> => {
  const rows = await rowsOf<CohortRow>(
    scope,
    sql`select p.first_month as cohort, p.months_since_first as "monthsSince",
        count(distinct p.customer_id)::int as customers, sum(p.revenue)::float8 as revenue
      from ${numberedPurchases(scope, range.end)} p
      where p.first_date >= ${dateParam(range.from)}
      group by p.first_month, p.months_since_first`,
  );
  const months = monthsOf(range);
  return months.flatMap((month, at) => {
    const own = rows.filter((row) => row.cohort === month);
    const size = own.find((row) => row.monthsSince === 0)?.customers ?? 0;
    if (size === 0) return [];
    const cells = months.slice(at).map((_, monthsSince) => {
      const row = own.find((one) => one.monthsSince === monthsSince);
      return { monthsSince, customers: row?.customers ?? 0, revenue: row?.revenue ?? 0 };
    });
    return [{ month, size, cells }];
  });
};

const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** Retention after `monthsSince` months over the cohorts that reached it (weighted by size). */
const retentionAfter = (cohorts: Cohort[], monthsSince: number) => {
  const reached = cohorts.filter((cohort) => cohort.cells.length > monthsSince);
  return ratio(
    sumOf(reached.map((cohort) => cohort.cells[monthsSince]!.customers)),
    sumOf(reached.map((cohort) => cohort.size)),
  );
};

const cohortFigures = (cohorts: Cohort[]) => ({
  cohorts: cohorts.length,
  customers: sumOf(cohorts.map((cohort) => cohort.size)),
  month1: retentionAfter(cohorts, 1),
  month3: retentionAfter(cohorts, 3),
  revenue: sumOf(cohorts.flatMap((cohort) => cohort.cells.map((cell) => cell.revenue))),
});

const comparedCohorts = (scope: ViewScope) =>
  Promise.all([cohortsOf(scope, scope.range), scope.compare && cohortsOf(scope, scope.compare)]);

/** x: months since the first purchase (0…), y: cohort months, cells of `valueOf`. */
const cohortHeatmap = (
  key: string,
  title: string,
  cohorts: Cohort[],
  format: 'percent' | 'money',
  valueOf: (cohort: Cohort, cell: Cohort['cells'][number], at: number) => number | null,
): AnalyticsChart => ({
  kind: 'heatmap',
  key,
  title,
  x: {
    label: 'Months since first purchase',
    format: 'integer',
    values: (cohorts[0]?.cells ?? []).map((cell) => cell.monthsSince),
  },
  y: { label: 'Cohort', format: 'month', values: cohorts.map((cohort) => cohort.month) },
  format,
  cells: cohorts.flatMap((cohort, y) =>
    cohort.cells.map((cell, at): [number, number, number | null] => [
      cell.monthsSince,
      y,
      finiteOrNull(valueOf(cohort, cell, at)),
    ]),
  ),
});

/** analytics-cohorts: monthly cohorts × months since: customers purchasing, retention, revenue. */
const cohortsView: ViewComputer = async (scope) => {
  const [cohorts, previous] = await comparedCohorts(scope);
  const now = cohortFigures(cohorts);
  const before = previous ? cohortFigures(previous) : null;
  const figures = [
    figure('cohorts', 'Cohorts', 'integer', now.cohorts, before?.cohorts),
    figure('customers', 'New customers', 'integer', now.customers, before?.customers),
    figure('retentionMonth1', 'Retention after 1 month', 'percent', now.month1, before?.month1),
    figure('retentionMonth3', 'Retention after 3 months', 'percent', now.month3, before?.month3),
    figure('revenue', 'Revenue of the cohorts', 'money', now.revenue, before?.revenue),
  ];
  if (cohorts.length === 0) return emptyBody(NO_NEW_CUSTOMERS, figures);
  return {
    empty: null,
    figures,
    charts: [
      cohortHeatmap('retention', 'Retention by cohort', cohorts, 'percent', (cohort, cell) =>
        ratio(cell.customers, cohort.size),
      ),
      cohortHeatmap('revenue', 'Revenue by cohort', cohorts, 'money', (_, cell) => cell.revenue),
    ],
    tables: [
      table(
        'cohorts',
        'Cohorts by months since first purchase',
        columns(
          ['cohort', 'Cohort', 'month'],
          ['cohortCustomers', 'Cohort customers', 'integer'],
          ['monthsSince', 'Months since first purchase', 'integer'],
          ['customers', 'Customers purchasing', 'integer'],
          ['retention', 'Retention', 'percent'],
          ['revenue', 'Revenue', 'money'],
        ),
        cohorts.flatMap((cohort) =>
          cohort.cells.map((cell) => ({
            cohort: cohort.month,
            cohortCustomers: cohort.size,
            monthsSince: cell.monthsSince,
            customers: cell.customers,
            retention: ratio(cell.customers, cohort.size),
            revenue: cell.revenue,
          })),
        ),
      ),
    ],
  };
};

/** Cumulative revenue per customer of a cohort after each month since its first. */
const ltvCurve = (cohort: Cohort) => {
  let total = 0;
  return cohort.cells.map((cell) => {
    total += cell.revenue;
    return { cumulative: total, perCustomer: ratio(total, cohort.size) };
  });
};

/** The curve of all cohorts: cumulative revenue ÷ customers of the cohorts that reached month m. */
const allCohortsCurve = (cohorts: Cohort[]) => {
  const curves = cohorts.map(ltvCurve);
  const longest = Math.max(0, ...cohorts.map((cohort) => cohort.cells.length));
  return Array.from({ length: longest }, (_, at) => {
    const reached = cohorts.flatMap((cohort, index) =>
      cohort.cells.length > at
        ? [{ size: cohort.size, total: curves[index]![at]!.cumulative }]
        : [],
    );
    return ratio(sumOf(reached.map((one) => one.total)), sumOf(reached.map((one) => one.size)));
  });
};

const ltvFigures = (cohorts: Cohort[]) => {
  const customers = sumOf(cohorts.map((cohort) => cohort.size));
  const revenue = sumOf(cohorts.flatMap((cohort) => cohort.cells.map((cell) => cell.revenue)));
  const curve = allCohortsCurve(cohorts);
  return {
    customers,
    firstMonth: curve[0] ?? null,
    month3: curve[3] ?? null,
    month12: curve[12] ?? null,
    perCustomer: ratio(revenue, customers),
  };
};

/** analytics-ltv: average cumulative revenue per customer by months since the first purchase. */
const ltvView: ViewComputer = async (scope) => {
  const [cohorts, previous] = await comparedCohorts(scope);
  const now = ltvFigures(cohorts);
  const before = previous ? ltvFigures(previous) : null;
  const figures = [
    figure('customers', 'New customers', 'integer', now.customers, before?.customers),
    figure(
      'ltvMonth0',
      'Revenue per customer, first month',
      'money',
      now.firstMonth,
      before?.firstMonth,
    ),
    figure('ltvMonth3', 'Lifetime value after 3 months', 'money', now.month3, before?.month3),
    figure('ltvMonth12', 'Lifetime value after 12 months', 'money', now.month12, before?.month12),
    figure(
      'revenuePerCustomer',
      'Revenue per customer to date',
      'money',
      now.perCustomer,
      before?.perCustomer,
    ),
  ];
  if (cohorts.length === 0) return emptyBody(NO_NEW_CUSTOMERS, figures);
  const all = allCohortsCurve(cohorts);
  const curves = cohorts.map(ltvCurve);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'line',
        'ltv',
        'Lifetime value by months since first purchase',
        { label: 'Months since first purchase', format: 'integer', values: all.map((_, at) => at) },
        [
          { name: 'All cohorts', format: 'money', values: all },
          ...cohorts.map((cohort, index) => ({
            name: cohort.month,
            format: 'money' as const,
            values: all.map((_, at) => curves[index]![at]?.perCustomer ?? null),
          })),
        ],
      ),
    ],
    tables: [
      table(
        'ltv',
        'Lifetime value by cohort',
        columns(
          ['cohort', 'Cohort', 'month'],
          ['customers', 'Customers', 'integer'],
          ['monthsSince', 'Months since first purchase', 'integer'],
          ['revenue', 'Cumulative revenue', 'money'],
          ['ltv', 'Revenue per customer', 'money'],
        ),
        cohorts.flatMap((cohort, index) =>
          curves[index]!.map((point, monthsSince) => ({
            cohort: cohort.month,
            customers: cohort.size,
            monthsSince,
            revenue: point.cumulative,
            ltv: point.perCustomer,
          })),
        ),
      ),
    ],
  };
};

/** The series name of purchases by customers whose first purchase is before the range. */
const EARLIER = 'Before the range';

type MonthCohortRow = { month: string; cohort: string | null; revenue: number };

const revenueByCohort = (scope: ViewScope, range: ViewRange) =>
  rowsOf<MonthCohortRow>(
    scope,
    sql`select p.month, case when p.first_date < ${dateParam(range.from)} then null
          else p.first_month end as cohort, sum(p.revenue)::float8 as revenue
      from ${numberedPurchases(scope, range.end)} p
      where p.date >= ${dateParam(range.from)}
      group by 1, 2`,
  );

const revenueFigures = (rows: MonthCohortRow[]) => {
  const revenue = sumOf(rows.map((row) => row.revenue));
  const earlier = sumOf(rows.filter((row) => row.cohort === null).map((row) => row.revenue));
  return { revenue, earlier, newer: revenue - earlier, earlierShare: ratio(earlier, revenue) };
};

/** analytics-revenue-by-cohorts: each month's revenue split by the customers' first month. */
const revenueByCohortsView: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    revenueByCohort(scope, scope.range),
    scope.compare && revenueByCohort(scope, scope.compare),
  ]);
  const now = revenueFigures(rows);
  const before = previous ? revenueFigures(previous) : null;
  const figures = [
    figure('revenue', 'Revenue from customers', 'money', now.revenue, before?.revenue),
    figure('newRevenue', 'From customers new in the range', 'money', now.newer, before?.newer),
    figure('earlierRevenue', 'From earlier customers', 'money', now.earlier, before?.earlier),
    figure(
      'earlierShare',
      'Share from earlier customers',
      'percent',
      now.earlierShare,
      before?.earlierShare,
    ),
  ];
  if (rows.length === 0) return emptyBody('No customer purchased in this range.', figures);
  const months = monthsOf(scope.range);
  const cohorts = [...new Set(rows.map((row) => row.cohort))].sort((a, b) =>
    a === null ? -1 : b === null ? 1 : a.localeCompare(b),
  );
  const cell = (month: string, cohort: string | null) =>
    rows.find((row) => row.month === month && row.cohort === cohort)?.revenue ?? 0;
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'revenue-by-cohort',
        'Revenue by first-purchase month',
        { label: 'Month', format: 'month', values: months },
        cohorts.map((cohort) => ({
          name: cohort ?? EARLIER,
          format: 'money' as const,
          values: months.map((month) => cell(month, cohort)),
        })),
        true,
      ),
    ],
    tables: [
      table(
        'revenue-by-cohort',
        'Revenue by month and first-purchase month',
        columns(
          ['month', 'Month', 'month'],
          ['cohort', 'First purchase', 'text'],
          ['revenue', 'Revenue', 'money'],
        ),
        months.flatMap((month) =>
          cohorts.map((cohort) => ({
            month,
            cohort: cohort ?? EARLIER,
            revenue: cell(month, cohort),
          })),
        ),
      ),
    ],
  };
};

/** Issue 14 cohort views of the customers group. */
export const cohortViews: ViewComputers = {
  'analytics-cohorts': cohortsView,
  'analytics-ltv': ltvView,
  'analytics-revenue-by-cohorts': revenueByCohortsView,
};
