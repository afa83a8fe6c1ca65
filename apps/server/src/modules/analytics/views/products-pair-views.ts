import { sql } from 'drizzle-orm';
import {
  columns,
  countedLines,
  emptyBody,
  figure,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import { purchaseOccasions } from './purchases-sql';
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
  const lines = countedLines(scope, scope.range);
  const [totals] = await rowsOf<{ orders: number; products: number }>(
    scope,
    sql`select count(distinct order_id)::int as orders, count(distinct product)::int as products
      from ${lines} l where sold > 0`,
  );
  const orders = totals?.orders ?? 0;
  const top = await rowsOf<{ product: string; orders: number }>(
    scope,
    sql`select product, count(distinct order_id)::int as orders from ${lines} l where sold > 0
      group by product order by 2 desc, product collate "C" limit ${CROSS_SELL_TOP_PRODUCTS}`,
  );
  const pairs = await rowsOf<PairRow>(
    scope,
    sql`with items as (
        select distinct order_id, product from ${lines} l where sold > 0),
      top as (
        select product, count(*)::int as orders from items group by product
        order by 2 desc, product collate "C" limit ${CROSS_SELL_TOP_PRODUCTS}),
      basket as (select i.order_id, i.product from items i join top t on t.product = i.product)
      select x.product as a, y.product as b, count(*)::int as both,
        min(ta.orders)::int as "aOrders", min(tb.orders)::int as "bOrders"
      from basket x
      join basket y on y.order_id = x.order_id and x.product collate "C" < y.product collate "C"
      join top ta on ta.product = x.product
      join top tb on tb.product = y.product
      group by x.product, y.product
      order by 3 desc, x.product collate "C", y.product collate "C"
      limit ${CROSS_SELL_PAIRS}`,
  );
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
  const multiProductOrders = await rowsOf<{ orders: number }>(
    scope,
    sql`select count(*)::int as orders from (
        select order_id from ${lines} l where sold > 0
        group by order_id having count(distinct product) > 1) m`,
  );
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

/** Follow-ups are listed for the products bought by most customers in the range. */
export const FOLLOW_UP_TOP_PRODUCTS = 50;
/** Next products listed per product. */
const FOLLOW_UPS_PER_PRODUCT = 5;

/**
 * product-follow-up-purchases: for each purchase (ANALYTICS_DEFINITIONS.purchaseOccasion) in the
 * range with a product X (among the 50 in most purchases), the products of the customer's next
 * purchase, whenever it came.
 */
const followUps: ViewComputer = async (scope) => {
  const lines = countedLines(scope, null);
  const base = sql`items as (
      select distinct customer_id, day, product from ${lines} l
      where customer_id is not null and not is_refunded_in_full and sold > 0),
    occasions as (
      select customer_id, day, lead(day) over (partition by customer_id order by day) as next_day
      from ${purchaseOccasions(scope, null)} p),
    starts as (
      select i.customer_id, i.day, i.product, o.next_day from items i
      join occasions o on o.customer_id = i.customer_id and o.day = i.day
      where i.day >= ${scope.range.from} and i.day <= ${scope.range.to}),
    top as (
      select product, count(*)::int as purchases,
        (count(*) filter (where next_day is not null))::int as followed
      from starts group by product order by 2 desc, product collate "C"
      limit ${FOLLOW_UP_TOP_PRODUCTS})`;
  const [totals] = await rowsOf<{ purchases: number; followed: number }>(
    scope,
    sql`with ${base}
      select count(*)::int as purchases, (count(*) filter (where next_day is not null))::int as followed
      from (select distinct customer_id, day, next_day from starts) s`,
  );
  const products = await rowsOf<{ product: string; purchases: number; followed: number }>(
    scope,
    sql`with ${base} select product, purchases, followed from top
      order by purchases desc, product collate "C"`,
  );
  const pairs = await rowsOf<{ product: string; next: string; times: number }>(
    scope,
    sql`with ${base}
      select s.product, n.product as next, count(*)::int as times
      from starts s join top t on t.product = s.product
      join items n on n.customer_id = s.customer_id and n.day = s.next_day
      group by s.product, n.product
      order by s.product collate "C", 3 desc, n.product collate "C"`,
  );
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
  const followedOf = new Map(products.map((row) => [row.product, row.followed]));
  const rows = products.flatMap((product) =>
    pairs
      .filter((pair) => pair.product === product.product)
      .slice(0, FOLLOW_UPS_PER_PRODUCT)
      .map((pair) => ({
        product: pair.product,
        next: pair.next,
        times: pair.times,
        share: ratio(pair.times, followedOf.get(pair.product)),
      })),
  );
  const topRows = [...rows].sort((a, b) => b.times - a.times).slice(0, 15);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'follow-ups',
        'Most frequent next purchases',
        {
          label: 'Product → next',
          format: 'text',
          values: topRows.map((row) => `${row.product} → ${row.next}`),
        },
        [{ name: 'Times', format: 'integer', values: topRows.map((row) => row.times) }],
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
        products.map((row) => ({ ...row, followedShare: ratio(row.followed, row.purchases) })),
      ),
      table(
        'follow-ups',
        'What the next purchase held',
        columns(
          ['product', 'Product', 'text'],
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
