import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SupplierOffering } from '@atelier/contract/catalog/supplier';
import type { CatalogFilterQuery } from '@atelier/contract/catalog/supplier';
import type { SupplierSort } from '@atelier/contract/catalog/filters';
import type { Database } from '@/db/client';
import type { KeysetPosition } from '@/lib/cursor';
import { AppError } from '@/lib/app-error';
import { descNullsLast } from '@/lib/sql';
import { BUSINESS_HOURS, supplierRowSelection, type SupplierRow } from './catalog.mappers';
import {
  filterConditions,
  overlapsIntArray,
  textMatch,
  toPrefixTsQuery,
  type FilterColumns,
} from './catalog-filters.sql';
import { catalogItems } from './item.table';
import { catalogCompanies } from './supplier.table';

const supplierColumns: FilterColumns = {
  samplePriceCents: catalogCompanies.samplePriceCents,
  moq: catalogCompanies.moq,
  productionTimeDays: catalogCompanies.productionTimeDays,
  orderVolume: catalogCompanies.orderVolume,
  orderCount: catalogCompanies.orderCount,
  rating: catalogCompanies.rating,
  regionCode: catalogCompanies.regionCode,
  countryCode: catalogCompanies.countryCode,
  searchVector: catalogCompanies.searchVector,
  fuzzyName: catalogCompanies.name,
  fuzzyMode: 'scored',
};

export type SupplierSearch = Omit<CatalogFilterQuery, 'categoryIds'> & {
  /** Subgroup ids the requested categories cover (already expanded to descendants). */
  subgroupIds?: readonly number[];
  offering?: SupplierOffering;
};

/** 1 while the supplier is within local business hours at `now`, else 0 (see catalog.mappers). */
const onlineNowExpression = (now: Date) => {
  const utc = now.toISOString().slice(0, 19).replace('T', ' ');
  const local = sql`(${utc}::timestamp + ${catalogCompanies.utcOffsetMinutes} * interval '1 minute')`;
  return sql<number>`(CASE WHEN extract(isodow from ${local}) BETWEEN 1 AND 5 AND extract(hour from ${local}) >= ${BUSINESS_HOURS.openHour} AND extract(hour from ${local}) < ${BUSINESS_HOURS.closeHour} THEN 1 ELSE 0 END)::int`;
};

/**
 * Suppliers with a catalog item whose title holds every word of the key (prefix full text, as
 * the products view matches). The items' text index narrows the candidates (a bitmap scan of
 * catalog_items_search_idx: an item's search text begins with its title), the title is checked
 * on those rows only; run once per statement (a hashed subplan), never a scan of all items.
 */
const itemTitleMatch = (tsQuery: string): SQL =>
  sql`${catalogCompanies.id} IN (SELECT ${catalogItems.companyId} FROM ${catalogItems} WHERE ${catalogItems.searchVector} @@ to_tsquery('english', ${tsQuery}) AND to_tsvector('english', ${catalogItems.title}) @@ to_tsquery('english', ${tsQuery}))`;

/**
 * How a supplier matches a search key: 0 by its own words (name, description, capabilities,
 * typos in the name tolerated), 1 only by its items' titles. Null without a usable key.
 */
const matchTierOf = (searchKey: string | undefined) => {
  const tsQuery = searchKey ? toPrefixTsQuery(searchKey) : null;
  if (!searchKey || tsQuery === null) return null;
  const own = textMatch(supplierColumns, searchKey)!;
  return {
    condition: or(own, itemTitleMatch(tsQuery))!,
    tier: sql<number>`(CASE WHEN ${own} THEN 0 ELSE 1 END)`,
  };
};

const whereOf = (search: SupplierSearch): SQL | undefined => {
  const conditions = filterConditions(supplierColumns, { ...search, searchKey: undefined });
  const match = matchTierOf(search.searchKey);
  if (match) conditions.push(match.condition);
  if (search.subgroupIds) {
    conditions.push(
      search.subgroupIds.length === 0
        ? sql`false`
        : overlapsIntArray(catalogCompanies.categoryIds, search.subgroupIds),
    );
  }
  if (search.offering) {
    conditions.push(sql`${search.offering} = ANY(${catalogCompanies.offerings})`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
};

/**
 * A keyed search's cursor value: the match tier and the sort value, "1:89.5". Throws the
 * cursor's 400 when a cursor of another search (no tier) comes back.
 */
const splitTierValue = (value: KeysetPosition['value']): { tier: number; value: string } => {
  const parts = typeof value === 'string' ? /^([01]):(.*)$/s.exec(value) : null;
  if (!parts) {
    throw new AppError(
      'bad_request',
      'query.cursor: Not a cursor from this search; start again from page one.',
      {
        reason: 'invalid_cursor',
        details: [{ field: 'query.cursor', message: 'Not a cursor from this search.' }],
      },
    );
  }
  return { tier: Number(parts[1]), value: parts[2]! };
};

export const createSupplierRepository = (db: Database) => ({
  /**
   * One keyset page of suppliers. FEATURED: rank desc; NEWLY_ADDED: enabledAt desc; ONLINE_NOW:
   * online first, then rank desc; ties by id. With a search key, suppliers found by their own
   * words come before those found only by their items' titles, each part in that order (the
   * sort values then read "tier:value"). Returns `size + 1` rows at most so the caller knows
   * whether a next page exists. Throws a 400 for a cursor of an unkeyed search.
   */
  async search(
    search: SupplierSearch,
    sort: SupplierSort,
    size: number,
    keysetAfter: KeysetPosition | undefined,
    now: Date,
  ): Promise<{ rows: SupplierRow[]; sortValues: (string | number)[] }> {
    const id = catalogCompanies.id;
    const match = matchTierOf(search.searchKey);
    const tiered = match && keysetAfter ? splitTierValue(keysetAfter.value) : undefined;
    const after = tiered && keysetAfter ? { ...keysetAfter, value: tiered.value } : keysetAfter;
    let sortValue: SQL<string | number>;
    let order: SQL[];
    let afterCondition: SQL | undefined;
    switch (sort) {
      case 'FEATURED':
        sortValue = sql<number>`${catalogCompanies.rank}`;
        order = [descNullsLast(catalogCompanies.rank), asc(id)];
        if (after) {
          const value = Number(after.value);
          afterCondition = or(
            lt(catalogCompanies.rank, value),
            and(eq(catalogCompanies.rank, value), gt(id, after.id)),
          );
        }
        break;
      case 'NEWLY_ADDED':
        sortValue = sql<string>`to_char(${catalogCompanies.enabledAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
        order = [descNullsLast(catalogCompanies.enabledAt), asc(id)];
        if (after) {
          const value = sql`${String(after.value)}::timestamp at time zone 'UTC'`;
          afterCondition = or(
            sql`${catalogCompanies.enabledAt} < ${value}`,
            and(sql`${catalogCompanies.enabledAt} = ${value}`, gt(id, after.id)),
          );
        }
        break;
      case 'ONLINE_NOW': {
        const online = onlineNowExpression(now);
        // Online flag and rank in one sortable number: online suppliers first, then by rank.
        const combined = sql<number>`(${online} * 1000000 + ${catalogCompanies.rank})`;
        sortValue = combined;
        order = [sql`${combined} DESC`, asc(id)];
        if (after) {
          const value = Number(after.value);
          afterCondition = or(
            sql`${combined} < ${value}`,
            and(sql`${combined} = ${value}`, gt(id, after.id)),
          );
        }
        break;
      }
    }
    if (match) {
      // The tier leads: own-word matches first, then the sort within each tier.
      sortValue = sql<string>`(${match.tier}::text || ':' || (${sortValue})::text)`;
      order = [sql`${match.tier} ASC`, ...order];
      if (tiered) {
        afterCondition = or(
          sql`${match.tier} > ${tiered.tier}`,
          and(sql`${match.tier} = ${tiered.tier}`, afterCondition),
        );
      }
    }
    const where = and(whereOf(search), afterCondition);
    const rows = await db
      .select({ supplier: supplierRowSelection, sortValue })
      .from(catalogCompanies)
      .where(where)
      .orderBy(...order)
      .limit(size + 1);
    return {
      rows: rows.map((row) => row.supplier),
      sortValues: rows.map((row) => row.sortValue),
    };
  },

  async count(search: SupplierSearch): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(catalogCompanies)
      .where(whereOf(search));
    return row?.count ?? 0;
  },

  async findByIds(ids: readonly string[]): Promise<SupplierRow[]> {
    if (ids.length === 0) return [];
    return db
      .select(supplierRowSelection)
      .from(catalogCompanies)
      .where(inArray(catalogCompanies.id, [...ids]));
  },

  /** Name and capabilities only: what an item card shows of its supplier. */
  async findSummariesByIds(
    ids: readonly string[],
  ): Promise<Pick<SupplierRow, 'id' | 'name' | 'capabilities'>[]> {
    if (ids.length === 0) return [];
    return db
      .select({
        id: catalogCompanies.id,
        name: catalogCompanies.name,
        capabilities: catalogCompanies.capabilities,
      })
      .from(catalogCompanies)
      .where(inArray(catalogCompanies.id, [...ids]));
  },

  async findById(id: string): Promise<SupplierRow | undefined> {
    const [row] = await db
      .select(supplierRowSelection)
      .from(catalogCompanies)
      .where(eq(catalogCompanies.id, id))
      .limit(1);
    return row;
  },

  async countByCountry(): Promise<
    { countryCode: string; regionCode: string | null; count: number }[]
  > {
    return db
      .select({
        countryCode: catalogCompanies.countryCode,
        regionCode: sql<string | null>`min(${catalogCompanies.regionCode})`,
        count: sql<number>`count(*)::int`,
      })
      .from(catalogCompanies)
      .groupBy(catalogCompanies.countryCode)
      .orderBy(desc(sql`count(*)`), asc(catalogCompanies.countryCode));
  },

  /** Adds to a supplier's featured rank: +0.05 per detail view, +0.5 per recommend. */
  async recordAction(id: string, action: 'RECOMMEND' | 'DETAIL_VIEW'): Promise<boolean> {
    const rows = await db
      .update(catalogCompanies)
      .set(
        action === 'RECOMMEND'
          ? {
              recommendCount: sql`${catalogCompanies.recommendCount} + 1`,
              rank: sql`${catalogCompanies.rank} + 0.5`,
            }
          : {
              detailViewCount: sql`${catalogCompanies.detailViewCount} + 1`,
              rank: sql`${catalogCompanies.rank} + 0.05`,
            },
      )
      .where(eq(catalogCompanies.id, id))
      .returning({ id: catalogCompanies.id });
    return rows.length === 1;
  },

  /** Suppliers whose name matches a prefix or is close to it, for autocomplete. */
  async suggestNames(searchKey: string, limit: number): Promise<{ id: string; name: string }[]> {
    const needle = searchKey.trim().toLowerCase();
    return db
      .select({ id: catalogCompanies.id, name: catalogCompanies.name })
      .from(catalogCompanies)
      .where(
        or(
          sql`lower(${catalogCompanies.name}) LIKE ${`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          sql`${needle} <% lower(${catalogCompanies.name})`,
        ),
      )
      .orderBy(
        sql`word_similarity(${needle}, lower(${catalogCompanies.name})) DESC`,
        asc(catalogCompanies.name),
      )
      .limit(limit);
  },
});
export type SupplierRepository = ReturnType<typeof createSupplierRepository>;
