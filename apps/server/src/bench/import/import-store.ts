import { sql } from 'drizzle-orm';
import { buildApp } from '@/app';
import { queryRows } from '@/db/client';
import { openDatabase } from '@/db/open';
import { seedPlatform } from '@/seed/seed';
import { benchConfig, type BenchDatabase } from './bench-database';
import type { OrderMixSources } from './order-search-mix';

export type BenchAccount = { email: string; password: string; storeId: string };

/**
 * The bench database as a new installation has it: migrations, the platform's seed (reference
 * data, whose countries the import reads; categories; the supplier catalog), and one store,
 * registered through the API as a user registers.
 */
export const prepareStore = async (
  database: BenchDatabase,
): Promise<BenchAccount & { seconds: number }> => {
  const startedAt = performance.now();
  const config = benchConfig(database);
  const connection = await openDatabase(config);
  try {
    const { app, ...modules } = await buildApp({ config, connection, logger: false });
    try {
      await seedPlatform(modules, connection.db, { seedDemo: false, log: app.log });
      const account = { email: 'import-bench@example.com', password: 'benchmark-password' };
      const response = await app.inject({
        method: 'POST',
        url: '/api/web/auth/register',
        payload: {
          ...account,
          storeTitle: 'Import benchmark store',
          accountType: 'CREATOR',
          usageStyle: 'USE_THE_TOOLS_MYSELF',
        },
      });
      if (response.statusCode !== 201) {
        throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
      }
      const { currentUser } = response.json<{ currentUser: { store: { id: string } } }>();
      return {
        ...account,
        storeId: currentUser.store.id,
        seconds: (performance.now() - startedAt) / 1000,
      };
    } finally {
      await app.close();
    }
  } finally {
    await connection.close();
  }
};

/** What the import left in the store, counted in the database. */
export type ImportedCounts = {
  orders: number;
  lines: number;
  customers: number;
  refunds: number;
  canceled: number;
  returns: number;
};

/** The store's imported rows counted, and the sources of the search mix (numbers, SKUs, ids). */
export const readImportedStore = async (
  database: BenchDatabase,
  storeId: string,
): Promise<{ counts: ImportedCounts; sources: OrderMixSources }> => {
  const connection = await openDatabase(benchConfig(database));
  try {
    const [counts] = await queryRows<ImportedCounts>(
      connection.db,
      sql`select
        (select count(*)::int from sales_orders where store_id = ${storeId}) as orders,
        (select count(*)::int from sales_order_lines where store_id = ${storeId}) as lines,
        (select count(*)::int from sales_customers where store_id = ${storeId}) as customers,
        (select count(*)::int from sales_refunds where store_id = ${storeId}) as refunds,
        (select count(*)::int from sales_orders
          where store_id = ${storeId} and cancel_state = 'CANCELED') as canceled,
        (select count(*)::int from sales_orders where store_id = ${storeId} and has_refunds) as returns`,
    );
    const [numbers] = await queryRows<{ min: number; max: number }>(
      connection.db,
      sql`select min(number)::int as min, max(number)::int as max
        from sales_orders where store_id = ${storeId} and prefix = '#'`,
    );
    const skus = await queryRows<{ sku: string; orders: number }>(
      connection.db,
      sql`select sku, count(distinct order_id)::int as orders from sales_order_lines
        where store_id = ${storeId} and sku is not null group by sku order by sku`,
    );
    const customers = await queryRows<{ external_id: string }>(
      connection.db,
      sql`select external_id from sales_customers
        where store_id = ${storeId} and external_id is not null order by external_id`,
    );
    return {
      counts: counts!,
      sources: {
        numbers: numbers!,
        skus,
        customerIds: customers.map((customer) => customer.external_id),
      },
    };
  } finally {
    await connection.close();
  }
};
