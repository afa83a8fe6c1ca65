import { sql } from 'drizzle-orm';
import { minorDigitsOf } from '@atelier/contract/common/money';
import { NO_NEW_CUSTOMERS } from './customers-cohort-views';
import { NO_PURCHASES } from './customers-rfm-views';
import { customerHistories, dateParam, numberedPurchases } from './purchases-sql';
import { columns, emptyBody, figure, ratio, rowsOf, seriesChart, table } from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

type OffsetRow = { age: number; offset: number; revenue: number; isFirst: boolean };

/**
 * The purchases of customers whose first purchase is in the range: days since their first
 * (`offset`), their age on the range's last day (days since the first) and revenue.
 */
const offsetsOf = (scope: ViewScope, range: ViewRange) =>
  rowsOf<OffsetRow>(
    scope,
    sql`select (${dateParam(range.to)} - p.first_date)::int as age,
        (p.date - p.first_date)::int as "offset", p.revenue, (p.purchase_number = 1) as "isFirst"
      from ${numberedPurchases(scope, range.end)} p
      where p.first_date >= ${dateParam(range.from)}`,
  );

/**
 * Average cumulative revenue per customer by days since the first purchase (0…the oldest age):
 * at day d, over the customers whose first purchase is at least d days before the range's end.
 */
export const dailyLtvCurve = (rows: OffsetRow[]): (number | null)[] => {
  const longest = Math.max(-1, ...rows.map((row) => row.age));
  const revenue = new Array<number>(longest + 2).fill(0);
  const customers = new Array<number>(longest + 2).fill(0);
  for (const row of rows) {
    revenue[row.offset]! += row.revenue;
    revenue[row.age + 1]! -= row.revenue;
    if (row.isFirst) {
      customers[0]! += 1;
      customers[row.age + 1]! -= 1;
    }
  }
  let total = 0;
  let eligible = 0;
  return Array.from({ length: longest + 1 }, (_, day) => {
    total += revenue[day]!;
    eligible += customers[day]!;
    return ratio(total, eligible);
  });
};

const ltvFigures = (curve: (number | null)[], customers: number) => ({
  customers,
  day0: curve[0] ?? null,
  day30: curve[30] ?? null,
  day90: curve[90] ?? null,
  day365: curve[365] ?? null,
});

/** customer-daily-ltv: average cumulative revenue per customer by days since the first purchase. */
const dailyLtvView: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    offsetsOf(scope, scope.range),
    scope.compare ? offsetsOf(scope, scope.compare) : null,
  ]);
  const curve = dailyLtvCurve(rows);
  const count = (of: OffsetRow[]) => of.filter((row) => row.isFirst).length;
  const now = ltvFigures(curve, count(rows));
  const before = previous ? ltvFigures(dailyLtvCurve(previous), count(previous)) : null;
  const figures = [
    figure('customers', 'New customers', 'integer', now.customers, before?.customers),
    figure('day0', 'First-day revenue per customer', 'money', now.day0, before?.day0),
    figure('day30', 'Lifetime value after 30 days', 'money', now.day30, before?.day30),
    figure('day90', 'Lifetime value after 90 days', 'money', now.day90, before?.day90),
    figure('day365', 'Lifetime value after 365 days', 'money', now.day365, before?.day365),
  ];
  if (now.customers === 0) return emptyBody(NO_NEW_CUSTOMERS, figures);
  const days = curve.map((_, day) => day);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'line',
        'daily-ltv',
        'Lifetime value by days since first purchase',
        { label: 'Days since first purchase', format: 'integer', values: days },
        [{ name: 'Revenue per customer', format: 'money', values: curve }],
      ),
    ],
    tables: [
      table(
        'daily-ltv',
        'Lifetime value by days since first purchase',
        columns(
          ['day', 'Days since first purchase', 'integer'],
          ['ltv', 'Revenue per customer', 'money'],
        ),
        days.map((day) => ({ day, ltv: curve[day]! })),
      ),
    ],
  };
};

/** Purchase-count bands of a persona: [label, fewest, most (null: no most)]. */
const PURCHASE_BANDS: [string, number, number | null][] = [
  ['1 purchase', 1, 1],
  ['2 purchases', 2, 2],
  ['3–5 purchases', 3, 5],
  ['6+ purchases', 6, null],
];
/** Average order value bands, in major units of the currency (lower bounds). */
const AOV_BANDS = [0, 25, 50, 100, 250] as const;

type PersonaRow = {
  country: string | null;
  purchases: number;
  orders: number;
  revenue: number;
};

const aovBandOf = (aov: number | null, unit: number) => {
  const major = (aov ?? 0) / unit;
  const at = AOV_BANDS.findLastIndex((low) => major >= low);
  const low = AOV_BANDS[Math.max(0, at)]!;
  const high = AOV_BANDS[at + 1];
  return high === undefined ? `AOV ${low}+` : `AOV ${low}–${high}`;
};

/**
 * analytics-customer-persona: customers who purchased in the range, grouped by country (of their
 * latest order's shipping address, else their default address), purchases to date and AOV band.
 */
const personaView: ViewComputer = async (scope) => {
  const rows = await rowsOf<PersonaRow>(
    scope,
    sql`select coalesce(
          (select o.shipping_address ->> 'countryCode' from sales_orders o
            where o.store_id = ${scope.storeId} and o.customer_id = h.customer_id
              and o.shipping_address ->> 'countryCode' is not null
            order by o.placed_at desc limit 1),
          (select c.default_address ->> 'countryCode' from sales_customers c
            where c.id = h.customer_id)) as country,
        h.purchases, h.orders, h.revenue
      from ${customerHistories(scope, scope.range.end)} h
      where h.last_date >= ${dateParam(scope.range.from)}`,
  );
  const figures = [figure('customers', 'Customers', 'integer', rows.length)];
  if (rows.length === 0) return emptyBody(NO_PURCHASES, figures);
  const unit = 10 ** minorDigitsOf(scope.currencyCode);
  const personas = new Map<
    string,
    { country: string; purchases: string; aov: string; customers: number; revenue: number }
  >();
  for (const row of rows) {
    const country = row.country ?? 'Unknown';
    const purchases = PURCHASE_BANDS.find(
      ([, low, high]) => row.purchases >= low && (high === null || row.purchases <= high),
    )![0];
    const aov = aovBandOf(ratio(row.revenue, row.orders), unit);
    const name = `${country} · ${purchases} · ${aov}`;
    const persona = personas.get(name) ?? { country, purchases, aov, customers: 0, revenue: 0 };
    persona.customers += 1;
    persona.revenue += row.revenue;
    personas.set(name, persona);
  }
  const list = [...personas.entries()]
    .map(([persona, values]) => ({
      persona,
      ...values,
      share: ratio(values.customers, rows.length),
    }))
    .sort(
      (a, b) =>
        b.customers - a.customers || b.revenue - a.revenue || a.persona.localeCompare(b.persona),
    );
  figures.push(figure('personas', 'Personas', 'integer', list.length));
  figures.push(
    figure('countries', 'Countries', 'integer', new Set(list.map((one) => one.country)).size),
  );
  return {
    empty: null,
    figures,
    charts: [
      {
        kind: 'treemap',
        key: 'personas',
        title: 'Customers by persona',
        format: 'integer',
        items: list.map((one) => ({ name: one.persona, value: one.customers })),
      },
    ],
    tables: [
      table(
        'personas',
        'Customer personas',
        columns(
          ['persona', 'Persona', 'text'],
          ['country', 'Country', 'text'],
          ['purchases', 'Purchases', 'text'],
          ['aov', 'Average order value', 'text'],
          ['customers', 'Customers', 'integer'],
          ['share', 'Share of customers', 'percent'],
          ['revenue', 'Revenue to date', 'money'],
        ),
        list,
      ),
    ],
  };
};

/** Issue 14 customer value views: daily lifetime value and personas. */
export const valueViews: ViewComputers = {
  'customer-daily-ltv': dailyLtvView,
  'analytics-customer-persona': personaView,
};
