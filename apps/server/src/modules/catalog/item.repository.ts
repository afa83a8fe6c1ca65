import { and, asc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { CatalogFilterQuery, CatalogItemKind } from '@atelier/contract/catalog/supplier';
import type { ItemSort } from '@atelier/contract/catalog/filters';
import type { Database } from '@/db/client';
import type { KeysetPosition } from '@/lib/cursor';
import { descNullsLast } from '@/lib/sql';
import { itemRowSelection, type ItemRow } from './catalog.mappers';
import { filterConditions, overlapsIntArray, type FilterColumns } from './catalog-filters.sql';
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

export type ItemSearch = CatalogFilterQuery & {
  /**
   * Match the text by similarity of titles (pg_trgm) instead of full text: the fallback when the
   * words themselves find nothing, e.g. a typo.
   */
  isFuzzy?: boolean;
  kind?: CatalogItemKind;
  companyId?: string;
  excludeSampleKits?: boolean;
};

const whereOf = (search: ItemSearch, options: { ignoreCategories?: boolean } = {}) => {
  const conditions = filterConditions(
    search.isFuzzy ? { ...itemColumns, fuzzyMode: 'fuzzy-only' } : itemColumns,
    search,
  );
  if (!options.ignoreCategories && search.categoryIds && search.categoryIds.length > 0) {
    conditions.push(overlapsIntArray(catalogItems.categoryPath, search.categoryIds));
  }
  if (search.kind) conditions.push(eq(catalogItems.kind, search.kind));
  if (search.companyId) conditions.push(eq(catalogItems.companyId, search.companyId));
  if (search.excludeSampleKits) conditions.push(eq(catalogItems.isSampleKit, false));
  return conditions.length > 0 ? and(...conditions) : undefined;
};

const timestampText = sql<string>`to_char(${catalogItems.enabledAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** Sort value expression, ORDER BY and the "after this position" condition of each sort. */
const keyset = (sort: ItemSort, after: KeysetPosition | undefined) => {
  const id = catalogItems.id;
  switch (sort) {
    case 'FEATURED': {
      const value = Number(after?.value);
      return {
        sortValue: sql<number>`${catalogItems.rank}`,
        order: [descNullsLast(catalogItems.rank), asc(id)],
        after: after
          ? or(lt(catalogItems.rank, value), and(eq(catalogItems.rank, value), gt(id, after.id)))
          : undefined,
      };
    }
    case 'NEWEST': {
      const value = sql`${String(after?.value)}::timestamp at time zone 'UTC'`;
      return {
        sortValue: timestampText,
        order: [descNullsLast(catalogItems.enabledAt), asc(id)],
        after: after
          ? or(
              sql`${catalogItems.enabledAt} < ${value}`,
              and(sql`${catalogItems.enabledAt} = ${value}`, gt(id, after.id)),
            )
          : undefined,
      };
    }
    case 'PRICE_LOW_TO_HIGH': {
      const value = Number(after?.value);
      return {
        sortValue: sql<number>`${catalogItems.priceCents}`,
        order: [asc(catalogItems.priceCents), asc(id)],
        after: after
          ? or(
              gt(catalogItems.priceCents, value),
              and(eq(catalogItems.priceCents, value), gt(id, after.id)),
            )
          : undefined,
      };
    }
    case 'PRICE_HIGH_TO_LOW': {
      const value = Number(after?.value);
      return {
        sortValue: sql<number>`${catalogItems.priceCents}`,
        order: [descNullsLast(catalogItems.priceCents), asc(id)],
        after: after
          ? or(
              lt(catalogItems.priceCents, value),
              and(eq(catalogItems.priceCents, value), gt(id, after.id)),
            )
          : undefined,
      };
    }
  }
};

export const createItemRepository = (db: Database) => ({
  /** One keyset page (`size + 1` rows at most, so the caller can tell whether more exist). */
  async search(
    search: ItemSearch,
    sort: ItemSort,
    size: number,
    after: KeysetPosition | undefined,
  ): Promise<{ rows: ItemRow[]; sortValues: (string | number)[] }> {
    const plan = keyset(sort, after);
    const rows = await db
      .select({ item: itemRowSelection, sortValue: plan.sortValue })
      .from(catalogItems)
      .where(and(whereOf(search), plan.after))
      .orderBy(...plan.order)
      .limit(size + 1);
    return { rows: rows.map((row) => row.item), sortValues: rows.map((row) => row.sortValue) };
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
  async suggestTitles(searchKey: string, limit: number): Promise<{ id: string; title: string }[]> {
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
});
export type ItemRepository = ReturnType<typeof createItemRepository>;
