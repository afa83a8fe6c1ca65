import { and, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CatalogFilterQuery } from '@atelier/contract/catalog/supplier';
import {
  MOQ_BUCKETS,
  ORDER_COUNT_BUCKETS,
  ORDER_VOLUME_BUCKETS,
  PRODUCTION_TIME_BUCKETS,
  SAMPLE_PRICE_BUCKETS,
} from '@atelier/contract/catalog/filters';

/** The columns a filter reads: a supplier's own, or the copies on its items. */
export type FilterColumns = {
  samplePriceCents: PgColumn;
  moq: PgColumn;
  productionTimeDays: PgColumn;
  orderVolume: PgColumn;
  orderCount: PgColumn;
  rating: PgColumn;
  regionCode: PgColumn;
  countryCode: PgColumn;
  searchVector: PgColumn;
  /** The name searched with typo tolerance (pg_trgm). */
  fuzzyName: PgColumn;
  /**
   * `indexed`: pg_trgm's `%` and `<%` operators with their default thresholds, served by the
   * trigram index (large tables). `scored`: explicit, more tolerant thresholds on the similarity
   * functions — a scan, so only for small tables (suppliers), where typos in names matter most.
   * `none`: full text only (the fast path on large tables; typos are corrected word by word
   * against the catalog's vocabulary instead, see search-word.repository).
   */
  fuzzyMode: 'indexed' | 'scored' | 'none';
};

/** Scored mode: a word-level similarity of 0.45 catches one swapped or wrong letter in a name. */
export const FUZZY_THRESHOLDS = { wordSimilarity: 0.45, similarity: 0.3 } as const;

/** [min, max) of a bucket as SQL; either end may be open. */
const inRange = (column: PgColumn, min: number | undefined, max: number | undefined): SQL => {
  const parts: SQL[] = [];
  if (min !== undefined) parts.push(gte(column, min));
  if (max !== undefined) parts.push(lt(column, max));
  return and(...parts) ?? sql`true`;
};

/** The bounds of a spec §9 bucket, whatever its unit (`min`, `minCents`, `minDays`). */
export const bucketRange = (bucket: object): { min?: number; max?: number } => {
  const record = bucket as Record<string, number | undefined>;
  return {
    min: record.min ?? record.minCents ?? record.minDays,
    max: record.max ?? record.maxCents ?? record.maxDays,
  };
};

/**
 * The words of a search as full text sees them: lower case, accents removed, split at anything
 * that is not a letter or digit, at most 12.
 */
export const searchWordsOf = (searchKey: string): string[] =>
  searchKey
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 12);

/**
 * Words of a search as a prefix tsquery ("deni jack" → 'deni:* & jack:*'). Only letters and
 * digits reach the query, so no input can be a tsquery syntax error.
 */
export const toPrefixTsQuery = (searchKey: string): string | null => {
  const words = searchWordsOf(searchKey);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
};

/** Full-text (stemmed, prefix) match, or a typo-tolerant trigram match on the name. */
export const textMatch = (columns: FilterColumns, searchKey: string): SQL | undefined => {
  const tsQuery = toPrefixTsQuery(searchKey);
  if (tsQuery === null) return undefined;
  const needle = searchKey.trim().toLowerCase().slice(0, 200);
  const fullText = sql`${columns.searchVector} @@ to_tsquery('english', ${tsQuery})`;
  if (columns.fuzzyMode === 'none') return fullText;
  if (columns.fuzzyMode === 'indexed') {
    return or(
      fullText,
      sql`lower(${columns.fuzzyName}) % ${needle}`,
      sql`${needle} <% lower(${columns.fuzzyName})`,
    );
  }
  return or(
    fullText,
    sql`word_similarity(${needle}, lower(${columns.fuzzyName})) >= ${FUZZY_THRESHOLDS.wordSimilarity}`,
    sql`similarity(lower(${columns.fuzzyName}), ${needle}) >= ${FUZZY_THRESHOLDS.similarity}`,
  );
};

/**
 * SQL conditions for the spec §9 filters. Category ids are matched by the caller (suppliers and
 * items store them differently).
 */
export const filterConditions = (
  columns: FilterColumns,
  filters: Omit<CatalogFilterQuery, 'categoryIds'>,
): SQL[] => {
  const conditions: SQL[] = [];
  if (filters.searchKey) {
    const match = textMatch(columns, filters.searchKey);
    if (match) conditions.push(match);
  }
  if (filters.samplePrice && filters.samplePrice !== 'ALL') {
    if (filters.samplePrice === 'CUSTOM_QUOTE') conditions.push(isNull(columns.samplePriceCents));
    else {
      const range = bucketRange(SAMPLE_PRICE_BUCKETS[filters.samplePrice]);
      conditions.push(inRange(columns.samplePriceCents, range.min, range.max));
    }
  }
  if (filters.moq) {
    if (filters.moq === 'CUSTOM') conditions.push(isNull(columns.moq));
    else {
      const range = bucketRange(MOQ_BUCKETS[filters.moq]);
      conditions.push(inRange(columns.moq, range.min, range.max));
    }
  }
  if (filters.orderVolume) {
    const range = bucketRange(ORDER_VOLUME_BUCKETS[filters.orderVolume]);
    conditions.push(inRange(columns.orderVolume, range.min, range.max));
  }
  if (filters.orderCount) {
    const range = bucketRange(ORDER_COUNT_BUCKETS[filters.orderCount]);
    conditions.push(inRange(columns.orderCount, range.min, range.max));
  }
  if (filters.rating !== undefined) conditions.push(gte(columns.rating, filters.rating));
  if (filters.productionTime) {
    const range = bucketRange(PRODUCTION_TIME_BUCKETS[filters.productionTime]);
    conditions.push(inRange(columns.productionTimeDays, range.min, range.max));
  }
  if (filters.region) conditions.push(eq(columns.regionCode, filters.region));
  if (filters.countryCodes && filters.countryCodes.length > 0) {
    conditions.push(inArray(columns.countryCode, filters.countryCodes));
  }
  return conditions;
};

/** `column && ARRAY[ids]::int[]` — any shared element. */
export const overlapsIntArray = (column: PgColumn, ids: readonly number[]): SQL =>
  sql`${column} && ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
