import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '@/testing/factories';
import { createCatalogFactories, type CatalogFactories } from '@/testing/catalog-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { createCatalogWriter } from './catalog-writer.repository';

let context: TestContext;
let factories: CatalogFactories;
let headers: Record<string, string>;

beforeAll(async () => {
  context = await createTestApp();
  factories = createCatalogFactories(context.connection.db);
  headers = (await registerAccount(context)).headers;
  await context.catalog.seedCategories();
});
afterAll(async () => context.close());

type Page = { items: { id: string }[]; nextCursor: string | null };

const get = (url: string) => context.app.inject({ method: 'GET', url, headers });
const ids = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return new Set(response.json<Page>().items.map((item) => item.id));
};

describe('supplier filters at every bucket edge', () => {
  // Each test's suppliers carry a marker word unlike the others' (search is typo-tolerant).
  const makeCompanies = async (marker: string, field: string, values: (number | null)[]) => {
    const rows = [];
    for (const value of values) {
      rows.push(
        await factories.aSupplier({
          name: `${marker} ${value}`,
          searchText: marker,
          [field]: value,
        }),
      );
    }
    return rows;
  };
  const byValue = (rows: { id: string }[], values: (number | null)[], wanted: (number | null)[]) =>
    new Set(rows.filter((_, index) => wanted.includes(values[index]!)).map((row) => row.id));

  it('puts sample prices in [$5, $50), [$50, $100), $100+ and custom quote', async () => {
    const values = [499, 500, 4999, 5000, 9999, 10000, null];
    const rows = await makeCompanies('aardvark', 'samplePriceCents', values);
    const url = (bucket: string) =>
      `/api/web/catalog-companies?searchKey=aardvark&samplePrice=${bucket}`;
    expect(await ids(url('USD_5_50'))).toEqual(byValue(rows, values, [500, 4999]));
    expect(await ids(url('USD_50_100'))).toEqual(byValue(rows, values, [5000, 9999]));
    expect(await ids(url('USD_100_PLUS'))).toEqual(byValue(rows, values, [10000]));
    expect(await ids(url('CUSTOM_QUOTE'))).toEqual(byValue(rows, values, [null]));
    expect((await ids(url('ALL'))).size).toBe(values.length);
  });

  it('puts MOQs in [0, 100), [100, 1000), 1000+ and custom', async () => {
    const values = [0, 99, 100, 999, 1000, null];
    const rows = await makeCompanies('bison', 'moq', values);
    const url = (bucket: string) => `/api/web/catalog-companies?searchKey=bison&moq=${bucket}`;
    expect(await ids(url('UNITS_0_100'))).toEqual(byValue(rows, values, [0, 99]));
    expect(await ids(url('UNITS_100_1000'))).toEqual(byValue(rows, values, [100, 999]));
    expect(await ids(url('UNITS_1000_PLUS'))).toEqual(byValue(rows, values, [1000]));
    expect(await ids(url('CUSTOM'))).toEqual(byValue(rows, values, [null]));
  });

  it('puts order volumes in [0, 1000), [1000, 5000) and 5000+ units', async () => {
    const values = [999, 1000, 4999, 5000];
    const rows = await makeCompanies('cheetah', 'orderVolume', values);
    const url = (bucket: string) =>
      `/api/web/catalog-companies?searchKey=cheetah&orderVolume=${bucket}`;
    expect(await ids(url('UNITS_0_1000'))).toEqual(byValue(rows, values, [999]));
    expect(await ids(url('UNITS_1000_5000'))).toEqual(byValue(rows, values, [1000, 4999]));
    expect(await ids(url('UNITS_5000_PLUS'))).toEqual(byValue(rows, values, [5000]));
  });

  it('counts orders as 250+, 100+, 50+ and under 50', async () => {
    const values = [49, 50, 99, 100, 249, 250];
    const rows = await makeCompanies('dolphin', 'orderCount', values);
    const url = (bucket: string) =>
      `/api/web/catalog-companies?searchKey=dolphin&orderCount=${bucket}`;
    expect(await ids(url('ORDERS_250_PLUS'))).toEqual(byValue(rows, values, [250]));
    expect(await ids(url('ORDERS_100_PLUS'))).toEqual(byValue(rows, values, [100, 249, 250]));
    expect(await ids(url('ORDERS_50_PLUS'))).toEqual(
      byValue(rows, values, [50, 99, 100, 249, 250]),
    );
    expect(await ids(url('ORDERS_UNDER_50'))).toEqual(byValue(rows, values, [49]));
  });

  it('keeps ratings of n stars and up', async () => {
    const values = [0.9, 1, 1.9, 2, 2.9, 3, 3.9, 4, 5];
    const rows = await makeCompanies('echidna', 'rating', values);
    const url = (stars: number) => `/api/web/catalog-companies?searchKey=echidna&rating=${stars}`;
    expect(await ids(url(4))).toEqual(byValue(rows, values, [4, 5]));
    expect(await ids(url(3))).toEqual(byValue(rows, values, [3, 3.9, 4, 5]));
    expect(await ids(url(1))).toEqual(byValue(rows, values, [1, 1.9, 2, 2.9, 3, 3.9, 4, 5]));
  });

  it('puts production times in under 1 month, 1-2, 2-3 and 3+ months (30-day months)', async () => {
    const values = [29, 30, 59, 60, 89, 90];
    const rows = await makeCompanies('flamingo', 'productionTimeDays', values);
    const url = (bucket: string) =>
      `/api/web/catalog-companies?searchKey=flamingo&productionTime=${bucket}`;
    expect(await ids(url('UNDER_1_MONTH'))).toEqual(byValue(rows, values, [29]));
    expect(await ids(url('MONTHS_1_2'))).toEqual(byValue(rows, values, [30, 59]));
    expect(await ids(url('MONTHS_2_3'))).toEqual(byValue(rows, values, [60, 89]));
    expect(await ids(url('MONTHS_3_PLUS'))).toEqual(byValue(rows, values, [90]));
  });

  it('filters by region and by any of several country codes', async () => {
    const china = await factories.aSupplier({
      searchText: 'gazelle',
      countryCode: 'CN',
      regionCode: 'AS',
    });
    const italy = await factories.aSupplier({
      searchText: 'gazelle',
      countryCode: 'IT',
      regionCode: 'EU',
    });
    const usa = await factories.aSupplier({
      searchText: 'gazelle',
      countryCode: 'US',
      regionCode: 'NA',
    });
    expect(await ids('/api/web/catalog-companies?searchKey=gazelle&region=EU')).toEqual(
      new Set([italy.id]),
    );
    expect(await ids('/api/web/catalog-companies?searchKey=gazelle&countryCodes=cn,US')).toEqual(
      new Set([china.id, usa.id]),
    );
    const count = await get('/api/web/catalog-companies/action/count?searchKey=gazelle&region=AS');
    expect(count.json()).toEqual({ count: 1 });
  });
});

describe('supplier text search', () => {
  it('finds a supplier by a typo in its name', async () => {
    const factory = await factories.aSupplier({
      name: 'Wenzhou Jietu Shoes Factory',
      searchText: 'Wenzhou Jietu Shoes Factory footwear',
    });
    for (const typo of ['Wenzhuo Jietu', 'jeitu shoes', 'Wenzhou Jietoo']) {
      expect(
        await ids(`/api/web/catalog-companies?searchKey=${encodeURIComponent(typo)}`),
      ).toContain(factory.id);
    }
  });

  it('finds by a word of the description and by the start of a word', async () => {
    const mill = await factories.aSupplier({ searchText: 'Selvedge denim weaving and washing' });
    expect(await ids('/api/web/catalog-companies?searchKey=selvedge')).toContain(mill.id);
    expect(await ids('/api/web/catalog-companies?searchKey=selv')).toContain(mill.id);
    expect(await ids('/api/web/catalog-companies?searchKey=washed%20denim')).toContain(mill.id);
  });
});

describe('supplier search by the titles of its items (issue 10)', () => {
  const rebuildVocabulary = () => createCatalogWriter(context.connection.db).rebuildSearchWords();
  const orderedIds = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>().items.map((item) => item.id);
  };

  it('finds a supplier whose name says nothing of the key through its product titles', async () => {
    const maker = await factories.aSupplier({ name: 'Ostrander Garment Works' });
    await factories.anItem({ supplier: maker, title: 'Zorbuck fleece hoodie' });
    expect(await ids('/api/web/catalog-companies?searchKey=zorbuck%20hoodie')).toEqual(
      new Set([maker.id]),
    );
    expect(await ids('/api/web/catalog-companies?searchKey=zorbu')).toEqual(new Set([maker.id]));
    const count = await get('/api/web/catalog-companies/action/count?searchKey=zorbuck');
    expect(count.json()).toEqual({ count: 1 });
    // The other filters still apply to the supplier.
    expect(await ids('/api/web/catalog-companies?searchKey=zorbuck&region=EU')).toEqual(new Set());
  });

  it('matches item titles only, not the rest of their search text', async () => {
    const maker = await factories.aSupplier();
    await factories.anItem({
      supplier: maker,
      title: 'Plain canvas tote',
      searchText: 'Plain canvas tote Quenzelbrook demo boilerplate',
    });
    expect(await ids('/api/web/catalog-companies?searchKey=quenzelbrook')).toEqual(new Set());
  });

  it('ranks suppliers named for the key above those found by their items, page after page', async () => {
    // The item-title match is the best ranked and the newest: it still comes last.
    const byItem = await factories.aSupplier({
      name: 'Harrowgate Textiles',
      rank: 90,
      enabledAt: new Date('2025-09-03T00:00:00.000Z'),
    });
    await factories.anItem({ supplier: byItem, title: 'Pelliwink quilted jacket' });
    const byName = await factories.aSupplier({
      name: 'Pelliwink Apparel',
      rank: 2,
      enabledAt: new Date('2025-09-02T00:00:00.000Z'),
    });
    const alsoByName = await factories.aSupplier({
      name: 'Pelliwink Outerwear',
      rank: 1,
      enabledAt: new Date('2025-09-01T00:00:00.000Z'),
    });
    const all = [byName.id, alsoByName.id, byItem.id];
    for (const sort of ['FEATURED', 'NEWLY_ADDED', 'ONLINE_NOW']) {
      expect(
        await orderedIds(`/api/web/catalog-companies?searchKey=pelliwink&sort=${sort}`),
      ).toEqual(all);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(
        `/api/web/catalog-companies?searchKey=pelliwink&size=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = response.json<Page>();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor !== null && seen.length < 10);
    expect(seen).toEqual(all);
  });

  it('refuses a cursor of a search without a key in a search with one', async () => {
    await factories.aSupplier({ name: 'Cursorvale Mills' });
    await factories.aSupplier({ name: 'Cursorvale Looms' });
    const first = (await get('/api/web/catalog-companies?size=1')).json<Page>();
    const response = await get(
      `/api/web/catalog-companies?searchKey=cursorvale&cursor=${first.nextCursor}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('invalid_cursor');
  });

  it('corrects a misspelt key that finds no supplier, as item search does', async () => {
    const maker = await factories.aSupplier({ name: 'Brindlecombe Works' });
    await factories.anItem({
      supplier: maker,
      title: 'Heavyweight Vorlaxine hoodie',
      searchText: 'Heavyweight Vorlaxine hoodie',
    });
    await rebuildVocabulary();
    expect(await ids('/api/web/catalog-companies?searchKey=vorlaxne')).toEqual(new Set([maker.id]));
    const count = await get('/api/web/catalog-companies/action/count?searchKey=vorlaxne');
    expect(count.json()).toEqual({ count: 1, correctedSearchKey: 'vorlaxine' });
  });
});

describe('item search', () => {
  it("filters items by category anywhere on their path, and by their supplier's region", async () => {
    const asian = await factories.aSupplier({ countryCode: 'VN', regionCode: 'AS' });
    const european = await factories.aSupplier({ countryCode: 'PT', regionCode: 'EU' });
    const shirt = await factories.anItem({
      supplier: asian,
      searchText: 'catmark shirt',
      categoryId: 212,
      categoryPath: [166, 1604, 212],
    });
    const dress = await factories.anItem({
      supplier: european,
      searchText: 'catmark dress',
      categoryId: 2271,
      categoryPath: [166, 1604, 2271],
    });
    const bag = await factories.anItem({
      supplier: asian,
      searchText: 'catmark bag',
      categoryId: 3032,
      categoryPath: [166, 6551, 3032],
    });
    expect(await ids('/api/web/catalog-items?searchKey=catmark&categoryIds=1604')).toEqual(
      new Set([shirt.id, dress.id]),
    );
    expect(await ids('/api/web/catalog-items?searchKey=catmark&categoryIds=212,3032')).toEqual(
      new Set([shirt.id, bag.id]),
    );
    expect(await ids('/api/web/catalog-items?searchKey=catmark&region=AS&categoryIds=166')).toEqual(
      new Set([shirt.id, bag.id]),
    );

    const facets = await get('/api/web/catalog-items/action/category-group?searchKey=catmark');
    const counts = Object.fromEntries(
      facets
        .json<{ items: { categoryId: number; count: number }[] }>()
        .items.map((facet) => [facet.categoryId, facet.count]),
    );
    expect(counts).toMatchObject({ 166: 3, 1604: 2, 6551: 1, 212: 1, 2271: 1, 3032: 1 });
  });

  it('sorts by featured, newest and price both ways', async () => {
    const supplier = await factories.aSupplier();
    const a = await factories.anItem({
      supplier,
      searchText: 'sortmark',
      rank: 3,
      priceCents: 500,
      enabledAt: new Date('2025-01-01T00:00:00Z'),
    });
    const b = await factories.anItem({
      supplier,
      searchText: 'sortmark',
      rank: 9,
      priceCents: 1500,
      enabledAt: new Date('2024-01-01T00:00:00Z'),
    });
    const c = await factories.anItem({
      supplier,
      searchText: 'sortmark',
      rank: 5,
      priceCents: 900,
      enabledAt: new Date('2026-01-01T00:00:00Z'),
    });
    const order = async (sort: string) =>
      (await get(`/api/web/catalog-items?searchKey=sortmark&sort=${sort}`))
        .json<Page>()
        .items.map((item) => item.id);
    expect(await order('FEATURED')).toEqual([b.id, c.id, a.id]);
    expect(await order('NEWEST')).toEqual([c.id, a.id, b.id]);
    expect(await order('PRICE_LOW_TO_HIGH')).toEqual([a.id, c.id, b.id]);
    expect(await order('PRICE_HIGH_TO_LOW')).toEqual([b.id, c.id, a.id]);
  });

  it('pages with a keyset that neither repeats nor skips while items are inserted', async () => {
    const supplier = await factories.aSupplier();
    const original = new Set<string>();
    for (let index = 0; index < 23; index += 1) {
      const item = await factories.anItem({
        supplier,
        searchText: 'pagemark',
        rank: index % 5,
        priceCents: 100 + (index % 4),
      });
      original.add(item.id);
    }
    for (const sort of ['FEATURED', 'NEWEST', 'PRICE_LOW_TO_HIGH', 'PRICE_HIGH_TO_LOW']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `/api/web/catalog-items?searchKey=pagemark&sort=${sort}&size=5${cursor ? `&cursor=${cursor}` : ''}`;
        const page: Page = (await get(query)).json<Page>();
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
        pages += 1;
        // Items arriving mid-way, before and after the reader's position, must not disturb it.
        await factories.anItem({ supplier, searchText: 'pagemark', rank: 10, priceCents: 50 });
        await factories.anItem({ supplier, searchText: 'pagemark', rank: -1, priceCents: 999_999 });
      } while (cursor && pages < 50);
      expect(new Set(seen).size, `${sort}: no repeats`).toBe(seen.length);
      for (const id of original) expect(seen, `${sort}: nothing skipped`).toContain(id);
    }
  });

  it('shows an item with similar products of its subgroup and price band', async () => {
    const supplier = await factories.aSupplier();
    const item = await factories.anItem({
      supplier,
      categoryId: 212,
      categoryPath: [166, 1604, 212],
      priceCents: 1000,
    });
    const near = await factories.anItem({
      supplier,
      categoryId: 212,
      categoryPath: [166, 1604, 212],
      priceCents: 1400,
    });
    const tooDear = await factories.anItem({
      supplier,
      categoryId: 212,
      categoryPath: [166, 1604, 212],
      priceCents: 1600,
    });
    const otherCategory = await factories.anItem({
      supplier,
      categoryId: 2271,
      categoryPath: [166, 1604, 2271],
      priceCents: 1000,
    });
    const response = await get(`/api/web/catalog-items/${item.id}`);
    expect(response.statusCode).toBe(200);
    const similar = response
      .json<{ similarItems: { id: string }[] }>()
      .similarItems.map((entry) => entry.id);
    expect(similar).toContain(near.id);
    expect(similar).not.toContain(tooDear.id);
    expect(similar).not.toContain(otherCategory.id);
    expect(similar).not.toContain(item.id);
  });

  it('suggests suppliers and items for what is typed', async () => {
    const supplier = await factories.aSupplier({ name: 'Quokka Knitwear Mills' });
    await factories.anItem({ supplier, title: 'Quokka merino beanie' });
    const response = await get(
      '/api/web/catalog-items/action/suggest-auto-complete?searchKey=quokka',
    );
    const suggestions = response.json<{ items: { type: string; text: string }[] }>().items;
    expect(suggestions).toContainEqual(
      expect.objectContaining({ type: 'SUPPLIER', text: 'Quokka Knitwear Mills' }),
    );
    expect(suggestions).toContainEqual(
      expect.objectContaining({ type: 'ITEM', text: 'Quokka merino beanie' }),
    );
  });

  it('suggests item titles without repeated words, each text once (issue 10)', async () => {
    const supplier = await factories.aSupplier({ name: 'Gorsemoor Denim Co' });
    await factories.anItem({ supplier, title: 'Organic cotton Wexmoor denim denim jacket' });
    await factories.anItem({ supplier, title: 'Organic cotton Wexmoor denim jacket' });
    const response = await get(
      '/api/web/catalog-items/action/suggest-auto-complete?searchKey=wexmoor',
    );
    const texts = response
      .json<{ items: { type: string; text: string }[] }>()
      .items.filter((item) => item.type === 'ITEM')
      .map((item) => item.text);
    expect(texts).toEqual(['Organic cotton Wexmoor denim jacket']);
  });

  it('raises featured rank with detail views and recommendations', async () => {
    const supplier = await factories.aSupplier({ rank: 1 });
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/web/catalog-companies/${supplier.id}/actions`,
      headers,
      payload: { action: 'RECOMMEND' },
    });
    expect(response.statusCode).toBe(202);
    const after = await get(`/api/web/catalog-companies/${supplier.id}`);
    expect(after.statusCode).toBe(200);
    const missing = await context.app.inject({
      method: 'POST',
      url: '/api/web/catalog-companies/cmp_doesnotexist/actions',
      headers,
      payload: { action: 'DETAIL_VIEW' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('autocomplete categories', () => {
  it('suggests only categories that hold items', async () => {
    const supplier = await factories.aSupplier();
    await factories.anItem({ supplier, categoryId: 212, categoryPath: [166, 1604, 212] });
    const suggest = async (text: string) =>
      (await get(`/api/web/catalog-items/action/suggest-auto-complete?searchKey=${text}`))
        .json<{ items: { type: string; text: string }[] }>()
        .items.filter((item) => item.type === 'CATEGORY')
        .map((item) => item.text);
    expect(await suggest('shirts')).toContain('Shirts & Tops');
    expect(await suggest('dentis')).not.toContain('Dentistry');
  });
});

describe('catalog search bad input', () => {
  it.each([
    ['/api/web/catalog-items?sort=CHEAPEST', 'query.sort'],
    ['/api/web/catalog-items?size=-1', 'query.size'],
    ['/api/web/catalog-items?size=1000000', 'query.size'],
    ['/api/web/catalog-items?searchKey=(10,000 characters)', 'query.searchKey'],
    ['/api/web/catalog-items?cursor=bm90LWEtY3Vyc29y', 'query.cursor'],
    ['/api/web/catalog-items?moq=LOTS', 'query.moq'],
    ['/api/web/catalog-items?rating=5', 'query.rating'],
    ['/api/web/catalog-companies?countryCodes=CHN', 'query.countryCodes'],
    ['/api/web/catalog-companies?categoryIds=abc', 'query.categoryIds'],
    ['/api/web/catalog-companies?sort=LOWEST_TARIFFS', 'query.sort'],
    ['/api/web/catalog-companies?region=ZZ', 'query.region'],
  ])('answers %s with 400 naming %s', async (url, field) => {
    const response = await get(url.replace('(10,000 characters)', 'x'.repeat(10_000)));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; details?: { field: string }[] } }>();
    expect(body.error.code).toBe('bad_request');
    expect(body.error.details?.map((issue) => issue.field.replace(/\.\d+$/, '')) ?? []).toContain(
      field,
    );
  });

  it('refuses a cursor made for another sort', async () => {
    const supplier = await factories.aSupplier();
    for (let index = 0; index < 3; index += 1)
      await factories.anItem({ supplier, searchText: 'cursormark' });
    const first = (await get('/api/web/catalog-items?searchKey=cursormark&size=1')).json<Page>();
    const response = await get(
      `/api/web/catalog-items?searchKey=cursormark&size=1&sort=NEWEST&cursor=${first.nextCursor}`,
    );
    expect(response.statusCode).toBe(400);
  });

  it('never answers odd search text with a server error', async () => {
    for (const text of ["'", '"', '&|!()', ':*', '\\', '%_', '💥', 'a:* & b', 'NULL', '--', '<%']) {
      const response = await get(`/api/web/catalog-items?searchKey=${encodeURIComponent(text)}`);
      expect(response.statusCode, text).toBe(200);
      const companies = await get(
        `/api/web/catalog-companies?searchKey=${encodeURIComponent(text)}`,
      );
      expect(companies.statusCode, text).toBe(200);
      const suggest = await get(
        `/api/web/catalog-items/action/suggest-auto-complete?searchKey=${encodeURIComponent(text)}`,
      );
      expect(suggest.statusCode, text).toBe(200);
    }
  });

  it('answers a supplier search only with a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/web/catalog-companies' });
    expect(response.statusCode).toBe(401);
  });

  it('lists items and reviews to anonymous visitors of public pages, but refuses a bad token', async () => {
    const supplier = await factories.aSupplier();
    const item = await factories.anItem({ supplier });
    const anonymous = await context.app.inject({
      method: 'GET',
      url: `/api/web/catalog-items?companyId=${supplier.id}`,
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json<Page>().items.map((entry) => entry.id)).toEqual([item.id]);
    const summary = await context.app.inject({
      method: 'GET',
      url: `/api/web/catalog-company-reviews/summary?companyId=${supplier.id}`,
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ count: 0, ownReview: null });
    const badToken = await context.app.inject({
      method: 'GET',
      url: `/api/web/catalog-items?companyId=${supplier.id}`,
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(badToken.statusCode).toBe(401);
  });

  it("returns the caller's own review with the summary, so it can be edited", async () => {
    const supplier = await factories.aSupplier();
    const posted = await context.app.inject({
      method: 'POST',
      url: '/api/web/catalog-company-reviews',
      headers,
      payload: { companyId: supplier.id, rating: 5, title: 'Great knits', body: 'On time.' },
    });
    expect(posted.statusCode).toBe(201);
    const summary = await get(`/api/web/catalog-company-reviews/summary?companyId=${supplier.id}`);
    expect(summary.json()).toMatchObject({
      count: 1,
      ownReview: { id: posted.json<{ id: string }>().id, isOwn: true, rating: 5 },
    });
  });
});

describe('search cache', () => {
  it('reuses an answer within its lifetime and serves each store its own favourites', async () => {
    const cached = await createTestApp({ SEARCH_CACHE_TTL_MS: '60000' });
    try {
      const cachedFactories = createCatalogFactories(cached.connection.db);
      const first = await registerAccount(cached);
      const second = await registerAccount(cached);
      const supplier = await cachedFactories.aSupplier();
      const item = await cachedFactories.anItem({ supplier, searchText: 'cachemark' });
      type FlaggedPage = { items: { id: string; isFavorite: boolean }[] };
      const search = async (auth: Record<string, string>) =>
        (
          await cached.app.inject({
            method: 'GET',
            url: '/api/web/catalog-items?searchKey=cachemark',
            headers: auth,
          })
        ).json<FlaggedPage>();
      expect((await search(first.headers)).items).toHaveLength(1);
      expect((await search(second.headers)).items).toHaveLength(1);
      // A new item: answers given within their lifetime are reused, so it does not show yet.
      await cachedFactories.anItem({ supplier, searchText: 'cachemark' });
      expect((await search(second.headers)).items).toEqual([
        expect.objectContaining({ id: item.id, isFavorite: false }),
      ]);
      // A store's own favourite shows at once: its cached answers are dropped.
      await cached.app.inject({
        method: 'POST',
        url: '/api/web/favorites',
        headers: first.headers,
        payload: { type: 'ITEM', id: item.id },
      });
      const favorited = await search(first.headers);
      expect(favorited.items.find((found) => found.id === item.id)?.isFavorite).toBe(true);
      expect((await search(second.headers)).items[0]?.isFavorite).toBe(false);
    } finally {
      await cached.close();
    }
  });
});

describe('item search with misspelt words', () => {
  // Items are written with the vocabulary rebuilt after them, as the seed and the import do.
  const rebuildVocabulary = () => createCatalogWriter(context.connection.db).rebuildSearchWords();
  type CorrectedPage = Page & { items: { id: string; title: string }[] };

  it('corrects a misspelt word to the closest word of the catalog and finds its items', async () => {
    const supplier = await factories.aSupplier();
    const item = await factories.anItem({
      supplier,
      title: 'Heavyweight Zephyrine Hoodie',
      searchText: 'Heavyweight Zephyrine Hoodie',
    });
    await rebuildVocabulary();
    expect(await ids('/api/web/catalog-items?searchKey=zephyrne%20hoodie')).toContain(item.id);
    expect(await ids('/api/web/catalog-items?searchKey=zehpyrine')).toContain(item.id);
  });

  it("finds a supplier's items by its name misspelt", async () => {
    const supplier = await factories.aSupplier({ name: 'Quillbrook Knitting Mills' });
    const item = await factories.anItem({
      supplier,
      title: 'Ribbed beanie',
      searchText: 'Ribbed beanie Quillbrook Knitting Mills',
    });
    await rebuildVocabulary();
    expect(await ids('/api/web/catalog-items?searchKey=quilbrook')).toContain(item.id);
    expect(await ids('/api/web/catalog-items?searchKey=Quillbrok%20Knitting')).toContain(item.id);
  });

  it('finds nothing, and corrects nothing, when the words are right but the filters exclude them', async () => {
    const inAsia = await factories.aSupplier({ regionCode: 'AS' });
    const inEurope = await factories.aSupplier({ countryCode: 'PT', regionCode: 'EU' });
    await factories.anItem({
      supplier: inAsia,
      title: 'Marigold linen apron',
      searchText: 'Marigold linen apron',
    });
    // Spelt alike, but another word: a correctly spelt search must not fall back to it.
    await factories.anItem({
      supplier: inEurope,
      title: 'Maridol linen apron',
      searchText: 'Maridol linen apron',
    });
    await rebuildVocabulary();
    const url = '/api/web/catalog-items?searchKey=marigold%20linen%20apron&region=EU';
    expect(await ids(url)).toEqual(new Set());
    const count = await get(
      '/api/web/catalog-items/action/count?searchKey=marigold%20linen%20apron&region=EU',
    );
    expect(count.json()).toEqual({ count: 0 });
  });

  it('finds nothing for words like nothing in the catalog', async () => {
    await rebuildVocabulary();
    expect(await ids('/api/web/catalog-items?searchKey=xqzvw%20plorbnik')).toEqual(new Set());
  });

  it('pages through corrected results, and counts and facets follow the correction', async () => {
    const supplier = await factories.aSupplier();
    const made = [];
    for (let index = 0; index < 5; index += 1) {
      made.push(
        await factories.anItem({
          supplier,
          title: `Tamarisk cardigan ${index}`,
          searchText: `Tamarisk cardigan ${index}`,
          rank: 10 - index,
        }),
      );
    }
    await rebuildVocabulary();
    const first = await get('/api/web/catalog-items?searchKey=tamarsik&size=3');
    const firstPage = first.json<CorrectedPage>();
    expect(firstPage.items.map((item) => item.id)).toEqual(made.slice(0, 3).map((row) => row.id));
    const second = await get(
      `/api/web/catalog-items?searchKey=tamarsik&size=3&cursor=${firstPage.nextCursor}`,
    );
    expect(second.json<CorrectedPage>().items.map((item) => item.id)).toEqual(
      made.slice(3).map((row) => row.id),
    );
    const count = await get('/api/web/catalog-items/action/count?searchKey=tamarsik');
    expect(count.json()).toEqual({ count: 5, correctedSearchKey: 'tamarisk' });
  });
});
