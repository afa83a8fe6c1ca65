import { eq, sql } from 'drizzle-orm';
import type { ValueSource } from '@atelier/contract/catalog/supplier';
import type { Database } from '@/db/client';
import { catalogItems } from './item.table';
import { catalogCompanies } from './supplier.table';

/** What the supplier profile reads and writes of a catalog company (issue 10). */
export const supplierProfileSelection = {
  id: catalogCompanies.id,
  name: catalogCompanies.name,
  description: catalogCompanies.description,
  countryCode: catalogCompanies.countryCode,
  categoryIds: catalogCompanies.categoryIds,
  capabilities: catalogCompanies.capabilities,
  certifications: catalogCompanies.certifications,
  samplePriceCents: catalogCompanies.samplePriceCents,
  moq: catalogCompanies.moq,
  productionTimeDays: catalogCompanies.productionTimeDays,
  orderVolume: catalogCompanies.orderVolume,
  logoFileId: catalogCompanies.logoFileId,
  coverFileId: catalogCompanies.coverFileId,
  photoFileIds: catalogCompanies.photoFileIds,
  fieldSources: catalogCompanies.fieldSources,
  updatedAt: catalogCompanies.updatedAt,
};

type StoredRow = typeof catalogCompanies.$inferSelect;
export type SupplierProfileRow = Pick<StoredRow, keyof typeof supplierProfileSelection>;

/** Columns a profile edit may change. */
export type SupplierProfileChanges = Partial<
  Pick<
    SupplierProfileRow,
    | 'description'
    | 'capabilities'
    | 'certifications'
    | 'samplePriceCents'
    | 'moq'
    | 'productionTimeDays'
    | 'orderVolume'
    | 'logoFileId'
    | 'coverFileId'
    | 'photoFileIds'
  >
> & { searchText?: string };

export const createSupplierProfileRepository = (db: Database) => ({
  async findProfile(companyId: string): Promise<SupplierProfileRow | undefined> {
    const [row] = await db
      .select(supplierProfileSelection)
      .from(catalogCompanies)
      .where(eq(catalogCompanies.id, companyId))
      .limit(1);
    return row;
  },

  /**
   * Writes `changes` and merges `sources` into the field sources (the other fields keep theirs);
   * a new order volume is copied onto the company's items.
   * Returns the profile after the write, undefined when the company does not exist.
   */
  async updateProfile(
    companyId: string,
    changes: SupplierProfileChanges,
    sources: Record<string, ValueSource>,
    now: Date,
  ): Promise<SupplierProfileRow | undefined> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(catalogCompanies)
        .set({
          ...changes,
          fieldSources: sql`${catalogCompanies.fieldSources} || ${JSON.stringify(sources)}::jsonb`,
          updatedAt: now,
        })
        .where(eq(catalogCompanies.id, companyId))
        .returning(supplierProfileSelection);
      // Items carry a copy of the supplier's order volume for their filter (see item.table).
      if (row && changes.orderVolume !== undefined) {
        await tx
          .update(catalogItems)
          .set({ companyOrderVolume: changes.orderVolume })
          .where(eq(catalogItems.companyId, companyId));
      }
      return row;
    });
  },
});
export type SupplierProfileRepository = ReturnType<typeof createSupplierProfileRepository>;
