import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { createFulfillmentExportSources } from './fulfillment.export';
import { fulfillmentRoutes } from './fulfillment.routes';
import { createInventoryService } from './inventory.service';
import { createReceivingService, type SourcingReceipts } from './receiving.service';
import { createShipmentService, LABEL_JOB_KIND, type LabelPort } from './shipment.service';
import { createReturnService, type ExchangeOrders } from './return.service';
import { createReturnExportSources } from './return.export';
import { returnRoutes } from './return.routes';
import { createKittingService } from './kitting/kitting.service';
import { createKittingExportSources } from './kitting/kitting.export';
import { createRulesExportSources } from './rules/rules.export';
import { kittingRoutes } from './kitting/kitting.routes';
import { createOrderOptionsService } from './order-options/order-options.service';
import { createOrderOptionsExportSources } from './order-options/order-options.export';
import { orderOptionsRoutes } from './order-options/order-options.routes';
import { createWholesaleService, type WholesaleFiles } from './wholesale/wholesale.service';
import { createWholesaleExportSources } from './wholesale/wholesale.export';
import { wholesaleRoutes } from './wholesale/wholesale.routes';
import { createFees, FULFILLMENT_REPORT_JOB_KIND, type FeesPorts } from './fees';
import { createOrderRules } from './rules';
import { createBookings, type PreSaleAllowance, type TicketOrders } from './bookings';
import type { JobHandler } from '@/modules/jobs';
import type { FileStorage } from '@/modules/files';
import type { Notifier } from '@/modules/notifications';

export type { ExchangeOrders, LabelPort, SourcingReceipts };
export { LABEL_JOB_KIND };
export { previousFeeMonthOf } from './fees/calendar';
export { FULFILLMENT_REPORT_JOB_KIND };
export type { FeesPorts };
export type { PreSaleAllowance, TicketOrders };
export { createShippingProvider } from './shipping/shipping-provider-factory';
export { addWarehouse, type AddWarehouseInput } from './warehouses';

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
  /** The sales module's manual orders, for the variants sent in exchange for returned ones. */
  exchanges: ExchangeOrders;
  /** Where label PDFs are kept (the files module's FileStorage). */
  storage: FileStorage;
  notifier: Notifier;
  /** The jobs module's `startJob`: labels are bought and rendered by LABEL_JOB_KIND jobs. */
  startJob: (storeId: string, kind: string, options: { key: string }) => Promise<unknown>;
  /** Fees and reports (fees/index.ts): the store's plan and e-mail, the jobs' file folders. */
  fees: FeesPorts;
  /** The sales module's store orders, read by warehouse support tickets (bookings/). */
  storeOrders: TicketOrders;
  /** The files module's store uploads, attached to wholesale orders (wholesale/). */
  files: WholesaleFiles;
};

/**
 * Fulfillment module (issue 15; ARCHITECTURE.md §3 `fulfillment`): the center's warehouses, the
 * stock of every variant with its ledger, and the reservation of store orders. A new store order
 * (`sales.order.created`) reserves its lines when the order rules see it (rules/), and canceled
 * units (`sales.order.updated`) give theirs back; a redelivery finds nothing left to do.
 */
export const createFulfillmentModule = ({
  db,
  clock,
  events,
  sourcing,
  labels,
  exchanges,
  storage,
  notifier,
  startJob,
  fees: feePorts,
  storeOrders,
  files,
}: FulfillmentModuleDeps) => {
  // Shipping method and priority per order (order-options/): priority orders pay $10 once.
  const orderOptions = createOrderOptionsService({ db, clock });
  // Wholesale requirements and packing slips per order (wholesale/).
  const wholesale = createWholesaleService({ db, clock, files });
  const fees = createFees({
    db,
    clock,
    events,
    notifier,
    startJob,
    ports: { ...feePorts, isPriorityOrder: orderOptions.isPriorityOrder },
  });
  // Stock changes through the service are followed by low-stock checks (fees/low-stock.ts).
  const inventory = fees.watchInventory(createInventoryService({ db, clock }));
  const receivings = createReceivingService({ db, clock, events, sourcing });
  // Freight, quality checks, pre-sales, support tickets, order packaging (bookings/index.ts).
  const bookings = createBookings({
    db,
    clock,
    addressIssues: (address, at) => labels.addressIssues(address, at),
    orders: storeOrders,
  });
  // Order rules and holds (rules/index.ts): each new order is reserved, then held where needed.
  const orderRules = createOrderRules({
    db,
    clock,
    events,
    notifier,
    addressIssues: (address, at) => labels.addressIssues(address, at),
    reserveOrder: (storeId, orderId) => inventory.reserveOrder(storeId, orderId),
    readReservation: (storeId, orderId) => inventory.readReservation(storeId, orderId),
    waitingUnits: (storeId, variantIds) => inventory.waitingUnits(storeId, variantIds),
    preSaleAllowance: (storeId, variantId) => bookings.preSaleAllowance(storeId, variantId),
    findStoreEmail: (storeId) => feePorts.findStoreEmail(storeId),
  });
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
    holds: orderRules.shipmentHolds,
    chosenShippingMethod: orderOptions.shippingMethodOf,
  });
  const kitting = createKittingService({
    db,
    clock,
    inventory,
    onKitsAssembled: async (storeId, bundleVariantId) => {
      await inventory.reserveWaiting(storeId, [bundleVariantId]);
    },
  });
  const returns = createReturnService({
    db,
    clock,
    events,
    inventory,
    shipments,
    notifier,
    exchanges,
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
  // A return's good units are back on hand: the same for its variants.
  events.subscribe('fulfillment.returned-stock', ['fulfillment.return.received'], async (event) => {
    if (event.payload.restockedVariantIds.length > 0) {
      await inventory.reserveWaiting(event.payload.storeId, event.payload.restockedVariantIds);
    }
  });
  // A new order (`sales.order.created`) is reserved by the order rules' subscriber (rules/), which
  // then holds it for a rule, an address problem or stock no pre-sale covers.
  // Canceled units (a line or the whole order) give their reserved units back.
  events.subscribe('fulfillment.releases', ['sales.order.updated'], async (event) => {
    const { storeId, orderId, changes } = event.payload;
    if (changes.includes('cancelState') || changes.includes('lineItems')) {
      await inventory.releaseCanceled(storeId, orderId);
    }
  });
  // Imported orders (a channel's history or a file) arrive in batches, not one event each: the
  // batch's open orders go through the rules and take stock as a new order does, then older
  // orders still waiting take what is left.
  events.subscribe('fulfillment.imported-orders', ['sales.orders.imported'], async (event) => {
    await orderRules.holds.evaluateOpenOrders(event.payload.storeId);
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
    await app.register(returnRoutes(returns));
    await app.register(kittingRoutes(kitting));
    await app.register(orderOptionsRoutes(orderOptions));
    await app.register(wholesaleRoutes(wholesale));
    await app.register(fees.routes);
    await app.register(orderRules.routes);
    await app.register(bookings.routes);
  };
  return {
    routes,
    inventory,
    receivings,
    shipments,
    returns,
    kitting,
    labelJobHandler,
    /** Order rules and holds; `orderRules.sendHoldDigests(now)` is the daily held-orders digest. */
    orderRules,
    /** Bookings; `bookings.preSaleAllowance(storeId, variantId)` is a variant's pre-sale. */
    bookings,
    /** Fee charging (`fees.fees.chargeStorage`), low-stock alerts and FULFILLMENT_REPORT_JOB_KIND. */
    fees,
    exportSources: [
      ...createFulfillmentExportSources(db),
      ...createReturnExportSources(db),
      ...createKittingExportSources(db),
      ...createOrderOptionsExportSources(db),
      ...createWholesaleExportSources(db),
      ...createRulesExportSources(db),
      ...fees.exportSources,
      ...bookings.exportSources,
    ],
  };
};
export type FulfillmentModule = ReturnType<typeof createFulfillmentModule>;
