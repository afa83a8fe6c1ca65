import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  exportProducts,
  listProducts,
  parseColorList,
  variantTitleOf,
  type Product,
  type ProductPage,
} from '@atelier/contract/sales/product';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

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

const anApron = (overrides: Record<string, unknown> = {}) => ({
  title: 'Linen Apron',
  vendor: 'Atelier Studio',
  productType: 'Aprons',
  tags: ['kitchen', 'linen'],
  categoryId: 639,
  options: [
    { name: 'Color', values: ['Sage', 'Rust'] },
    { name: 'Size', values: ['S', 'L'] },
  ],
  variants: [
    { optionValues: ['Sage', 'S'], sku: 'APR-SAGE-S', priceAmount: 3_200, weightGrams: 250 },
    { optionValues: ['Sage', 'L'], sku: 'APR-SAGE-L', priceAmount: 3_400, weightGrams: 280 },
    { optionValues: ['Rust', 'S'], sku: 'APR-RUST-S', priceAmount: 3_200 },
  ],
  ...overrides,
});

const send = (
  account: Account,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) => context.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });

const created = async (account: Account, payload: Record<string, unknown>) => {
  const response = await send(account, 'POST', createProduct.path, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
};

const list = async (account: Account, query = '') => {
  const response = await send(account, 'GET', `${listProducts.path}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductPage>();
};

describe('products and variants (issue 11)', () => {
  it('creates a product with options and variants, its category from the Google taxonomy', async () => {
    const product = await created(alice, anApron());
    expect(product).toMatchObject({
      title: 'Linen Apron',
      status: 'ACTIVE',
      variantCount: 3,
      minPrice: { amount: 3_200, currencyCode: 'USD' },
      maxPrice: { amount: 3_400, currencyCode: 'USD' },
      skus: ['APR-SAGE-S', 'APR-SAGE-L', 'APR-RUST-S'],
    });
    expect(product.category?.path).toMatch(/Aprons$/);
    expect(product.variants.map((variant) => variant.title)).toEqual([
      'Sage / S',
      'Sage / L',
      'Rust / S',
    ]);
    const single = await created(alice, {
      title: 'Gift card',
      variants: [{ priceAmount: 2_500, sku: 'GIFT-25' }],
    });
    expect(single.variants[0]!.title).toBe('–');
  });

  it('refuses variants that do not fit the options, naming the field, and a SKU another product has', async () => {
    const mismatch = await send(
      alice,
      'POST',
      createProduct.path,
      anApron({ variants: [{ optionValues: ['Blue', 'S'], priceAmount: 100 }] }),
    );
    const error = expectApiError(mismatch, 400, { code: 'bad_request' });
    expect(error.details?.map((detail) => detail.field)).toEqual([
      'body.variants.0.optionValues.0',
    ]);

    const taken = await send(
      alice,
      'POST',
      createProduct.path,
      anApron({
        title: 'Other apron',
        variants: [
          { optionValues: ['Sage', 'S'], sku: 'NEW-1', priceAmount: 100 },
          { optionValues: ['Rust', 'L'], sku: 'APR-RUST-S', priceAmount: 100 },
        ],
      }),
    );
    const conflict = expectApiError(taken, 409, { code: 'conflict', reason: 'sku_taken' });
    expect(conflict.details?.map((detail) => detail.field)).toEqual(['body.variants.1.sku']);

    expectApiError(
      await send(
        alice,
        'POST',
        createProduct.path,
        anApron({ title: 'X', categoryId: 999_999_999 }),
      ),
      400,
      { code: 'bad_request', reason: 'unknown_category' },
    );
    // Another store may use the same SKU.
    await created(bob, anApron());
  });

  it('updates a product: unchanged variants keep their ids, SKUs can move between its variants', async () => {
    const product = await created(
      alice,
      anApron({
        title: 'Canvas Tote',
        options: [{ name: 'Color', values: ['Natural', 'Black'] }],
        variants: [
          { optionValues: ['Natural'], sku: 'TOTE-A', priceAmount: 1_200 },
          { optionValues: ['Black'], sku: 'TOTE-B', priceAmount: 1_200 },
        ],
      }),
    );
    const [natural] = product.variants;
    const response = await send(
      alice,
      'PUT',
      `/api/web/products/${product.id}`,
      anApron({
        title: 'Canvas Tote Bag',
        options: [{ name: 'Color', values: ['Natural', 'Olive'] }],
        variants: [
          { optionValues: ['Natural'], sku: 'TOTE-B', priceAmount: 1_500 },
          { optionValues: ['Olive'], sku: 'TOTE-A', priceAmount: 1_500 },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Product>();
    expect(updated.title).toBe('Canvas Tote Bag');
    expect(updated.variants.map((variant) => [variant.title, variant.sku])).toEqual([
      ['Natural', 'TOTE-B'],
      ['Olive', 'TOTE-A'],
    ]);
    expect(updated.variants[0]!.id).toBe(natural!.id);
  });

  it('archives and brings back a product, lists by status with counts and finds by SKU or title word', async () => {
    const product = await created(
      alice,
      anApron({
        title: 'Beeswax Candle',
        options: [],
        variants: [{ sku: 'CND-1', barcode: '0123456789012', priceAmount: 1_600 }],
      }),
    );
    const archived = await send(alice, 'POST', `/api/web/products/${product.id}/archive`);
    expect(archived.json<Product>().status).toBe('ARCHIVED');
    const active = await list(alice);
    expect(active.items.map((item) => item.id)).not.toContain(product.id);
    expect(active.counts.ARCHIVED).toBe(1);
    expect((await list(alice, 'status=ARCHIVED')).items.map((item) => item.id)).toEqual([
      product.id,
    ]);
    await send(alice, 'POST', `/api/web/products/${product.id}/unarchive`);
    expect((await list(alice, 'search=CND-1')).items.map((item) => item.title)).toEqual([
      'Beeswax Candle',
    ]);
    expect((await list(alice, 'search=0123456789012')).items).toHaveLength(1);
    expect((await list(alice, 'search=cand')).items).toHaveLength(1);
    expect((await list(alice, 'search=tote')).items.map((item) => item.title)).toEqual([
      'Canvas Tote Bag',
    ]);

    const first = await list(alice, 'limit=2');
    const next = await list(alice, `limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(first.counts.ACTIVE).toBe(4);
    expect([...first.items, ...next.items].map((item) => item.title).sort()).toEqual([
      'Beeswax Candle',
      'Canvas Tote Bag',
      'Gift card',
      'Linen Apron',
    ]);
  });

  it('exports the products in Shopify’s product CSV layout, and shows another store none of them', async () => {
    const csv = await send(alice, 'GET', exportProducts.path);
    expect(csv.statusCode).toBe(200);
    const text = csv.body.replace(/^\uFEFF/, '');
    expect(text.split('\n')[0]).toMatch(/^Handle,Title,Body \(HTML\),Vendor,Product Category,/);
    expect(text).toContain('APR-SAGE-L');
    expect(text).toContain(',Color,Sage,Size,S,,,APR-SAGE-S,250,shopify,32.00,');

    const others = await list(bob);
    expect(others.items.map((item) => item.title)).toEqual(['Linen Apron']);
    const own = (await list(alice, 'search=cand')).items[0]!;
    expectApiError(await send(bob, 'GET', `/api/web/products/${own.id}`), 404, {
      code: 'not_found',
      reason: 'product_not_found',
    });
    expectApiError(await send(bob, 'POST', `/api/web/products/${own.id}/archive`), 404, {
      code: 'not_found',
      reason: 'product_not_found',
    });
  });

  it('reads option values and colour lists as spec §3 says', () => {
    expect(variantTitleOf([{ name: 'Title' }], ['Default Title'])).toBe('–');
    expect(variantTitleOf([{ name: 'Size' }, { name: 'Color' }], ['M', 'Black'])).toBe('M / Black');
    expect(parseColorList('Black|#000000|BLK; Sand|#c2b280|SND;;Ink||')).toEqual([
      { name: 'Black', hex: '#000000', variant: 'BLK' },
      { name: 'Sand', hex: '#C2B280', variant: 'SND' },
      { name: 'Ink', hex: null, variant: null },
    ]);
  });
});
