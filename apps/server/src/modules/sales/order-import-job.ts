import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { OrderImportResult } from '@atelier/contract/sales/order-import';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { JobHandler } from '@/modules/jobs';
import { importOrderLines } from './order-import';
import type { OrderImportFiles } from './order-import-files';

/**
 * The job of an order import started from the browser (ORDER_IMPORT_JOB_KIND; its key is the
 * uploaded file's id and the mode). Runs `importOrderLines` on the stored file into the job's
 * store, in the channel `import:<format>`, so re-importing the same orders records nothing twice.
 * Progress and counts (orders, refunds) go to the job; its result is an OrderImportResult.
 * Throws when the file is gone (the job fails with that message).
 */
export const createOrderImportHandler = (deps: {
  db: Database;
  events: EventBus;
  files: OrderImportFiles;
  listCountries: () => Promise<readonly { code: string; name: string }[]>;
  /** Orders per batch (the import's default unless a test says otherwise). */
  batchOrders?: number;
}): JobHandler => {
  return async (_job, context) => {
    const found = await deps.files.findForJob(context.storeId, context.key);
    if (!found) throw new Error('The uploaded file of this import is no longer kept.');
    const { size } = await stat(found.filePath);
    const mode = found.mode ?? 'ALL_OR_NOTHING';
    const report = await importOrderLines({
      db: deps.db,
      events: deps.events,
      storeId: context.storeId,
      channel: `import:${found.layout}`,
      mode,
      listCountries: deps.listCountries,
      open: () => createReadStream(found.filePath),
      compression: found.row.compression,
      sizeBytes: size,
      signal: context.signal,
      ...(deps.batchOrders ? { batchOrders: deps.batchOrders } : {}),
      onProgress: (progress, message, current) =>
        context.reportProgress(progress, message, {
          orders: current.orders,
          refunds: current.refunds,
        }),
    });
    const result: OrderImportResult = {
      layout: report.layout,
      mode,
      rows: report.rows,
      orders: report.orders,
      customers: report.customers,
      skippedOrders: report.skippedOrders,
      refunds: report.refunds,
      unmatchedRefunds: report.unmatchedRefunds,
      issueCount: report.issueCount,
      issues: report.issues,
    };
    await context.reportProgress(100, report.orders > 0 ? 'Imported' : 'Nothing imported', {
      orders: report.orders,
      refunds: report.refunds,
    });
    return result;
  };
};
