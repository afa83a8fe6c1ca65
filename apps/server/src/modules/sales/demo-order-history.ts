import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { DATA_ROOT } from '@/lib/paths';
import type { JobHandler } from '@/modules/jobs';
import { createCatalogFromOrderLines } from './demo-catalog';
import { importOrderLines } from './order-import';
import {
  salesCustomers,
  salesOrderLines,
  salesOrders,
  salesRefundLines,
  salesRefunds,
} from './sales.table';

/** The job that gives the demo store its order history (issue 11). */
export const DEMO_ORDER_HISTORY_JOB_KIND = 'sales.demo-order-history';

/** The real order history the demo store imports (docs/import-orders.md, CC BY 4.0). */
export const DEMO_ORDER_HISTORY_FILE = path.join(
  DATA_ROOT,
  'uci-online-retail',
  'online_retail.csv.br',
);
export const DEMO_ORDER_HISTORY_CHANNEL = 'import:online_retail';

type Log = { info: (details: object, message: string) => void };

/**
 * Imports DEMO_ORDER_HISTORY_FILE into the job's store through the order-lines import: 22,064
 * orders, their customers and refunds; then the goods they sell become the store's products
 * (createCatalogFromOrderLines). Progress goes to the job (and its progress bar) and to
 * the log every 10 %. Idempotent: a resumed or repeated run records nothing twice.
 */
export const createDemoOrderHistoryHandler = (deps: {
  db: Database;
  events: EventBus;
  listCountries: () => Promise<readonly { code: string; name: string }[]>;
  log: Log;
}): JobHandler => {
  return async (_job, context) => {
    let lastLogged = -10;
    const report = await importOrderLines({
      db: deps.db,
      events: deps.events,
      storeId: context.storeId,
      channel: DEMO_ORDER_HISTORY_CHANNEL,
      mode: 'VALID_ROWS',
      listCountries: deps.listCountries,
      open: () => createReadStream(DEMO_ORDER_HISTORY_FILE),
      compression: 'brotli',
      sizeBytes: statSync(DEMO_ORDER_HISTORY_FILE).size,
      signal: context.signal,
      onProgress: async (progress, message, current) => {
        await context.reportProgress(progress, message, {
          orders: current.orders,
          refunds: current.refunds,
        });
        if (progress >= lastLogged + 10) {
          lastLogged = progress;
          deps.log.info(
            { progress, orders: current.orders, refunds: current.refunds },
            'demo order history importing',
          );
        }
      },
    });
    // PGlite has no autovacuum: without statistics the planner reads the 22,064 orders by the
    // wrong index for the list's sorts, and joins the 541,909 lines to their orders for the
    // catalog below in minutes instead of seconds; without VACUUM no index answers alone (the
    // tab counts, a SKU's orders). PostgreSQL would do both later on its own, while the first
    // visitors search the store: done here, once, on both. analytics_order_items (kept by the
    // database from the lines and refunds, issue 14) likewise, for the products views.
    await deps.db.execute(
      sql`VACUUM (ANALYZE) ${salesOrders}, ${salesCustomers}, ${salesOrderLines}, ${salesRefunds}, ${salesRefundLines}, analytics_order_items, analytics_product_days`,
    );
    // The goods its orders sell become its products (/inventory).
    const catalog = await createCatalogFromOrderLines({
      db: deps.db,
      events: deps.events,
      storeId: context.storeId,
      channel: DEMO_ORDER_HISTORY_CHANNEL,
    });
    deps.log.info(
      {
        orders: report.orders,
        alreadyThere: report.skippedOrders,
        refunds: report.refunds,
        products: catalog.products,
        issues: report.issueCount,
      },
      'demo order history imported',
    );
    return { orders: report.orders + report.skippedOrders, refunds: report.refunds };
  };
};

/** Whether the store has any order of the demo history (imported before, or being imported). */
export const hasDemoOrderHistory = async (db: Database, storeId: string): Promise<boolean> => {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(salesOrders)
    .where(
      and(eq(salesOrders.storeId, storeId), eq(salesOrders.channel, DEMO_ORDER_HISTORY_CHANNEL)),
    )
    .limit(1);
  return row !== undefined;
};
