import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { descNullsLast } from '@/lib/sql';
import { itemRowSelection, type ItemRow } from './catalog.mappers';
import {
  createItemSearchQuery,
  type ItemSearch,
  type ItemSearchPlan,
  type ItemSearchRow,
} from './item-search.query';
import type { SearchWordRepository } from './search-word.repository';
import type { ItemSort } from '@atelier/contract/catalog/filters';
import type { KeysetPosition } from '@/lib/cursor';
import {
  filterConditions,
  overlapsIntArray,
  searchWordsOf,
  type FilterColumns,
} from './catalog-filters.sql';
import { catalogItems } from './item.table';

const itemColumns: FilterColumns = {
  samplePriceCents: catalogItems.samplePriceCents,
  moq: catalogItems.moq,
  productionTimeDays: catalogItems.productionTimeDays,
  orderVolume: catalogItems.companyOrderVolume,
  orderCount: catalogItems.companyOrderCount,
  rating: catalogItems.companyRating,
  regionCode: catalogItems.companyRegionCode,
  countryCode: catalogItems.companyCountryCode,
  searchVector: catalogItems.searchVector,
  fuzzyName: catalogItems.title,
  fuzzyMode: 'none',
};

export type { ItemSearch } from './item-search.query';

const whereOf = (search: ItemSearch, options: { ignoreCategories?: boolean } = {}) => {
  const conditions = filterConditions(itemColumns, search);
  if (!options.ignoreCategories && search.categoryIds && search.categoryIds.length > 0) {
    conditions.push(overlapsIntArray(catalogItems.categoryPath, search.categoryIds));
  }
  if (search.kind) conditions.push(eq(catalogItems.kind, search.kind));
  if (search.companyId) conditions.push(eq(catalogItems.companyId, search.companyId));
  if (search.excludeSampleKits) conditions.push(eq(catalogItems.isSampleKit, false));
  return conditions.length > 0 ? and(...conditions) : undefined;
};

/**
 * Up to this many estimated full-text matches, a page is found from the matches (bounded work);
 * beyond, down the sort order (the matches are common, so a page is found early). Measured on
 * 100,000 items (issue 9): a walk past anti-correlated matches read 95,000 rows (1.4 s); 1,330
 * matches read first took 40-170 ms.
 */
const MATCHES_FIRST_MAX = 10_000;

/** Items; `words` (the catalog's vocabulary) estimates a text search's matches to pick its plan. */
export const createItemRepository = (db: Database, words: SearchWordRepository) => {
  const searchQuery = createItemSearchQuery(db);
  return {
    /**
     * One keyset page of a search, with each item's supplier and the store's favourite flag, in
     * one prepared statement; see createItemSearchQuery. With a search key, the vocabulary's
     * estimate of its matches picks how the page is found (ItemSearchPlan).
     */
    async search(
      search: ItemSearch,
      sort: ItemSort,
      limit: number,
      after: KeysetPosition | undefined,
      storeId: string | undefined,
    ): Promise<ItemSearchRow[]> {
      let plan: ItemSearchPlan = 'walk';
      if (search.searchKey !== undefined) {
        const matches = await words.estimateMatches(searchWordsOf(search.searchKey));
        if (matches !== null && matches <= MATCHES_FIRST_MAX) plan = 'matches-first';
      }
      return searchQuery.run(search, sort, limit, after, storeId, plan);
    },

    async count(search: ItemSearch): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(catalogItems)
        .where(whereOf(search));
      return row?.count ?? 0;
    },

    /** Matching items per category id on their path (the category filter itself ignored). */
    async countByCategory(search: ItemSearch): Promise<{ categoryId: number; count: number }[]> {
      const categoryId = sql<number>`unnest(${catalogItems.categoryPath})`;
      const rows = await db
        .select({ categoryId, count: sql<number>`count(*)::int` })
        .from(catalogItems)
        .where(whereOf(search, { ignoreCategories: true }))
        .groupBy(sql`1`);
      return rows.map((row) => ({ categoryId: Number(row.categoryId), count: row.count }));
    },

    async findById(id: string): Promise<ItemRow | undefined> {
      const [row] = await db
        .select(itemRowSelection)
        .from(catalogItems)
        .where(eq(catalogItems.id, id))
        .limit(1);
      return row;
    },

    async findByIds(ids: readonly string[]): Promise<ItemRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(catalogItems)
        .where(inArray(catalogItems.id, [...ids]));
    },

    /** Same subgroup, unit price within ±50 %, best ranked first. */
    async findSimilar(item: ItemRow, limit: number): Promise<ItemRow[]> {
      if (item.categoryId === null) return [];
      return db
        .select(itemRowSelection)
        .from(catalogItems)
        .where(
          and(
            eq(catalogItems.categoryId, item.categoryId),
            ne(catalogItems.id, item.id),
            sql`${catalogItems.priceCents} BETWEEN ${Math.floor(item.priceCents * 0.5)} AND ${Math.ceil(item.priceCents * 1.5)}`,
          ),
        )
        .orderBy(descNullsLast(catalogItems.rank), asc(catalogItems.id))
        .limit(limit);
    },

    async recordAction(id: string, action: 'RECOMMEND' | 'DETAIL_VIEW'): Promise<boolean> {
      const rows = await db
        .update(catalogItems)
        .set(
          action === 'RECOMMEND'
            ? {
                recommendCount: sql`${catalogItems.recommendCount} + 1`,
                rank: sql`${catalogItems.rank} + 0.5`,
              }
            : {
                detailViewCount: sql`${catalogItems.detailViewCount} + 1`,
                rank: sql`${catalogItems.rank} + 0.05`,
              },
        )
        .where(eq(catalogItems.id, id))
        .returning({ id: catalogItems.id });
      return rows.length === 1;
    },

    /** Distinct item titles close to what was typed, for autocomplete. */
    async suggestTitles(
      searchKey: string,
      limit: number,
    ): Promise<{ id: string; title: string }[]> {
      const needle = searchKey.trim().toLowerCase();
      const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // Both conditions can use the trigram index on lower(title).
      const rows = await db
        .selectDistinctOn([sql`lower(${catalogItems.title})`], {
          id: catalogItems.id,
          title: catalogItems.title,
        })
        .from(catalogItems)
        .where(
          or(
            sql`lower(${catalogItems.title}) LIKE ${pattern}`,
            sql`${needle} <% lower(${catalogItems.title})`,
          ),
        )
        .orderBy(sql`lower(${catalogItems.title})`)
        .limit(limit * 4);
      const startsWith = (title: string) => (title.toLowerCase().startsWith(needle) ? 0 : 1);
      return rows.sort((a, b) => startsWith(a.title) - startsWith(b.title)).slice(0, limit);
    },
  };
};
export type ItemRepository = ReturnType<typeof createItemRepository>;
