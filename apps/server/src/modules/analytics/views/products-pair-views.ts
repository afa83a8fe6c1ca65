import { sql } from 'drizzle-orm';
import {
  columns,
  countedOrders,
  emptyBody,
  figure,
  instant,
  orderItems,
  productDays,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import { dateParam } from './purchases-sql';
import type { ViewComputer, ViewComputers } from './view-types';

/** Cross-selling pairs only products among the ones in most orders (cost on large stores). */
export const CROSS_SELL_TOP_PRODUCTS = 100;
/** Pairs listed, most orders with both first. */
const CROSS_SELL_PAIRS = 200;
/** Products in the cross-selling heatmap. */
const HEATMAP_PRODUCTS = 10;

type PairRow = { a: string; b: string; both: number; aOrders: number; bOrders: number };

/**
 * product-cross-selling-analysis: unordered pairs of products (among the 100 in most orders of
 * the range) in the same order; support = orders with both ÷ orders, confidence A→B = orders
 * with both ÷ orders with A, lift = support ÷ (share with A × share with B).
 */
const crossSelling: ViewComputer = async (scope) => {
  // The top products and the distinct products from the day summaries, the orders from the
  // items' order leads (their totals on every row: migration 0036). The pairs: each order with
  // two or more of the top products (found by product in analytics_order_items_product_leads,
  // migration 0037) becomes one sorted array of the products' numbers (1 to 100, in the order of
  // their names), and its pairs are the array's positions i < j, counted as integer pairs.
  const found = await rowsOf<{ kind: 'total' | 'top' | 'pair' } & PairRow>(
    scope,
    sql`with products as materialized (
        select product, sum(product_orders)::int as orders from ${productDays(scope, scope.range)} d
        group by product having sum(product_orders) > 0),
      top as materialized (
        select product, orders, (row_number() over (order by product collate "C"))::int as number
        from (select product, orders from products
          order by 2 desc, product collate "C" limit ${CROSS_SELL_TOP_PRODUCTS}) chosen),
      baskets as (
        select array_agg(t.number order by t.number) as numbers
        from top t join analytics_order_items i on i.product = t.product
        where i.store_id = ${scope.storeId} and i.currency_code = ${scope.currencyCode}
          and i.placed_at >= ${instant(scope.range.start)} and i.placed_at < ${instant(scope.range.end)}
          and i.is_product_lead and i.product_sold > 0 and i.order_products > 1
        group by i.order_id collate "C" having count(*) > 1),
      pair_numbers as (
        select b.numbers[x] as a, b.numbers[y] as b, count(*)::int as both
        from baskets b
        cross join lateral generate_series(1, cardinality(b.numbers) - 1) x
        cross join lateral generate_series(x + 1, cardinality(b.numbers)) y
        group by 1, 2),
      pairs as (
        select ta.product as a, tb.product as b, p.both, ta.orders as "aOrders", tb.orders as "bOrders"
        from pair_numbers p join top ta on ta.number = p.a join top tb on tb.number = p.b
        order by 3 desc, ta.product collate "C", tb.product collate "C"
        limit ${CROSS_SELL_PAIRS}),
      orders as (
        select (count(*) filter (where order_products > 0))::int as orders,
          (count(*) filter (where order_products > 1))::int as multi
        from ${orderItems(scope, scope.range)} o where o.is_order_lead)
      select 'total' as kind, null as a, null as b, orders as both,
        (select count(*) from products)::int as "aOrders", multi as "bOrders"
      from orders
      union all
      select 'top', product, null, orders, null, null from top
      union all
      select 'pair', a, b, "both", "aOrders", "bOrders" from pairs`,
  );
  const total = found.find((row) => row.kind === 'total');
  const orders = total?.both ?? 0;
  const totals = { products: total?.aOrders ?? 0 };
  const multiProductOrders = [{ orders: total?.bOrders ?? 0 }];
  const byKind = (kind: 'top' | 'pair') => found.filter((row) => row.kind === kind);
  const byOrdersThenNames = (x: PairRow, y: PairRow) =>
    y.both - x.both || (x.a < y.a ? -1 : x.a > y.a ? 1 : 0) || (x.b < y.b ? -1 : x.b > y.b ? 1 : 0);
  const top = byKind('top')
    .sort(byOrdersThenNames)
    .map((row) => ({ product: row.a, orders: row.both }));
  const pairs = byKind('pair').sort(byOrdersThenNames);
  const rows = pairs.map((pair) => {
    const support = ratio(pair.both, orders);
    return {
      productA: pair.a,
      productB: pair.b,
      orders: pair.both,
      support,
      confidenceAB: ratio(pair.both, pair.aOrders),
      confidenceBA: ratio(pair.both, pair.bOrders),
      lift: ratio(support, (ratio(pair.aOrders, orders) ?? 0) * (ratio(pair.bOrders, orders) ?? 0)),
    };
  });
  const figures = [
    figure('orders', 'Orders', 'integer', orders),
    figure(
      'multiProductShare',
      'Orders with two or more products',
      'percent',
      ratio(multiProductOrders[0]?.orders, orders),
    ),
    figure('pairs', 'Pairs bought together', 'integer', rows.length),
  ];
  if (orders === 0) return emptyBody('No product sold in this range.', figures);
  if ((totals?.products ?? 0) < 2)
    return emptyBody('Only one product sold in this range: nothing to pair.', figures);
  if (rows.length === 0)
    return emptyBody('No two products were bought in the same order in this range.', figures);
  const heatmapProducts = top.slice(0, HEATMAP_PRODUCTS).map((one) => one.product);
  const indexOf = new Map(heatmapProducts.map((product, at) => [product, at]));
  const cells: [number, number, number | null][] = rows.flatMap((row) => {
    const a = indexOf.get(row.productA);
    const b = indexOf.get(row.productB);
    return a === undefined || b === undefined
      ? []
      : [
          [a, b, row.lift],
          [b, a, row.lift],
        ];
  });
  return {
    empty: null,
    figures,
    charts: [
      {
        kind: 'heatmap',
        key: 'lift',
        title: `Lift between the ${HEATMAP_PRODUCTS} products in most orders`,
        x: { label: 'Product', format: 'text', values: heatmapProducts },
        y: { label: 'Product', format: 'text', values: heatmapProducts },
        format: 'decimal',
        cells,
      },
    ],
    tables: [
      table(
        'pairs',
        'Products bought together',
        columns(
          ['productA', 'Product A', 'text'],
          ['productB', 'Product B', 'text'],
          ['orders', 'Orders with both', 'integer'],
          ['support', 'Support', 'percent'],
          ['confidenceAB', 'Confidence A → B', 'percent'],
          ['confidenceBA', 'Confidence B → A', 'percent'],
          ['lift', 'Lift', 'decimal'],
        ),
        rows,
      ),
    ],
  };
};

/** The products whose purchases are counted: the ones in most orders of the range. */
export const FOLLOW_UP_PRODUCTS = 50;
/** The next products listed after the product X. */
export const FOLLOW_UPS_LISTED = 20;
/** The next products in the chart. */
const FOLLOW_UPS_CHARTED = 15;

type FollowUpRow = {
  kind: 'total' | 'chosen' | 'product' | 'next';
  product: string | null;
  next: string | null;
  purchases: number | null;
  followed: number | null;
};

/**
 * product-follow-up-purchases ("what customers buy next after X"): for each purchase
 * (ANALYTICS_DEFINITIONS.purchaseOccasion) in the range with the product X (`scope.product`, else
 * the product in most orders of the range), the products of the customer's next purchase,
 * whenever it came: the 20 most frequent, with their share of X's purchases that were followed.
 * Beside them, for the 50 products in most orders of the range (and X), the purchases with the
 * product and how many were followed by another; the figures count every purchase of the range.
 * X with no purchase in the range: its row says 0 and nothing is listed next.
 */
const followUps: ViewComputer = async (scope) => {
  const { timeZone } = scope;
  const chosen = scope.product ?? null;
  // Only orders from the range's start on matter: purchases in the range and the next ones.
  const fromRangeStart = { ...scope.range, end: new Date('9999-12-31T00:00:00Z') };
  const found = await rowsOf<FollowUpRow>(
    scope,
    sql`with listed as materialized (
        select product, sum(product_orders)::int as orders from ${productDays(scope, scope.range)} d
        group by product having sum(product_orders) > 0
        order by 2 desc, product collate "C" limit ${FOLLOW_UP_PRODUCTS}),
      chosen as materialized (
        select coalesce(${chosen}::text,
          (select product from listed order by orders desc, product collate "C" limit 1)) as product),
      asked as materialized (
        select product from listed union select product from chosen where product is not null),
      occasions as materialized (
        select o.customer_id collate "C" as customer_id, o.day::date as date,
          lead(o.day::date) over next as next_date, lead(array_agg(o.id)) over next as next_orders
        from ${countedOrders(scope, fromRangeStart)} o
        where o.customer_id is not null and not o.is_refunded_in_full
        group by o.customer_id, o.day
        window next as (partition by o.customer_id order by o.day)),
      starts as (
        select distinct i.customer_id collate "C" as customer_id,
          (i.placed_at at time zone ${timeZone})::date as date, a.product
        from asked a join analytics_order_items i on i.product = a.product
        where i.store_id = ${scope.storeId} and i.currency_code = ${scope.currencyCode}
          and i.placed_at >= ${instant(scope.range.start)} and i.placed_at < ${instant(scope.range.end)}
          and i.is_product_lead and i.product_sold > 0
          and i.customer_id is not null and not i.is_refunded_in_full),
      followed as materialized (
        select s.product, s.customer_id, o.next_date, o.next_orders from starts s
        join occasions o on o.customer_id = s.customer_id and o.date = s.date),
      totals as (
        select count(*)::int as purchases, count(next_date)::int as followed
        from occasions where date <= ${dateParam(scope.range.to)}),
      nexts as (
        select n.product, count(*)::int as times from (
          select distinct f.customer_id, f.next_date, i.product collate "C" as product
          from followed f
          cross join lateral unnest(f.next_orders) as next_order(id)
          join analytics_order_items i on i.order_id = next_order.id
          where f.product = (select product from chosen)
            and i.is_product_lead and i.product_sold > 0 and not i.is_refunded_in_full) n
        group by 1 order by 2 desc, 1 limit ${FOLLOW_UPS_LISTED})
      select 'total' as kind, null::text as product, null::text as next, purchases, followed
      from totals
      union all
      select 'chosen', product, null, null, null from chosen
      union all
      select 'product', a.product, null, count(f.customer_id)::int, count(f.next_date)::int
      from asked a left join followed f on f.product = a.product group by a.product
      union all
      select 'next', null, product, times, null from nexts`,
  );
  const totals = found.find((row) => row.kind === 'total');
  const product = found.find((row) => row.kind === 'chosen')?.product ?? null;
  const byName = (x: string | null, y: string | null) => (x! < y! ? -1 : x! > y! ? 1 : 0);
  const products = found
    .filter((row) => row.kind === 'product')
    .map((row) => ({ product: row.product!, purchases: row.purchases!, followed: row.followed! }))
    .sort((x, y) => y.purchases - x.purchases || byName(x.product, y.product));
  const productFollowed = products.find((row) => row.product === product)?.followed ?? 0;
  const nexts = found
    .filter((row) => row.kind === 'next')
    .map((row) => ({ next: row.next!, times: row.purchases! }))
    .sort((x, y) => y.times - x.times || byName(x.next, y.next));
  const purchases = totals?.purchases ?? 0;
  const followed = totals?.followed ?? 0;
  const figures = [
    figure('purchases', 'Purchases in the range', 'integer', purchases),
    figure('followedShare', 'Followed by another purchase', 'percent', ratio(followed, purchases)),
  ];
  if (purchases === 0) return emptyBody('No customer purchased in this range.', figures);
  if (followed === 0) {
    return emptyBody('No purchase of this range was followed by another yet.', figures);
  }
  const rows = nexts.map((row) => ({
    next: row.next,
    times: row.times,
    share: ratio(row.times, productFollowed),
  }));
  const charted = rows.slice(0, FOLLOW_UPS_CHARTED);
  return {
    empty: null,
    ...(product === null ? {} : { product }),
    figures,
    charts:
      charted.length === 0
        ? []
        : [
            seriesChart(
              'bar',
              'follow-ups',
              `What customers bought next after ${product}`,
              {
                label: 'In the next purchase',
                format: 'text',
                values: charted.map((row) => row.next),
              },
              [{ name: 'Times', format: 'integer', values: charted.map((row) => row.times) }],
            ),
          ],
    tables: [
      table(
        'products',
        'Purchases with the product',
        columns(
          ['product', 'Product', 'text'],
          ['purchases', 'Purchases', 'integer'],
          ['followed', 'Followed by another purchase', 'integer'],
          ['followedShare', 'Share followed', 'percent'],
        ),
        products.map((row) => ({
          product: row.product,
          purchases: row.purchases,
          followed: row.followed,
          followedShare: ratio(row.followed, row.purchases),
        })),
      ),
      table(
        'follow-ups',
        `What the next purchase held after ${product}`,
        columns(
          ['next', 'In the next purchase', 'text'],
          ['times', 'Times', 'integer'],
          ['share', 'Share of the next purchases', 'percent'],
        ),
        rows,
      ),
    ],
  };
};

/** The products views over pairs of products (products-views.ts adds them). */
export const productPairViews: ViewComputers = {
  'product-cross-selling-analysis': crossSelling,
  'product-follow-up-purchases': followUps,
};
