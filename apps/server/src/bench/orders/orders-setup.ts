import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '@/app';
import { queryRows } from '@/db/client';
import { openDatabase } from '@/db/open';
import { seedPlatform } from '@/seed/seed';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { benchConfig, type BenchDatabase } from '../import/bench-database';

/**
 * The setup of `npm run bench:orders`, none of it measured: the database as a new installation
 * has it (migrations; the platform's seed, whose countries and states the checkout's address is
 * checked against), one supplier company with `items` catalog items that have a sample price
 * (inserted with Drizzle, as the test factories do: the supplier needs no login), the stores
 * registered through the API, and the rows counted after the runs.
 */
export const prepareCatalog = async (database: BenchDatabase, items: number) => {
  const startedAt = performance.now();
  const config = benchConfig(database);
  const connection = await openDatabase(config);
  try {
    const { app, ...modules } = await buildApp({ config, connection, logger: false });
    try {
      await seedPlatform(modules, connection.db, { seedDemo: false, log: app.log });
    } finally {
      await app.close();
    }
    const { aSupplier, anItem } = createCatalogFactories(connection.db);
    const supplier = await aSupplier({ name: 'Orders Bench Mill' });
    const catalogItemIds: string[] = [];
    for (let index = 0; index < items; index += 1) {
      const item = await anItem({
        supplier,
        title: `Bench Tee ${index + 1}`,
        samplePriceCents: 1500 + (index % 50) * 100,
      });
      catalogItemIds.push(item.id);
    }
    return { catalogItemIds, seconds: (performance.now() - startedAt) / 1000 };
  } finally {
    await connection.close();
  }
};

export type BenchStores = { tokens: string[]; storeIds: string[] };

/** `count` creator stores registered through the running server's API, one token each. */
export const registerStores = async (base: string, count: number): Promise<BenchStores> => {
  const stores: BenchStores = { tokens: [], storeIds: [] };
  const register = async (index: number) => {
    const response = await fetch(`${base}/api/web/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `orders-bench-${index}@example.com`,
        password: 'benchmark-password',
        storeTitle: `Orders benchmark store ${index + 1}`,
        accountType: 'CREATOR',
        usageStyle: 'USE_THE_TOOLS_MYSELF',
      }),
    });
    if (response.status !== 201) {
      throw new Error(`registration failed: ${response.status} ${await response.text()}`);
    }
    const { token, currentUser } = (await response.json()) as {
      token: string;
      currentUser: { store: { id: string } };
    };
    stores.tokens[index] = token;
    stores.storeIds[index] = currentUser.store.id;
  };
  // A few at a time: password hashing is the slow part.
  for (let first = 0; first < count; first += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, count - first) }, (_unused, offset) =>
        register(first + offset),
      ),
    );
  }
  return stores;
};

/** What the project's runs should have left (warm-up included). */
export type Expected = { addedToCart: number; checkedOut: number };

export type RowCheck = Expected & {
  sampleItems: number;
  completedPayments: number;
  otherPayments: number;
  chargedTwice: number;
  chargeEntries: number;
  paymentsWithoutOneCharge: number;
  inProduction: number;
  chargePending: number;
  /** Outbox deliveries not yet delivered when the server stopped, and any retried or dead. */
  outboxPending: number;
  outboxRetried: number;
  outboxDead: number;
  isOk: boolean;
};

/**
 * The rows after the project's runs (the server stopped, the floor not yet started): one
 * COMPLETED payment per checkout answered 200 COMPLETED, no item in two COMPLETED payments, one
 * CHARGE ledger entry per payment, one order item per add to cart answered 201.
 */
export const checkRows = async (database: BenchDatabase, expected: Expected): Promise<RowCheck> => {
  const connection = await openDatabase(benchConfig(database));
  try {
    const [counts] = await queryRows<Omit<RowCheck, keyof Expected | 'isOk'>>(
      connection.db,
      sql`select
        (select count(*)::int from creator_order_items where kind = 'SAMPLE') as "sampleItems",
        (select count(*)::int from creator_payments where status = 'COMPLETED') as "completedPayments",
        (select count(*)::int from creator_payments where status <> 'COMPLETED') as "otherPayments",
        (select count(*)::int from (
          select item_id from creator_payments, unnest(item_ids) as item_id
          where status = 'COMPLETED' group by item_id having count(*) > 1) twice) as "chargedTwice",
        (select count(*)::int from payment_ledger_entries where kind = 'CHARGE') as "chargeEntries",
        (select count(*)::int from creator_payments p where p.status = 'COMPLETED' and (
          select count(*) from payment_ledger_entries l
          where l.payment_id = p.id and l.kind = 'CHARGE') <> 1) as "paymentsWithoutOneCharge",
        (select count(*)::int from creator_order_items where status = 'IN_PRODUCTION') as "inProduction",
        (select count(*)::int from creator_order_items where status = 'CHARGE_PENDING') as "chargePending",
        (select count(*)::int from outbox_deliveries
          where delivered_at is null and dead_at is null) as "outboxPending",
        (select count(*)::int from outbox_deliveries where attempts > 1) as "outboxRetried",
        (select count(*)::int from outbox_deliveries where dead_at is not null) as "outboxDead"`,
    );
    const row = counts!;
    const isOk =
      row.completedPayments === expected.checkedOut &&
      row.sampleItems === expected.addedToCart &&
      row.otherPayments === 0 &&
      row.chargedTwice === 0 &&
      row.paymentsWithoutOneCharge === 0 &&
      row.chargeEntries === row.completedPayments &&
      row.inProduction === row.completedPayments &&
      row.chargePending === 0;
    return { ...expected, ...row, isOk };
  } finally {
    await connection.close();
  }
};

/** How the outbox stood before a reading: pending deliveries, left after waiting, the wait. */
export type Backlog = { before: number; left: number; seconds: number };

const PENDING_DELIVERIES = `select count(*)::int as count from outbox_deliveries
  where delivered_at is null and dead_at is null`;

/**
 * PostgreSQL only (PGlite cannot be read while the server holds it): waits, up to `maxSeconds`,
 * until the outbox has no pending delivery, so a reading does not pay for the event deliveries
 * of the one before it (each write publishes events that two subscribers are handed).
 */
export const outboxDrainer = (databaseUrl: string, maxSeconds = 120) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const pending = async () =>
    (await pool.query<{ count: number }>(PENDING_DELIVERIES)).rows[0]!.count;
  return {
    drain: async (): Promise<Backlog> => {
      const startedAt = performance.now();
      const before = await pending();
      let left = before;
      while (left > 0 && performance.now() - startedAt < maxSeconds * 1000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        left = await pending();
      }
      return { before, left, seconds: (performance.now() - startedAt) / 1000 };
    },
    close: () => pool.end(),
  };
};
