import path from 'node:path';
import { parseArgs } from 'node:util';
import { exitOf, forkBenchChild, nextMessage } from './bench-child';
import {
  createBenchDatabase,
  ENGINE_LABELS,
  type BenchDatabase,
  type Engine,
} from './bench-database';
import type { FloorImportCommand, FloorImportResult } from './import-floor';
import { formatEngine, machine, type EngineRun } from './import-report';
import type { ImportRunCommand, ImportRunResult } from './import-run';
import { prepareStore, readImportedStore } from './import-store';
import { benchOrderSearch } from './order-search-bench';
import { megabytes } from './rss-sampler';

/**
 * `npm run bench:import` (issue 11 "Performance"): the 541,909 lines of the UCI Online Retail
 * file through the import job, and the orders list searched on the imported store, on PGlite and
 * on PostgreSQL. Figures, not pass/fail: timing never fails the run.
 *
 * Per engine and run: a fresh database (migrations, the platform's seed, one store registered
 * through the API); the import in a process of its own (time; RSS before it, after the database
 * is open and the app built, and its peak, sampled every 250 ms); the floor of the import in the
 * same run (the file read, brotli-decompressed and csv-parsed by hand; then also every row
 * INSERTed as it is into a scratch table), printed as the import's multiple; then the real server
 * in its own process on the imported store, signed in as its user, and at least `--searches`
 * distinct searches of the orders list (order numbers, SKUs and customer ids from the file, tab
 * filters, searches that find nothing) sent by the search bench's load generator in its own
 * process at `--connections` (after a warm-up), then at a fixed rate of half the peak; the floor
 * (bare `node:http`, one statement per request) saturated the same way. The machine's load is
 * printed beside every run.
 *
 * Flags: --engine pglite|postgres|both (default both; PostgreSQL from DATABASE_URL or the local
 * default), --repeats 1, --seconds 20, --connections 50, --searches 2000, --rate N (fixed rate),
 * --direct (call importOrderLines as the job does, without the job runner), --import-only (no
 * search runs), --profile DIR (a V8 CPU profile of the import process), --keep (leave the
 * imported database for EXPLAIN; its location is printed).
 */

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    repeats: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    searches: { type: 'string', default: '2000' },
    rate: { type: 'string' },
    direct: { type: 'boolean', default: false },
    'import-only': { type: 'boolean', default: false },
    profile: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const REPEATS = Number(flags.repeats);
const CONNECTIONS = Number(flags.connections);
const WARMUP_SECONDS = 3;

const log = (line = '') => process.stdout.write(`${line}\n`);

/** Runs one child to its single answer, and waits for it to exit (PGlite: the lock is free). */
const runChild = async <T>(file: string, command: object, nodeArgs: string[] = []) => {
  const child = forkBenchChild(file, {}, nodeArgs);
  try {
    child.send(command);
    return await nextMessage<T>(child);
  } finally {
    await exitOf(child);
  }
};

const runImport = (database: BenchDatabase, storeId: string) =>
  runChild<ImportRunResult>(
    'import-run.ts',
    {
      type: 'run',
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      storeId,
      via: flags.direct ? 'direct' : 'job',
    } satisfies ImportRunCommand,
    flags.profile
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.INIT_CWD ?? '.', flags.profile)}`]
      : [],
  );

const runFloor = (database: BenchDatabase, mode: FloorImportCommand['mode']) =>
  runChild<FloorImportResult>('import-floor.ts', {
    type: 'run',
    mode,
    engine: database.engine,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  } satisfies FloorImportCommand);

const benchEngineOnce = async (engine: Engine, repeat: number): Promise<EngineRun> => {
  const database = await createBenchDatabase(engine);
  try {
    log(`\n== ${ENGINE_LABELS[engine]}, run ${repeat + 1} of ${REPEATS}`);
    const account = await prepareStore(database);
    log(`   migrated, seeded, store registered in ${account.seconds.toFixed(1)} s`);
    const startedAt = machine();
    log(`   importing… [${startedAt}]`);
    const imported = await runImport(database, account.storeId);
    const growth = imported.rss.peakBytes - imported.rss.beforeBytes;
    log(
      `   imported ${imported.orders.toLocaleString('en-US')} orders in ${imported.seconds.toFixed(1)} s (${imported.status}), RSS ${megabytes(imported.rss.beforeBytes)} → peak ${megabytes(imported.rss.peakBytes)} (+${megabytes(growth)})`,
    );
    const { counts, sources } = await readImportedStore(database, account.storeId);
    log(`   floors of the import… [${machine()}]`);
    const parse = await runFloor(database, 'parse');
    const write = await runFloor(database, 'write');
    log(
      `   floor: parse ${parse.seconds.toFixed(1)} s, parse + INSERT ${write.seconds.toFixed(1)} s`,
    );
    let search;
    if (!flags['import-only']) {
      log(`   orders list search… [${machine()}]`);
      search = await benchOrderSearch(database, account, sources, {
        searches: Number(flags.searches),
        connections: CONNECTIONS,
        seconds: Number(flags.seconds),
        warmupSeconds: WARMUP_SECONDS,
        rate: flags.rate ? Number(flags.rate) : undefined,
      });
      const peak = search.project.completed / search.project.seconds;
      log(
        `   project ${peak.toFixed(0)} req/s, p99 ${search.project.overall.p99.toFixed(1)} ms; floor ${(search.floor.completed / search.floor.seconds).toFixed(0)} req/s, p99 ${search.floor.overall.p99.toFixed(1)} ms`,
      );
    }
    return { machine: startedAt, imported, counts, parse, write, search };
  } finally {
    if (flags.keep) log(`   kept: ${database.databaseUrl ?? database.dataDir}`);
    else await database.drop();
  }
};

const engines: Engine[] =
  flags.engine === 'both' ? ['pglite', 'postgres'] : [flags.engine as Engine];
log(`Atelier import benchmark: ${machine()}, node ${process.version}`);
const reports: string[] = [];
for (const engine of engines) {
  const runs: EngineRun[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1)
    runs.push(await benchEngineOnce(engine, repeat));
  const report = formatEngine(ENGINE_LABELS[engine], runs, {
    isPglite: engine === 'pglite',
    connections: CONNECTIONS,
  });
  reports.push(report);
  log(report);
}
if (reports.length > 1) log(`\n== All engines\n${reports.join('\n')}`);
