import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '@/app';
import { loadConfig, type Config } from '@/config';
import type { DatabaseConnection } from '@/db/client';
import { createManualClock, type ManualClock } from '@/lib/clock';
import { createTestDatabase } from './test-database';

export type TestContext = Awaited<ReturnType<typeof buildApp>> & {
  connection: DatabaseConnection;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
};

/**
 * The whole app on a fresh database with a manual clock, for `app.inject` tests. Environment
 * overrides are read like the real environment (strings).
 */
export const createTestApp = async (
  env: Record<string, string | undefined> = {},
): Promise<TestContext> => {
  const connection = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SEED_DEMO_ORDERS: 'false',
    DATA_DIR: '/nonexistent-test-data-dir',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Tests check answers right after writing; the cache has tests of its own.
    SEARCH_CACHE_TTL_MS: '0',
    // Events are delivered at once; tests wait for them with `dispatcher.drain()`.
    OUTBOX_START_DELAY_MS: '0',
    // Billing renewals run when a test asks (the test clock or `renewals.sweep`), not on a timer.
    BILLING_SWEEP_INTERVAL_MS: '0',
    ...env,
  });
  const clock = createManualClock(new Date());
  const built = await buildApp({ config, connection, clock, logger: false });
  await built.app.ready();
  return {
    ...built,
    connection,
    clock,
    config,
    async close() {
      await built.app.close();
      await connection.close();
    },
  };
};

/**
 * `createTestApp` with a DATA_DIR of its own, a new directory under the system temp dir named
 * `prefix…`; `close()` also removes the directory.
 */
export const createTestAppWithDataDir = async (
  prefix: string,
  env: Record<string, string | undefined> = {},
): Promise<TestContext> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const context = await createTestApp({ DATA_DIR: dataDir, ...env });
  return {
    ...context,
    async close() {
      await context.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** The JSON body of an injected response. */
export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse): T =>
  response.json<T>();
