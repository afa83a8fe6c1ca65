import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  feeEndpoints as api,
  FULFILLMENT_REPORT_JOB_KIND,
  reportJobKey,
} from '@atelier/contract/fulfillment/fees';
import type { Job } from '@atelier/contract/jobs/job';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import { routeOptions } from '@/lib/endpoint';
import type { Notifier } from '@/modules/notifications';
import { createFeeService, type FeePorts } from './fee.service';
import { createFeesExportSources } from './fees.export';
import { createLowStockService, watchLowStock } from './low-stock';
import { computeMetrics } from './metrics';
import { createReportJobHandler } from './reports';

export { FULFILLMENT_REPORT_JOB_KIND };
export { registerReport, type ReportDefinition } from './reports';
export type { FeePorts } from './fee.service';

/** What the fees, reports and low-stock alerts need besides the fulfillment module's own. */
export type FeesPorts = FeePorts & {
  /** The store's contact e-mail (identity's directory): low-stock alerts go there. */
  findStoreEmail(storeId: string): Promise<string | undefined>;
  /** The jobs module's folder of a job's files (`jobFilesDir(dataDir, jobId)`). */
  jobFilesDir(jobId: string): string;
};

export type FeesDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  notifier: Notifier;
  /** The jobs module's `startJob` (reports are FULFILLMENT_REPORT_JOB_KIND jobs). */
  startJob: (storeId: string, kind: string, options: { key: string }) => Promise<unknown>;
  ports: FeesPorts;
  log?: { warn(object: unknown, message: string): void };
};

/**
 * Issue 15 fees and reports (spec §9, §7 financial-export-job and inventory-counts,
 * /fulfillment-metrics), built by the fulfillment module's index.ts:
 * - pick and pack charged once per shipped order (`fulfillment.shipment.created`);
 * - `fees.chargeStorage(storeId, 'YYYY-MM')`: a month's storage and 1 % cash back, idempotent
 *   (no periodic sweep calls it yet: `fees.chargeStorageForAllStores(month)` is there for one);
 * - report jobs (`reportJobHandler`, register FULFILLMENT_REPORT_JOB_KIND in app.ts);
 * - low-stock alerts: wrap the inventory service with `watchInventory`;
 * - routes: reports, metrics, inventory counts, the stock CSV, low-stock thresholds.
 */
export const createFees = ({ db, clock, events, notifier, startJob, ports, log }: FeesDeps) => {
  const fees = createFeeService({ db, clock, ports });
  const lowStock = createLowStockService({
    db,
    clock,
    notifier,
    findStoreEmail: (storeId) => ports.findStoreEmail(storeId),
    ...(log ? { log } : {}),
  });

  // Pick and pack once per order: a redelivery or the order's next parcel charges nothing.
  events.subscribe('fulfillment.order-fees', ['fulfillment.shipment.created'], async (event) => {
    const { storeId, orderId, shipmentId } = event.payload;
    await fees.chargeShippedOrder(storeId, orderId, shipmentId);
  });
  // Received units may lift a low variant back above its threshold (the alert is re-armed).
  events.subscribe('fulfillment.low-stock', ['fulfillment.receiving.received'], async (event) => {
    await lowStock.check(event.payload.storeId, event.payload.variantIds);
  });

  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(api.startReport.path, routeOptions(api.startReport), async (request, reply) => {
      const started = (await startJob(request.actor.storeId, FULFILLMENT_REPORT_JOB_KIND, {
        key: reportJobKey(request.body),
      })) as { job: Job };
      return reply.status(202).send(started.job);
    });
    app.get(api.metrics.path, routeOptions(api.metrics), async (request) =>
      computeMetrics(db, request.actor.storeId, request.query),
    );
    app.get(api.inventoryCounts.path, routeOptions(api.inventoryCounts), async (request) =>
      lowStock.counts(request.actor.storeId),
    );
    const { schema, config } = routeOptions(api.inventoryCsv);
    app.get(
      api.inventoryCsv.path,
      { schema: { summary: schema.summary, tags: schema.tags }, config },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="inventory.csv"')
          .header('cache-control', 'private, no-store')
          .send(await lowStock.stockCsv(request.actor.storeId)),
    );
    app.get(api.getLowStock.path, routeOptions(api.getLowStock), async (request) =>
      lowStock.getSetting(request.actor.storeId, request.params.variantId),
    );
    app.put(api.setLowStock.path, routeOptions(api.setLowStock), async (request) =>
      lowStock.setThreshold(
        request.actor.storeId,
        request.params.variantId,
        request.body.threshold,
      ),
    );
  };

  return {
    routes,
    fees,
    lowStock,
    /** The inventory service whose stock changes are followed by low-stock checks. */
    watchInventory: <T extends Parameters<typeof watchLowStock>[0]>(inventory: T) =>
      watchLowStock(inventory, lowStock),
    /** FULFILLMENT_REPORT_JOB_KIND's handler (register it with the jobs module in app.ts). */
    /** The fee charges and low-stock settings in "Export my data". */
    exportSources: createFeesExportSources(db),
    reportJobHandler: createReportJobHandler({
      db,
      jobFilesDir: (jobId) => ports.jobFilesDir(jobId),
    }),
  };
};
export type Fees = ReturnType<typeof createFees>;
