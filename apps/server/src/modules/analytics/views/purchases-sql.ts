import { sql, type SQL } from 'drizzle-orm';
import { countedOrders, instant } from './view-parts';
import type { ViewScope } from './view-types';

/**
 * The shared SQL of purchases (ANALYTICS_DEFINITIONS.purchaseOccasion, spec §5, issue 14): a
 * customer's counted orders (view-parts `countedOrders`: not canceled, main currency, revenue =
 * total − refunded) on the same store-local day are one purchase; an order refunded in full is
 * not a purchase; guest orders (no customer) are no one's purchase. Money columns are float8 of
 * integer minor units of the store's main currency; days are store-local.
 */

/** A store-local day `YYYY-MM-DD` as an SQL `date` parameter. */
export const dateParam = (day: string): SQL => sql`${day}::date`;

/** Months since year 0 of an SQL `date` expression (month arithmetic: b − a months). */
export const monthIndex = (date: SQL): SQL =>
  sql`(extract(year from ${date})::int * 12 + extract(month from ${date})::int - 1)`;

/**
 * Purchase occasions placed before `end` (exclusive instant; null: all), as a subquery, one row
 * per customer and store-local day: `customer_id`, `day` (`YYYY-MM-DD`), `date` (SQL date),
 * `month` (`YYYY-MM`), `placed_at` (the day's first order), `orders` (int), `revenue`.
 */
export const purchaseOccasions = (scope: ViewScope, end: Date | null): SQL => sql`(
  select o.customer_id, o.day, o.day::date as date, min(o.month) as month,
    min(o.placed_at) as placed_at, count(*)::int as orders, sum(o.revenue)::float8 as revenue
  from ${countedOrders(scope, null)} o
  where o.customer_id is not null and not o.is_refunded_in_full
    ${end ? sql`and o.placed_at < ${instant(end)}` : sql``}
  group by o.customer_id, o.day
)`;

/**
 * `purchaseOccasions` numbered per customer, as a subquery: its columns and `purchase_number`
 * (1 is the customer's first purchase before `end`), `previous_date` (null for the first),
 * `days_since_previous` (int, null for the first), `first_date`, `first_month` (`YYYY-MM`, the
 * customer's cohort) and `months_since_first` (int, calendar months: 0 is the first month).
 */
export const numberedPurchases = (scope: ViewScope, end: Date | null): SQL => sql`(
  select n.*, (n.date - n.previous_date)::int as days_since_previous,
    to_char(n.first_date, 'YYYY-MM') as first_month,
    (${monthIndex(sql`n.date`)} - ${monthIndex(sql`n.first_date`)})::int as months_since_first
  from (
    select p.*,
      row_number() over (partition by p.customer_id order by p.date)::int as purchase_number,
      lag(p.date) over (partition by p.customer_id order by p.date) as previous_date,
      min(p.date) over (partition by p.customer_id) as first_date
    from ${purchaseOccasions(scope, end)} p
  ) n
)`;

/**
 * One row per customer with a purchase before `end`, as a subquery: `customer_id`,
 * `first_date`, `last_date` (SQL dates), `first_month` (`YYYY-MM`), `purchases` (int),
 * `orders` (int), `revenue`, and `median_gap_days` (float8, the median of the days between
 * consecutive purchases; null for a one-time buyer).
 */
export const customerHistories = (scope: ViewScope, end: Date | null): SQL => sql`(
  select h.customer_id, min(h.date) as first_date, max(h.date) as last_date,
    min(h.first_month) as first_month, count(*)::int as purchases, sum(h.orders)::int as orders,
    sum(h.revenue)::float8 as revenue,
    (percentile_cont(0.5) within group (order by h.days_since_previous))::float8 as median_gap_days
  from ${numberedPurchases(scope, end)} h
  group by h.customer_id
)`;

/**
 * A customer's name as the store sees it (`customerId` an SQL expression of a sales_customers
 * id): first and last name, else the e-mail, else "Customer <channel id>", else the id.
 */
export const customerLabel = (customerId: SQL): SQL => sql`(
  select coalesce(
    nullif(btrim(coalesce(labelled.first_name, '') || ' ' || coalesce(labelled.last_name, '')), ''),
    labelled.email, 'Customer ' || labelled.external_id, labelled.id)
  from sales_customers labelled where labelled.id = ${customerId}
)`;
