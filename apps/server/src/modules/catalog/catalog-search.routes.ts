import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countCatalogCompanies,
  getCatalogCompanies,
  getCompanyCountryInfo,
  getPublicCatalogCompany,
  listCatalogCompanies,
  recordCompanyAction,
} from '@atelier/contract/catalog/supplier';
import {
  countCatalogItems,
  getCatalogItem,
  getCatalogItemCategoryGroups,
  getPublicCatalogItem,
  listCatalogItems,
  listProductListings,
  recordItemAction,
  suggestAutoComplete,
} from '@atelier/contract/catalog/item';
import { routeOptions } from '@/lib/endpoint';
import { optionalActor } from '@/lib/request-actor';
import type { CatalogSearchService } from './catalog-search.service';

/** Spec §7 catalog: supplier and item search, details, counts, facets, autocomplete, actions. */
export const catalogSearchRoutes =
  (search: CatalogSearchService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listCatalogCompanies.path, routeOptions(listCatalogCompanies), async (request) =>
      search.searchSuppliers(request.query, request.actor.storeId),
    );
    app.get(countCatalogCompanies.path, routeOptions(countCatalogCompanies), async (request) =>
      search.countSuppliers(request.query),
    );
    app.get(getCompanyCountryInfo.path, routeOptions(getCompanyCountryInfo), async () => ({
      items: await search.countryInfo(),
    }));
    app.get(getCatalogCompanies.path, routeOptions(getCatalogCompanies), async (request) => ({
      items: await search.getSuppliers(request.params.ids, request.actor.storeId),
    }));
    app.get(getPublicCatalogCompany.path, routeOptions(getPublicCatalogCompany), async (request) =>
      search.getSupplier(request.params.id),
    );
    app.post(
      recordCompanyAction.path,
      routeOptions(recordCompanyAction),
      async (request, reply) => {
        await search.recordSupplierAction(request.params.id, request.body.action);
        return reply.status(202).send({ ok: true as const });
      },
    );

    app.get(listCatalogItems.path, routeOptions(listCatalogItems), async (request) =>
      search.searchItems(request.query, optionalActor(request)?.storeId),
    );
    app.get(countCatalogItems.path, routeOptions(countCatalogItems), async (request) =>
      search.countItems(request.query),
    );
    app.get(
      getCatalogItemCategoryGroups.path,
      routeOptions(getCatalogItemCategoryGroups),
      async (request) => ({ items: await search.categoryGroups(request.query) }),
    );
    app.get(suggestAutoComplete.path, routeOptions(suggestAutoComplete), async (request) => ({
      items: await search.suggest(request.query.searchKey, request.query.size),
    }));
    app.get(listProductListings.path, routeOptions(listProductListings), async (request) =>
      search.productListings(request.query.cursor, request.actor.storeId),
    );
    app.get(getCatalogItem.path, routeOptions(getCatalogItem), async (request) =>
      search.getItem(request.params.id, request.actor.storeId),
    );
    app.get(getPublicCatalogItem.path, routeOptions(getPublicCatalogItem), async (request) =>
      search.getPublicItem(request.params.id),
    );
    app.post(recordItemAction.path, routeOptions(recordItemAction), async (request, reply) => {
      await search.recordItemAction(request.params.id, request.body.action);
      return reply.status(202).send({ ok: true as const });
    });
  };
