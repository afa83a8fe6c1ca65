import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import type { FavoriteTarget } from '@atelier/contract/catalog/favorite';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { toCatalogCompany, toCatalogItem } from './catalog.mappers';
import { createFavoriteRepository, type FavoriteType } from './favorite.repository';
import { createSupplierLookupRepository } from './supplier-lookup.repository';

/** Country names by ISO code, from the reference module's countries table. */
export type LoadCountryNames = () => Promise<ReadonlyMap<string, string>>;

type FavoriteServiceDeps = {
  db: Database;
  clock: Clock;
  loadCountryNames: LoadCountryNames;
  events: EventBus;
  /** Told after a store's favourites change (search marks favourites from a cache). */
  onFavoritesChanged?: (storeId: string) => void;
};

const targetNotFound = (type: FavoriteType) =>
  new AppError(
    'not_found',
    type === 'COMPANY' ? 'No supplier with this id.' : 'No catalog item with this id.',
    {
      reason: type === 'COMPANY' ? 'company_not_found' : 'item_not_found',
      details: [{ field: 'body.id', message: 'Nothing to favourite with this id.' }],
    },
  );

/**
 * A store's favourite suppliers and items (issue #3, /favorites). Everything is scoped to the
 * caller's store: another store's favourites are never read or changed.
 */
export const createFavoriteService = ({
  db,
  clock,
  loadCountryNames,
  events,
  onFavoritesChanged,
}: FavoriteServiceDeps) => {
  const favorites = createFavoriteRepository(db);
  /** Runs a change of the store's favourites and announces it in one transaction. */
  const changeFavorites = async (
    storeId: string,
    change: (repository: ReturnType<typeof createFavoriteRepository>) => Promise<void>,
  ) => {
    await db.transaction(async (tx) => {
      await change(createFavoriteRepository(tx));
      await events.publish(tx, 'catalog.favorites.changed', {
        aggregateId: storeId,
        storeId,
        payload: { storeId },
      });
    });
    onFavoritesChanged?.(storeId);
  };
  const suppliers = createSupplierLookupRepository(db);

  return {
    /** Idempotent; 404 `company_not_found` / `item_not_found` when the target doesn't exist. */
    async addFavorite(actor: Actor, target: FavoriteTarget): Promise<void> {
      const exists =
        target.type === 'COMPANY'
          ? await suppliers.supplierExists(target.id)
          : await suppliers.itemExists(target.id);
      if (!exists) throw targetNotFound(target.type);
      await changeFavorites(actor.storeId, (repository) =>
        repository.add(actor.storeId, target, clock.now()),
      );
    },

    /** Idempotent: a favourite that isn't there (or a target that never existed) is fine. */
    async removeFavorite(actor: Actor, type: FavoriteType, targetId: string): Promise<void> {
      await changeFavorites(actor.storeId, (repository) =>
        repository.remove(actor.storeId, type, targetId),
      );
    },

    /** The caller's store's favourite suppliers and items, most recently favourited first. */
    async listFavorites(
      actor: Actor,
    ): Promise<{ companies: CatalogCompany[]; items: CatalogItem[] }> {
      const [supplierRows, itemRows, countryNames] = await Promise.all([
        favorites.listSuppliers(actor.storeId),
        favorites.listItems(actor.storeId),
        loadCountryNames(),
      ]);
      const supplierContext = {
        countryNames,
        favoriteSupplierIds: new Set(supplierRows.map((row) => row.id)),
        now: clock.now(),
      };
      const itemContext = {
        categories: new Map(
          itemRows.flatMap(({ item, category }) =>
            item.categoryId !== null && category ? [[item.categoryId, category] as const] : [],
          ),
        ),
        suppliers: new Map(itemRows.map(({ supplier }) => [supplier.id, supplier])),
        favoriteItemIds: new Set(itemRows.map(({ item }) => item.id)),
      };
      return {
        companies: supplierRows.map((row) => toCatalogCompany(row, supplierContext)),
        items: itemRows.map(({ item }) => toCatalogItem(item, itemContext)),
      };
    },
  };
};
export type FavoriteService = ReturnType<typeof createFavoriteService>;
