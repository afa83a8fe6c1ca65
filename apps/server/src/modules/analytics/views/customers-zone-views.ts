import { sql, type SQL } from 'drizzle-orm';
import { CHURN_DAYS_ONE_TIME_BUYER, CHURN_GAP_MULTIPLE } from '@atelier/contract/analytics/views';
import { customerLabel, dateParam, numberedPurchases, purchaseOccasions } from './purchases-sql';
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

const NO_CUSTOMERS = 'No customer has purchased yet.';

/** The zones of the customer base by days since the last purchase (the view's definition). */
export const ZONES = [
  { key: 'active', label: 'Active', days: '≤ 90 days', last: 90 },
  { key: 'atRisk', label: 'At risk', days: '91–180 days', last: 180 },
  { key: 'lapsing', label: 'Lapsing', days: '181–365 days', last: 365 },
  { key: 'lost', label: 'Lost', days: '> 365 days', last: null },
] as const;
type ZoneKey = (typeof ZONES)[number]['key'];

/** The SQL zone of a number of days since the last purchase. */
const zoneOf = (days: SQL): SQL => sql`case when ${days} <= 90 then 'active'
  when ${days} <= 180 then 'atRisk' when ${days} <= 365 then 'lapsing' else 'lost' end`;

type ZoneRow = { zone: ZoneKey; customers: number; revenue: number };

/** Per-customer zones on the range's last day, counted per zone. */
const zoneCounts = async (scope: ViewScope, range: ViewRange) => {
  const rows = await rowsOf<ZoneRow>(
    scope,
    sql`select z.zone, count(*)::int as customers, sum(z.revenue)::float8 as revenue
      from (
        select ${zoneOf(sql`(${dateParam(range.to)} - max(p.date))`)} as zone,
          sum(p.revenue) as revenue
        from ${numberedPurchases(scope, range.end)} p group by p.customer_id
      ) z group by z.zone`,
  );
  const total = rows.reduce((sum, row) => sum + row.customers, 0);
  return {
    total,
    zones: ZONES.map((zone) => {
      const row = rows.find((one) => one.zone === zone.key);
      return {
        zone: zone.label,
        key: zone.key,
        days: zone.days,
        customers: row?.customers ?? 0,
        share: ratio(row?.customers ?? 0, total),
        revenue: row?.revenue ?? 0,
      };
    }),
  };
};

/** analytics-base-zone: the customer base by days since the last purchase, on the range's last day. */
const baseZoneView: ViewComputer = async (scope) => {
  const [now, before] = await Promise.all([
    zoneCounts(scope, scope.range),
    scope.compare ? zoneCounts(scope, scope.compare) : null,
  ]);
  const figures = [
    figure('customers', 'Customers', 'integer', now.total, before?.total),
    ...ZONES.map((zone, at) =>
      figure(
        zone.key,
        zone.label,
        'integer',
        now.zones[at]!.customers,
        before?.zones[at]!.customers,
      ),
    ),
    figure('activeShare', 'Active share', 'percent', now.zones[0]!.share, before?.zones[0]!.share),
  ];
  if (now.total === 0) return emptyBody(NO_CUSTOMERS, figures);
  return {
    empty: null,
    figures,
    charts: [
      {
        kind: 'treemap',
        key: 'zones',
        title: `Customer base zones on ${scope.range.to}`,
        format: 'integer',
        items: now.zones.map((zone) => ({ name: zone.zone, value: zone.customers })),
      },
    ],
    tables: [
      table(
        'zones',
        `Customer base zones on ${scope.range.to}`,
        columns(
          ['zone', 'Zone', 'text'],
          ['days', 'Days since the last purchase', 'text'],
          ['customers', 'Customers', 'integer'],
          ['share', 'Share', 'percent'],
          ['revenue', 'Revenue to date', 'money'],
        ),
        now.zones.map(({ key: _, ...zone }) => zone),
      ),
    ],
  };
};

/** The last day of each month of the range (the range's last day for its last month). */
const monthEndsOf = (range: ViewRange) =>
  monthsOf(range).map((month) => {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
    return { month, day: last < range.to ? last : range.to };
  });

/** The month ends of a range as SQL `values` rows (month, day). */
const endsValues = (range: ViewRange) =>
  sql.join(
    monthEndsOf(range).map((end) => sql`(${end.month}, ${dateParam(end.day)})`),
    sql`, `,
  );

type MonthEndRow = {
  month: string;
  zone: ZoneKey;
  customers: number;
  churned: number;
};

/**
 * Per month end of the range: customers with a purchase by then, by zone, and how many of them
 * are churned (ANALYTICS_DEFINITIONS.churned: more than 3 × their median gap since the last
 * purchase, or more than 365 days for one-time buyers, gaps as of that day).
 */
const monthEndStates = (scope: ViewScope, range: ViewRange) =>
  rowsOf<MonthEndRow>(
    scope,
    sql`with ends(month, day) as (values ${endsValues(range)}),
      n as materialized (
        select p.customer_id, p.date, p.purchase_number, p.days_since_previous,
          lead(p.date) over (partition by p.customer_id order by p.date) as next_date
        from ${numberedPurchases(scope, range.end)} p),
      states as (
        select p.customer_id, p.date, p.next_date, p.purchase_number as purchases,
          percentile_cont(0.5) within group (order by q.days_since_previous) as median_gap
        from n p join n q on q.customer_id = p.customer_id and q.purchase_number <= p.purchase_number
        -- Only a purchase that is the customer's last at some month end: the median of the gaps
        -- up to each purchase costs a customer's purchases squared, so skip the others.
        where exists (select 1 from ends e
          where p.date <= e.day and (p.next_date is null or p.next_date > e.day))
        group by p.customer_id, p.date, p.next_date, p.purchase_number)
      select e.month, ${zoneOf(sql`(e.day - s.date)`)} as zone, count(*)::int as customers,
        count(*) filter (where case when s.purchases = 1
          then (e.day - s.date) > ${CHURN_DAYS_ONE_TIME_BUYER}
          else (e.day - s.date) > ${CHURN_GAP_MULTIPLE} * s.median_gap end)::int as churned
      from ends e join states s on s.date <= e.day and (s.next_date is null or s.next_date > e.day)
      group by 1, 2`,
  );

/**
 * Per month end of the range: customers with a purchase by then, by zone. Each purchase is the
 * customer's last from its day until the day before their next, so each month end meets one
 * purchase per customer (no grouping by customer).
 */
const monthEndZones = (scope: ViewScope, range: ViewRange) =>
  rowsOf<MonthEndRow>(
    scope,
    sql`with ends(month, day) as (values ${endsValues(range)})
      select e.month, ${zoneOf(sql`(e.day - p.date)`)} as zone, count(*)::int as customers,
        0 as churned
      from ends e join (
        select p.date, lead(p.date) over (partition by p.customer_id order by p.date) as next_date
        from ${purchaseOccasions(scope, range.end)} p
      ) p on p.date <= e.day and (p.next_date is null or p.next_date > e.day)
      group by 1, 2`,
  );

/** analytics-zone-development: the zones at the end of each month of the range. */
const zoneDevelopmentView: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    monthEndZones(scope, scope.range),
    scope.compare ? monthEndZones(scope, scope.compare) : null,
  ]);
  const months = monthsOf(scope.range);
  const counter = (of: MonthEndRow[]) => (month: string, zone?: ZoneKey) =>
    of
      .filter((row) => row.month === month && (zone === undefined || row.zone === zone))
      .reduce((sum, row) => sum + row.customers, 0);
  const count = counter(rows);
  const endFigures = (of: MonthEndRow[], range: ViewRange) => {
    const own = counter(of);
    const ends = monthsOf(range);
    return {
      customers: own(ends.at(-1)!),
      active: own(ends.at(-1)!, 'active'),
      activeChange: own(ends.at(-1)!, 'active') - own(ends[0]!, 'active'),
    };
  };
  const now = endFigures(rows, scope.range);
  const before = previous && scope.compare ? endFigures(previous, scope.compare) : null;
  const figures = [
    figure('customers', 'Customers at the end', 'integer', now.customers, before?.customers),
    figure('active', 'Active at the end', 'integer', now.active, before?.active),
    figure(
      'activeChange',
      'Change of active customers',
      'integer',
      now.activeChange,
      before?.activeChange,
    ),
  ];
  if (rows.length === 0) return emptyBody(NO_CUSTOMERS, figures);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'area',
        'zones',
        'Customer base zones at each month end',
        { label: 'Month', format: 'month', values: months },
        ZONES.map((zone) => ({
          name: zone.label,
          format: 'integer' as const,
          values: months.map((month) => count(month, zone.key)),
        })),
        true,
      ),
    ],
    tables: [
      table(
        'zones',
        'Customer base zones at each month end',
        columns(
          ['month', 'Month', 'month'],
          ...ZONES.map((zone): [string, string, 'integer'] => [zone.key, zone.label, 'integer']),
          ['customers', 'Customers', 'integer'],
        ),
        months.map((month) => ({
          month,
          ...Object.fromEntries(ZONES.map((zone) => [zone.key, count(month, zone.key)])),
          customers: count(month),
        })),
      ),
    ],
  };
};

const churnByMonth = (rows: MonthEndRow[], range: ViewRange) =>
  monthsOf(range).map((month) => {
    const own = rows.filter((row) => row.month === month);
    const customers = own.reduce((sum, row) => sum + row.customers, 0);
    const churned = own.reduce((sum, row) => sum + row.churned, 0);
    return { month, customers, churned, churnRate: ratio(churned, customers) };
  });

/** analytics-churn-risk-development: churned customers at the end of each month of the range. */
const churnDevelopmentView: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    monthEndStates(scope, scope.range),
    scope.compare ? monthEndStates(scope, scope.compare) : null,
  ]);
  const months = churnByMonth(rows, scope.range);
  const last = months.at(-1)!;
  const before = previous && scope.compare ? churnByMonth(previous, scope.compare).at(-1)! : null;
  const figures = [
    figure('churned', 'Churned at the end', 'integer', last.churned, before?.churned),
    figure('churnRate', 'Churn rate at the end', 'percent', last.churnRate, before?.churnRate),
    figure('customers', 'Customers at the end', 'integer', last.customers, before?.customers),
  ];
  if (rows.length === 0) return emptyBody(NO_CUSTOMERS, figures);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'line',
        'churn-rate',
        'Churn rate at each month end',
        { label: 'Month', format: 'month', values: months.map((one) => one.month) },
        [{ name: 'Churn rate', format: 'percent', values: months.map((one) => one.churnRate) }],
      ),
    ],
    tables: [
      table(
        'churn',
        'Churned customers at each month end',
        columns(
          ['month', 'Month', 'month'],
          ['customers', 'Customers', 'integer'],
          ['churned', 'Churned', 'integer'],
          ['churnRate', 'Churn rate', 'percent'],
        ),
        months,
      ),
    ],
  };
};

/** Churn risk from which a customer counts as likely churned. */
export const HIGH_CHURN_RISK = 0.5;
/** Most customers the churn-risk table lists (riskiest first). */
const CHURN_TABLE_LIMIT = 5_000;
/** The horizon of the predictions the churn-risk view shows, in days. */
const PREDICTION_HORIZON_DAYS = 365;

type HistoryRow = {
  customerId: string;
  customer: string;
  lastDay: string;
  purchases: number;
  revenue: number;
};

const predictionsAt = async (scope: ViewScope, range: ViewRange) => {
  const predictions = await scope.predictive.customerPredictions(
    scope.storeId,
    range.to,
    PREDICTION_HORIZON_DAYS,
  );
  const risks = predictions.map((one) => 1 - one.pAlive);
  const high = risks.filter((risk) => risk >= HIGH_CHURN_RISK).length;
  return {
    predictions,
    customers: predictions.length,
    averageRisk: ratio(
      risks.reduce((sum, risk) => sum + risk, 0),
      risks.length,
    ),
    highShare: ratio(high, predictions.length),
    predictedRevenue:
      predictions.length > 0
        ? predictions.reduce((sum, one) => sum + one.predictedRevenue, 0)
        : null,
  };
};

/** Churn-risk bands of the distribution: 0–10 %, 10–20 %, … 90–100 %. */
const RISK_BANDS = Array.from({ length: 10 }, (_, at) => `${at * 10}–${at * 10 + 10} %`);

/**
 * analytics-churn-risk: each customer's churn risk (1 − P(alive) under BG/NBD, fitted on the
 * purchases up to the range's last day), with what the model expects of them in the next year.
 */
const churnRiskView: ViewComputer = async (scope) => {
  const [now, before] = await Promise.all([
    predictionsAt(scope, scope.range),
    scope.compare ? predictionsAt(scope, scope.compare) : null,
  ]);
  const figures = [
    figure('customers', 'Customers', 'integer', now.customers, before?.customers),
    figure('averageRisk', 'Average churn risk', 'percent', now.averageRisk, before?.averageRisk),
    figure('highRisk', 'Churn risk of 50 % or more', 'percent', now.highShare, before?.highShare),
    figure(
      'predictedRevenue',
      'Predicted revenue, next 12 months',
      'money',
      now.predictedRevenue,
      before?.predictedRevenue,
    ),
  ];
  if (now.customers === 0) {
    return emptyBody(
      'No model yet: churn risk needs more customers with repeat purchases.',
      figures,
    );
  }
  const histories = await rowsOf<HistoryRow>(
    scope,
    // Only the last day, purchases and revenue: no numbering, no median gap.
    sql`select h.customer_id as "customerId", ${customerLabel(sql`h.customer_id`)} as customer,
        to_char(h.last_date, 'YYYY-MM-DD') as "lastDay", h.purchases, h.revenue
      from (
        select p.customer_id, max(p.date) as last_date, count(*)::int as purchases,
          sum(p.revenue)::float8 as revenue
        from ${purchaseOccasions(scope, scope.range.end)} p group by p.customer_id
      ) h`,
  );
  const byId = new Map(histories.map((row) => [row.customerId, row]));
  const rows = now.predictions
    .map((one) => ({ ...one, risk: 1 - one.pAlive, history: byId.get(one.customerId) }))
    .sort((a, b) => b.risk - a.risk || a.customerId.localeCompare(b.customerId));
  const bands = RISK_BANDS.map(
    (_, at) => rows.filter((row) => Math.min(9, Math.floor(row.risk * 10)) === at).length,
  );
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'risk-distribution',
        'Customers by churn risk',
        { label: 'Churn risk', format: 'text', values: RISK_BANDS },
        [{ name: 'Customers', format: 'integer', values: bands }],
      ),
    ],
    tables: [
      table(
        'customers',
        'Customers by churn risk',
        columns(
          ['customer', 'Customer', 'text'],
          ['lastPurchase', 'Last purchase', 'date'],
          ['purchases', 'Purchases', 'integer'],
          ['revenue', 'Revenue to date', 'money'],
          ['churnRisk', 'Churn risk', 'percent'],
          ['expectedPurchases', 'Expected purchases, next 12 months', 'decimal'],
          ['predictedRevenue', 'Predicted revenue, next 12 months', 'money'],
        ),
        rows.slice(0, CHURN_TABLE_LIMIT).map((row) => ({
          customer: row.history?.customer ?? row.customerId,
          lastPurchase: row.history?.lastDay ?? null,
          purchases: row.history?.purchases ?? null,
          revenue: row.history?.revenue ?? null,
          churnRisk: row.risk,
          expectedPurchases: row.expectedPurchases,
          predictedRevenue: row.predictedRevenue,
        })),
      ),
    ],
  };
};

/** Issue 14 customer base views: zones and churn. */
export const zoneViews: ViewComputers = {
  'analytics-base-zone': baseZoneView,
  'analytics-zone-development': zoneDevelopmentView,
  'analytics-churn-risk-development': churnDevelopmentView,
  'analytics-churn-risk': churnRiskView,
};
