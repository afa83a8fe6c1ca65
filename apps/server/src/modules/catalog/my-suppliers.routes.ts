import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMySuppliers } from '@atelier/contract/catalog/favorite';
import { routeOptions } from '@/lib/endpoint';
import type { MySuppliersService } from './my-suppliers.service';

/**
 * Spec §7 `GET /api/web/stores/me/suppliers?searchKey=` → `{ items: MySupplier[] }`: the
 * caller's store's suppliers with their relations (today FAVORITED only; see the service).
 */
export const mySuppliersRoutes =
  (mySuppliersService: MySuppliersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listMySuppliers.path, routeOptions(listMySuppliers), async (request) => ({
      items: await mySuppliersService.listMySuppliers(request.actor, request.query),
    }));
  };
