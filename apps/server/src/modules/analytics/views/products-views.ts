import { sql } from 'drizzle-orm';
import { productPairViews } from './products-pair-views';
import {
  columns,
  daysOf,
  emptyBody,
  figure,
  productDays,
  ratio,
  rowsOf,
  seriesChart,
  table,
} from './view-parts';
import type { ViewComputer, ViewComputers, ViewRange, ViewScope } from './view-types';

export const NO_PRODUCTS = 'No product sold in this range.';

/** A product's (or variant's) figures in a range. */
type ProductRow = {
  product: string;
  sku: string | null;
  variantTitle: string | null;
  sold: number;
  returned: number;
  revenue: number;
  returnedValue: number;
  orders: number;
  returnOrders: number;
};

/**
 * Each product (line title) or variant (SKU, else title and variant title) sold in the range:
 * units sold (ordered less canceled), units returned, revenue of the units kept (price after the
 * line's own discount), orders; by revenue, then name.
 */
const productTotals = (scope: ViewScope, range: ViewRange, by: 'product' | 'variant') => {
  // One hash aggregation over the day summaries: a product's (variant's) orders are the sum of
  // its days' orders.
  const key = by === 'product' ? sql`product` : sql`variant`;
  const orders = by === 'product' ? sql`product_orders` : sql`variant_orders`;
  const returnOrders = by === 'product' ? sql`product_return_orders` : sql`variant_return_orders`;
  return rowsOf<ProductRow>(
    scope,
    sql`select min(product) as product, ${by === 'variant' ? sql`min(sku)` : sql`null`} as sku,
        ${by === 'variant' ? sql`min(variant_title)` : sql`null`} as "variantTitle",
        sum(sold)::float8 as sold, sum(returned)::float8 as returned,
        round(sum(kept_value))::float8 as revenue, round(sum(returned_value))::float8 as "returnedValue",
        sum(${orders})::int as orders, sum(${returnOrders})::int as "returnOrders"
      from ${productDays(scope, range)} i
      group by ${key}
      having sum(sold) > 0
      order by 6 desc, ${key} collate "C"`,
  );
};

const totalsOf = (rows: ProductRow[]) => ({
  products: rows.length,
  sold: rows.reduce((sum, row) => sum + row.sold, 0),
  returned: rows.reduce((sum, row) => sum + row.returned, 0),
  revenue: rows.reduce((sum, row) => sum + row.revenue, 0),
});

const PRODUCT_COLUMNS = columns(
  ['product', 'Product', 'text'],
  ['units', 'Units sold', 'integer'],
  ['revenue', 'Revenue', 'money'],
  ['orders', 'Orders', 'integer'],
);

const productCells = (row: ProductRow) => ({
  product: row.product,
  units: row.sold,
  revenue: row.revenue,
  orders: row.orders,
});

const topRevenueChart = (rows: ProductRow[], key: string, title: string) => {
  const top = rows.slice(0, 10);
  return seriesChart(
    'bar',
    key,
    title,
    { label: 'Product', format: 'text', values: top.map((row) => row.product) },
    [{ name: 'Revenue', format: 'money', values: top.map((row) => row.revenue) }],
  );
};

/** analytics-product: products sold, units and revenue against the comparison; the top 20. */
const productsOverview: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    productTotals(scope, scope.range, 'product'),
    scope.compare ? productTotals(scope, scope.compare, 'product') : null,
  ]);
  const now = totalsOf(rows);
  const before = previous ? totalsOf(previous) : null;
  const figures = [
    figure('products', 'Products sold', 'integer', now.products, before?.products ?? null),
    figure('units', 'Units sold', 'integer', now.sold, before?.sold ?? null),
    figure('revenue', 'Product revenue', 'money', now.revenue, before?.revenue ?? null),
  ];
  if (rows.length === 0) return emptyBody(NO_PRODUCTS, figures);
  return {
    empty: null,
    figures,
    charts: [topRevenueChart(rows, 'top-products', 'Top 10 products by revenue')],
    tables: [
      table(
        'top-products',
        'Top 20 products',
        PRODUCT_COLUMNS,
        rows.slice(0, 20).map(productCells),
      ),
    ],
  };
};

/** product-all: every product sold in the range. */
const allProducts: ViewComputer = async (scope) => {
  const rows = await productTotals(scope, scope.range, 'product');
  const now = totalsOf(rows);
  const figures = [
    figure('products', 'Products sold', 'integer', now.products),
    figure('units', 'Units sold', 'integer', now.sold),
    figure('revenue', 'Product revenue', 'money', now.revenue),
  ];
  if (rows.length === 0) return emptyBody(NO_PRODUCTS, figures);
  return {
    empty: null,
    figures,
    charts: [],
    tables: [
      table(
        'products',
        'All products',
        [...PRODUCT_COLUMNS, ...columns(['averagePrice', 'Average unit revenue', 'money'])],
        rows.map((row) => ({
          ...productCells(row),
          averagePrice: ratio(row.revenue, row.sold - row.returned),
        })),
      ),
    ],
  };
};

/** product-all-variants: every variant (SKU) sold in the range. */
const allVariants: ViewComputer = async (scope) => {
  const rows = await productTotals(scope, scope.range, 'variant');
  const now = totalsOf(rows);
  const figures = [
    figure('variants', 'Variants sold', 'integer', now.products),
    figure('units', 'Units sold', 'integer', now.sold),
    figure('revenue', 'Product revenue', 'money', now.revenue),
  ];
  if (rows.length === 0) return emptyBody(NO_PRODUCTS, figures);
  return {
    empty: null,
    figures,
    charts: [],
    tables: [
      table(
        'variants',
        'All variants',
        columns(
          ['sku', 'SKU', 'text'],
          ['product', 'Product', 'text'],
          ['variant', 'Variant', 'text'],
          ['units', 'Units sold', 'integer'],
          ['revenue', 'Revenue', 'money'],
          ['orders', 'Orders', 'integer'],
        ),
        rows.map((row) => ({
          sku: row.sku,
          product: row.product,
          variant: row.variantTitle,
          units: row.sold,
          revenue: row.revenue,
          orders: row.orders,
        })),
      ),
    ],
  };
};

const BEST_SELLERS = 20;

/** product-best-item: the top 20 products by revenue, with their share of all product revenue. */
const bestSellers: ViewComputer = async (scope) => {
  const rows = await productTotals(scope, scope.range, 'product');
  const now = totalsOf(rows);
  const top = rows.slice(0, BEST_SELLERS);
  const topRevenue = top.reduce((sum, row) => sum + row.revenue, 0);
  const figures = [
    figure('bestSeller', 'Revenue of the best seller', 'money', top[0]?.revenue ?? null),
    figure(
      'topShare',
      `Share of revenue from the top ${BEST_SELLERS}`,
      'percent',
      ratio(topRevenue, now.revenue),
    ),
  ];
  if (rows.length === 0) return emptyBody(NO_PRODUCTS, figures);
  let running = 0;
  return {
    empty: null,
    figures,
    charts: [
      {
        kind: 'treemap',
        key: 'best-sellers',
        title: `Top ${BEST_SELLERS} products by revenue`,
        format: 'money',
        items: top.map((row) => ({ name: row.product, value: row.revenue })),
      },
    ],
    tables: [
      table(
        'best-sellers',
        `Top ${BEST_SELLERS} products`,
        [
          ...PRODUCT_COLUMNS,
          ...columns(
            ['share', 'Share of revenue', 'percent'],
            ['cumulativeShare', 'Cumulative share', 'percent'],
          ),
        ],
        top.map((row) => {
          running += row.revenue;
          return {
            ...productCells(row),
            share: ratio(row.revenue, now.revenue),
            cumulativeShare: ratio(running, now.revenue),
          };
        }),
      ),
    ],
  };
};

const unitsPerDay = (scope: ViewScope, range: ViewRange | null) =>
  range
    ? rowsOf<{ day: string; units: number }>(
        scope,
        sql`select day, sum(sold)::float8 as units from ${productDays(scope, range)} l group by day`,
      )
    : Promise.resolve([]);

/** product-sold-item: units sold per day, day i of the range beside day i of the comparison. */
const soldItems: ViewComputer = async (scope) => {
  const [current, previous] = await Promise.all([
    unitsPerDay(scope, scope.range),
    unitsPerDay(scope, scope.compare),
  ]);
  const total = (rows: { units: number }[]) => rows.reduce((sum, row) => sum + row.units, 0);
  const figures = [
    figure(
      'units',
      'Units sold',
      'integer',
      total(current),
      scope.compare ? total(previous) : null,
    ),
  ];
  if (total(current) === 0) return emptyBody(NO_PRODUCTS, figures);
  const days = daysOf(scope.range);
  const compareDays = scope.compare ? daysOf(scope.compare) : [];
  const byDay = new Map(current.map((row) => [row.day, row.units]));
  const byCompareDay = new Map(previous.map((row) => [row.day, row.units]));
  const units = days.map((day) => byDay.get(day) ?? 0);
  const compareUnits = days.map((_, at) =>
    at < compareDays.length ? (byCompareDay.get(compareDays[at]!) ?? 0) : null,
  );
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'line',
        'units-per-day',
        'Units sold per day',
        { label: 'Day', format: 'date', values: days },
        [
          { name: 'Units sold', format: 'integer', values: units },
          ...(scope.compare
            ? [
                {
                  name: 'Units sold (comparison)',
                  format: 'integer' as const,
                  values: compareUnits,
                },
              ]
            : []),
        ],
      ),
    ],
    tables: [
      table(
        'days',
        'Units sold per day',
        columns(
          ['day', 'Day', 'date'],
          ['units', 'Units sold', 'integer'],
          ['compareDay', 'Comparison day', 'date'],
          ['compareUnits', 'Comparison units sold', 'integer'],
        ),
        days.map((day, at) => ({
          day,
          units: units[at]!,
          compareDay: compareDays[at] ?? null,
          compareUnits: compareUnits[at] ?? null,
        })),
      ),
    ],
  };
};

/** product-return-rate: units refunded ÷ units sold per product, most returned first. */
const returnRate: ViewComputer = async (scope) => {
  const [rows, previous] = await Promise.all([
    productTotals(scope, scope.range, 'product'),
    scope.compare ? productTotals(scope, scope.compare, 'product') : null,
  ]);
  const now = totalsOf(rows);
  const before = previous ? totalsOf(previous) : null;
  const figures = [
    figure(
      'returnRate',
      'Return rate',
      'percent',
      ratio(now.returned, now.sold),
      ratio(before?.returned, before?.sold),
    ),
    figure('returned', 'Units returned', 'integer', now.returned, before?.returned ?? null),
    figure('sold', 'Units sold', 'integer', now.sold, before?.sold ?? null),
  ];
  if (rows.length === 0) return emptyBody(NO_PRODUCTS, figures);
  const sorted = [...rows].sort(
    (a, b) => b.returned - a.returned || b.sold - a.sold || (a.product < b.product ? -1 : 1),
  );
  const top = sorted.filter((row) => row.returned > 0).slice(0, 10);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'return-rate',
        'Return rate of the most returned products',
        { label: 'Product', format: 'text', values: top.map((row) => row.product) },
        [
          {
            name: 'Return rate',
            format: 'percent',
            values: top.map((row) => ratio(row.returned, row.sold)),
          },
        ],
      ),
    ],
    tables: [
      table(
        'products',
        'Return rate per product',
        columns(
          ['product', 'Product', 'text'],
          ['sold', 'Units sold', 'integer'],
          ['returned', 'Units returned', 'integer'],
          ['returnRate', 'Return rate', 'percent'],
        ),
        sorted.map((row) => ({
          product: row.product,
          sold: row.sold,
          returned: row.returned,
          returnRate: ratio(row.returned, row.sold),
        })),
      ),
    ],
  };
};

/** product-return-items: refunded units and their value per product, on orders of the range. */
const returnedItems: ViewComputer = async (scope) => {
  const rows = (await productTotals(scope, scope.range, 'product')).filter(
    (row) => row.returned > 0,
  );
  const returned = rows.reduce((sum, row) => sum + row.returned, 0);
  const value = rows.reduce((sum, row) => sum + row.returnedValue, 0);
  const figures = [
    figure('returned', 'Units returned', 'integer', returned),
    figure('returnedValue', 'Value of returned units', 'money', value),
    figure('products', 'Products with a return', 'integer', rows.length),
  ];
  if (rows.length === 0)
    return emptyBody('No product was returned from orders of this range.', figures);
  const sorted = [...rows].sort(
    (a, b) =>
      b.returnedValue - a.returnedValue ||
      b.returned - a.returned ||
      (a.product < b.product ? -1 : 1),
  );
  const top = sorted.slice(0, 10);
  return {
    empty: null,
    figures,
    charts: [
      seriesChart(
        'bar',
        'returned-value',
        'Most returned products by value',
        { label: 'Product', format: 'text', values: top.map((row) => row.product) },
        [{ name: 'Value returned', format: 'money', values: top.map((row) => row.returnedValue) }],
      ),
    ],
    tables: [
      table(
        'products',
        'Returned items per product',
        columns(
          ['product', 'Product', 'text'],
          ['returned', 'Units returned', 'integer'],
          ['returnedValue', 'Value returned', 'money'],
          ['orders', 'Orders with a return', 'integer'],
        ),
        sorted.map((row) => ({
          product: row.product,
          returned: row.returned,
          returnedValue: row.returnedValue,
          orders: row.returnOrders,
        })),
      ),
    ],
  };
};

/** Issue 14 products views (spec §2 Analytics routes), keyed by view. */
export const productsViews: ViewComputers = {
  'analytics-product': productsOverview,
  'product-all': allProducts,
  'product-all-variants': allVariants,
  'product-best-item': bestSellers,
  'product-sold-item': soldItems,
  'product-return-rate': returnRate,
  'product-return-items': returnedItems,
  ...productPairViews,
};
