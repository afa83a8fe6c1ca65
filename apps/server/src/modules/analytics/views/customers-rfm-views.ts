import { sql } from 'drizzle-orm';
import { customerLabel, dateParam, purchaseOccasions } from './purchases-sql';
import { columns, emptyBody, figure, ratio, rowsOf, seriesChart, table } from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

/** `empty` of a view over the customers who purchased in the range. */
export const NO_PURCHASES = 'No customer purchased in this range.';
const ONE_CUSTOMER = 'Only one customer purchased in this range: scores need at least two.';

/** Most customers the RFM table lists (by revenue); the segments count every customer. */
export const RFM_TABLE_LIMIT = 5_000;

type RfmRow = {
  customerId: string;
  customer: string;
  recencyDays: number;
  purchases: number;
  revenue: number;
  r: number;
  f: number;
  m: number;
};

/**
 * Each customer who purchased in the range: recency (days from the last purchase to the range's
 * last day), frequency (purchases in the range), monetary (their revenue), each scored
 * 1 + ⌊5 × percent rank⌋ (at most 5; ties share the lower score; recent is better).
 */
const rfmRows = (scope: ViewScope, range: ViewRange) =>
  rowsOf<RfmRow>(
    scope,
    sql`with c as (
        select p.customer_id, count(*)::int as purchases, sum(p.revenue)::float8 as revenue,
          (${dateParam(range.to)} - max(p.date))::int as recency
        from ${purchaseOccasions(scope, range.end)} p
        where p.date >= ${dateParam(range.from)}
        group by p.customer_id)
      select c.customer_id as "customerId", ${customerLabel(sql`c.customer_id`)} as customer,
        c.recency as "recencyDays", c.purchases, c.revenue,
        least(5, 1 + floor(5 * percent_rank() over (order by c.recency desc)))::int as r,
        least(5, 1 + floor(5 * percent_rank() over (order by c.purchases)))::int as f,
        least(5, 1 + floor(5 * percent_rank() over (order by c.revenue)))::int as m
      from c order by c.revenue desc, c.customer_id`,
  );

/** The RFM segments, named from the R and F scores (the usual 5 × 5 grid). */
export const RFM_SEGMENTS = [
  'Champions',
  'Loyal customers',
  'Potential loyalists',
  'New customers',
  'Promising',
  'Need attention',
  'About to sleep',
  'At risk',
  'Can’t lose them',
  'Hibernating',
] as const;
export type RfmSegment = (typeof RFM_SEGMENTS)[number];

/** The segment of R and F scores (1–5 each). */
export const rfmSegmentOf = (r: number, f: number): RfmSegment => {
  if (r <= 2) return f === 5 ? 'Can’t lose them' : f >= 3 ? 'At risk' : 'Hibernating';
  if (r === 3) return f >= 4 ? 'Loyal customers' : f === 3 ? 'Need attention' : 'About to sleep';
  if (f >= 4) return r === 5 ? 'Champions' : 'Loyal customers';
  if (f >= 2) return 'Potential loyalists';
  return r === 5 ? 'New customers' : 'Promising';
};

const rfmFigures = (rows: RfmRow[]) => {
  const count = rows.length;
  const scored = count >= 2;
  const inSegments = (...segments: RfmSegment[]) =>
    scored
      ? ratio(rows.filter((row) => segments.includes(rfmSegmentOf(row.r, row.f))).length, count)
      : null;
  return {
    customers: count,
    champions: inSegments('Champions'),
    atRisk: inSegments('At risk', 'Can’t lose them'),
    recency: ratio(
      rows.reduce((sum, row) => sum + row.recencyDays, 0),
      count,
    ),
  };
};

/** analytics-rfm: quintile scores and named segments of the customers who purchased in the range. */
const rfmView: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    rfmRows(scope, scope.range),
    scope.compare && rfmRows(scope, scope.compare),
  ]);
  const now = rfmFigures(rows);
  const before = previous ? rfmFigures(previous) : null;
  const figures = [
    figure('customers', 'Customers', 'integer', now.customers, before?.customers),
    figure('champions', 'Champions', 'percent', now.champions, before?.champions),
    figure('atRisk', 'At risk or can’t lose', 'percent', now.atRisk, before?.atRisk),
    figure('recencyDays', 'Average days since last purchase', 'days', now.recency, before?.recency),
  ];
  if (rows.length === 0) return emptyBody(NO_PURCHASES, figures);
  if (rows.length === 1) return emptyBody(ONE_CUSTOMER, figures);
  const withSegment = rows.map((row) => ({ ...row, segment: rfmSegmentOf(row.r, row.f) }));
  const segments = RFM_SEGMENTS.map((segment) => {
    const members = withSegment.filter((row) => row.segment === segment);
    return {
      segment,
      customers: members.length,
      share: ratio(members.length, rows.length),
      revenue: members.reduce((sum, row) => sum + row.revenue, 0),
      recencyDays: ratio(
        members.reduce((sum, row) => sum + row.recencyDays, 0),
        members.length,
      ),
      purchases: ratio(
        members.reduce((sum, row) => sum + row.purchases, 0),
        members.length,
      ),
    };
  }).filter((one) => one.customers > 0);
  return {
    empty: null,
    figures,
    charts: [
      {
        kind: 'treemap',
        key: 'segments',
        title: 'Customers by RFM segment',
        format: 'integer',
        items: segments.map((one) => ({ name: one.segment, value: one.customers })),
      },
      seriesChart(
        'bar',
        'segment-revenue',
        'Revenue by RFM segment',
        { label: 'Segment', format: 'text', values: segments.map((one) => one.segment) },
        [{ name: 'Revenue', format: 'money', values: segments.map((one) => one.revenue) }],
      ),
    ],
    tables: [
      table(
        'segments',
        'RFM segments',
        columns(
          ['segment', 'Segment', 'text'],
          ['customers', 'Customers', 'integer'],
          ['share', 'Share of customers', 'percent'],
          ['revenue', 'Revenue', 'money'],
          ['recencyDays', 'Average days since last purchase', 'days'],
          ['purchases', 'Average purchases', 'decimal'],
        ),
        segments,
      ),
      table(
        'customers',
        'Customers with their RFM scores',
        columns(
          ['customer', 'Customer', 'text'],
          ['recencyDays', 'Days since last purchase', 'days'],
          ['purchases', 'Purchases', 'integer'],
          ['revenue', 'Revenue', 'money'],
          ['r', 'R', 'integer'],
          ['f', 'F', 'integer'],
          ['m', 'M', 'integer'],
          ['score', 'RFM', 'text'],
          ['segment', 'Segment', 'text'],
        ),
        withSegment.slice(0, RFM_TABLE_LIMIT).map((row) => ({
          customer: row.customer,
          recencyDays: row.recencyDays,
          purchases: row.purchases,
          revenue: row.revenue,
          r: row.r,
          f: row.f,
          m: row.m,
          score: `${row.r}${row.f}${row.m}`,
          segment: row.segment,
        })),
      ),
    ],
  };
};

/** The top shares of customers (by revenue) the percentile analysis shows. */
const TOP_SHARES = [0.01, 0.05, 0.1, 0.2, 0.5] as const;

const percentileGroups = (rows: RfmRow[]) => {
  const total = rows.reduce((sum, row) => sum + row.revenue, 0);
  return TOP_SHARES.map((share) => {
    const top = rows.slice(0, Math.ceil(share * rows.length));
    const revenue = top.reduce((sum, row) => sum + row.revenue, 0);
    return {
      group: `Top ${share * 100} %`,
      customers: top.length,
      revenue,
      revenueShare: ratio(revenue, total),
      lowestRevenue: top.at(-1)?.revenue ?? null,
    };
  });
};

/** analytics-percentile-analysis: what the top 1 %, 5 %, 10 %, 20 % and 50 % of customers bring. */
const percentileView: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    rfmRows(scope, scope.range),
    scope.compare && rfmRows(scope, scope.compare),
  ]);
  const groups = percentileGroups(rows);
  const before = previous ? percentileGroups(previous) : null;
  const shareOf = (at: number, list: typeof groups | null) =>
    list && list.length > 0 && list[at]!.customers > 0 ? list[at]!.revenueShare : null;
  const figures = [
    figure('customers', 'Customers', 'integer', rows.length, previous?.length ?? null),
    figure('top10', 'Revenue from the top 10 %', 'percent', shareOf(2, groups), shareOf(2, before)),
    figure('top20', 'Revenue from the top 20 %', 'percent', shareOf(3, groups), shareOf(3, before)),
  ];
  if (rows.length === 0) return emptyBody(NO_PURCHASES, figures);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'top-shares',
        'Share of revenue from the top customers',
        { label: 'Customers', format: 'text', values: groups.map((one) => one.group) },
        [
          {
            name: 'Share of revenue',
            format: 'percent',
            values: groups.map((one) => one.revenueShare),
          },
        ],
      ),
    ],
    tables: [
      table(
        'percentiles',
        'Top customers by revenue',
        columns(
          ['group', 'Customers', 'text'],
          ['customers', 'Number of customers', 'integer'],
          ['revenue', 'Revenue', 'money'],
          ['revenueShare', 'Share of revenue', 'percent'],
          ['lowestRevenue', 'Lowest revenue in the group', 'money'],
        ),
        groups,
      ),
    ],
  };
};

/** Issue 14 RFM and percentile views of the customers group. */
export const rfmViews: ViewComputers = {
  'analytics-rfm': rfmView,
  'analytics-percentile-analysis': percentileView,
};
