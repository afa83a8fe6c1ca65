import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import type { Notifier } from '@/modules/notifications';
import { createFavoriteService, type LoadCountryNames } from './favorite.service';
import { favoriteRoutes } from './favorite.routes';
import { createMySuppliersService, type SupplierRelationSource } from './my-suppliers.service';
import { mySuppliersRoutes } from './my-suppliers.routes';
import { createReviewService } from './review.service';
import { reviewRoutes } from './review.routes';
import { createSupplierLookupRepository } from './supplier-lookup.repository';

export type { SupplierRelationSource } from './my-suppliers.service';

export type CatalogEngagementModuleDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  loadCountryNames: LoadCountryNames;
  /** E-mails public reviewers their confirmation link. */
  notifier: Notifier;
  /** Where the web app is served (links in e-mails). */
  publicUrl: string;
  /** "My suppliers" relations beyond favourites: chat (#4) adds MESSAGED, orders ORDERED. */
  supplierRelationSources?: readonly SupplierRelationSource[];
  onFavoritesChanged?: (storeId: string) => void;
};

/**
 * The catalog's engagement features, apart from search (issue #3): supplier reviews,
 * favourites and "my suppliers"; plus the company directory other modules use to check and
 * name a supplier without reading catalog tables.
 */
export const createCatalogEngagementModule = ({
  db,
  clock,
  events,
  loadCountryNames,
  notifier,
  publicUrl,
  supplierRelationSources = [],
  onFavoritesChanged,
}: CatalogEngagementModuleDeps) => {
  const reviewService = createReviewService({ db, clock, notifier, publicUrl });
  const favoriteService = createFavoriteService({
    db,
    clock,
    loadCountryNames,
    events,
    onFavoritesChanged,
  });
  const mySuppliersService = createMySuppliersService({
    db,
    clock,
    loadCountryNames,
    relationSources: supplierRelationSources,
  });
  const supplierLookup = createSupplierLookupRepository(db);

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(reviewRoutes(reviewService));
    await app.register(favoriteRoutes(favoriteService));
    await app.register(mySuppliersRoutes(mySuppliersService));
  };

  return {
    reviewService,
    favoriteService,
    mySuppliersService,
    routes,
    supplierDirectory: {
      /** One supplier's name (undefined for an unknown id). */
      findSupplierName: async (id: string) =>
        (await supplierLookup.findSupplierNames([id])).get(id),
      /** Supplier names by id; unknown ids are absent from the map. */
      findSupplierNames: (ids: readonly string[]) => supplierLookup.findSupplierNames(ids),
      /** Supplier cards (name, avatar, concierge mark) by id, for chat summaries. */
      findSupplierCards: async (ids: readonly string[]) =>
        new Map(
          (await supplierLookup.findSupplierCards(ids)).map((supplier) => [
            supplier.id,
            {
              name: supplier.name,
              avatarUrl: null,
              isConciergeRecommended: supplier.isConciergeRecommended,
            },
          ]),
        ),
    },
  };
};
export type CatalogEngagementModule = ReturnType<typeof createCatalogEngagementModule>;
