import { and, desc, eq, sql } from 'drizzle-orm';
import type { ValueSource } from '@atelier/contract/catalog/supplier';
import type { Database } from '@/db/client';
import type { ItemInsert } from './catalog-rows';
import { catalogItems } from './item.table';
import { catalogCompanies } from './supplier.table';

/** What the supplier's own catalogue reads of an item (issue 10). */
const ownItemSelection = {
  id: catalogItems.id,
  kind: catalogItems.kind,
  title: catalogItems.title,
  description: catalogItems.description,
  categoryId: catalogItems.categoryId,
  moq: catalogItems.moq,
  priceCents: catalogItems.priceCents,
  currencyCode: catalogItems.currencyCode,
  sampleStock: catalogItems.sampleStock,
  imageFileId: catalogItems.imageFileId,
  fieldSources: catalogItems.fieldSources,
  createdAt: catalogItems.createdAt,
  updatedAt: catalogItems.updatedAt,
};
type StoredItem = typeof catalogItems.$inferSelect;
export type OwnItemRow = Pick<StoredItem, keyof typeof ownItemSelection>;

/** Columns an item edit may change. */
export type OwnItemChanges = Partial<
  Pick<
    StoredItem,
    | 'kind'
    | 'title'
    | 'description'
    | 'categoryId'
    | 'categoryPath'
    | 'moq'
    | 'priceCents'
    | 'sampleStock'
    | 'imageFileId'
    | 'imageUrl'
    | 'searchText'
  >
>;

/** The supplier values a new item copies (filters never join, see item.table). */
export const createSupplierItemRepository = (db: Database) => ({
  async findCompany(companyId: string) {
    const [row] = await db
      .select({
        id: catalogCompanies.id,
        name: catalogCompanies.name,
        capabilities: catalogCompanies.capabilities,
        countryCode: catalogCompanies.countryCode,
        regionCode: catalogCompanies.regionCode,
        rating: catalogCompanies.rating,
        orderVolume: catalogCompanies.orderVolume,
        orderCount: catalogCompanies.orderCount,
        productionTimeDays: catalogCompanies.productionTimeDays,
        samplePriceCents: catalogCompanies.samplePriceCents,
        rank: catalogCompanies.rank,
      })
      .from(catalogCompanies)
      .where(eq(catalogCompanies.id, companyId))
      .limit(1);
    return row;
  },

  /** The company's items, newest first, at most `limit`. */
  async listOwn(companyId: string, limit: number): Promise<OwnItemRow[]> {
    return db
      .select(ownItemSelection)
      .from(catalogItems)
      .where(eq(catalogItems.companyId, companyId))
      .orderBy(desc(catalogItems.createdAt), desc(catalogItems.id))
      .limit(limit);
  },

  async countOwn(companyId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(catalogItems)
      .where(eq(catalogItems.companyId, companyId));
    return row?.count ?? 0;
  },

  async insert(values: ItemInsert): Promise<OwnItemRow> {
    const [row] = await db.insert(catalogItems).values(values).returning(ownItemSelection);
    return row!;
  },

  /** Updates one of the company's items; undefined when it is not the company's. */
  async updateOwn(
    companyId: string,
    id: string,
    changes: OwnItemChanges,
    sources: Record<string, ValueSource>,
    now: Date,
  ): Promise<OwnItemRow | undefined> {
    const [row] = await db
      .update(catalogItems)
      .set({
        ...changes,
        fieldSources: sql`${catalogItems.fieldSources} || ${JSON.stringify(sources)}::jsonb`,
        updatedAt: now,
      })
      .where(and(eq(catalogItems.companyId, companyId), eq(catalogItems.id, id)))
      .returning(ownItemSelection);
    return row;
  },

  async findOwn(companyId: string, id: string): Promise<OwnItemRow | undefined> {
    const [row] = await db
      .select(ownItemSelection)
      .from(catalogItems)
      .where(and(eq(catalogItems.companyId, companyId), eq(catalogItems.id, id)))
      .limit(1);
    return row;
  },

  /** Deletes one of the company's items; false when it is not the company's. */
  async deleteOwn(companyId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(catalogItems)
      .where(and(eq(catalogItems.companyId, companyId), eq(catalogItems.id, id)))
      .returning({ id: catalogItems.id });
    return rows.length === 1;
  },

  /** Whether `fileId` is the photo of one of the company's items (public images). */
  async isItemImage(companyId: string, fileId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(and(eq(catalogItems.companyId, companyId), eq(catalogItems.imageFileId, fileId)))
      .limit(1);
    return row !== undefined;
  },
});
export type SupplierItemRepository = ReturnType<typeof createSupplierItemRepository>;
