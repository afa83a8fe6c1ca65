import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase, pgliteDir } from '@/db/open';
import { loadCategoryTree } from '@/modules/catalog/category.data';
import { buildSeedCatalog } from '@/modules/catalog/catalog-seed.data';
import { createCatalogWriter } from '@/modules/catalog/catalog-writer.repository';
import { seedPlatform } from '@/seed/seed';
import { startServerProcess, type ServerProcess } from '@/testing/server-process';
import { buildBenchItems } from './bench-items';
import type { LoadCommand, LoadResult } from './search-load';
import {
  ITEM_SEARCH_PATH,
  KIND_SHARES,
  SEARCH_KINDS,
  buildSearchMix,
  shuffle,
  type SearchRequest,
  type SearchSpec,
} from './search-mix';
import { formatSpread, spread, type LatencySummary } from './search-stats';

/**
 * `npm run bench` (issue 9): what a user of the item search sees, on PGlite and PostgreSQL.
 *
 * A catalog of 100,000 items (the seed's real factories and base products, varied) is searched
 * with a mix of at least 2,000 distinct searches (real category names, misspelt supplier and
 * category names, regions, MOQ and sample-price buckets, the four sorts, second and deep pages,
 * searches that find nothing), sent by a load generator in its own process to `npm start`'s
 * server in its own process, with the answer cache off (`--cache` adds a run with it on, labelled).
 * Each engine gets: a saturation run (peak req/s, with `/api/health/live` probed at 20/s
 * meanwhile), a fixed-arrival-rate run (latency at 100 req/s on PGlite, at half the peak on
 * PostgreSQL; per search kind), and the floor — the same rows from one prepared statement in a
 * bare `node:http` server — saturated the same way; each run repeated (median and range), the
 * machine's load printed beside it. Never part of `npm test`; figures, not pass/fail.
 *
 * Flags: --engine pglite|postgres|both (default both; PostgreSQL from DATABASE_URL or the local
 * default), --seconds 10, --repeats 3, --connections 32, --items 100000, --searches 2000,
 * --rate N (fixed rate; default as above), --cache, --profile DIR (a V8 CPU profile of each
 * server process, for Chrome DevTools or speedscope), --keep (leave the seeded database for
 * EXPLAIN; its location is printed), --slowest N (each search of the mix once, one at a time,
 * before the runs: the N slowest printed with their URLs, to find the query to EXPLAIN).
 */

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '10' },
    repeats: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    items: { type: 'string', default: '100000' },
    searches: { type: 'string', default: '2000' },
    rate: { type: 'string' },
    cache: { type: 'boolean', default: false },
    profile: { type: 'string' },
    keep: { type: 'boolean', default: false },
    slowest: { type: 'string' },
  },
});
const SECONDS = Number(flags.seconds);
const REPEATS = Number(flags.repeats);
const CONNECTIONS = Number(flags.connections);
const ITEM_COUNT = Number(flags.items);
const SEARCH_COUNT = Number(flags.searches);
const WARMUP_SECONDS = 3;
const STORES = 40;
const FAVORITES_PER_STORE = 30;
const PROBE = { path: '/api/health/live', rate: 20 };
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGETS = {
  postgresFloorRatio: 0.7,
  postgresP99Ms: 50,
  pgliteRate: 100,
  pgliteP99Ms: 100,
  kindToMix: 3,
  healthP99Ms: 50,
};

type Engine = 'pglite' | 'postgres';

const log = (line = '') => process.stdout.write(`${line}\n`);
const machine = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} (1/5/15 min), ${cpus().length} cores`;

/** A scratch database: a PGlite folder or a new PostgreSQL database, dropped afterwards. */
const scratchDatabase = async (engine: Engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-bench-'));
  if (engine === 'pglite') {
    return {
      dataDir,
      databaseUrl: undefined,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      keep: async () => {},
    };
  }
  const name = `atelier_bench_${Date.now().toString(36)}`;
  const adminUrl = new URL(POSTGRES_URL);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
    /** Keeping it: only the admin connection closes. */
    keep: () => admin.end(),
  };
};

/** The platform's seed plus `ITEM_COUNT` varied items, written through the catalog's writer. */
const seedDatabase = async (dataDir: string, databaseUrl: string | undefined) => {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    PORT: '0',
  });
  const connection = await openDatabase(config);
  const started = Date.now();
  try {
    const { app, ...modules } = await buildApp({ config, connection, logger: false });
    await seedPlatform(modules, connection.db, { seedDemo: false, log: pino({ level: 'warn' }) });
    const seed = buildSeedCatalog();
    const writer = createCatalogWriter(connection.db);
    const items = buildBenchItems(seed.items, ITEM_COUNT);
    await writer.upsertItems(items);
    await writer.rebuildSearchWords();
    await writer.vacuumCatalog();
    await app.close();
    return { items: items.map((item) => item.id), seconds: (Date.now() - started) / 1000, seed };
  } finally {
    await connection.close();
  }
};

const api = async <T>(base: string, route: string, init: RequestInit = {}): Promise<T> => {
  const response = await fetch(`${base}${route}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Stores that search at once, each with favourite items, through the API as users make them. */
const createStores = async (base: string, itemIds: readonly string[]) => {
  const tokens: Record<string, string> = {};
  for (let index = 0; index < STORES; index += 1) {
    const { token, currentUser } = await api<{
      token: string;
      currentUser: { store: { id: string } };
    }>(base, '/api/web/auth/register', {
      method: 'POST',
      body: JSON.stringify({
        email: `bench-${index}-${Date.now()}@example.com`,
        password: 'benchmark-password',
        storeTitle: `Benchmark store ${index}`,
        accountType: 'CREATOR',
        usageStyle: 'USE_THE_TOOLS_MYSELF',
      }),
    });
    tokens[token] = currentUser.store.id;
    for (let favorite = 0; favorite < FAVORITES_PER_STORE; favorite += 1) {
      const id = itemIds[(index * 7919 + favorite * 104_729) % itemIds.length]!;
      await api(base, '/api/web/favorites', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({ type: 'ITEM', id }),
      });
    }
  }
  return tokens;
};

type Page = { items: { id: string }[]; nextCursor: string | null };

/**
 * Turns the candidate searches into URLs: later pages by following `nextCursor`, no-result
 * candidates kept only when the server finds nothing, each kind cut to its share.
 */
const resolveMix = async (base: string, token: string, specs: readonly SearchSpec[]) => {
  const headers = { authorization: `Bearer ${token}` };
  const resolved: (SearchRequest & { results: number })[] = [];
  const queue = [...specs];
  const worker = async () => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      let path = `${ITEM_SEARCH_PATH}?${spec.query}`;
      let page = await api<Page>(base, path, { headers });
      let reachedPage = 1;
      while (reachedPage < spec.page && page.nextCursor) {
        path = `${ITEM_SEARCH_PATH}?${spec.query}&cursor=${page.nextCursor}`;
        page = await api<Page>(base, path, { headers });
        reachedPage += 1;
      }
      // A later page must exist; a no-result search must find nothing. Any other page one is
      // kept whatever it finds (a typo or narrow filters may find nothing: users send those too).
      if (reachedPage < spec.page) continue;
      if (spec.kind === 'no-results' && page.items.length > 0) continue;
      resolved.push({ kind: spec.kind, path, results: page.items.length });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const wanted = Math.ceil(SEARCH_COUNT * KIND_SHARES['no-results']);
  const noResults = resolved.filter((request) => request.kind === 'no-results').slice(0, wanted);
  const kept = [...resolved.filter((request) => request.kind !== 'no-results'), ...noResults];
  kept.sort((a, b) => a.path.localeCompare(b.path));
  return shuffle(kept);
};

/** Forks a bench child (the load generator or the floor) with the same loader as this process. */
const forkChild = (file: string, env: Record<string, string | undefined> = {}) =>
  fork(path.join(import.meta.dirname, file), [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

const nextMessage = <T>(child: ChildProcess) =>
  new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench child exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message: T & { type: string; message?: string }) => {
      child.off('exit', onExit);
      if (message.type === 'failed') reject(new Error(message.message));
      else resolve(message);
    });
  });

/** One run of the load generator in its own process. */
const load = async (command: Omit<LoadCommand, 'type'>): Promise<LoadResult> => {
  const child = forkChild('search-load.ts');
  try {
    child.send({ type: 'run', ...command });
    const result = await nextMessage<LoadResult>(child);
    if (result.errors > 0) {
      log(`    ${result.errors} errors, e.g. ${result.errorSamples.join(' | ')}`);
    }
    return result;
  } finally {
    child.kill();
  }
};

const startFloor = async (
  engine: Engine,
  dataDir: string,
  databaseUrl: string | undefined,
  tokens: Record<string, string>,
) => {
  const child = forkChild('search-floor.ts', {
    FLOOR_ENGINE: engine,
    DATABASE_URL: databaseUrl,
    PGLITE_DIR: pgliteDir(dataDir),
    FLOOR_TOKENS: JSON.stringify(tokens),
  });
  const { port } = await nextMessage<{ port: number }>(child);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
};

const startProject = async (dataDir: string, databaseUrl: string | undefined, cacheMs: number) => {
  const server: ServerProcess = startServerProcess(
    {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEARCH_CACHE_TTL_MS: String(cacheMs),
      LOG_LEVEL: 'error',
    },
    flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(flags.profile)}`] : [],
  );
  const { port } = await server.ready;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
};

const latency = (summary: LatencySummary | undefined) =>
  summary
    ? `p50 ${summary.p50.toFixed(1)}  p95 ${summary.p95.toFixed(1)}  p99 ${summary.p99.toFixed(1)} ms`
    : '–';
const verdict = (isMet: boolean) => (isMet ? 'met' : 'NOT met');

/** A sample of the mix (every tenth search, at most 200) whose answers are compared. */
const agreementSample = (requests: readonly SearchRequest[]) =>
  requests.filter((_request, index) => index % 10 === 0).slice(0, 200);

/** The answers of `base` to `sample`, as JSON text (items and next page). */
const answersOf = async (base: string, token: string, sample: readonly SearchRequest[]) => {
  const answers: string[] = [];
  for (const request of sample) {
    const page = await api<Page>(base, request.path, {
      headers: { authorization: `Bearer ${token}` },
    });
    // Keys sorted: the same answer whatever order a serializer writes its fields in.
    answers.push(
      JSON.stringify(page, (_key, value: unknown) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
          : value,
      ),
    );
  }
  return answers;
};

/** Each search once, one at a time: the `count` slowest, to find the query worth an EXPLAIN. */
const printSlowest = async (
  base: string,
  token: string,
  requests: readonly SearchRequest[],
  count: number,
) => {
  const timed: { ms: number; request: SearchRequest }[] = [];
  for (const request of requests) {
    const startedAt = performance.now();
    await api<Page>(base, request.path, { headers: { authorization: `Bearer ${token}` } });
    timed.push({ ms: performance.now() - startedAt, request });
  }
  timed.sort((a, b) => b.ms - a.ms);
  const total = timed.reduce((sum, entry) => sum + entry.ms, 0);
  log(`   one at a time: mean ${(total / timed.length).toFixed(1)} ms; the ${count} slowest:`);
  for (const { ms, request } of timed.slice(0, count)) {
    log(`     ${ms.toFixed(1).padStart(7)} ms  ${request.kind.padEnd(15)} ${request.path}`);
  }
};

const benchEngine = async (engine: Engine) => {
  const database = await scratchDatabase(engine);
  try {
    log(
      `\n== ${engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}: seeding ${ITEM_COUNT.toLocaleString('en-US')} items…`,
    );
    const seeded = await seedDatabase(database.dataDir, database.databaseUrl);
    log(`   seeded in ${seeded.seconds.toFixed(1)} s; ${machine()}`);

    // Stores, favourites and the resolved mix, against the project (cache off).
    let project = await startProject(database.dataDir, database.databaseUrl, 0);
    const tokens = await createStores(project.base, seeded.items);
    const tokenList = Object.keys(tokens);
    const categories = loadCategoryTree();
    const used = new Set(seeded.seed.items.flatMap((item) => item.categoryPath ?? []));
    const sources = {
      categoryNames: [
        ...new Set(
          categories.filter((category) => used.has(category.id)).map((category) => category.name),
        ),
      ],
      categoryIds: [...used],
      supplierNames: seeded.seed.suppliers.map((supplier) => supplier.name),
    };
    const requests = await resolveMix(
      project.base,
      tokenList[0]!,
      buildSearchMix(sources, SEARCH_COUNT),
    );
    const counts = SEARCH_KINDS.map(
      (kind) => `${kind} ${requests.filter((request) => request.kind === kind).length}`,
    ).join(', ');
    log(`   mix: ${requests.length.toLocaleString('en-US')} distinct searches (${counts})`);
    if (flags.slowest)
      await printSlowest(project.base, tokenList[0]!, requests, Number(flags.slowest));
    const common = { requests, tokens: tokenList, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
    const sample = agreementSample(requests);
    const projectAnswers = await answersOf(project.base, tokenList[0]!, sample);

    const saturation: LoadResult[] = [];
    const fixed: LoadResult[] = [];
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      if (repeat > 0) project = await startProject(database.dataDir, database.databaseUrl, 0);
      const before = machine();
      saturation.push(
        await load({
          ...common,
          baseUrl: project.base,
          mode: { kind: 'saturation', connections: CONNECTIONS },
          probe: PROBE,
        }),
      );
      const peak = spread(saturation.map((run) => run.completed / run.seconds)).median;
      const rate = flags.rate
        ? Number(flags.rate)
        : engine === 'pglite'
          ? TARGETS.pgliteRate
          : Math.max(10, Math.round(peak / 2));
      fixed.push(
        await load({
          ...common,
          baseUrl: project.base,
          mode: { kind: 'rate', rate },
          warmupSeconds: 0,
        }),
      );
      const last = saturation[saturation.length - 1]!;
      log(
        `   run ${repeat + 1}: saturation ${(last.completed / last.seconds).toFixed(0)} req/s, ${latency(last.overall)}; health ${latency(last.probe)}; fixed ${rate}/s ${latency(fixed[fixed.length - 1]!.overall)}  [${before}]`,
      );
      if (repeat < REPEATS - 1) await project.stop();
    }

    let cached: LoadResult | undefined;
    if (flags.cache) {
      await project.stop();
      project = await startProject(database.dataDir, database.databaseUrl, 15_000);
      cached = await load({
        ...common,
        baseUrl: project.base,
        mode: { kind: 'saturation', connections: CONNECTIONS },
      });
    }

    // The floor, on the same data; PGlite allows one process, so the project stops first.
    await project.stop();
    const floorRuns: LoadResult[] = [];
    const agreed = { same: 0, differing: [] as string[] };
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      const floor = await startFloor(engine, database.dataDir, database.databaseUrl, tokens);
      if (repeat === 0) {
        const floorAnswers = await answersOf(floor.base, tokenList[0]!, sample);
        floorAnswers.forEach((answer, index) => {
          if (answer === projectAnswers[index]) agreed.same += 1;
          else if (agreed.differing.length < 3) {
            agreed.differing.push(`${sample[index]!.kind} ${sample[index]!.path}`);
          }
        });
      }
      const before = machine();
      floorRuns.push(
        await load({
          ...common,
          baseUrl: floor.base,
          mode: { kind: 'saturation', connections: CONNECTIONS },
        }),
      );
      const last = floorRuns[floorRuns.length - 1]!;
      log(
        `   floor run ${repeat + 1}: ${(last.completed / last.seconds).toFixed(0)} req/s, ${latency(last.overall)}  [${before}]`,
      );
      await floor.stop();
    }

    const perSecond = (runs: LoadResult[]) =>
      spread(runs.map((run) => run.completed / run.seconds));
    const peak = perSecond(saturation);
    const floorPeak = perSecond(floorRuns);
    const ratio = spread(
      saturation.map(
        (run, index) =>
          run.completed / run.seconds / (floorRuns[index]!.completed / floorRuns[index]!.seconds),
      ),
    );
    const fixedP99 = spread(fixed.map((run) => run.overall.p99));
    const healthP99 = spread(saturation.map((run) => run.probe?.p99 ?? NaN));
    log(`\n   Results (${REPEATS} repeats: median (range)); ${machine()}`);
    log(
      `   saturation, ${CONNECTIONS} connections: project ${formatSpread(peak)} req/s, p99 ${formatSpread(spread(saturation.map((run) => run.overall.p99)), 1)} ms`,
    );
    log(
      `   floor (bare node:http + one prepared statement): ${formatSpread(floorPeak)} req/s, p99 ${formatSpread(spread(floorRuns.map((run) => run.overall.p99)), 1)} ms`,
    );
    log(`   project/floor: ${formatSpread(ratio, 2)}`);
    log(
      `   floor answers equal to the project's: ${agreed.same} of ${sample.length} sampled${agreed.differing.length > 0 ? ` (differ: ${agreed.differing.join('; ')})` : ''}`,
    );
    log(
      `   /api/health/live at ${PROBE.rate}/s during saturation: p99 ${formatSpread(healthP99, 1)} ms`,
    );
    log(
      `   fixed arrival rate ${fixed[0] ? Math.round(fixed[0].completed / SECONDS) : 0}/s: p50 ${formatSpread(spread(fixed.map((run) => run.overall.p50)), 1)}  p99 ${formatSpread(fixedP99, 1)} ms`,
    );
    const kindLines = SEARCH_KINDS.map((kind) => {
      const p99 = spread(fixed.map((run) => run.byKind[kind]?.p99 ?? NaN));
      return { kind, p99, ratio: p99.median / fixedP99.median };
    });
    for (const line of kindLines) {
      log(
        `     ${line.kind.padEnd(16)} p99 ${formatSpread(line.p99, 1).padEnd(24)} ${line.ratio.toFixed(2)}× the mix`,
      );
    }
    if (cached) {
      log(
        `   answer cache ON (15 s, labelled: not a result): ${(cached.completed / cached.seconds).toFixed(0)} req/s, ${latency(cached.overall)}`,
      );
    }
    const worstKind = Math.max(...kindLines.map((line) => line.ratio));
    log('   targets:');
    if (engine === 'postgres') {
      log(
        `     peak ≥ ${TARGETS.postgresFloorRatio} × floor: ${verdict(ratio.median >= TARGETS.postgresFloorRatio)} (${ratio.median.toFixed(2)})`,
      );
      log(
        `     p99 ≤ ${TARGETS.postgresP99Ms} ms at half the peak: ${verdict(fixedP99.median <= TARGETS.postgresP99Ms)} (${fixedP99.median.toFixed(1)} ms)`,
      );
    } else {
      log(
        `     p99 ≤ ${TARGETS.pgliteP99Ms} ms at ${TARGETS.pgliteRate} req/s: ${verdict(fixedP99.median <= TARGETS.pgliteP99Ms)} (${fixedP99.median.toFixed(1)} ms)`,
      );
      log(
        `     health p99 ≤ ${TARGETS.healthP99Ms} ms while saturated: ${verdict(healthP99.median <= TARGETS.healthP99Ms)} (${healthP99.median.toFixed(1)} ms)`,
      );
    }
    log(
      `     no kind's p99 above ${TARGETS.kindToMix}× the mix's: ${verdict(worstKind <= TARGETS.kindToMix)} (worst ${worstKind.toFixed(2)}×)`,
    );
  } finally {
    if (flags.keep) {
      await database.keep();
      log(`   kept: ${database.databaseUrl ?? pgliteDir(database.dataDir)}`);
    } else await database.drop();
  }
};

const engines: Engine[] =
  flags.engine === 'both' ? ['pglite', 'postgres'] : [flags.engine as Engine];
log(`Atelier search benchmark: ${machine()}, node ${process.version}`);
for (const engine of engines) await benchEngine(engine);
