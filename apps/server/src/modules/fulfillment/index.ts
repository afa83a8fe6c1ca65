import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { createFulfillmentExportSources } from './fulfillment.export';
import { fulfillmentRoutes } from './fulfillment.routes';
import { createInventoryService } from './inventory.service';
import { createReceivingService, type SourcingReceipts } from './receiving.service';

export type { SourcingReceipts };

export type FulfillmentModuleDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  /** The orders module's sourcing order items, told when their goods are received. */
  sourcing: SourcingReceipts;
};

/**
 * Fulfillment module (issue 15; ARCHITECTURE.md §3 `fulfillment`): the center's warehouses, the
 * stock of every variant with its ledger, and the reservation of store orders. A new store order
 * (`sales.order.created`) reserves its lines when the event is delivered, and canceled units
 * (`sales.order.updated`) give theirs back; a redelivery finds nothing left to do.
 */
export const createFulfillmentModule = ({ db, clock, events, sourcing }: FulfillmentModuleDeps) => {
  const inventory = createInventoryService({ db, clock });
  const receivings = createReceivingService({ db, clock, events, sourcing });
  // A receiving put units on hand: orders waiting for those variants are reserved again.
  events.subscribe(
    'fulfillment.waiting-orders',
    ['fulfillment.receiving.received'],
    async (event) => {
      await inventory.reserveWaiting(event.payload.storeId, event.payload.variantIds);
    },
  );
  events.subscribe('fulfillment.reservations', ['sales.order.created'], async (event) => {
    await inventory.reserveOrder(event.payload.storeId, event.payload.orderId);
  });
  // Canceled units (a line or the whole order) give their reserved units back.
  events.subscribe('fulfillment.releases', ['sales.order.updated'], async (event) => {
    const { storeId, orderId, changes } = event.payload;
    if (changes.includes('cancelState') || changes.includes('lineItems')) {
      await inventory.releaseCanceled(storeId, orderId);
    }
  });
  // Imported orders (a channel's history or a file) arrive in batches, not one event each: the
  // batch's open orders take stock as a new order does.
  events.subscribe('fulfillment.imported-orders', ['sales.orders.imported'], async (event) => {
    await inventory.reserveWaiting(event.payload.storeId, null);
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(fulfillmentRoutes({ inventory, receivings }));
  };
  return { routes, inventory, receivings, exportSources: createFulfillmentExportSources(db) };
};
export type FulfillmentModule = ReturnType<typeof createFulfillmentModule>;
