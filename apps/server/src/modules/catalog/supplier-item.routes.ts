import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createOwnSupplierItem,
  deleteOwnSupplierItem,
  listOwnSupplierItems,
  updateOwnSupplierItem,
} from '@atelier/contract/catalog/supplier-item';
import { routeOptions } from '@/lib/endpoint';
import type { SupplierItemService } from './supplier-item.service';

/**
 * Issue 10: `/api/partner/catalog-items` (GET list, POST add) and `/:id` (PATCH, DELETE), on
 * the signed-in supplier's own catalogue only (supplier session).
 */
export const supplierItemRoutes =
  (ownItems: SupplierItemService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listOwnSupplierItems.path, routeOptions(listOwnSupplierItems), async (request) => ({
      items: await ownItems.listOwnItems(request.supplierActor),
    }));

    app.post(
      createOwnSupplierItem.path,
      routeOptions(createOwnSupplierItem),
      async (request, reply) =>
        reply.status(201).send(await ownItems.createOwnItem(request.supplierActor, request.body)),
    );

    app.patch(updateOwnSupplierItem.path, routeOptions(updateOwnSupplierItem), async (request) =>
      ownItems.updateOwnItem(request.supplierActor, request.params.id, request.body),
    );

    app.delete(deleteOwnSupplierItem.path, routeOptions(deleteOwnSupplierItem), async (request) => {
      await ownItems.deleteOwnItem(request.supplierActor, request.params.id);
      return { ok: true as const };
    });
  };
