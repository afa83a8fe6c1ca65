import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createBenchDatabase,
  ENGINE_LABELS,
  type BenchDatabase,
  type Engine,
} from '../import/bench-database';
import { formatEngine, machine, type EngineRun } from './orders-report';
import { benchFloor, benchProject, type RunOptions } from './orders-runs';
import { checkRows, prepareCatalog } from './orders-setup';

/**
 * `npm run bench:orders` (issue 12 "Performance"): the two writes of buying samples — add to cart
 * (`POST /api/web/creator-order-items`) and checkout (`POST /api/web/creator-invoice-payments`,
 * paid with the local provider's test card) — on PGlite and on PostgreSQL. Figures, not
 * pass/fail: timing never fails the run (exit 0 unless the bench itself breaks).
 *
 * Per engine and run: a fresh database (migrations, the platform's seed with the countries and
 * states the shipping address is checked against); one supplier company with `--items` catalog
 * items that have a sample price, inserted with Drizzle; `npm start`'s server in its own process;
 * `--stores` stores registered through its API, one bearer token each. Then, from a load
 * generator in its own process (order-load.ts), each saturated at `--connections` (closed loop,
 * after a warm-up) and then at a fixed rate of half that peak over the same connections (open
 * loop, latency from each request's due time):
 *
 * - `GET /api/health` (one small query): the trivial route, the floor of any request;
 * - add to cart: distinct (store, catalog item) pairs, the stores' tokens in turn, 201 expected;
 * - checkout: one cart item per request (those the add-to-cart runs made through the API, so none
 *   is paid twice), a fresh UUID as `Idempotency-Key`, a US address; 200 COMPLETED expected.
 *
 * Each write publishes outbox events that two subscribers are handed in the background; on
 * PostgreSQL each reading first waits for the outbox to drain (the deliveries the reading before
 * left; the wait is printed). PGlite cannot be read while the server holds it, so there a reading
 * may also pay for the deliveries of the one before.
 *
 * After the server stopped, the rows are counted (payments COMPLETED = checkouts answered 200
 * COMPLETED, no item charged twice, one CHARGE ledger entry each, one cart item per 201). Then the
 * floor (order-floor.ts: bare `node:http`, bare SQL) does the same two writes on the same
 * database, saturated and at the project's fixed rates. Printed per engine and kind: req/s, p50,
 * p95, p99, max, non-2xx and the 1-minute load average of each reading; project/floor ratios; on
 * PostgreSQL the targets (add to cart p95 ≤ 30 ms, checkout p95 ≤ 100 ms, read at the fixed rate,
 * the saturated reading beside) met or NOT met.
 *
 * Flags: --engine pglite|postgres|both (default both; PostgreSQL from DATABASE_URL or the local
 * default), --connections 50, --seconds 15 (per reading), --repeats 1, --stores 50, --items 2000,
 * --keep (leave the database; its location is printed), --profile DIR (a V8 CPU profile of the
 * project's server process, written when it stops).
 */

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    repeats: { type: 'string', default: '1' },
    stores: { type: 'string', default: '50' },
    items: { type: 'string', default: '2000' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const REPEATS = Number(flags.repeats);
const log = (line = '') => process.stdout.write(`${line}\n`);
const options: RunOptions = {
  connections: Number(flags.connections),
  seconds: Number(flags.seconds),
  warmupSeconds: 3,
  stores: Number(flags.stores),
  log,
  serverNodeArgs: flags.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.INIT_CWD ?? '.', flags.profile)}`]
    : [],
};

const benchEngineOnce = async (engine: Engine, repeat: number): Promise<EngineRun> => {
  const database: BenchDatabase = await createBenchDatabase(engine);
  try {
    log(`\n== ${ENGINE_LABELS[engine]}, run ${repeat + 1} of ${REPEATS}`);
    const { catalogItemIds, seconds } = await prepareCatalog(database, Number(flags.items));
    log(
      `   migrated, seeded, ${catalogItemIds.length.toLocaleString('en-US')} catalog items in ${seconds.toFixed(1)} s`,
    );
    const startedAt = machine();
    const project = await benchProject(database, catalogItemIds, options);
    const check = await checkRows(database, project.expected);
    log(`   rows ${check.isOk ? 'ok' : 'MISMATCH'}; the floor… [${machine()}]`);
    const rateOf = (kind: 'add-to-cart' | 'checkout') =>
      project.series.find((series) => series.kind === kind)?.fixed.rate;
    const floor = await benchFloor(
      database,
      project.stores,
      catalogItemIds,
      { 'add-to-cart': rateOf('add-to-cart'), checkout: rateOf('checkout') },
      options,
    );
    return {
      machine: startedAt,
      machineAtEnd: machine(),
      series: [...project.series, ...floor],
      check,
      cartItems: project.cartItems,
      serverErrors: project.serverErrors,
    };
  } finally {
    if (flags.keep) log(`   kept: ${database.databaseUrl ?? database.dataDir}`);
    else await database.drop();
  }
};

const engines: Engine[] =
  flags.engine === 'both' ? ['pglite', 'postgres'] : [flags.engine as Engine];
log(`Atelier orders benchmark: ${machine()}, node ${process.version}`);
const reports: string[] = [];
for (const engine of engines) {
  const runs: EngineRun[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    runs.push(await benchEngineOnce(engine, repeat));
  }
  const report = formatEngine(ENGINE_LABELS[engine], runs, {
    isPostgres: engine === 'postgres',
    connections: options.connections,
    seconds: options.seconds,
  });
  reports.push(report);
  log(report);
}
if (reports.length > 1) log(`\n== All engines${reports.join('\n')}`);
