import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import type { SupplierInsert, ItemInsert } from './catalog-rows';
import type { StoredSupplierRow as SupplierRow } from './catalog.mappers';
import { catalogCompanies } from './supplier.table';
import { catalogItems } from './item.table';
import { createSearchWordRepository } from './search-word.repository';
import { catalogSearchWords } from './search-word.table';

const BATCH_SIZE = 500;

/**
 * Live values a write never overwrites: counters and rank fed by buyers' actions, the rating
 * kept by reviews, and when the row first appeared ("newly added").
 */
const PROTECTED_COLUMNS = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'rank',
  'rating',
  'demoRating',
  'reviewCount',
  'detailViewCount',
  'recommendCount',
  'enabledAt',
  'fieldSources',
  'searchVector',
]);
/** Field sources of protected values: the review module owns the rating's. */
const PROTECTED_SOURCE_KEYS = sql.raw(`array['rating', 'enabledAt']`);

/**
 * A row from the seed (registry, demo) replaces only a seeded row; an import or the supplier's
 * own edit replaces any row, so real data always wins over generated data.
 */
const replacesExisting = (table: PgTable & { source: PgColumn }) =>
  sql`${table.source} in ('registry', 'demo') or excluded.source in ('import', 'supplier')`;

/**
 * Columns a supplier edits itself (issue 10) and the field-source key each is marked under: a
 * value whose source is `supplier` is the supplier's word and no seed or import replaces it.
 */
const SUPPLIER_OWNED_SUPPLIER_COLUMNS: Record<string, string> = {
  description: 'description',
  capabilities: 'capabilities',
  certifications: 'certifications',
  samplePriceCents: 'samplePrice',
  moq: 'moq',
  productionTimeDays: 'productionTimeDays',
  orderVolume: 'orderVolume',
  logoFileId: 'logo',
  coverFileId: 'cover',
  photoFileIds: 'photos',
};
const SUPPLIER_OWNED_ITEM_COLUMNS: Record<string, string> = {
  kind: 'kind',
  title: 'title',
  description: 'description',
  categoryId: 'categoryId',
  categoryPath: 'categoryId',
  moq: 'moq',
  priceCents: 'price',
  imageUrl: 'imageUrl',
  imageFileId: 'imageUrl',
};

/**
 * `col = excluded.col` for every column the rows set, except the protected ones and the values
 * the supplier set itself (`supplierOwned`), whose `supplier` field sources are kept too.
 */
const updateSetOf = (
  table: PgTable & { fieldSources: PgColumn },
  rows: readonly Record<string, unknown>[],
  supplierOwned: Record<string, string>,
): Record<string, SQL> => {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = new Set(
    rows.flatMap((row) => Object.keys(row).filter((key) => row[key] !== undefined)),
  );
  const set: Record<string, SQL> = {};
  for (const key of keys) {
    const column = columns[key];
    if (!column || PROTECTED_COLUMNS.has(key)) continue;
    const incoming = sql`excluded.${sql.identifier(column.name)}`;
    const sourceKey = supplierOwned[key];
    set[key] = sourceKey
      ? sql`CASE WHEN ${table.fieldSources} ->> ${sourceKey} = 'supplier' THEN ${column} ELSE ${incoming} END`
      : incoming;
  }
  const incomingSources = sql`(excluded.field_sources - ${PROTECTED_SOURCE_KEYS})`;
  const supplierSources = sql`coalesce((SELECT jsonb_object_agg(key, value) FROM jsonb_each(${table.fieldSources}) WHERE value = '"supplier"'::jsonb), '{}'::jsonb)`;
  set.fieldSources = sql`${table.fieldSources} || ${incomingSources} || ${supplierSources}`;
  set.updatedAt = sql`now()`;
  return set;
};

const batchesOf = <T>(rows: readonly T[]): T[][] => {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    batches.push(rows.slice(start, start + BATCH_SIZE));
  }
  return batches;
};

/**
 * Writes suppliers and items in bulk for the seed and the supplier import. Pass a transaction
 * handle to make a whole import atomic.
 */
export const createCatalogWriter = (db: Database) => ({
  /** Inserts or updates by id, 500 rows a statement; see `replacesExisting` for who wins. */
  async upsertSuppliers(rows: readonly SupplierInsert[]): Promise<void> {
    for (const batch of batchesOf(rows)) {
      await db
        .insert(catalogCompanies)
        .values(batch)
        .onConflictDoUpdate({
          target: catalogCompanies.id,
          set: updateSetOf(catalogCompanies, batch, SUPPLIER_OWNED_SUPPLIER_COLUMNS),
          setWhere: replacesExisting(catalogCompanies),
        });
    }
  },

  /** Inserts or updates by id, 500 rows a statement; same rules as `upsertSuppliers`. */
  async upsertItems(rows: readonly ItemInsert[]): Promise<void> {
    for (const batch of batchesOf(rows)) {
      await db
        .insert(catalogItems)
        .values(batch)
        .onConflictDoUpdate({
          target: catalogItems.id,
          set: updateSetOf(catalogItems, batch, SUPPLIER_OWNED_ITEM_COLUMNS),
          setWhere: replacesExisting(catalogItems),
        });
    }
  },

  /**
   * Rebuilds the search vocabulary from the items now stored; call it after upserting items, in
   * the same transaction (see search-word.repository). Returns how many words it holds.
   */
  async rebuildSearchWords(): Promise<number> {
    return createSearchWordRepository(db).rebuild();
  },

  /**
   * VACUUM (ANALYZE) of the catalog's tables after a bulk write, outside any transaction (VACUUM
   * refuses one). It marks pages all-visible, so a search finds its page by an index-only scan,
   * and refreshes the planner's statistics. PGlite has no autovacuum: without this a seeded or
   * imported catalog is searched through its wide rows.
   */
  async vacuumCatalog(): Promise<void> {
    await db.execute(
      sql`VACUUM (ANALYZE) ${catalogItems}, ${catalogCompanies}, ${catalogSearchWords}`,
    );
  },

  /** The suppliers with these ids, locked until the transaction ends (an import merges in). */
  async listCompaniesForUpdate(ids: readonly string[]): Promise<SupplierRow[]> {
    const rows: SupplierRow[] = [];
    for (const batch of batchesOf(ids)) {
      rows.push(
        ...(await db
          .select()
          .from(catalogCompanies)
          .where(inArray(catalogCompanies.id, batch))
          .for('update')),
      );
    }
    return rows;
  },

  /** Which of these item ids exist already. */
  async listExistingItemIds(ids: readonly string[]): Promise<Set<string>> {
    const existing = new Set<string>();
    for (const batch of batchesOf(ids)) {
      const rows = await db
        .select({ id: catalogItems.id })
        .from(catalogItems)
        .where(inArray(catalogItems.id, batch));
      for (const row of rows) existing.add(row.id);
    }
    return existing;
  },

  /** How many of these supplier ids exist. */
  async countSuppliersAmong(ids: readonly string[]): Promise<number> {
    let count = 0;
    for (const batch of batchesOf(ids)) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(catalogCompanies)
        .where(inArray(catalogCompanies.id, batch));
      count += row?.count ?? 0;
    }
    return count;
  },

  async countSuppliers(): Promise<number> {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(catalogCompanies);
    return row?.count ?? 0;
  },

  async countItems(): Promise<number> {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(catalogItems);
    return row?.count ?? 0;
  },

  /** Copies each supplier's filter values (country, region, rating, order figures) onto its items. */
  async refreshItemSupplierCopies(...companyIds: string[]): Promise<void> {
    if (companyIds.length === 0) return;
    await db
      .update(catalogItems)
      .set({
        companyCountryCode: sql`${catalogCompanies.countryCode}`,
        companyRegionCode: sql`${catalogCompanies.regionCode}`,
        companyRating: sql`${catalogCompanies.rating}`,
        companyOrderVolume: sql`${catalogCompanies.orderVolume}`,
        companyOrderCount: sql`${catalogCompanies.orderCount}`,
        updatedAt: sql`now()`,
      })
      .from(catalogCompanies)
      .where(
        and(
          eq(catalogItems.companyId, catalogCompanies.id),
          inArray(catalogCompanies.id, companyIds),
        ),
      );
  },
});
export type CatalogWriter = ReturnType<typeof createCatalogWriter>;
