import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { escapeLike } from '@/lib/sql';
import type { SupplierRow } from './catalog.mappers';
import { catalogCompanies } from './supplier.table';
import { catalogItems } from './item.table';

/**
 * Read-only supplier lookups shared by the engagement features: favourites (does the target
 * exist), my suppliers (suppliers by id) and the company directory other modules receive.
 */
export const createSupplierLookupRepository = (db: Database) => ({
  async supplierExists(companyId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: catalogCompanies.id })
      .from(catalogCompanies)
      .where(eq(catalogCompanies.id, companyId))
      .limit(1);
    return row !== undefined;
  },

  async itemExists(itemId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(eq(catalogItems.id, itemId))
      .limit(1);
    return row !== undefined;
  },

  /** Suppliers by id, optionally only those whose name contains `nameContains` (any case). */
  async listCompaniesByIds(
    ids: readonly string[],
    options: { nameContains?: string | undefined } = {},
  ): Promise<SupplierRow[]> {
    if (ids.length === 0) return [];
    const { nameContains } = options;
    return db
      .select()
      .from(catalogCompanies)
      .where(
        and(
          inArray(catalogCompanies.id, [...ids]),
          nameContains ? ilike(catalogCompanies.name, `%${escapeLike(nameContains)}%`) : undefined,
        ),
      )
      .orderBy(asc(catalogCompanies.name), asc(catalogCompanies.id));
  },

  /** Name and concierge mark of suppliers by id (chat cards): only those columns are read. */
  async findSupplierCards(
    ids: readonly string[],
  ): Promise<{ id: string; name: string; isConciergeRecommended: boolean }[]> {
    if (ids.length === 0) return [];
    return db
      .select({
        id: catalogCompanies.id,
        name: catalogCompanies.name,
        isConciergeRecommended: catalogCompanies.isConciergeRecommended,
      })
      .from(catalogCompanies)
      .where(inArray(catalogCompanies.id, [...ids]));
  },

  /** Supplier names by id; unknown ids are absent from the map. */
  async findSupplierNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: catalogCompanies.id, name: catalogCompanies.name })
      .from(catalogCompanies)
      .where(inArray(catalogCompanies.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name]));
  },
});
export type SupplierLookupRepository = ReturnType<typeof createSupplierLookupRepository>;
