import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FavoriteTarget } from '@atelier/contract/catalog/favorite';
import type { Database } from '@/db/client';
import type { SupplierRow, ItemRow } from './catalog.mappers';
import { catalogCategories } from './category.table';
import { catalogCompanies } from './supplier.table';
import { catalogFavorites } from './favorite.table';
import { catalogItems } from './item.table';

export type FavoriteType = FavoriteTarget['type'];

/** A favourite item with what its answer needs from its supplier and category. */
export type FavoriteItemRow = {
  item: ItemRow;
  supplier: Pick<SupplierRow, 'id' | 'name' | 'capabilities'>;
  category: { vertical: string; group: string | null; subgroup: string | null } | null;
};

const favorites = catalogFavorites;

export const createFavoriteRepository = (db: Database) => ({
  /** Every favourite of the store as `TYPE:id` keys (search marks a page from them). */
  async listTargetKeys(storeId: string): Promise<ReadonlySet<string>> {
    const rows = await db
      .select({ type: favorites.targetType, id: favorites.targetId })
      .from(favorites)
      .where(eq(favorites.storeId, storeId));
    return new Set(rows.map((row) => `${row.type}:${row.id}`));
  },

  /** Which of `ids` the store has favourited as `targetType`. */
  async findFavoritedIds(
    storeId: string,
    targetType: FavoriteType,
    ids: readonly string[],
  ): Promise<ReadonlySet<string>> {
    const rows = await db
      .select({ id: favorites.targetId })
      .from(favorites)
      .where(
        and(
          eq(favorites.storeId, storeId),
          eq(favorites.targetType, targetType),
          inArray(favorites.targetId, [...ids]),
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  /** Idempotent: favouriting twice keeps the first row (and its time). */
  async add(storeId: string, target: FavoriteTarget, createdAt: Date): Promise<void> {
    await db
      .insert(favorites)
      .values({ storeId, targetType: target.type, targetId: target.id, createdAt })
      .onConflictDoNothing();
  },

  /** Idempotent: removing a favourite that isn't there does nothing. */
  async remove(storeId: string, type: FavoriteType, targetId: string): Promise<void> {
    await db
      .delete(favorites)
      .where(
        and(
          eq(favorites.storeId, storeId),
          eq(favorites.targetType, type),
          eq(favorites.targetId, targetId),
        ),
      );
  },

  /** The store's favourite suppliers, most recently favourited first. */
  async listSuppliers(storeId: string): Promise<SupplierRow[]> {
    const rows = await db
      .select({ supplier: catalogCompanies })
      .from(favorites)
      .innerJoin(catalogCompanies, eq(catalogCompanies.id, favorites.targetId))
      .where(and(eq(favorites.storeId, storeId), eq(favorites.targetType, 'COMPANY')))
      .orderBy(desc(favorites.createdAt), desc(favorites.targetId));
    return rows.map((row) => row.supplier);
  },

  /** The store's favourite items with supplier and category, most recently favourited first. */
  async listItems(storeId: string): Promise<FavoriteItemRow[]> {
    const rows = await db
      .select({
        item: catalogItems,
        companyName: catalogCompanies.name,
        companyCapabilities: catalogCompanies.capabilities,
        vertical: catalogCategories.vertical,
        group: catalogCategories.group,
        subgroup: catalogCategories.subgroup,
      })
      .from(favorites)
      .innerJoin(catalogItems, eq(catalogItems.id, favorites.targetId))
      .innerJoin(catalogCompanies, eq(catalogCompanies.id, catalogItems.companyId))
      .leftJoin(catalogCategories, eq(catalogCategories.id, catalogItems.categoryId))
      .where(and(eq(favorites.storeId, storeId), eq(favorites.targetType, 'ITEM')))
      .orderBy(desc(favorites.createdAt), desc(favorites.targetId));
    return rows.map((row) => ({
      item: row.item,
      supplier: {
        id: row.item.companyId,
        name: row.companyName,
        capabilities: row.companyCapabilities,
      },
      category:
        row.vertical === null
          ? null
          : { vertical: row.vertical, group: row.group, subgroup: row.subgroup },
    }));
  },

  /** Ids of the store's favourite suppliers with when each was favourited, newest first. */
  async listFavoriteSupplierIds(storeId: string): Promise<{ companyId: string; at: Date }[]> {
    const rows = await db
      .select({ companyId: favorites.targetId, at: favorites.createdAt })
      .from(favorites)
      .where(and(eq(favorites.storeId, storeId), eq(favorites.targetType, 'COMPANY')))
      .orderBy(desc(favorites.createdAt), desc(favorites.targetId));
    return rows;
  },
});
export type FavoriteRepository = ReturnType<typeof createFavoriteRepository>;
