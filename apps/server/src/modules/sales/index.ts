import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { createSalesExportSources } from './sales.export';
import { storeOrderRoutes } from './store-order.routes';
import { createStoreOrderService } from './store-order.service';

export type { StoreOrderDraft } from './store-order.service';

export type SalesModuleDeps = { db: Database; clock: Clock; events: EventBus };

/**
 * Sales module (issue 11, ARCHITECTURE.md §3): the store's own commerce data. This first part
 * holds store orders with their lines, customers and refunds, and the store-orders calls of spec
 * §7; products and variants, imports, channel connectors and webhooks build on it.
 */
export const createSalesModule = ({ db, clock, events }: SalesModuleDeps) => {
  const storeOrderService = createStoreOrderService({ db, clock, events });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(storeOrderRoutes(storeOrderService));
  };
  return {
    storeOrderService,
    routes,
    /** The store's customers, orders, lines and refunds in "Export my data". */
    exportSources: createSalesExportSources(db),
  };
};
