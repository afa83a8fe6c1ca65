import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import {
  addFavorite,
  listFavorites,
  listMySuppliers,
  removeFavorite,
} from '@atelier/contract/catalog/favorite';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import { catalogCategories, countries } from '@/db/schema';
import { newId } from '@/lib/ids';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { createCatalogFactories, type CatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

type Account = Awaited<ReturnType<typeof registerAccount>>;
type Favorites = { companies: CatalogCompany[]; items: CatalogItem[] };
type MySuppliers = { items: (CatalogCompany & { relations: string[] })[] };

let context: TestContext;
let factories: CatalogFactories;

beforeAll(async () => {
  context = await createTestApp();
  factories = createCatalogFactories(context.connection.db);
  await context.connection.db.insert(countries).values([
    { code: 'CN', iso3: 'CHN', name: 'China', regionCode: 'AS' },
    { code: 'IT', iso3: 'ITA', name: 'Italy', regionCode: 'EU' },
  ]);
  await context.connection.db.insert(catalogCategories).values([
    {
      id: 166,
      parentId: null,
      level: 1,
      name: 'Apparel & Accessories',
      vertical: 'Apparel & Accessories',
      group: null,
      subgroup: null,
      path: 'Apparel & Accessories',
    },
    {
      id: 1604,
      parentId: 166,
      level: 2,
      name: 'Clothing',
      vertical: 'Apparel & Accessories',
      group: 'Clothing',
      subgroup: null,
      path: 'Apparel & Accessories > Clothing',
    },
    {
      id: 212,
      parentId: 1604,
      level: 3,
      name: 'Shirts & Tops',
      vertical: 'Apparel & Accessories',
      group: 'Clothing',
      subgroup: 'Shirts & Tops',
      path: 'Apparel & Accessories > Clothing > Shirts & Tops',
    },
  ]);
});
afterAll(async () => context.close());

const favorite = (account: Account, payload: unknown) =>
  context.app.inject({
    method: 'POST',
    url: addFavorite.path,
    headers: account.headers,
    payload: payload as object,
  });

const unfavorite = (account: Account, type: string, id: string) =>
  context.app.inject({
    method: 'DELETE',
    url: removeFavorite.path.replace(':type', type).replace(':id', id),
    headers: account.headers,
  });

const favoritesOf = async (account: Account): Promise<Favorites> => {
  const response = await context.app.inject({
    method: 'GET',
    url: listFavorites.path,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Favorites>();
};

const mySuppliersOf = async (account: Account, query = ''): Promise<MySuppliers> => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${listMySuppliers.path}${query}`,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MySuppliers>();
};

describe('favourites', () => {
  it('lists favourite suppliers and items with their full catalog answers, newest first', async () => {
    const account = await registerAccount(context);
    const older = await factories.aSupplier({
      name: 'Older Mill',
      countryCode: 'IT',
      regionCode: 'EU',
    });
    const newer = await factories.aSupplier({ name: 'Newer Mill' });
    const item = await factories.anItem({
      supplier: newer,
      title: 'Boxy Tee',
      categoryId: 212,
      categoryPath: [166, 1604, 212],
    });

    expect((await favorite(account, { type: 'COMPANY', id: older.id })).json()).toEqual({
      ok: true,
    });
    context.clock.advance(1000);
    await favorite(account, { type: 'COMPANY', id: newer.id });
    await favorite(account, { type: 'ITEM', id: item.id });

    const { companies, items } = await favoritesOf(account);
    expect(companies.map((supplier) => supplier.name)).toEqual(['Newer Mill', 'Older Mill']);
    expect(companies[1]).toMatchObject({
      countryCode: 'IT',
      countryName: 'Italy',
      isFavorite: true,
    });
    expect(companies[0]).toMatchObject({ countryName: 'China', rating: 4.2, isFavorite: true });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: item.id,
      title: 'Boxy Tee',
      vertical: 'Apparel & Accessories',
      group: 'Clothing',
      subgroup: 'Shirts & Tops',
      isFavorite: true,
      company: { id: newer.id, name: 'Newer Mill', capabilities: ['Cut and sew'] },
    });
  });

  it('is idempotent both ways', async () => {
    const account = await registerAccount(context);
    const supplier = await factories.aSupplier();
    for (let index = 0; index < 2; index += 1) {
      expect((await favorite(account, { type: 'COMPANY', id: supplier.id })).statusCode).toBe(200);
    }
    expect((await favoritesOf(account)).companies).toHaveLength(1);
    for (let index = 0; index < 2; index += 1) {
      const response = await unfavorite(account, 'COMPANY', supplier.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    expect((await favoritesOf(account)).companies).toEqual([]);
    expect((await unfavorite(account, 'ITEM', newId('itm'))).statusCode).toBe(200);
  });

  it('answers 404 for a supplier or item that does not exist, 400 for a mismatched id or type', async () => {
    const account = await registerAccount(context);
    const supplier = await factories.aSupplier();
    expectApiError(await favorite(account, { type: 'COMPANY', id: newId('cmp') }), 404, {
      code: 'not_found',
      reason: 'company_not_found',
    });
    expectApiError(await favorite(account, { type: 'ITEM', id: newId('itm') }), 404, {
      code: 'not_found',
      reason: 'item_not_found',
    });
    const mismatched = expectApiError(
      await favorite(account, { type: 'ITEM', id: supplier.id }),
      400,
      {
        code: 'bad_request',
      },
    );
    expect(fieldsOf(mismatched)).toContain('body.id');
    expectApiError(await favorite(account, { type: 'STORE', id: supplier.id }), 400, {
      code: 'bad_request',
    });
    expectApiError(await unfavorite(account, 'STORE', supplier.id), 400, { code: 'bad_request' });
  });

  it("keeps each store's favourites invisible and untouchable to other stores", async () => {
    const alice = await registerAccount(context);
    const bob = await registerAccount(context);
    const supplier = await factories.aSupplier();
    const item = await factories.anItem({ supplier });
    await favorite(alice, { type: 'COMPANY', id: supplier.id });
    await favorite(alice, { type: 'ITEM', id: item.id });

    expect(await favoritesOf(bob)).toEqual({ companies: [], items: [] });
    expect((await mySuppliersOf(bob)).items).toEqual([]);
    await unfavorite(bob, 'COMPANY', supplier.id);
    await unfavorite(bob, 'ITEM', item.id);
    const aliceFavorites = await favoritesOf(alice);
    expect(aliceFavorites.companies.map((row) => row.id)).toEqual([supplier.id]);
    expect(aliceFavorites.items.map((row) => row.id)).toEqual([item.id]);
  });

  it('needs a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: listFavorites.path });
    expectApiError(response, 401, { code: 'unauthenticated' });
  });
});

describe('GET /api/web/stores/me/suppliers', () => {
  it('lists favourited suppliers with relation FAVORITED, most recent first', async () => {
    const account = await registerAccount(context);
    const first = await factories.aSupplier({ name: 'Alpha Knits' });
    const second = await factories.aSupplier({ name: 'Beta Denim' });
    const itemOnly = await factories.anItem();
    await favorite(account, { type: 'COMPANY', id: first.id });
    context.clock.advance(1000);
    await favorite(account, { type: 'COMPANY', id: second.id });
    // Favouriting an item does not make its supplier "my supplier".
    await favorite(account, { type: 'ITEM', id: itemOnly.id });

    const { items } = await mySuppliersOf(account);
    expect(
      items.map((supplier) => [supplier.name, supplier.relations, supplier.isFavorite]),
    ).toEqual([
      ['Beta Denim', ['FAVORITED'], true],
      ['Alpha Knits', ['FAVORITED'], true],
    ]);
    expect(items[0]).toMatchObject({ countryName: 'China', id: second.id });
  });

  it('filters by name, in any case, taking LIKE wildcards literally', async () => {
    const account = await registerAccount(context);
    const denim = await factories.aSupplier({ name: 'Blue DENIM Works' });
    const knit = await factories.aSupplier({ name: '100% Knit Co' });
    await favorite(account, { type: 'COMPANY', id: denim.id });
    await favorite(account, { type: 'COMPANY', id: knit.id });

    const names = async (searchKey: string) =>
      (await mySuppliersOf(account, `?searchKey=${encodeURIComponent(searchKey)}`)).items.map(
        (supplier) => supplier.name,
      );
    expect(await names('denim')).toEqual(['Blue DENIM Works']);
    expect(await names('  Denim ')).toEqual(['Blue DENIM Works']);
    expect(await names('%')).toEqual(['100% Knit Co']);
    expect(await names('_')).toEqual([]);
    expect(await names('nothing like it')).toEqual([]);
    expect((await names('')).sort()).toEqual(['100% Knit Co', 'Blue DENIM Works']);
  });

  it('refuses a search over 200 characters with 400 naming query.searchKey', async () => {
    const account = await registerAccount(context);
    const response = await context.app.inject({
      method: 'GET',
      url: `${listMySuppliers.path}?searchKey=${'x'.repeat(10_000)}`,
      headers: account.headers,
    });
    const error = expectApiError(response, 400, { code: 'bad_request' });
    expect(fieldsOf(error)).toContain('query.searchKey');
  });
});
