import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { countDistinct, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@atelier/contract/jobs/job';
import {
  ORDER_IMPORT_JOB_KIND,
  OrderImportResultSchema,
} from '@atelier/contract/sales/order-import';
import {
  PRODUCT_IMPORT_JOB_KIND,
  ProductImportResultSchema,
} from '@atelier/contract/sales/product-import';
import type { DatabaseConnection } from '@/db/client';
import { createEventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { systemClock } from '@/lib/clock';
import { createJobsModule, type JobHandler, type JobsModule } from '@/modules/jobs';
import { createTestDatabase } from '@/testing/test-database';
import { createOrderImportFiles } from './order-import-files';
import { createOrderImportHandler } from './order-import-job';
import { createProductImportFiles, createProductImportHandler } from './product-import-files';
import {
  salesCustomers,
  salesOrderLines,
  salesOrders,
  salesProducts,
  salesProductVariants,
} from './sales.table';

/**
 * Issue 11 "a restart mid-import leaves no duplicates": the job runner is stopped (as a process
 * shutting down or killed would be) while an import is half written, another runner starts on
 * the same database, the import resumes, and every row is there once.
 */

let connection: DatabaseConnection;
let dataDir: string;
const modules: JobsModule[] = [];
const events = createEventBus();
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  connection = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-import-restart-'));
});
afterAll(async () => {
  for (const module of modules) await module.stop();
  await connection.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A jobs module on the test database: a process's job runner. */
const aRunner = () => {
  const module = createJobsModule({
    db: connection.db,
    connection,
    clock: systemClock,
    events,
    role: 'all',
    dataDir,
    log: quietLog,
    appVersion: '0.0.0-test',
    runnerOptions: { pollingIntervalSeconds: 0.5, cancelCheckMs: 100, stopTimeoutMs: 5000 },
  });
  modules.push(module);
  return module;
};

/** Starts a job through the runner started last (the one running). */
const startJob = (storeId: string, kind: string, options: { key: string; message?: string }) =>
  modules.at(-1)!.jobService.startJob(storeId, kind, options);

/**
 * The handler, except that its first attempt stops once `isHalfway(counts)` holds after a batch
 * was written, and waits there until its runner aborts it.
 */
const stoppingHalfway = (
  handler: JobHandler,
  isHalfway: (counts: Record<string, number>) => boolean,
) => {
  let reached: () => void = () => {};
  const halfway = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const wrapped: JobHandler = (job, context) =>
    handler(job, {
      ...context,
      async reportProgress(progress, message, counts) {
        await context.reportProgress(progress, message, counts);
        if (context.attempt === 1 && counts && isHalfway(counts)) {
          reached();
          await new Promise((_resolve, reject) => {
            context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), {
              once: true,
            });
          });
        }
      },
    });
  return { wrapped, halfway };
};

const waitFor = async (module: JobsModule, storeId: string, jobId: string): Promise<Job> => {
  const actor = { storeId } as Actor;
  for (let round = 0; round < 600; round += 1) {
    const job = await module.jobService.getJob(actor, jobId);
    if (job.status === 'COMPLETED' || job.status === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the job did not end');
};

const ORDERS = 300;
const PRODUCTS = 120;

describe('a restart mid-import (issue 11)', () => {
  it('leaves no duplicate orders, lines or customers', async () => {
    const storeId = 'sto_restartorders';
    const actor = { storeId } as Actor;
    const files = createOrderImportFiles({
      db: connection.db,
      clock: systemClock,
      dataDir,
      startJob,
    });
    const handler = createOrderImportHandler({
      db: connection.db,
      events,
      files,
      listCountries: async () => [],
      batchOrders: 20,
    });
    const rows = ['order_id,placed_at,sku,title,quantity,unit_price,customer_email'];
    for (let order = 1; order <= ORDERS; order += 1) {
      const email = `buyer${order % 40}@example.com`;
      rows.push(`R-${order},2026-01-01 10:00,SKU-A,Tee,1,20.00,${email}`);
      rows.push(`R-${order},2026-01-01 10:00,SKU-B,Cap,2,5.00,${email}`);
    }
    const first = aRunner();
    const { wrapped, halfway } = stoppingHalfway(handler, (counts) => (counts.orders ?? 0) >= 100);
    first.register(ORDER_IMPORT_JOB_KIND, wrapped, { retryDelaySeconds: 1 });
    await first.start();

    const file = await files.receive(actor, {
      fileName: 'orders.csv',
      stream: Readable.from([Buffer.from(rows.join('\n'))]),
    });
    const job = await files.startImport(actor, { fileId: file.id, mode: 'ALL_OR_NOTHING' });
    await halfway;
    const countOrders = async () =>
      (
        await connection.db
          .select({ count: sql<number>`count(*)::int` })
          .from(salesOrders)
          .where(eq(salesOrders.storeId, storeId))
      )[0]!.count;
    const written = await countOrders();
    expect(written).toBeGreaterThanOrEqual(100);
    expect(written).toBeLessThan(ORDERS);

    // The process stops mid-import; another one starts on the same database.
    await first.stop();
    expect(await countOrders()).toBe(written);
    const second = aRunner();
    second.register(ORDER_IMPORT_JOB_KIND, wrapped, { retryDelaySeconds: 1 });
    await second.start();
    const ended = await waitFor(second, storeId, job.id);
    expect(ended.status, ended.error ?? '').toBe('COMPLETED');
    expect(ended.attempts).toBeGreaterThanOrEqual(2);
    expect(OrderImportResultSchema.parse(ended.result)).toMatchObject({
      orders: ORDERS - written,
      skippedOrders: written,
    });

    const [orders] = await connection.db
      .select({
        count: sql<number>`count(*)::int`,
        distinct: countDistinct(salesOrders.externalId),
        numbers: countDistinct(salesOrders.number),
      })
      .from(salesOrders)
      .where(eq(salesOrders.storeId, storeId));
    expect(orders).toEqual({ count: ORDERS, distinct: ORDERS, numbers: ORDERS });
    const [lines] = await connection.db
      .select({ count: sql<number>`count(*)::int` })
      .from(salesOrderLines)
      .where(eq(salesOrderLines.storeId, storeId));
    expect(lines!.count).toBe(ORDERS * 2);
    const customers = await connection.db
      .select({ orderCount: salesCustomers.orderCount })
      .from(salesCustomers)
      .where(eq(salesCustomers.storeId, storeId));
    expect(customers).toHaveLength(40);
    expect(customers.reduce((sum, customer) => sum + customer.orderCount, 0)).toBe(ORDERS);
    await second.stop();
  }, 60_000);

  it('leaves no duplicate products or variants', async () => {
    const storeId = 'sto_restartproducts';
    const actor = { storeId } as Actor;
    const files = createProductImportFiles({
      db: connection.db,
      clock: systemClock,
      dataDir,
      startJob,
    });
    const handler = createProductImportHandler({
      db: connection.db,
      events,
      files,
      batchProducts: 10,
    });
    const rows = ['Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src'];
    for (let product = 1; product <= PRODUCTS; product += 1) {
      rows.push(`p-${product},Product ${product},Size,S,P${product}-S,10.00,`);
      rows.push(`p-${product},,Size,M,P${product}-M,12.00,`);
      rows.push(`p-${product},,,,,,https://images.example.com/p${product}.jpg`);
    }
    const first = aRunner();
    const { wrapped, halfway } = stoppingHalfway(handler, (counts) => (counts.products ?? 0) >= 40);
    first.register(PRODUCT_IMPORT_JOB_KIND, wrapped, { retryDelaySeconds: 1 });
    await first.start();

    const file = await files.receive(actor, {
      fileName: 'products.csv',
      stream: Readable.from([Buffer.from(rows.join('\n'))]),
    });
    const job = await files.startImport(actor, {
      fileId: file.id,
      mode: 'ALL_OR_NOTHING',
      currencyCode: 'USD',
    });
    await halfway;
    const countProducts = async () =>
      (
        await connection.db
          .select({ count: sql<number>`count(*)::int` })
          .from(salesProducts)
          .where(eq(salesProducts.storeId, storeId))
      )[0]!.count;
    const written = await countProducts();
    expect(written).toBeGreaterThanOrEqual(40);
    expect(written).toBeLessThan(PRODUCTS);

    await first.stop();
    expect(await countProducts()).toBe(written);
    const second = aRunner();
    second.register(PRODUCT_IMPORT_JOB_KIND, wrapped, { retryDelaySeconds: 1 });
    await second.start();
    const ended = await waitFor(second, storeId, job.id);
    expect(ended.status, ended.error ?? '').toBe('COMPLETED');
    expect(ProductImportResultSchema.parse(ended.result)).toMatchObject({
      products: PRODUCTS - written,
      unchangedProducts: written,
    });

    expect(await countProducts()).toBe(PRODUCTS);
    const [variants] = await connection.db
      .select({
        count: sql<number>`count(*)::int`,
        skus: countDistinct(salesProductVariants.sku),
      })
      .from(salesProductVariants)
      .where(eq(salesProductVariants.storeId, storeId));
    expect(variants).toEqual({ count: PRODUCTS * 2, skus: PRODUCTS * 2 });
  }, 60_000);
});
