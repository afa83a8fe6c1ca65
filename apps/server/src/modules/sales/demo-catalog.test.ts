import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProducts, type Product, type ProductPage } from '@atelier/contract/sales/product';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { createCatalogFromOrderLines, titleOfStockDescription } from './demo-catalog';
import { importOrderLines } from './order-import';

type Account = Awaited<ReturnType<typeof registerAccount>>;

let context: TestContext;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
});
afterAll(async () => context.close());

/**
 * Rows of the real UCI Online Retail file: a stock code sold under two descriptions and at two
 * prices, postage, a manual line and a line written off at 0.
 */
const UCI_ROWS = [
  'InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,CustomerID,Country',
  '536365,85123A,WHITE HANGING HEART T-LIGHT HOLDER,6,2010-12-01 08:26:00,2.55,17850.0,United Kingdom',
  '536365,71053,WHITE METAL LANTERN,6,2010-12-01 08:26:00,3.39,17850.0,United Kingdom',
  '536370,85123A,WHITE HANGING HEART T-LIGHT HOLDER,24,2010-12-01 08:45:00,2.55,12583.0,France',
  '536370,POST,POSTAGE,3,2010-12-01 08:45:00,18.00,12583.0,France',
  '536371,85123A,CREAM HANGING HEART T-LIGHT HOLDER,8,2011-01-04 09:00:00,2.95,13748.0,United Kingdom',
  '536372,M,Manual,1,2011-01-04 09:10:00,0.85,13748.0,United Kingdom',
  '536373,22139,RETROSPOT TEA SET CERAMIC 11 PC ,1,2011-01-05 10:00:00,0,,United Kingdom',
].join('\n');

const importRows = (storeId: string) =>
  importOrderLines({
    db: context.connection.db,
    events: context.events,
    storeId,
    channel: 'import:online_retail',
    mode: 'VALID_ROWS',
    listCountries: async () => [
      { code: 'GB', name: 'United Kingdom' },
      { code: 'FR', name: 'France' },
    ],
    open: () => Readable.from([Buffer.from(UCI_ROWS)]),
    sizeBytes: Buffer.byteLength(UCI_ROWS),
  });

const productsOf = async (account: Account) =>
  (
    await context.app.inject({
      method: 'GET',
      url: `${listProducts.path}?limit=50`,
      headers: account.headers,
    })
  ).json<ProductPage>();

describe('demo store catalog from its order lines (issue 11)', () => {
  it('makes one product per stock code of goods, named as most lines name it, at its latest price', async () => {
    await importRows(alice.storeId);
    const report = await createCatalogFromOrderLines({
      db: context.connection.db,
      events: context.events,
      storeId: alice.storeId,
      channel: 'import:online_retail',
    });
    // 85123A and 71053; not postage, the manual line or goods only ever written off at 0.
    expect(report).toEqual({ products: 2 });
    const page = await productsOf(alice);
    expect(page.items.map((item) => item.title).sort()).toEqual([
      'White Hanging Heart T-Light Holder',
      'White Metal Lantern',
    ]);
    const heart = page.items.find((item) => item.title.startsWith('White Hanging'))!;
    const product = (
      await context.app.inject({
        method: 'GET',
        url: `/api/web/products/${heart.id}`,
        headers: alice.headers,
      })
    ).json<Product>();
    expect(product).toMatchObject({ status: 'ACTIVE', currencyCode: 'GBP', options: [] });
    expect(product.variants).toMatchObject([{ sku: '85123A', price: { amount: 295 }, title: '–' }]);
  });

  it('writes nothing the second time, and nothing in another store', async () => {
    expect(
      await createCatalogFromOrderLines({
        db: context.connection.db,
        events: context.events,
        storeId: alice.storeId,
        channel: 'import:online_retail',
      }),
    ).toEqual({ products: 0 });
    expect((await productsOf(alice)).items).toHaveLength(2);
    expect((await productsOf(bob)).items).toEqual([]);
  });

  it('writes stock descriptions in title case', () => {
    expect(titleOfStockDescription("  PAPER CHAIN KIT 50'S CHRISTMAS ")).toBe(
      "Paper Chain Kit 50's Christmas",
    );
    expect(titleOfStockDescription('SET/6 RED SPOTTY PAPER CUPS')).toBe(
      'Set/6 Red Spotty Paper Cups',
    );
  });
});
