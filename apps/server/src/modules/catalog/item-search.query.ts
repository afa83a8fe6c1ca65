import { and, asc, eq, gt, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type {
  CatalogFilterQuery,
  CatalogItemKind,
  ValueSource,
} from '@atelier/contract/catalog/supplier';
import {
  MOQ_BUCKETS,
  ORDER_COUNT_BUCKETS,
  ORDER_VOLUME_BUCKETS,
  PRODUCTION_TIME_BUCKETS,
  SAMPLE_PRICE_BUCKETS,
  type ItemSort,
} from '@atelier/contract/catalog/filters';
import type { SampleStock } from '@atelier/contract/catalog/item';
import type { Database } from '@/db/client';
import type { KeysetPosition } from '@/lib/cursor';
import { descNullsLast } from '@/lib/sql';
import { bucketRange, toPrefixTsQuery } from './catalog-filters.sql';
import { catalogFavorites } from './favorite.table';
import { catalogItems } from './item.table';
import { catalogCompanies } from './supplier.table';

/** What an item search filters on: the spec §9 filters and the item's own. */
export type ItemSearch = CatalogFilterQuery & {
  kind?: CatalogItemKind;
  companyId?: string;
  excludeSampleKits?: boolean;
};

/**
 * One row of an item search: what an item card shows, its supplier's name and capabilities, and
 * whether the caller's store favourited it — all from one statement.
 */
export type ItemSearchRow = {
  id: string;
  kind: CatalogItemKind;
  title: string;
  description: string;
  categoryId: number | null;
  priceCents: number;
  currencyCode: string;
  samplePriceCents: number | null;
  sampleStock: SampleStock;
  moq: number | null;
  productionTimeDays: number;
  imageUrl: string | null;
  isSampleKit: boolean;
  enabledAt: Date;
  companyId: string;
  companyCountryCode: string;
  companyRegionCode: string | null;
  companyRating: number | null;
  fieldSources: Record<string, ValueSource>;
  source: ValueSource;
  companyName: string;
  companyCapabilities: string[];
  isFavorite: boolean;
  sortValue: string | number;
};

const item = catalogItems;

/**
 * How a page is found. `walk`: down the sort order's covering index, skipping what the filters
 * reject (index-only; fast when many items match). `matches-first`: every full-text match from
 * the text index, then the best of them (fast when few match, whatever the sort: a walk may
 * skip most of the catalog when the matches sort last). Chosen per search from the vocabulary's
 * estimate of the matches (item.repository).
 */
export type ItemSearchPlan = 'walk' | 'matches-first';

/** The page's ORDER BY with no index able to serve it: the planner starts from the matches. */
const unindexedOrderOf = (sort: ItemSort): SQL[] => {
  switch (sort) {
    case 'FEATURED':
      return [sql`(${item.rank} + 0) DESC NULLS LAST`, asc(item.id)];
    case 'NEWEST':
      return [sql`(${item.enabledAt} + interval '0 seconds') DESC NULLS LAST`, asc(item.id)];
    case 'PRICE_LOW_TO_HIGH':
      return [sql`(${item.priceCents} + 0)`, asc(item.id)];
    case 'PRICE_HIGH_TO_LOW':
      return [sql`(${item.priceCents} + 0) DESC NULLS LAST`, asc(item.id)];
  }
};

/** [min, max) of a bucket as SQL with the bounds written in: they are part of the shape. */
const inRange = (column: PgColumn, bucket: object): SQL => {
  const { min, max } = bucketRange(bucket);
  const parts: SQL[] = [];
  if (min !== undefined) parts.push(gte(column, sql.raw(String(min))));
  if (max !== undefined) parts.push(lt(column, sql.raw(String(max))));
  return and(...parts) ?? sql`true`;
};

/** The sort value, ORDER BY and "after the cursor" condition of each sort, as placeholders. */
const keysetOf = (sort: ItemSort) => {
  const afterValue = sql.placeholder('afterValue');
  const afterId = gt(item.id, sql.placeholder('afterId'));
  switch (sort) {
    case 'FEATURED':
      return {
        value: sql<number>`${item.rank}`,
        order: [descNullsLast(item.rank), asc(item.id)],
        after: or(
          sql`${item.rank} < ${afterValue}::float8`,
          and(sql`${item.rank} = ${afterValue}::float8`, afterId),
        ),
      };
    case 'NEWEST': {
      const at = sql`(${afterValue}::text)::timestamp at time zone 'UTC'`;
      return {
        value: sql<string>`to_char(${item.enabledAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
        order: [descNullsLast(item.enabledAt), asc(item.id)],
        after: or(sql`${item.enabledAt} < ${at}`, and(sql`${item.enabledAt} = ${at}`, afterId)),
      };
    }
    case 'PRICE_LOW_TO_HIGH':
      return {
        value: sql<number>`${item.priceCents}`,
        order: [asc(item.priceCents), asc(item.id)],
        after: or(
          sql`${item.priceCents} > ${afterValue}::int`,
          and(sql`${item.priceCents} = ${afterValue}::int`, afterId),
        ),
      };
    case 'PRICE_HIGH_TO_LOW':
      return {
        value: sql<number>`${item.priceCents}`,
        order: [descNullsLast(item.priceCents), asc(item.id)],
        after: or(
          sql`${item.priceCents} < ${afterValue}::int`,
          and(sql`${item.priceCents} = ${afterValue}::int`, afterId),
        ),
      };
  }
};

/**
 * What a search's SQL text depends on: which filters are present, their buckets, the sort,
 * whether there is a cursor and a store. Searches of one shape share one prepared statement and
 * differ only in their parameter values.
 */
const shapeOf = (
  search: ItemSearch,
  sort: ItemSort,
  hasAfter: boolean,
  hasStore: boolean,
  plan: ItemSearchPlan,
) =>
  JSON.stringify([
    plan,
    sort,
    hasAfter,
    hasStore,
    search.searchKey !== undefined,
    search.samplePrice ?? null,
    search.moq ?? null,
    search.orderVolume ?? null,
    search.orderCount ?? null,
    search.rating !== undefined,
    search.productionTime ?? null,
    search.region !== undefined,
    (search.countryCodes?.length ?? 0) > 0,
    (search.categoryIds?.length ?? 0) > 0,
    search.kind !== undefined,
    search.companyId !== undefined,
    search.excludeSampleKits === true,
  ]);

/** WHERE of a shape, values as placeholders (bucket bounds are part of the shape). */
const conditionsOf = (search: ItemSearch): SQL[] => {
  const conditions: SQL[] = [];
  if (search.searchKey !== undefined) {
    conditions.push(
      sql`${item.searchVector} @@ to_tsquery('english', ${sql.placeholder('tsQuery')})`,
    );
  }
  if (search.samplePrice && search.samplePrice !== 'ALL') {
    conditions.push(
      search.samplePrice === 'CUSTOM_QUOTE'
        ? isNull(item.samplePriceCents)
        : inRange(item.samplePriceCents, SAMPLE_PRICE_BUCKETS[search.samplePrice]),
    );
  }
  if (search.moq) {
    conditions.push(
      search.moq === 'CUSTOM' ? isNull(item.moq) : inRange(item.moq, MOQ_BUCKETS[search.moq]),
    );
  }
  if (search.orderVolume) {
    conditions.push(inRange(item.companyOrderVolume, ORDER_VOLUME_BUCKETS[search.orderVolume]));
  }
  if (search.orderCount) {
    conditions.push(inRange(item.companyOrderCount, ORDER_COUNT_BUCKETS[search.orderCount]));
  }
  if (search.rating !== undefined) {
    conditions.push(sql`${item.companyRating} >= ${sql.placeholder('rating')}::float8`);
  }
  if (search.productionTime) {
    conditions.push(
      inRange(item.productionTimeDays, PRODUCTION_TIME_BUCKETS[search.productionTime]),
    );
  }
  if (search.region !== undefined) {
    conditions.push(eq(item.companyRegionCode, sql.placeholder('region')));
  }
  if ((search.countryCodes?.length ?? 0) > 0) {
    conditions.push(sql`${item.companyCountryCode} = ANY(${sql.placeholder('countries')}::text[])`);
  }
  if ((search.categoryIds?.length ?? 0) > 0) {
    conditions.push(sql`${item.categoryPath} && ${sql.placeholder('categoryIds')}::int[]`);
  }
  if (search.kind !== undefined) conditions.push(eq(item.kind, sql.placeholder('kind')));
  if (search.companyId !== undefined) {
    conditions.push(eq(item.companyId, sql.placeholder('companyId')));
  }
  if (search.excludeSampleKits) conditions.push(eq(item.isSampleKit, false));
  return conditions;
};

const STATEMENTS_KEPT = 500;

/**
 * Item search as one prepared statement per query shape: the item, its supplier's name and
 * capabilities (join) and the store's favourite flag (EXISTS) in one round trip. On PostgreSQL
 * each pooled connection parses a shape once; the SQL text is built once per shape per process.
 */
export const createItemSearchQuery = (db: Database) => {
  let statementNumber = 0;

  const prepare = (
    search: ItemSearch,
    sort: ItemSort,
    hasAfter: boolean,
    hasStore: boolean,
    plan: ItemSearchPlan,
  ) => {
    const keyset = keysetOf(sort);
    const conditions = conditionsOf(search);
    if (hasAfter) conditions.push(keyset.after!);
    const isFavorite = hasStore
      ? sql<boolean>`EXISTS (SELECT 1 FROM ${catalogFavorites} WHERE ${catalogFavorites.storeId} = ${sql.placeholder('storeId')} AND ${catalogFavorites.targetType} = 'ITEM' AND ${catalogFavorites.targetId} = ${item.id})`
      : sql<boolean>`false`;
    statementNumber += 1;
    // Deferred join: the page's ids come from the sort order's covering index alone (the filter
    // columns are in it: an index-only scan, no wide rows read), then only those rows are read.
    const page = db
      .select({ id: item.id })
      .from(item)
      .where(and(...conditions))
      .orderBy(...(plan === 'matches-first' ? unindexedOrderOf(sort) : keyset.order))
      .limit(sql.placeholder('limit'))
      .as('page');
    return db
      .select({
        id: item.id,
        kind: item.kind,
        title: item.title,
        description: item.description,
        categoryId: item.categoryId,
        priceCents: item.priceCents,
        currencyCode: item.currencyCode,
        samplePriceCents: item.samplePriceCents,
        sampleStock: item.sampleStock,
        moq: item.moq,
        productionTimeDays: item.productionTimeDays,
        imageUrl: item.imageUrl,
        isSampleKit: item.isSampleKit,
        enabledAt: item.enabledAt,
        companyId: item.companyId,
        companyCountryCode: item.companyCountryCode,
        companyRegionCode: item.companyRegionCode,
        companyRating: item.companyRating,
        fieldSources: item.fieldSources,
        source: item.source,
        companyName: catalogCompanies.name,
        companyCapabilities: catalogCompanies.capabilities,
        isFavorite,
        sortValue: keyset.value,
      })
      .from(page)
      .innerJoin(item, eq(item.id, page.id))
      .innerJoin(catalogCompanies, eq(catalogCompanies.id, item.companyId))
      .orderBy(...keyset.order)
      .prepare(`catalog_item_search_${statementNumber}`);
  };
  type Statement = ReturnType<typeof prepare>;
  const statements = new LRUCache<string, Statement>({ max: STATEMENTS_KEPT });

  return {
    /**
     * Up to `limit` rows of one keyset page, best first by `sort`, after `after` when given.
     * `storeId` marks the caller's favourites (none on public pages). A search key is matched as
     * prefix full text ("deni jack" → denim jackets); a key with no letters or digits matches
     * everything. `plan` only matters with a search key (see ItemSearchPlan).
     */
    run: async (
      search: ItemSearch,
      sort: ItemSort,
      limit: number,
      after: KeysetPosition | undefined,
      storeId: string | undefined,
      plan: ItemSearchPlan,
    ): Promise<ItemSearchRow[]> => {
      const tsQuery = search.searchKey === undefined ? null : toPrefixTsQuery(search.searchKey);
      const effective: ItemSearch = tsQuery === null ? { ...search, searchKey: undefined } : search;
      const pagePlan = effective.searchKey === undefined ? 'walk' : plan;
      const key = shapeOf(effective, sort, after !== undefined, storeId !== undefined, pagePlan);
      let statement = statements.get(key);
      if (!statement) {
        statement = prepare(effective, sort, after !== undefined, storeId !== undefined, pagePlan);
        statements.set(key, statement);
      }
      return statement.execute({
        tsQuery,
        rating: search.rating,
        region: search.region,
        countries: search.countryCodes,
        categoryIds: search.categoryIds,
        kind: search.kind,
        companyId: search.companyId,
        storeId,
        afterValue: after?.value === null ? null : after ? String(after.value) : undefined,
        afterId: after?.id,
        limit,
      });
    },
  };
};
