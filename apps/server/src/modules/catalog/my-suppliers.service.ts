import type { z } from 'zod';
import type { MySupplierSchema } from '@atelier/contract/catalog/favorite';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import { toCatalogCompany } from './catalog.mappers';
import { createFavoriteRepository } from './favorite.repository';
import type { LoadCountryNames } from './favorite.service';
import { createSupplierLookupRepository } from './supplier-lookup.repository';

export type MySupplier = z.infer<typeof MySupplierSchema>;
export type SupplierRelation = MySupplier['relations'][number];

const RELATION_ORDER: readonly SupplierRelation[] = ['FAVORITED', 'MESSAGED', 'ORDERED'];

/**
 * Extension point of "my suppliers": another module tells which suppliers a store is related
 * to, and since when. Chat registers the `MESSAGED` source in app.ts; orders are to register an
 * `ORDERED` one.
 */
export type SupplierRelationSource = {
  relation: Exclude<SupplierRelation, 'FAVORITED'>;
  /** Suppliers the store has this relation with, and the latest time it happened. */
  listSupplierIds(storeId: string): Promise<{ companyId: string; at: Date }[]>;
};

type MySuppliersServiceDeps = {
  db: Database;
  clock: Clock;
  loadCountryNames: LoadCountryNames;
  relationSources?: readonly SupplierRelationSource[];
};

/**
 * Spec §7 `GET /web/stores/me/suppliers` (the inbox "my suppliers" tab): suppliers the store has
 * favourited, messaged or ordered from. FAVORITED comes from favourites, MESSAGED from chat;
 * ORDERED arrives with orders, through a `SupplierRelationSource` like chat's.
 */
export const createMySuppliersService = ({
  db,
  clock,
  loadCountryNames,
  relationSources = [],
}: MySuppliersServiceDeps) => {
  const favorites = createFavoriteRepository(db);
  const suppliers = createSupplierLookupRepository(db);

  return {
    /**
     * The store's suppliers, most recent relation first, each with every relation it has.
     * `searchKey` keeps those whose name contains it, in any case.
     */
    async listMySuppliers(
      actor: Actor,
      query: { searchKey?: string | undefined },
    ): Promise<MySupplier[]> {
      const sources = [
        {
          relation: 'FAVORITED' as const,
          listSupplierIds: (storeId: string) => favorites.listFavoriteSupplierIds(storeId),
        },
        ...relationSources,
      ];
      const lists = await Promise.all(
        sources.map(async (source) => ({
          relation: source.relation,
          entries: await source.listSupplierIds(actor.storeId),
        })),
      );
      const related = new Map<string, { relations: Set<SupplierRelation>; latest: number }>();
      for (const { relation, entries } of lists) {
        for (const { companyId, at } of entries) {
          const current = related.get(companyId) ?? { relations: new Set(), latest: 0 };
          current.relations.add(relation);
          current.latest = Math.max(current.latest, at.getTime());
          related.set(companyId, current);
        }
      }
      const searchKey = query.searchKey?.trim();
      const [rows, countryNames] = await Promise.all([
        suppliers.listCompaniesByIds([...related.keys()], {
          ...(searchKey ? { nameContains: searchKey } : {}),
        }),
        loadCountryNames(),
      ]);
      const favoriteSupplierIds = new Set(
        [...related].flatMap(([id, { relations }]) => (relations.has('FAVORITED') ? [id] : [])),
      );
      const context = { countryNames, favoriteSupplierIds, now: clock.now() };
      const latestOf = (id: string) => related.get(id)?.latest ?? 0;
      return rows
        .sort((a, b) => latestOf(b.id) - latestOf(a.id))
        .map((row) => ({
          ...toCatalogCompany(row, context),
          relations: RELATION_ORDER.filter((relation) =>
            related.get(row.id)?.relations.has(relation),
          ),
        }));
    },
  };
};
export type MySuppliersService = ReturnType<typeof createMySuppliersService>;
