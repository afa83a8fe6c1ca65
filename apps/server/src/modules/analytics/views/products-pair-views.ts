import { sql } from 'drizzle-orm';
import {
  columns,
  emptyBody,
  figure,
  orderItems,
  productDays,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import { dateParam, purchaseOccasions } from './purchases-sql';
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
  // items' order leads (their totals on every row: migration 0036), and the pairs from the
  // items of the orders with two or more products only.
  const found = await rowsOf<{ kind: 'total' | 'top' | 'pair' } & PairRow>(
    scope,
    sql`with products as materialized (
        select product, sum(product_orders)::int as orders from ${productDays(scope, scope.range)} d
        group by product having sum(product_orders) > 0),
      top as materialized (
        select product, orders from products
        order by 2 desc, product collate "C" limit ${CROSS_SELL_TOP_PRODUCTS}),
      basket as materialized (
        select i.order_id, i.product from ${orderItems(scope, scope.range)} i
        join top t on t.product = i.product
        where i.is_product_lead and i.product_sold > 0 and i.order_products > 1),
      pairs as (
        select x.product as a, y.product as b, count(*)::int as both,
          min(ta.orders)::int as "aOrders", min(tb.orders)::int as "bOrders"
        from basket x
        join basket y on y.order_id = x.order_id and x.product collate "C" < y.product collate "C"
        join top ta on ta.product = x.product
        join top tb on tb.product = y.product
        group by x.product, y.product
        order by 3 desc, x.product collate "C", y.product collate "C"
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
  // Only orders from the range's start on matter: purchases in the range and the next ones.
  const fromRangeStart = { ...scope.range, end: new Date('9999-12-31T00:00:00Z') };
  const found = await rowsOf<{
    kind: 'total' | 'top' | 'pair';
    product: string;
    next: string | null;
    purchases: number;
    followed: number;
  }>(
    scope,
    sql`with items as materialized (
        select customer_id, date, product from ${orderItems(scope, fromRangeStart)} l
        where customer_id is not null and not is_refunded_in_full and sold > 0
        group by customer_id, date, product),
      occasions as (
        select customer_id, date, lead(date) over (partition by customer_id order by date) as next_date
        from ${purchaseOccasions(scope, null)} p where p.date >= ${dateParam(scope.range.from)}),
      starts as materialized (
        select i.customer_id, i.date, i.product, o.next_date from items i
        join occasions o on o.customer_id = i.customer_id and o.date = i.date
        where i.date <= ${dateParam(scope.range.to)}),
      top as materialized (
        select product, count(*)::int as purchases,
          (count(*) filter (where next_date is not null))::int as followed
        from starts group by product order by 2 desc, product collate "C"
        limit ${FOLLOW_UP_TOP_PRODUCTS})
      select 'total' as kind, null::text as product, null::text as next,
        count(*)::int as purchases, (count(*) filter (where next_date is not null))::int as followed
      from (select distinct customer_id, date, next_date from starts) s
      union all
      select 'top', product, null, purchases, followed from top
      union all
      select 'pair', product, next, times, null from (
        select s.product, n.product as next, count(*)::int as times,
          row_number() over (partition by s.product
            order by count(*) desc, n.product collate "C") as rank
        from starts s join top t on t.product = s.product
        join items n on n.customer_id = s.customer_id and n.date = s.next_date
        group by s.product, n.product) ranked
      where rank <= ${FOLLOW_UPS_PER_PRODUCT}`,
  );
  const totals = found.find((row) => row.kind === 'total');
  const byName = (x: string | null, y: string | null) => (x! < y! ? -1 : x! > y! ? 1 : 0);
  const products = found
    .filter((row) => row.kind === 'top')
    .sort((x, y) => y.purchases - x.purchases || byName(x.product, y.product));
  const pairs = found
    .filter((row) => row.kind === 'pair')
    .map((row) => ({ product: row.product, next: row.next!, times: row.purchases }))
    .sort((x, y) => byName(x.product, y.product) || y.times - x.times || byName(x.next, y.next));
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
        products.map((row) => ({
          product: row.product,
          purchases: row.purchases,
          followed: row.followed,
          followedShare: ratio(row.followed, row.purchases),
        })),
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
