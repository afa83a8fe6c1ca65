import { parseArgs } from 'node:util';
import { exitOf, forkBenchChild, nextMessage } from '../import/bench-child';
import {
  createBenchDatabase,
  ENGINE_LABELS,
  type BenchDatabase,
  type Engine,
} from '../import/bench-database';
import type { ImportRunCommand, ImportRunResult } from '../import/import-run';
import { prepareStore, readImportedStore, type BenchAccount } from '../import/import-store';
import { machine } from '../orders/orders-report';
import {
  findStoreOf,
  forgetModelFits,
  runAnchors,
  type AnchorRun,
  type ProjectAnswers,
} from './analytics-anchors';
import { timeSimulatedFits, type FitTiming } from './analytics-fit';
import { getJson, loadProject, startProject } from './analytics-project';
import { formatEngine, type EngineRun } from './analytics-report';
import { predictiveRequests, viewRequests, distinctRanges } from './analytics-requests';

/**
 * `npm run bench:analytics` (issue 14 "Performance"): every analytics view and the predictive
 * model on the demo store's real history (the UCI Online Retail file, 541,909 lines, through the
 * import job), on PGlite and on PostgreSQL. Figures, not pass/fail: timing never fails the run.
 *
 * Per engine: a fresh database (migrations, the platform's seed, one store registered through the
 * API), the import in a process of its own; then `npm start`'s server in its own process, and from
 * the load generator in its own process (analytics-load.ts), one person's use: every view asked
 * `--per-view` times, each time over a different range (no answer can come from an earlier one;
 * the app keeps no cache of views), one request at a time, after a warm-up over other ranges; the
 * predictive model fitted on `--fits` different calibration ends (each a real fit: the fit cache
 * is keyed by the calibration end). Then, the server stopped, the anchors on the same rows and
 * ranges (analytics-anchors.ts): the cohort matrix, RFM scores and cross-selling pairs written by
 * hand as single SQL statements on the bare driver (the floor), and the same three in DuckDB
 * (`@duckdb/node-api`, in memory, the rows copied in first), with the project's answers checked
 * against the floor's. Last, BG/NBD + Gamma-Gamma fitted on 5,000 simulated customers.
 *
 * Printed: per view p50, p95 and max (ms) and the largest answer; the targets on PostgreSQL
 * (every view ≤ 300 ms, the cohort matrix ≤ 1 s, the fit of 5,000 customers ≤ 200 ms) met or NOT
 * met at p95; the machine's load beside each run.
 *
 * Flags: --engine pglite|postgres|both (default both), --per-view 9, --fits 6, --connections 1,
 * --keep (leave the database; its location is printed), --reuse DIR|URL (an imported database a
 * run with --keep left, for the engine given: skips the import).
 */

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    'per-view': { type: 'string', default: '9' },
    fits: { type: 'string', default: '6' },
    connections: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});
const PER_VIEW = Number(flags['per-view']);
const FITS = Number(flags.fits);
const CONNECTIONS = Number(flags.connections);
const ACCOUNT_PASSWORD = 'benchmark-password';
const ACCOUNT_EMAIL = 'import-bench@example.com';

const log = (line = '') => process.stdout.write(`${line}\n`);

const runImport = async (database: BenchDatabase, storeId: string) => {
  const child = forkBenchChild('import-run.ts');
  try {
    child.send({
      type: 'run',
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      storeId,
      via: 'job',
    } satisfies ImportRunCommand);
    return await nextMessage<ImportRunResult>(child);
  } finally {
    await exitOf(child);
  }
};

/** A database a `--keep` run left: a PGlite data folder or a PostgreSQL URL. */
const reusedDatabase = (engine: Engine, location: string): BenchDatabase => ({
  engine,
  dataDir: engine === 'pglite' ? location : '/tmp',
  databaseUrl: engine === 'postgres' ? location : undefined,
  drop: async () => undefined,
});

const prepare = async (
  engine: Engine,
): Promise<{ database: BenchDatabase; account: BenchAccount }> => {
  if (flags.reuse) {
    const database = reusedDatabase(engine, flags.reuse);
    const { storeId } = await findStoreOf(database);
    log(`   reusing ${flags.reuse}`);
    return { database, account: { email: ACCOUNT_EMAIL, password: ACCOUNT_PASSWORD, storeId } };
  }
  const database = await createBenchDatabase(engine);
  const account = await prepareStore(database);
  log(`   migrated, seeded, store registered in ${account.seconds.toFixed(1)} s; importing…`);
  const imported = await runImport(database, account.storeId);
  log(
    `   imported ${imported.orders.toLocaleString('en-US')} orders in ${imported.seconds.toFixed(1)} s (${imported.status})`,
  );
  return { database, account };
};

const benchEngine = async (engine: Engine): Promise<EngineRun> => {
  log(`\n== ${ENGINE_LABELS[engine]}`);
  const { database, account } = await prepare(engine);
  try {
    const { counts } = await readImportedStore(database, account.storeId);
    log(
      `   the store: ${counts.orders.toLocaleString('en-US')} orders, ${counts.lines.toLocaleString('en-US')} lines, ${counts.customers.toLocaleString('en-US')} customers, ${counts.refunds.toLocaleString('en-US')} refunds`,
    );
    await forgetModelFits(database);
    const project = await startProject(database, account);
    let views;
    let fits;
    let lastDay: string;
    let answers: ProjectAnswers;
    try {
      const first = await getJson<{ range: { to: string } }>(
        project,
        '/api/web/analytics/views/analytics?',
      );
      lastDay = first.range.to;
      // Warm-up: every view once over a range the measured runs never ask for.
      const warmupDay = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 3 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      log(`   last order day ${lastDay}; warm-up… [${machine()}]`);
      await loadProject(project, viewRequests(warmupDay, 1), 1);
      const startedAt = machine();
      log(`   views, ${PER_VIEW} distinct ranges each, ${CONNECTIONS} at a time… [${startedAt}]`);
      views = {
        ...(await loadProject(project, viewRequests(lastDay, PER_VIEW), CONNECTIONS)),
        machine: startedAt,
      };
      log(`   predictive model, ${FITS} calibration ends… [${machine()}]`);
      fits = await loadProject(project, predictiveRequests(lastDay, FITS), 1);
      const [range] = distinctRanges(lastDay, 1);
      answers = {
        cohorts: await getJson(
          project,
          `/api/web/analytics/views/analytics-cohorts?from=${range!.from}&to=${range!.to}`,
        ),
        rfm: await getJson(
          project,
          `/api/web/analytics/views/analytics-rfm?from=${range!.from}&to=${range!.to}`,
        ),
        crossSelling: await getJson(
          project,
          `/api/web/analytics/views/product-cross-selling-analysis?from=${range!.from}&to=${range!.to}`,
        ),
      };
    } finally {
      await project.stop();
    }
    log(`   anchors (floor SQL, DuckDB)… [${machine()}]`);
    const anchors: AnchorRun = await runAnchors(
      database,
      account.storeId,
      lastDay,
      PER_VIEW,
      answers,
    );
    const fit: FitTiming = timeSimulatedFits(5_000, 5);
    return { engine, counts, views, fits, anchors, fit };
  } finally {
    if (flags.keep || flags.reuse) log(`   kept: ${database.databaseUrl ?? database.dataDir}`);
    else await database.drop();
  }
};

const engines: Engine[] =
  flags.engine === 'both' ? ['pglite', 'postgres'] : [flags.engine as Engine];
log(`Atelier analytics benchmark: ${machine()}, node ${process.version}`);
const reports: string[] = [];
for (const engine of engines) {
  const report = formatEngine(ENGINE_LABELS[engine], await benchEngine(engine));
  reports.push(report);
  log(report);
}
if (reports.length > 1) log(`\n== All engines\n${reports.join('\n')}`);
