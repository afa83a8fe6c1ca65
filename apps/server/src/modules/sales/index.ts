import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import {
  createChannelConnectors,
  type ChannelLog,
  type ChannelSettings,
} from './channels/channels';
import { createDemoOrderHistoryHandler, hasDemoOrderHistory } from './demo-order-history';
import { createCustomerService } from './customer.service';
import { productRoutes } from './product.routes';
import { webhookRoutes } from './webhook.routes';
import { createWebhookService } from './webhook.service';
import { createProductService } from './product.service';
import { createProductImportFiles, createProductImportHandler } from './product-import-files';
import { productImportRoutes } from './product-import.routes';
import { createOrderImportFiles, type StartJob } from './order-import-files';
import { createOrderImportHandler } from './order-import-job';
import { createLineItemCancel } from './order-line-cancel.service';
import { createOrderNotes } from './order-notes.service';
import { createOrderOperations } from './order-operations.service';
import { createSalesExportSources } from './sales.export';
import { createOrderFulfillment } from './order-fulfillment';
import { createOrderHolds } from './order-holds';
import { createOrderReturns } from './order-returns';
import { storeOrderRoutes } from './store-order.routes';
import { createStoreOrderService } from './store-order.service';

export type { StoreOrderDraft } from './store-order.service';

export type SalesModuleDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  /** config.dataDir: uploaded order files are kept under `order-imports/`. */
  dataDir: string;
  /** The jobs module's `startJob`: imports run as jobs. */
  startJob: StartJob;
  /** Outside production, webhooks may go to http://localhost. */
  allowLocalHttpWebhooks: boolean;
  /** Channel connectors' app credentials and token key (issue 11). */
  channels: ChannelSettings;
  log: ChannelLog;
};
export { DEMO_ORDER_HISTORY_JOB_KIND } from './demo-order-history';
export { ORDER_IMPORT_JOB_KIND } from '@atelier/contract/sales/order-import';
export { PRODUCT_IMPORT_JOB_KIND } from '@atelier/contract/sales/product-import';
export { WEBHOOK_DELIVERY_JOB_KIND } from './webhook.service';
export { SHOPIFY_SYNC_JOB_KIND } from '@atelier/contract/sales/channel-sync';
export {
  CHANNEL_SYNC_JOB_KIND,
  CHANNEL_WEBHOOK_JOB_KIND,
  SHOPIFY_WEBHOOK_JOB_KIND,
} from '@atelier/contract/sales/channel';

/**
 * Sales module (issue 11, ARCHITECTURE.md §3): the store's own commerce data. This first part
 * holds store orders with their lines, customers and refunds, and the store-orders calls of spec
 * §7; products and variants, imports, channel connectors and webhooks build on it.
 */
export const createSalesModule = ({
  db,
  clock,
  events,
  dataDir,
  startJob,
  allowLocalHttpWebhooks,
  channels: channelSettings,
  log,
}: SalesModuleDeps) => {
  const storeOrderService = createStoreOrderService({ db, clock, events });
  const importFiles = createOrderImportFiles({ db, clock, dataDir, startJob });
  const operations = createOrderOperations({
    db,
    clock,
    events,
    getOrder: storeOrderService.getOrder,
  });
  const productService = createProductService({ db, clock, events });
  // Issue 15: a parcel left the fulfillment center; the order's fulfilment state follows.
  events.subscribe(
    'sales.order-fulfillment',
    ['fulfillment.shipment.created'],
    createOrderFulfillment({ db, clock, events }),
  );
  // Issue 15: a return was received; the order shows it (RETURNS tab, refund, history).
  events.subscribe(
    'sales.order-returns',
    ['fulfillment.return.received'],
    createOrderReturns({ db, clock, events }),
  );
  // Issue 15: the fulfillment center held the order, or released its last hold.
  events.subscribe(
    'sales.order-holds',
    ['fulfillment.order.held', 'fulfillment.order.hold-released'],
    createOrderHolds({ db, clock, events }),
  );
  const productImportFiles = createProductImportFiles({ db, clock, dataDir, startJob });
  const customerService = createCustomerService({ db, clock, events });
  const webhooks = createWebhookService({
    db,
    clock,
    events,
    startJob,
    allowLocalHttp: allowLocalHttpWebhooks,
    readOrder: storeOrderService.readOrder,
    readProduct: productService.readProduct,
  });
  const channels = createChannelConnectors({
    db,
    clock,
    events,
    startJob,
    recordOrder: storeOrderService.recordOrder,
    upsertChannelProduct: productService.upsertChannelProduct,
    upsertChannelCustomer: customerService.upsertChannelCustomer,
    archiveChannelProduct: productService.archiveChannelProduct,
    settings: channelSettings,
    log,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(channels.routes);
    await app.register(productRoutes(productService));
    await app.register(productImportRoutes(productImportFiles));
    await app.register(webhookRoutes(webhooks));
    const lineItemCancel = createLineItemCancel({
      clock,
      changeOrderRow: operations.changeOrderRow,
      getOrder: storeOrderService.getOrder,
    });
    await app.register(
      storeOrderRoutes(
        storeOrderService,
        importFiles,
        { ...operations, ...lineItemCancel },
        createOrderNotes({ db, clock }),
        customerService,
      ),
    );
  };
  return {
    storeOrderService,
    productService,
    routes,
    /** The store's customers, orders, lines and refunds in "Export my data". */
    exportSources: createSalesExportSources(db),
    /** The job handler that imports the demo store's order history (register with jobs). */
    demoOrderHistoryHandler: (deps: {
      listCountries: () => Promise<readonly { code: string; name: string }[]>;
      log: { info: (details: object, message: string) => void };
    }) => createDemoOrderHistoryHandler({ db, events, ...deps }),
    /** The job handler that sends one webhook delivery (WEBHOOK_DELIVERY_JOB_KIND). */
    webhookDeliveryHandler: webhooks.deliveryHandler,
    /** The job handler that applies one Shopify webhook (SHOPIFY_WEBHOOK_JOB_KIND). */
    shopifyWebhookHandler: channels.shopifyWebhookHandler,
    /** The job handler that syncs one Shopify connection (SHOPIFY_SYNC_JOB_KIND). */
    shopifySyncHandler: channels.shopifySyncHandler,
    /** The job handler of WooCommerce and Wix syncs (CHANNEL_SYNC_JOB_KIND). */
    channelSyncHandler: channels.channelSyncHandler,
    /** The job handler of WooCommerce and Wix webhooks (CHANNEL_WEBHOOK_JOB_KIND). */
    channelWebhookHandler: channels.channelWebhookHandler,
    /** The job handler of imports started from the browser (ORDER_IMPORT_JOB_KIND). */
    orderImportHandler: (deps: {
      listCountries: () => Promise<readonly { code: string; name: string }[]>;
      batchOrders?: number;
    }) => createOrderImportHandler({ db, events, files: importFiles, ...deps }),
    /** The job handler of product imports (PRODUCT_IMPORT_JOB_KIND). */
    productImportHandler: (options: { batchProducts?: number } = {}) =>
      createProductImportHandler({ db, events, files: productImportFiles, ...options }),
    /** Whether the demo history is (being) imported into the store already. */
    hasDemoOrderHistory: (storeId: string) => hasDemoOrderHistory(db, storeId),
  };
};
