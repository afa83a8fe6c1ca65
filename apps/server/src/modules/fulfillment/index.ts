import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { createFulfillmentExportSources } from './fulfillment.export';
import { fulfillmentRoutes } from './fulfillment.routes';
import { createInventoryService } from './inventory.service';

export type FulfillmentModuleDeps = { db: Database; clock: Clock; events: EventBus };

/**
 * Fulfillment module (issue 15; ARCHITECTURE.md §3 `fulfillment`): the center's warehouses, the
 * stock of every variant with its ledger, and the reservation of store orders. A new store order
 * (`sales.order.created`) reserves its lines when the event is delivered; a redelivery finds its
 * lines reserved and changes nothing.
 */
export const createFulfillmentModule = ({ db, clock, events }: FulfillmentModuleDeps) => {
  const inventory = createInventoryService({ db, clock });
  events.subscribe('fulfillment.reservations', ['sales.order.created'], async (event) => {
    await inventory.reserveOrder(event.payload.storeId, event.payload.orderId);
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(fulfillmentRoutes({ inventory }));
  };
  return { routes, inventory, exportSources: createFulfillmentExportSources(db) };
};
export type FulfillmentModule = ReturnType<typeof createFulfillmentModule>;
