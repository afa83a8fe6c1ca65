import { sql } from 'drizzle-orm';
import { compared, inRange } from './customers-repeat-views';
import { NO_PURCHASES } from './customers-rfm-views';
import { dateParam, numberedPurchases } from './purchases-sql';
import {
  columns,
  daysOf,
  emptyBody,
  figure,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

type EconomicsRow = { isNew: boolean; customers: number; orders: number; revenue: number };

const economicsOf = async (scope: ViewScope, range: ViewRange) => {
  const rows = await rowsOf<EconomicsRow>(
    scope,
    sql`select (p.first_date >= ${dateParam(range.from)}) as "isNew",
        count(distinct p.customer_id)::int as customers, sum(p.orders)::int as orders,
        sum(p.revenue)::float8 as revenue
      from ${inRange(scope, range)} group by 1`,
  );
  const group = (label: string, members: EconomicsRow[]) => {
    const customers = members.reduce((sum, row) => sum + row.customers, 0);
    const orders = members.reduce((sum, row) => sum + row.orders, 0);
    const revenue = members.reduce((sum, row) => sum + row.revenue, 0);
    return {
      group: label,
      customers,
      orders,
      revenue,
      revenuePerCustomer: ratio(revenue, customers),
      ordersPerCustomer: ratio(orders, customers),
      aov: ratio(revenue, orders),
    };
  };
  return [
    group(
      'New',
      rows.filter((row) => row.isNew),
    ),
    group(
      'Returning',
      rows.filter((row) => !row.isNew),
    ),
    group('All', rows),
  ] as const;
};

/**
 * analytics-customer-economics: revenue, orders and AOV per customer of the range's purchases,
 * new (first purchase in the range) against returning; orders are the purchases' orders.
 */
const economicsView: ViewComputer = async (scope) => {
  const [groups, previous] = await compared(scope, (range) => economicsOf(scope, range));
  const [fresh, returning, all] = groups;
  const figures = [
    figure(
      'revenuePerCustomer',
      'Revenue per customer',
      'money',
      all.revenuePerCustomer,
      previous?.[2].revenuePerCustomer,
    ),
    figure(
      'ordersPerCustomer',
      'Orders per customer',
      'decimal',
      all.ordersPerCustomer,
      previous?.[2].ordersPerCustomer,
    ),
    figure('aov', 'Average order value', 'money', all.aov, previous?.[2].aov),
    figure(
      'newRevenuePerCustomer',
      'Revenue per new customer',
      'money',
      fresh.revenuePerCustomer,
      previous?.[0].revenuePerCustomer,
    ),
    figure(
      'returningRevenuePerCustomer',
      'Revenue per returning customer',
      'money',
      returning.revenuePerCustomer,
      previous?.[1].revenuePerCustomer,
    ),
  ];
  if (all.customers === 0) return emptyBody(NO_PURCHASES, figures);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'per-customer',
        'Revenue per customer, new against returning',
        { label: 'Customers', format: 'text', values: groups.map((one) => one.group) },
        [
          {
            name: 'Revenue per customer',
            format: 'money',
            values: groups.map((one) => one.revenuePerCustomer),
          },
        ],
      ),
    ],
    tables: [
      table(
        'economics',
        'New against returning customers',
        columns(
          ['group', 'Customers', 'text'],
          ['customers', 'Number of customers', 'integer'],
          ['orders', 'Orders', 'integer'],
          ['revenue', 'Revenue', 'money'],
          ['revenuePerCustomer', 'Revenue per customer', 'money'],
          ['ordersPerCustomer', 'Orders per customer', 'decimal'],
          ['aov', 'Average order value', 'money'],
        ),
        [...groups],
      ),
    ],
  };
};

type FirstDayRow = { day: string | null; customers: number };

const firstDaysOf = async (scope: ViewScope, range: ViewRange) => {
  const rows = await rowsOf<FirstDayRow>(
    scope,
    sql`select case when f.first_date < ${dateParam(range.from)} then null
          else to_char(f.first_date, 'YYYY-MM-DD') end as day, count(*)::int as customers
      from (select p.customer_id, min(p.date) as first_date
        from ${numberedPurchases(scope, range.end)} p group by p.customer_id) f
      group by 1`,
  );
  const base = rows.find((row) => row.day === null)?.customers ?? 0;
  const fresh = rows.filter((row) => row.day !== null).reduce((sum, row) => sum + row.customers, 0);
  return { rows, base, fresh, growth: ratio(fresh, base) };
};

/** analytics-all-customers-graph: new customers per day and the running customer base. */
const allCustomersView: ViewComputer = async (scope) => {
  const [now, before] = await compared(scope, (range) => firstDaysOf(scope, range));
  const figures = [
    figure('newCustomers', 'New customers', 'integer', now.fresh, before?.fresh),
    figure(
      'customerBase',
      'Customers at the end',
      'integer',
      now.base + now.fresh,
      before ? before.base + before.fresh : null,
    ),
    figure('growth', 'Growth of the customer base', 'percent', now.growth, before?.growth),
  ];
  if (now.base + now.fresh === 0) return emptyBody('No customer has purchased yet.', figures);
  let total = now.base;
  const days = daysOf(scope.range).map((day) => {
    const fresh = now.rows.find((row) => row.day === day)?.customers ?? 0;
    total += fresh;
    return { day, new: fresh, base: total };
  });
  const x = { label: 'Day', format: 'date' as const, values: days.map((one) => one.day) };
  return {
    empty: null,
    figures,
    charts: [
      seriesChart('line', 'customer-base', 'Customer base', x, [
        { name: 'Customers', format: 'integer', values: days.map((one) => one.base) },
      ]),
      seriesChart('bar', 'new-customers', 'New customers per day', x, [
        { name: 'New customers', format: 'integer', values: days.map((one) => one.new) },
      ]),
    ],
    tables: [
      table(
        'days',
        'Customers by the day of their first purchase',
        columns(
          ['day', 'Day', 'date'],
          ['new', 'New customers', 'integer'],
          ['base', 'Customer base', 'integer'],
        ),
        days,
      ),
    ],
  };
};

/** Issue 14 customers views of the customer base: its growth and economics. */
export const baseViews: ViewComputers = {
  'analytics-all-customers-graph': allCustomersView,
  'analytics-customer-economics': economicsView,
};
