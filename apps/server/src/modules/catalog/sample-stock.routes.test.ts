import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import type { SupplierItem } from '@atelier/contract/catalog/supplier-item';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import type { StoreAccount } from '@/testing/factories';
import { twoSuppliersAndAStore, type SupplierAccount } from '@/testing/supplier-factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { loadCatalogReference } from './catalog-rows';

let context: TestContext;
let supplier: SupplierAccount;
let otherSupplier: SupplierAccount;
let store: StoreAccount;
let itemId: string;

const subgroup = [...loadCatalogReference().categories.values()].find(
  (category) => category.level === 3,
)!;

beforeAll(async () => {
  // Search answers cached for a minute: a stock change must still show at once.
  context = await createTestAppWithDataDir('atelier-sample-stock-', {
    SEARCH_CACHE_TTL_MS: '60000',
  });
  const world = await twoSuppliersAndAStore(context, {
    company: 'Quarry Lane Textiles',
    otherCompany: 'Far Mill',
  });
  ({ supplier, otherSupplier, store } = world);
  const { factories, company } = world;
  itemId = (await factories.anItem({ supplier: company, title: 'Boxy tee' })).id;
});
afterAll(async () => context.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const setStock = async (sampleStock: string) => {
  const response = await call('PATCH', `/api/partner/catalog-items/${itemId}`, supplier.headers, {
    sampleStock,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SupplierItem>();
};

const orderSample = () =>
  call('POST', '/api/web/creator-order-items', store.headers, { catalogItemId: itemId });

const cartItemIds = async () => {
  const response = await call('GET', '/api/web/creator-order-items/shopping-cart', store.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: OrderItem[] }>().items.map((item) => item.id);
};

const storeView = async () => {
  const detail = await call('GET', `/api/web/catalog-items/${itemId}`, store.headers);
  expect(detail.statusCode, detail.body).toBe(200);
  const list = await call('GET', `/api/web/catalog-items?companyId=${supplier.companyId}`, {
    ...store.headers,
  });
  expect(list.statusCode, list.body).toBe(200);
  const publicDetail = await context.app.inject({
    method: 'GET',
    url: `/api/app/catalog-items/${itemId}`,
  });
  expect(publicDetail.statusCode, publicDetail.body).toBe(200);
  return {
    detail: detail.json<CatalogItem>().sampleStock,
    listed: list.json<{ items: CatalogItem[] }>().items.find((item) => item.id === itemId)
      ?.sampleStock,
    public: publicDetail.json<CatalogItem>().sampleStock,
  };
};

describe('spec §4 sample stock', () => {
  it('is IN_STOCK unless the supplier says otherwise', async () => {
    const created = await call('POST', '/api/partner/catalog-items', supplier.headers, {
      kind: 'PRODUCT',
      title: 'Garment-dyed hoodie',
      description: 'Heavy loopback fleece.',
      categoryId: subgroup.id,
      moq: 150,
      price: { amount: 1850, currencyCode: 'USD' },
      imageFileId: null,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<SupplierItem>().sampleStock).toBe('IN_STOCK');

    const outOfStock = await call('POST', '/api/partner/catalog-items', supplier.headers, {
      kind: 'PRODUCT',
      title: 'Waffle henley',
      description: 'Cotton waffle knit.',
      categoryId: null,
      moq: null,
      price: { amount: 1200, currencyCode: 'USD' },
      imageFileId: null,
      sampleStock: 'OUT_OF_STOCK',
    });
    expect(outOfStock.statusCode, outOfStock.body).toBe(201);
    const henley = outOfStock.json<SupplierItem>();
    expect(henley).toMatchObject({ sampleStock: 'OUT_OF_STOCK' });
    expect(henley.fieldSources).toMatchObject({ sampleStock: 'supplier' });

    // Another field's edit keeps the stock.
    const edited = await call(
      'PATCH',
      `/api/partner/catalog-items/${henley.id}`,
      supplier.headers,
      {
        moq: 10,
      },
    );
    expect(edited.json<SupplierItem>()).toMatchObject({ moq: 10, sampleStock: 'OUT_OF_STOCK' });
  });

  it('refuses a sample while out of stock, then takes it once back in stock', async () => {
    expect(await storeView()).toEqual({
      detail: 'IN_STOCK',
      listed: 'IN_STOCK',
      public: 'IN_STOCK',
    });

    expect(await setStock('OUT_OF_STOCK')).toMatchObject({
      id: itemId,
      sampleStock: 'OUT_OF_STOCK',
    });
    expect(await storeView()).toEqual({
      detail: 'OUT_OF_STOCK',
      listed: 'OUT_OF_STOCK',
      public: 'OUT_OF_STOCK',
    });
    const listed = await call('GET', '/api/partner/catalog-items', supplier.headers);
    expect(
      listed.json<{ items: SupplierItem[] }>().items.find((item) => item.id === itemId),
    ).toMatchObject({ sampleStock: 'OUT_OF_STOCK' });

    const cartBefore = await cartItemIds();
    const refused = expectApiError(await orderSample(), 409, {
      code: 'conflict',
      reason: 'sample_out_of_stock',
    });
    expect(refused.message).toBe('Boxy tee is out of stock for samples; ask the supplier in chat.');
    expect(await cartItemIds()).toEqual(cartBefore);

    await setStock('IN_STOCK');
    expect(await storeView()).toEqual({
      detail: 'IN_STOCK',
      listed: 'IN_STOCK',
      public: 'IN_STOCK',
    });
    const ordered = await orderSample();
    expect(ordered.statusCode, ordered.body).toBe(201);
    const sample = ordered.json<OrderItem>();
    expect(sample).toMatchObject({ kind: 'SAMPLE', status: 'IN_SHOPPING_CART', unitPrice: 2500 });
    expect(await cartItemIds()).toEqual([...cartBefore, sample.id]);
  });

  it('refuses a bad value with its field', async () => {
    for (const sampleStock of ['SOLD_OUT', '', 1, null, { IN_STOCK: true }]) {
      const bad = expectApiError(
        await call('PATCH', `/api/partner/catalog-items/${itemId}`, supplier.headers, {
          sampleStock,
        }),
        400,
        { code: 'bad_request' },
      );
      expect(fieldsOf(bad)).toEqual(['body.sampleStock']);
    }
    const list = await call('GET', `/api/web/catalog-items/${itemId}`, store.headers);
    expect(list.json<CatalogItem>().sampleStock).toBe('IN_STOCK');
  });

  it('cannot be changed by another supplier', async () => {
    expectApiError(
      await call('PATCH', `/api/partner/catalog-items/${itemId}`, otherSupplier.headers, {
        sampleStock: 'OUT_OF_STOCK',
      }),
      404,
      { code: 'not_found', reason: 'item_not_found' },
    );
    expect((await storeView()).detail).toBe('IN_STOCK');
  });
});
