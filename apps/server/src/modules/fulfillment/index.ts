import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { createFulfillmentExportSources } from './fulfillment.export';
import { fulfillmentRoutes } from './fulfillment.routes';
import { createInventoryService } from './inventory.service';
import { createReceivingService, type SourcingReceipts } from './receiving.service';
import { createShipmentService, LABEL_JOB_KIND, type LabelPort } from './shipment.service';
import type { JobHandler } from '@/modules/jobs';
import type { FileStorage } from '@/modules/files';
import type { Notifier } from '@/modules/notifications';

export type { LabelPort, SourcingReceipts };
export { LABEL_JOB_KIND };
export { createShippingProvider } from './shipping/shipping-provider-factory';

/** A label job is tried this many times (1 + retries) before the label is FAILED. */
export const LABEL_JOB_ATTEMPTS = 3;

export type FulfillmentModuleDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  /** The orders module's sourcing order items, told when their goods are received. */
  sourcing: SourcingReceipts;
  /** The ShippingProvider (ARCHITECTURE.md §4) in the shipment service's terms. */
  labels: LabelPort;
  /** Where label PDFs are kept (the files module's FileStorage). */
  storage: FileStorage;
  notifier: Notifier;
  /** The jobs module's `startJob`: labels are bought and rendered by LABEL_JOB_KIND jobs. */
  startJob: (storeId: string, kind: string, options: { key: string }) => Promise<unknown>;
};

/**
 * Fulfillment module (issue 15; ARCHITECTURE.md §3 `fulfillment`): the center's warehouses, the
 * stock of every variant with its ledger, and the reservation of store orders. A new store order
 * (`sales.order.created`) reserves its lines when the event is delivered, and canceled units
 * (`sales.order.updated`) give theirs back; a redelivery finds nothing left to do.
 */
export const createFulfillmentModule = ({
  db,
  clock,
  events,
  sourcing,
  labels,
  storage,
  notifier,
  startJob,
}: FulfillmentModuleDeps) => {
  const inventory = createInventoryService({ db, clock });
  const receivings = createReceivingService({ db, clock, events, sourcing });
  const shipments = createShipmentService({
    db,
    clock,
    events,
    inventory,
    labels,
    storage,
    notifier,
    startLabelJob: async (storeId, shipmentId) => {
      await startJob(storeId, LABEL_JOB_KIND, { key: shipmentId });
    },
  });
  /** LABEL_JOB_KIND: buys and renders one shipment's label (register with the jobs module). */
  const labelJobHandler: JobHandler = async (_job, context) => {
    await context.reportProgress(10, 'Buying the label');
    const result = await shipments.renderLabel(
      context.storeId,
      context.key,
      context.attempt >= LABEL_JOB_ATTEMPTS,
    );
    return { trackingNumber: result.trackingNumber };
  };
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
    await app.register(
      fulfillmentRoutes({
        inventory,
        receivings,
        shipments,
        validateAddress: async (address) => {
          const issues = await labels.addressIssues(address, '');
          return { isValid: issues.length === 0, issues };
        },
      }),
    );
  };
  return {
    routes,
    inventory,
    receivings,
    shipments,
    labelJobHandler,
    exportSources: createFulfillmentExportSources(db),
  };
};
export type FulfillmentModule = ReturnType<typeof createFulfillmentModule>;
