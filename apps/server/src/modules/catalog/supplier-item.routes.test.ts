import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import type { SupplierItem } from '@atelier/contract/catalog/supplier-item';
import type { UploadedFile } from '@atelier/contract/files/file';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import type { StoreAccount } from '@/testing/factories';
import { twoSuppliersAndAStore, type SupplierAccount } from '@/testing/supplier-factories';
import { createTestAppWithDataDir, type TestContext } from '@/testing/test-app';
import { aPng, multipart } from '@/testing/upload-factories';
import { loadCatalogReference } from './catalog-rows';

let context: TestContext;
let supplier: SupplierAccount;
let otherSupplier: SupplierAccount;
let store: StoreAccount;
let otherItemId: string;

const subgroup = [...loadCatalogReference().categories.values()].find(
  (category) => category.level === 3,
)!;

beforeAll(async () => {
  // Search answers cached for a minute: a catalogue edit must still show at once.
  context = await createTestAppWithDataDir('atelier-items-', { SEARCH_CACHE_TTL_MS: '60000' });
  const world = await twoSuppliersAndAStore(context, {
    company: 'Quarry Lane Textiles',
    otherCompany: 'Far Mill',
  });
  ({ supplier, otherSupplier, store } = world);
  const { factories, otherCompany } = world;
  otherItemId = (await factories.anItem({ supplier: otherCompany, title: 'Their Tee' })).id;
});
afterAll(async () => context.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const anItemInput = (overrides: Record<string, unknown> = {}) => ({
  kind: 'PRODUCT',
  title: 'Garment-dyed hoodie',
  description: 'Heavy loopback fleece, garment dyed.',
  categoryId: subgroup.id,
  moq: 150,
  price: { amount: 1850, currencyCode: 'USD' },
  imageFileId: null,
  ...overrides,
});

const storeItems = async (query: string) => {
  const response = await call('GET', `/api/web/catalog-items?${query}`, store.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: CatalogItem[] }>().items;
};

describe('/api/partner/catalog-items', () => {
  it('adds an item with a photo that stores find at once, then edits and removes it', async () => {
    // Warm the cached answer of the supplier's items.
    expect(await storeItems(`companyId=${supplier.companyId}`)).toEqual([]);
    const body = multipart('hoodie.png', aPng());
    const upload = await context.app.inject({
      method: 'POST',
      url: '/api/partner/files',
      headers: { ...body.headers, ...supplier.headers },
      payload: body.payload,
    });
    const photo = upload.json<UploadedFile>();

    const created = await call(
      'POST',
      '/api/partner/catalog-items',
      supplier.headers,
      anItemInput({ imageFileId: photo.id }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<SupplierItem>();
    expect(item).toMatchObject({
      title: 'Garment-dyed hoodie',
      categoryId: subgroup.id,
      categoryPath: subgroup.path,
      moq: 150,
      price: { amount: 1850, currencyCode: 'USD' },
      image: { fileId: photo.id },
    });
    expect(item.fieldSources).toMatchObject({ title: 'supplier', moq: 'supplier' });

    const [seen] = await storeItems(`companyId=${supplier.companyId}`);
    expect(seen).toMatchObject({ id: item.id, source: 'supplier', imageUrl: item.image?.url });
    const image = await context.app.inject({ method: 'GET', url: item.image!.url });
    expect(image.statusCode).toBe(200);
    expect((await storeItems('searchKey=hoodie')).map((found) => found.id)).toContain(item.id);

    const listed = await call('GET', '/api/partner/catalog-items', supplier.headers);
    expect(listed.json<{ items: SupplierItem[] }>().items.map((own) => own.id)).toEqual([item.id]);

    const edited = await call('PATCH', `/api/partner/catalog-items/${item.id}`, supplier.headers, {
      moq: 300,
      imageFileId: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<SupplierItem>()).toMatchObject({ moq: 300, image: null });
    expect((await storeItems(`companyId=${supplier.companyId}`))[0]).toMatchObject({
      moq: 300,
      imageUrl: null,
    });

    const removed = await call('DELETE', `/api/partner/catalog-items/${item.id}`, supplier.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storeItems(`companyId=${supplier.companyId}`)).toEqual([]);
  });

  it('never touches another supplier’s items', async () => {
    const url = `/api/partner/catalog-items/${otherItemId}`;
    expectApiError(await call('PATCH', url, supplier.headers, { moq: 1 }), 404, {
      code: 'not_found',
      reason: 'item_not_found',
    });
    expectApiError(await call('DELETE', url, supplier.headers), 404, {
      code: 'not_found',
      reason: 'item_not_found',
    });
    const theirs = await call('GET', '/api/partner/catalog-items', otherSupplier.headers);
    expect(theirs.json<{ items: SupplierItem[] }>().items.map((item) => item.id)).toEqual([
      otherItemId,
    ]);
  });

  it('refuses a store’s token and bad values with the field', async () => {
    expectApiError(await call('GET', '/api/partner/catalog-items', store.headers), 403, {
      code: 'forbidden',
      reason: 'wrong_party',
    });
    const bad = expectApiError(
      await call(
        'POST',
        '/api/partner/catalog-items',
        supplier.headers,
        anItemInput({ title: 'x', moq: 0, price: { amount: 12.5, currencyCode: 'USD' } }),
      ),
      400,
      { code: 'bad_request' },
    );
    expect(fieldsOf(bad)).toEqual(
      expect.arrayContaining(['body.title', 'body.moq', 'body.price.amount']),
    );
    const category = expectApiError(
      await call('POST', '/api/partner/catalog-items', supplier.headers, {
        ...anItemInput({ categoryId: 999_999_999 }),
      }),
      400,
      { code: 'bad_request', reason: 'category_not_found' },
    );
    expect(fieldsOf(category)).toEqual(['body.categoryId']);
    const image = expectApiError(
      await call(
        'POST',
        '/api/partner/catalog-items',
        supplier.headers,
        anItemInput({ imageFileId: 'fil_notmine' }),
      ),
      400,
      { code: 'bad_request', reason: 'profile_image_invalid' },
    );
    expect(fieldsOf(image)).toEqual(['body.imageFileId']);
  });
});
