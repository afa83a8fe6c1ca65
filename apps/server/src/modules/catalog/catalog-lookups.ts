import { LRUCache } from 'lru-cache';
import type { CategoryRepository, CategoryRow } from './category.repository';
import type { FavoriteRepository } from './favorite.repository';

/**
 * Reference lookups the catalog's answers need: category names by id, country names, and which
 * of a page's suppliers or items the caller's store has favourited. Categories and countries are
 * static reference data, loaded once per process.
 */
export const createCatalogLookups = (
  favorites: FavoriteRepository,
  categories: CategoryRepository,
  loadCountryNames: () => Promise<ReadonlyMap<string, string>>,
  /** How long a store's favourite ids are remembered (0: always asked); see forgetFavorites. */
  favoritesTtlMs = 0,
) => {
  const favoritesByStore = new LRUCache<string, Promise<ReadonlySet<string>>>({
    max: 5000,
    ttl: Math.max(favoritesTtlMs, 1),
  });
  let categoryMap: Promise<ReadonlyMap<number, CategoryRow>> | undefined;
  let countryNames: Promise<ReadonlyMap<string, string>> | undefined;

  const loadCategories = async () => {
    const { rows } = await categories.list({ offset: 0, limit: 100_000 });
    return new Map(rows.map((row) => [row.id, row]));
  };

  return {
    categories(): Promise<ReadonlyMap<number, CategoryRow>> {
      categoryMap ??= loadCategories().catch((error: unknown) => {
        categoryMap = undefined;
        throw error;
      });
      return categoryMap;
    },

    countryNames(): Promise<ReadonlyMap<string, string>> {
      countryNames ??= loadCountryNames().catch((error: unknown) => {
        countryNames = undefined;
        throw error;
      });
      return countryNames;
    },

    /** Subgroup ids under each requested category (a subgroup stands for itself). */
    async expandToSubgroups(categoryIds: readonly number[]): Promise<number[]> {
      const map = await this.categories();
      const wanted = new Set(categoryIds);
      const result: number[] = [];
      for (const category of map.values()) {
        if (category.level !== 3) continue;
        const parent = category.parentId === null ? undefined : map.get(category.parentId);
        if (
          wanted.has(category.id) ||
          (parent &&
            (wanted.has(parent.id) || (parent.parentId !== null && wanted.has(parent.parentId))))
        ) {
          result.push(category.id);
        }
      }
      return result;
    },

    /** A store's favourites changed in this process: ask the database next time. */
    forgetFavorites(storeId: string): void {
      favoritesByStore.delete(storeId);
    },

    async favoriteIds(
      storeId: string | undefined,
      targetType: 'COMPANY' | 'ITEM',
      ids: readonly string[],
    ): Promise<ReadonlySet<string>> {
      if (!storeId || ids.length === 0) return new Set();
      if (favoritesTtlMs > 0) {
        let all = favoritesByStore.get(storeId);
        if (!all) {
          all = favorites.listTargetKeys(storeId);
          favoritesByStore.set(storeId, all);
          all.catch(() => favoritesByStore.delete(storeId));
        }
        const known = await all;
        return new Set(ids.filter((id) => known.has(`${targetType}:${id}`)));
      }
      return favorites.findFavoritedIds(storeId, targetType, ids);
    },
  };
};
export type CatalogLookups = ReturnType<typeof createCatalogLookups>;
