import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import type { Notifier } from '@/modules/notifications';
import { buildSeedCatalog, demoSupplierCompanyId, listSeedSupplierIds } from './catalog-seed.data';
import { createCatalogWriter } from './catalog-writer.repository';
import { loadCategoryTree } from './category.data';
import { createCategoryRepository } from './category.repository';
import { categoryRoutes } from './category.routes';
import { createCatalogLookups } from './catalog-lookups';
import { createFavoriteRepository } from './favorite.repository';
import { catalogSearchRoutes } from './catalog-search.routes';
import { createCatalogSearchService } from './catalog-search.service';
import { createCatalogExportSources } from './catalog.export';
import { createSupplierRepository } from './supplier.repository';
import { createCatalogEngagementModule, type SupplierRelationSource } from './engagement';
import { createItemRepository } from './item.repository';
import { createSearchCache } from './search-cache';
import { createSearchWordRepository } from './search-word.repository';
import { createSupplierProfileRepository } from './supplier-profile.repository';
import { supplierProfileRoutes } from './supplier-profile.routes';
import { createSupplierProfileService } from './supplier-profile.service';
import { createSupplierItemRepository } from './supplier-item.repository';
import { supplierItemRoutes } from './supplier-item.routes';
import { createSupplierItemService } from './supplier-item.service';
import type { SupplierImageFiles } from './supplier-images';

export { samplePriceSql } from './sample-price.sql';

type CatalogModuleDeps = {
  db: Database;
  /** Uploaded files: a supplier's profile images are its own uploads (issue 10). */
  files: SupplierImageFiles;
  clock: Clock;
  events: EventBus;
  /** How long search answers are reused (0 turns the cache off). */
  searchCacheTtlMs: number;
  /** Country names by ISO code, from the reference module. */
  loadCountryNames: () => Promise<ReadonlyMap<string, string>>;
  /** E-mails public reviewers their confirmation link (issue 9). */
  notifier: Notifier;
  /** Where the web app is served (links in e-mails). */
  publicUrl: string;
  /** "My suppliers" relations beyond favourites (chat's MESSAGED), wired in app.ts. */
  supplierRelationSources?: readonly SupplierRelationSource[];
};

/** Catalog module: categories, suppliers (catalog companies) and their items, search. */
export const createCatalogModule = ({
  db,
  files,
  clock,
  events,
  searchCacheTtlMs,
  loadCountryNames,
  notifier,
  publicUrl,
  supplierRelationSources,
}: CatalogModuleDeps) => {
  const categories = createCategoryRepository(db);
  const suppliers = createSupplierRepository(db);
  const words = createSearchWordRepository(db);
  const items = createItemRepository(db, words);
  const lookups = createCatalogLookups(
    createFavoriteRepository(db),
    categories,
    loadCountryNames,
    searchCacheTtlMs,
  );
  const searchCache = createSearchCache(searchCacheTtlMs);
  const search = createCatalogSearchService({
    suppliers,
    items,
    words,
    lookups,
    clock,
    cache: searchCache,
  });
  // Reviews, favourites and "my suppliers"; search forgets a store's favourites when they change.
  const engagement = createCatalogEngagementModule({
    db,
    clock,
    events,
    loadCountryNames,
    notifier,
    publicUrl,
    supplierRelationSources,
    onFavoritesChanged: (storeId) => {
      lookups.forgetFavorites(storeId);
      search.forgetStoreAnswers(storeId);
    },
  });
  // Search answers hold supplier rows and item pages with supplier values: all may change.
  const forgetSearchAnswers = () => searchCache.clear();
  const ownItems = createSupplierItemService({
    items: createSupplierItemRepository(db),
    files,
    clock,
    onCatalogChanged: forgetSearchAnswers,
  });
  const profiles = createSupplierProfileService({
    profiles: createSupplierProfileRepository(db),
    files,
    clock,
    isItemImage: ownItems.isItemImage,
    onProfileChanged: forgetSearchAnswers,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(categoryRoutes(categories));
    await app.register(supplierProfileRoutes(profiles));
    await app.register(supplierItemRoutes(ownItems));
    await app.register(catalogSearchRoutes(search));
    await app.register(engagement.routes);
  };

  return {
    engagement,
    /** The store's favourites and reviews in "Export my data". */
    exportSources: createCatalogExportSources(db),
    /** Supplier names and cards for other modules (chat, sourcing, identity). */
    supplierDirectory: engagement.supplierDirectory,
    /** Catalog item titles and prices by id, for other modules (chat's CATALOG_ITEM cards). */
    itemDirectory: {
      async findItemCards(ids: readonly string[]) {
        return new Map(
          (await items.findByIds(ids)).map((item) => [
            item.id,
            {
              title: item.title,
              price: { amount: item.priceCents, currencyCode: item.currencyCode },
            },
          ]),
        );
      },
    },
    categories,
    suppliers,
    items,
    lookups,
    search,
    routes,
    /** The seeded company of the demo supplier account (README "Quick start"). */
    demoSupplierCompanyId,
    /** Loads the category tree from `data/`; idempotent. */
    async seedCategories(): Promise<number> {
      const rows = loadCategoryTree();
      const { total } = await categories.list({ offset: 0, limit: 1 });
      if (total !== rows.length) await categories.upsertAll(rows);
      return rows.length;
    },
    /**
     * Loads the seed catalog (registry factories, demo suppliers and their items). Idempotent:
     * nothing is written when every seed supplier is already there, and a rerun never
     * overwrites imported rows or buyers' counters.
     */
    async seedCatalog(): Promise<{ suppliers: number; items: number; isWritten: boolean }> {
      const writer = createCatalogWriter(db);
      const seedIds = listSeedSupplierIds();
      if ((await writer.countSuppliersAmong(seedIds)) === seedIds.length) {
        // A catalog seeded before the vocabulary existed gets it on its next start.
        if (!(await words.hasWords())) await writer.rebuildSearchWords();
        return { suppliers: seedIds.length, items: await writer.countItems(), isWritten: false };
      }
      const seed = buildSeedCatalog();
      await db.transaction(async (tx) => {
        const transactionWriter = createCatalogWriter(tx);
        await transactionWriter.upsertSuppliers(seed.suppliers);
        await transactionWriter.upsertItems(seed.items);
        await transactionWriter.rebuildSearchWords();
      });
      await writer.vacuumCatalog();
      searchCache.clear();
      return { suppliers: seed.suppliers.length, items: seed.items.length, isWritten: true };
    },
  };
};
export type CatalogModule = ReturnType<typeof createCatalogModule>;
