import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startBenchServer, type BenchServer } from './bench-chat-process';
import { connectPairs, createRelay, type Relay } from './bench-chat-relay';
import { createDeliveryTracker } from './bench-chat-tracker';
import {
  formatChatBench,
  percentile,
  RAMP_STEP_SECONDS,
  SUSTAINED_P99_MS,
  SUSTAINED_SHARE,
  type RampStep,
} from './bench-chat-report';

/**
 * `npm run bench:chat` (issue 4 "Performance"): one server process (a child, so its memory is
 * its own) with 1,000 creator–supplier pairs = 2,000 authenticated sockets. Measures server
 * memory per idle socket, then relays messages through the HTTP send endpoints and measures
 * delivery to the other party's socket: messages per second and latency p50/p95/p99. The send
 * rate is found by a ramp (the highest step the server keeps up with) unless `--rate` fixes it.
 * PGlite in a temporary DATA_DIR by default; `--postgres` (or DATABASE_URL) uses a temporary
 * database on that PostgreSQL server. Exits non-zero only when setup fails, never on timing.
 */
const USAGE = `usage: npm run bench:chat -- [--postgres] [--seconds 15] [--rate N] [--warmup 3]
                              [--pairs 1000] [--one-way]`;
const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECT_CONCURRENCY = 50;
/** Sockets sit idle this long before the memory reading (handshake garbage is collected too). */
const IDLE_SETTLE_MS = 3_000;
const DRAIN_TIMEOUT_MS = 5_000;
const MAX_IN_FLIGHT = 500;
/** Total send rates (messages per second) tried in turn when `--rate` is not given. */
const RAMP_RATES = [25, 50, 75, 100, 150, 200, 300, 400, 600, 800];
/** Pause after the ramp, so a step the server fell behind in does not spill into the run. */
const RAMP_SETTLE_MS = 2_000;

const readOptions = () => {
  const { values } = parseArgs({
    options: {
      postgres: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '15' },
      rate: { type: 'string' },
      pairs: { type: 'string', default: '1000' },
      warmup: { type: 'string', default: '3' },
      'one-way': { type: 'boolean', default: false },
    },
  });
  const positive = (name: string, text: string | undefined, isZeroAllowed = false) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0 || (value === 0 && !isZeroAllowed)) {
      throw new Error(`--${name} must be a positive number\n${USAGE}`);
    }
    return value;
  };
  return {
    engine:
      values.postgres || process.env.DATABASE_URL ? ('postgres' as const) : ('pglite' as const),
    seconds: positive('seconds', values.seconds),
    rate: values.rate === undefined ? undefined : positive('rate', values.rate),
    pairs: Math.round(positive('pairs', values.pairs)),
    warmupSeconds: positive('warmup', values.warmup, true),
    isBothWays: !values['one-way'],
  };
};

/** A fresh database on the PostgreSQL server of DATABASE_URL (or the local default). */
const createBenchDatabase = async () => {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES_URL;
  const name = `atelier_bench_chat_${Date.now().toString(36)}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};

const cleanups: (() => unknown)[] = [];
let cleaning: Promise<void> | undefined;
/** Undoes setup in reverse order, once, however many paths (error, signal) ask for it. */
const cleanUp = () =>
  (cleaning ??= (async () => {
    while (cleanups.length > 0) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        process.stderr.write(`cleanup: ${(error as Error).message}\n`);
      }
    }
  })());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Tries the ramp's rates in turn until the server falls behind: kept up means no send refused,
 * nearly every message delivered within the step (plus a second) and p99 within a bound. Returns
 * the highest rate kept up with (the lowest when none was) and every step tried.
 */
const findSustainedRate = async (relay: Relay) => {
  const ramp: RampStep[] = [];
  let rate = RAMP_RATES[0]!;
  for (const stepRate of RAMP_RATES) {
    process.stderr.write(`bench:chat: ramp step ${stepRate} msg/s for ${RAMP_STEP_SECONDS} s…\n`);
    const step = await relay(stepRate, RAMP_STEP_SECONDS);
    const isSustained =
      step.result.failures.length === 0 &&
      step.result.skipped === 0 &&
      step.deliveredInTime >= SUSTAINED_SHARE * step.result.sent &&
      percentile(step.deliveries.latencies, 99) <= SUSTAINED_P99_MS;
    ramp.push({ ...step, rate: stepRate, isSustained });
    if (!isSustained) break;
    rate = stepRate;
  }
  await pause(RAMP_SETTLE_MS);
  return { rate, ramp };
};

/** The server child on a temporary DATA_DIR and, for PostgreSQL, a temporary database. */
const startServer = async (engine: 'pglite' | 'postgres') => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-chat-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (engine === 'postgres') {
    const database = await createBenchDatabase();
    cleanups.push(database.drop);
    databaseUrl = database.url;
  }
  process.stderr.write(`bench:chat: starting the server on ${engine}…\n`);
  const server = startBenchServer({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  cleanups.push(() => server.stop());
  return { server, ready: await server.ready() };
};

/** The measured run, with the server's and this process's CPU use and event-loop figures. */
const measureRun = async (server: BenchServer, relay: Relay, rate: number, seconds: number) => {
  process.stderr.write(`bench:chat: relaying ${rate} msg/s for ${seconds} s…\n`);
  await server.ask({ type: 'usage' }, 'usage');
  const eventLoopDelay = monitorEventLoopDelay({ resolution: 10 });
  eventLoopDelay.enable();
  const clientCpu = process.cpuUsage();
  const clientStartedAt = performance.now();
  const measured = await relay(rate, seconds);
  const serverUsage = (await server.ask({ type: 'usage' }, 'usage')).sample;
  const clientUsage = process.cpuUsage(clientCpu);
  eventLoopDelay.disable();
  const client = {
    cpuMs: (clientUsage.user + clientUsage.system) / 1000,
    wallMs: performance.now() - clientStartedAt,
    eventLoopDelayP99Ms: eventLoopDelay.percentile(99) / 1e6,
  };
  return { measured, serverUsage, client };
};

const main = async () => {
  const options = readOptions();
  const loadBefore = os.loadavg()[0]!;
  const { server, ready } = await startServer(options.engine);
  const baseUrl = `http://127.0.0.1:${ready.port}`;
  process.stderr.write(`bench:chat: seeding ${options.pairs} pairs…\n`);
  const seeded = await server.ask({ type: 'seed', pairs: options.pairs }, 'seeded');
  const before = (await server.ask({ type: 'memory' }, 'memory')).sample;

  process.stderr.write(`bench:chat: connecting ${options.pairs * 2} sockets…\n`);
  const tracker = createDeliveryTracker();
  const connectStartedAt = performance.now();
  const sockets = await connectPairs(baseUrl, seeded.pairs, tracker, {
    concurrency: CONNECT_CONCURRENCY,
  });
  const connectedInMs = performance.now() - connectStartedAt;
  cleanups.push(() => sockets.forEach((socket) => socket.close()));
  await pause(IDLE_SETTLE_MS);
  const idle = (await server.ask({ type: 'memory' }, 'memory')).sample;

  const relay = createRelay({
    baseUrl,
    pairs: seeded.pairs,
    tracker,
    isBothWays: options.isBothWays,
    maxInFlight: MAX_IN_FLIGHT,
    drainTimeoutMs: DRAIN_TIMEOUT_MS,
  });
  if (options.warmupSeconds > 0) {
    process.stderr.write(`bench:chat: warming up for ${options.warmupSeconds} s…\n`);
    await relay(options.rate ?? RAMP_RATES[0]!, options.warmupSeconds);
  }
  const { rate, ramp } =
    options.rate === undefined
      ? await findSustainedRate(relay)
      : { rate: options.rate, ramp: [] as RampStep[] };
  const run = await measureRun(server, relay, rate, options.seconds);
  const afterRelay = (await server.ask({ type: 'memory' }, 'memory')).sample;

  process.stdout.write(
    formatChatBench({
      ...options,
      engine: ready.engine,
      sockets: sockets.length,
      rate,
      ramp,
      serverStartedInMs: ready.startedInMs,
      seededInMs: seeded.seededInMs,
      companiesCreated: seeded.companiesCreated,
      connectedInMs,
      memory: { before, idle, afterRelay },
      ...run,
      loadBefore,
      loadAfter: os.loadavg()[0]!,
      serverLogs: server.logs,
    }),
  );
};

// npm and tsx pass Ctrl+C on as SIGINT or SIGTERM: the temporary database and folder still go.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
try {
  await main();
  await cleanUp();
  process.exit(0);
} catch (error) {
  process.stderr.write(`\nbench:chat setup failed: ${(error as Error).message}\n`);
  await cleanUp();
  process.exit(1);
}
