import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_SORTS, type ItemSort } from '@atelier/contract/catalog/filters';
import { queryRows } from '@/db/client';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { searchWordsOf, toPrefixTsQuery } from './catalog-filters.sql';
import { createItemSearchQuery, type ItemSearch } from './item-search.query';
import { createSearchWordRepository } from './search-word.repository';

/**
 * Issue 9: a page of a text search is found either down the sort order or from the matches
 * first; the two must give the same page, and the vocabulary's estimate that chooses between
 * them must never be below the real number of matches (else a common word would be read whole).
 */
describe('item search plans', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
    await context.catalog.seedCatalog();
  });
  afterAll(async () => context.close());

  const db = () => context.connection.db;
  const searches: ItemSearch[] = [
    { searchKey: 'cotton' },
    { searchKey: 'tee shirt' },
    { searchKey: 'hoodie', region: 'AS' },
    { searchKey: 'bag', moq: 'UNITS_0_100' },
    { searchKey: 'apparel', samplePrice: 'CUSTOM_QUOTE' },
    { searchKey: 'packaging box', excludeSampleKits: true },
  ];

  it('finds the same pages, later pages included, down the sort order and from the matches', async () => {
    const query = createItemSearchQuery(db());
    let compared = 0;
    for (const search of searches) {
      for (const sort of Object.keys(ITEM_SORTS) as ItemSort[]) {
        const walk = await query.run(search, sort, 5, undefined, undefined, 'walk');
        const matchesFirst = await query.run(
          search,
          sort,
          5,
          undefined,
          undefined,
          'matches-first',
        );
        expect(matchesFirst.map((row) => row.id)).toEqual(walk.map((row) => row.id));
        const last = walk.at(-1);
        if (!last) continue;
        const after = { sort, value: last.sortValue, id: last.id };
        const nextWalk = await query.run(search, sort, 5, after, undefined, 'walk');
        const nextMatches = await query.run(search, sort, 5, after, undefined, 'matches-first');
        expect(nextMatches.map((row) => row.id)).toEqual(nextWalk.map((row) => row.id));
        compared += walk.length + nextWalk.length;
      }
    }
    // The comparison compared something: the seed matches these words.
    expect(compared).toBeGreaterThan(100);
  });

  it('never estimates fewer matches than a search has', async () => {
    const words = createSearchWordRepository(db());
    for (const key of ['cotton', 'tee shirt', 'hoodies', 'packaging box', 'apparel', 'zzzqx']) {
      const [row] = await queryRows<{ count: number }>(
        db(),
        sql`SELECT count(*)::int AS count FROM catalog_items
            WHERE search_vector @@ to_tsquery('english', ${toPrefixTsQuery(key)})`,
      );
      const estimate = await words.estimateMatches(searchWordsOf(key));
      expect(estimate, key).not.toBeNull();
      expect(estimate!, key).toBeGreaterThanOrEqual(row!.count);
    }
    expect(await words.estimateMatches(searchWordsOf('zzzqx'))).toBe(0);
  });
});
