import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { buildSeedCatalog } from '@/modules/catalog/catalog-seed.data';
import { createCatalogWriter } from '@/modules/catalog/catalog-writer.repository';
import { seedPlatform } from '@/seed/seed';
import { buildBenchItems } from './bench-catalog';

/**
 * `npm run bench` (issue #3): seeds a separate catalog of 100,000 items and measures, with
 * autocannon at 50 connections, the item search with a text query plus two filters against the
 * server's own trivial route, on PGlite and (when DATABASE_URL is set) on PostgreSQL. Prints
 * req/s and p50/p95/p99 for each and the search/trivial ratio. Never part of `npm test`.
 */
const ITEM_COUNT = Number(process.env.BENCH_ITEMS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const SEARCH_PATH = '/api/web/catalog-items?searchKey=cotton&region=AS&moq=UNITS_100_1000';
const TRIVIAL_PATH = '/api/health/live';

type Figures = { requestsPerSecond: number; p50: number; p95: number; p99: number; errors: number };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const measure = async (url: string, headers: Record<string, string>): Promise<Figures> => {
  // A short warm-up so plans and caches are in place before measuring.
  await autocannon({ url, connections: 10, duration: 2, headers });
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S, headers },
      (error, finished) => (error ? reject(error as Error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode !== 200) errors += 1;
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.non2xx,
  };
};

const benchEngine = async (engine: 'pglite' | 'postgres') => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const name = `atelier_bench_${Date.now().toString(36)}`;
    const adminUrl = new URL(process.env.DATABASE_URL!);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    SEED_DEMO: 'false',
    PORT: '0',
    SEARCH_CACHE_TTL_MS: process.env.SEARCH_CACHE_TTL_MS,
    SESSION_CACHE_TTL_MS: process.env.SESSION_CACHE_TTL_MS,
  });
  const connection = await openDatabase(config);
  try {
    const { app, ...modules } = await buildApp({ config, connection, logger: false });
    await seedPlatform(modules, connection.db, { seedDemo: false, log: pino({ level: 'warn' }) });
    const seed = buildSeedCatalog();
    const writer = createCatalogWriter(connection.db);
    const started = Date.now();
    await writer.upsertSuppliers(seed.suppliers);
    const benchItems = buildBenchItems(seed.items, ITEM_COUNT);
    await writer.upsertItems(benchItems);
    if (engine === 'postgres') await connection.pool!.query('ANALYZE');
    else await connection.pglite!.query('ANALYZE');
    const seededIn = (Date.now() - started) / 1000;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const registered = await fetch(`${base}/api/web/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@example.com`,
        password: 'benchmark-password',
        storeTitle: 'Benchmark',
        accountType: 'CREATOR',
        usageStyle: 'USE_THE_TOOLS_MYSELF',
      }),
    });
    const { token } = (await registered.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const probe = await fetch(`${base}${SEARCH_PATH}`, { headers });
    const probeBody = (await probe.json()) as { items: unknown[] };

    const search = await measure(`${base}${SEARCH_PATH}`, headers);
    const trivial = await measure(`${base}${TRIVIAL_PATH}`, {});
    await app.close();
    return {
      engine,
      seededIn,
      items: benchItems.length,
      firstPage: probeBody.items.length,
      search,
      trivial,
    };
  } finally {
    await connection.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const format = (figures: Figures) =>
  `${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(1).padStart(6)} ms  p95 ${figures.p95.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms  errors ${figures.errors}`;

const engines: ('pglite' | 'postgres')[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];
const TARGET_P99 = { pglite: 60, postgres: 25 };
for (const engine of engines) {
  const result = await benchEngine(engine);
  process.stdout.write(
    [
      '',
      `== ${engine}: ${result.items.toLocaleString('en-US')} items (seeded in ${result.seededIn.toFixed(1)} s), ${CONNECTIONS} connections, ${DURATION_S} s each`,
      `  search  GET ${SEARCH_PATH} (${result.firstPage} results on page one)`,
      `          ${format(result.search)}`,
      `  trivial GET ${TRIVIAL_PATH}`,
      `          ${format(result.trivial)}`,
      `  ratio search/trivial: ${(result.trivial.requestsPerSecond / result.search.requestsPerSecond).toFixed(2)}x slower, p99 ${(result.search.p99 / result.trivial.p99).toFixed(2)}x`,
      `  target p99 <= ${TARGET_P99[engine]} ms: ${result.search.p99 <= TARGET_P99[engine] ? 'met' : 'NOT met'}`,
      '',
    ].join('\n'),
  );
}
