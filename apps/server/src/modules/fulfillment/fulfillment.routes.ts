import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import { routeOptions } from '@/lib/endpoint';
import type { InventoryService } from './inventory.service';

/**
 * Issue 15 fulfillment routes (store members): warehouses, the stock per variant with its
 * ledger, adjustments by hand, and the reservation of a store order's lines.
 */
export const fulfillmentRoutes =
  (deps: { inventory: InventoryService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(api.listWarehouses.path, routeOptions(api.listWarehouses), async () => ({
      items: await deps.inventory.listWarehouses(),
    }));
    app.get(api.listInventory.path, routeOptions(api.listInventory), async (request) =>
      deps.inventory.listInventory(request.actor.storeId, request.query),
    );
    app.get(api.listMovements.path, routeOptions(api.listMovements), async (request) =>
      deps.inventory.listMovements(request.actor.storeId, request.params.variantId, request.query),
    );
    app.post(api.adjustInventory.path, routeOptions(api.adjustInventory), async (request, reply) =>
      reply.status(201).send(await deps.inventory.adjust(request.actor, request.body)),
    );
    app.get(api.orderReservation.path, routeOptions(api.orderReservation), async (request) =>
      deps.inventory.readReservation(request.actor.storeId, request.params.orderId),
    );
    app.post(api.reserveOrder.path, routeOptions(api.reserveOrder), async (request) =>
      deps.inventory.reserveOrder(request.actor.storeId, request.params.orderId),
    );
  };
