import { loadavg } from 'node:os';
import { pgliteDir } from '@/db/open';
import { startServerProcess } from '@/testing/server-process';
import { exitOf, forkBenchChild, nextMessage } from '../import/bench-child';
import type { BenchDatabase } from '../import/bench-database';
import type { OrderKind, OrderLoadCommand, OrderLoadResult } from './order-load';
import {
  outboxDrainer,
  registerStores,
  type Backlog,
  type BenchStores,
  type Expected,
} from './orders-setup';

/**
 * One load run's figures, the machine's 1-minute load average when it began and, on PostgreSQL,
 * the outbox backlog waited for before it.
 */
export type Measured = OrderLoadResult & { load: number; backlog?: Backlog };

/** One kind of request on the project or the floor: saturated, then at a fixed rate. */
export type Series = {
  target: 'project' | 'floor';
  kind: OrderKind;
  saturated: Measured;
  fixed: Measured & { rate: number };
};

export type RunOptions = {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  stores: number;
  log(line: string): void;
  /** Extra node flags of the project's server process (`--profile DIR`: `--cpu-prof`). */
  serverNodeArgs?: readonly string[];
  /** Called before each reading (the project on PostgreSQL: the outbox drained). */
  settle?: () => Promise<Backlog>;
};

export const HEALTH_PATH = '/api/health';

type LoadCommand = Omit<OrderLoadCommand, 'type' | 'mode' | 'seconds' | 'warmupSeconds'>;

/** One run of the load generator, in its own process. */
const load = async (
  command: LoadCommand & Pick<OrderLoadCommand, 'mode' | 'seconds' | 'warmupSeconds'>,
  options: RunOptions,
): Promise<Measured> => {
  const backlog = await options.settle?.();
  if (backlog && backlog.before > 0) {
    options.log(
      `     outbox: ${backlog.before.toLocaleString('en-US')} pending deliveries, ${backlog.left} left after ${backlog.seconds.toFixed(1)} s`,
    );
  }
  const child = forkBenchChild('../orders/order-load.ts');
  const startLoad = loadavg()[0]!;
  try {
    child.send({ type: 'run', ...command } satisfies OrderLoadCommand);
    return { ...(await nextMessage<OrderLoadResult>(child)), load: startLoad, backlog };
  } finally {
    child.kill();
  }
};

const perSecond = (result: OrderLoadResult) => result.completed / result.seconds;

/**
 * A kind saturated at `connections` (after a warm-up), then at a fixed rate over the same
 * connections: half the saturated peak unless `rate` is given. `next` gives the fixed run's
 * command after the saturated run (the pairs or cart items it has not used yet).
 */
const series = async (
  target: Series['target'],
  kind: OrderKind,
  command: LoadCommand,
  next: (saturated: OrderLoadResult) => LoadCommand,
  options: RunOptions,
  rate?: number,
): Promise<Series> => {
  const label = `${target} ${kind}`;
  options.log(
    `   ${label}: saturated, ${options.connections} connections [load ${loadavg()[0]!.toFixed(2)}]`,
  );
  const saturated = await load(
    {
      ...command,
      mode: { kind: 'saturation', connections: options.connections },
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
    },
    options,
  );
  const fixedRate = rate ?? Math.max(5, Math.round(perSecond(saturated) / 2));
  options.log(
    `   ${label}: ${perSecond(saturated).toFixed(0)} req/s, p95 ${saturated.overall.p95.toFixed(1)} ms; fixed rate ${fixedRate}/s [load ${loadavg()[0]!.toFixed(2)}]`,
  );
  const fixed = await load(
    {
      ...next(saturated),
      mode: { kind: 'rate', rate: fixedRate, connections: options.connections },
      seconds: options.seconds,
      warmupSeconds: 0,
    },
    options,
  );
  options.log(`   ${label}: fixed rate p95 ${fixed.overall.p95.toFixed(1)} ms`);
  return { target, kind, saturated, fixed: { ...fixed, rate: fixedRate } };
};

/** The cart items the add-to-cart runs created, the stores taken in turn. */
const cartPool = (runs: readonly OrderLoadResult[], stores: number) => {
  const byStore = Array.from({ length: stores }, () => [] as string[]);
  for (const run of runs) for (const [store, id] of run.created) byStore[store]!.push(id);
  const total = byStore.reduce((sum, ids) => sum + ids.length, 0);
  const pool: [number, string][] = [];
  for (let round = 0; pool.length < total; round += 1) {
    byStore.forEach((ids, store) => {
      if (round < ids.length) pool.push([store, ids[round]!]);
    });
  }
  return pool;
};

/**
 * Add to cart, then checkout, on one server: saturated then at a fixed rate each. Checkout pays
 * the cart items the add-to-cart runs created through the API (before it, not in its figures),
 * one request per item.
 */
const writeSeries = async (
  target: Series['target'],
  base: string,
  tokens: string[],
  catalogItemIds: readonly string[],
  options: RunOptions,
  rates: Partial<Record<OrderKind, number>> = {},
) => {
  const addToCart = await series(
    target,
    'add-to-cart',
    { baseUrl: base, kind: 'add-to-cart', tokens, catalogItemIds, firstPair: 0 },
    (saturated) => ({
      baseUrl: base,
      kind: 'add-to-cart',
      tokens,
      catalogItemIds,
      firstPair: saturated.used,
    }),
    options,
    rates['add-to-cart'],
  );
  const pool = cartPool([addToCart.saturated, addToCart.fixed], tokens.length);
  options.log(`   ${target}: ${pool.length.toLocaleString('en-US')} cart items to pay`);
  const checkout = await series(
    target,
    'checkout',
    { baseUrl: base, kind: 'checkout', tokens, cartItems: pool },
    (saturated) => ({
      baseUrl: base,
      kind: 'checkout',
      tokens,
      cartItems: pool.slice(saturated.used),
    }),
    options,
    rates.checkout,
  );
  return { addToCart, checkout, cartItems: pool.length };
};

/**
 * The project: `npm start`'s server in its own process on the prepared database, the stores
 * registered through its API, then the health route, add to cart and checkout. Returns the
 * series and what the rows should show (warm-up included).
 */
export const benchProject = async (
  database: BenchDatabase,
  catalogItemIds: readonly string[],
  options: RunOptions,
) => {
  const drainer = database.databaseUrl ? outboxDrainer(database.databaseUrl) : undefined;
  const projectOptions = { ...options, settle: drainer?.drain };
  const server = startServerProcess(
    {
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      LOG_LEVEL: 'error',
    },
    options.serverNodeArgs,
  );
  try {
    const { port } = await server.ready;
    const base = `http://127.0.0.1:${port}`;
    const stores = await registerStores(base, options.stores);
    options.log(`   ${options.stores} stores registered through the API`);
    const health = await series(
      'project',
      'health',
      { baseUrl: base, kind: 'health', tokens: [], healthPath: HEALTH_PATH },
      () => ({ baseUrl: base, kind: 'health', tokens: [], healthPath: HEALTH_PATH }),
      projectOptions,
    );
    const writes = await writeSeries(
      'project',
      base,
      stores.tokens,
      catalogItemIds,
      projectOptions,
    );
    const total = (run: Series) =>
      run.saturated.completedWithWarmup + run.fixed.completedWithWarmup;
    const expected: Expected = {
      addedToCart: total(writes.addToCart),
      checkedOut: total(writes.checkout),
    };
    const errors = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    return {
      stores,
      series: [health, writes.addToCart, writes.checkout],
      expected,
      cartItems: writes.cartItems,
      serverErrors: errors,
    };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await drainer?.close();
  }
};

/**
 * The floor (order-floor.ts) on the same database after the project stopped (PGlite: one process
 * at a time), the same stores; its fixed-rate runs at the project's rates, so that latencies
 * compare at the same load.
 */
export const benchFloor = async (
  database: BenchDatabase,
  stores: BenchStores,
  catalogItemIds: readonly string[],
  rates: Partial<Record<OrderKind, number>>,
  options: RunOptions,
) => {
  const child = forkBenchChild('../orders/order-floor.ts', {
    FLOOR_ENGINE: database.engine,
    DATABASE_URL: database.databaseUrl,
    PGLITE_DIR: pgliteDir(database.dataDir),
    FLOOR_TOKENS: JSON.stringify(
      Object.fromEntries(stores.tokens.map((token, index) => [token, stores.storeIds[index]])),
    ),
  });
  try {
    const { port } = await nextMessage<{ port: number }>(child);
    const writes = await writeSeries(
      'floor',
      `http://127.0.0.1:${port}`,
      stores.tokens,
      catalogItemIds,
      options,
      rates,
    );
    return [writes.addToCart, writes.checkout];
  } finally {
    if (child.connected) child.send({ type: 'stop' });
    await exitOf(child);
  }
};
