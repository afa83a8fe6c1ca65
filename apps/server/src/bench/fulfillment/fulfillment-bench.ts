import { loadavg } from 'node:os';
import pg from 'pg';
import { renderLabelPdf } from '@/modules/fulfillment/shipping/label-document';
import { parseArgs } from 'node:util';
import { startServerProcess } from '@/testing/server-process';
import { exitOf, forkBenchChild, nextMessage } from '../import/bench-child';
import { createBenchDatabase, ENGINE_LABELS, type Engine } from '../import/bench-database';
import { registerStores } from '../orders/orders-setup';
import type { FulfillmentLoadCommand, FulfillmentLoadResult } from './fulfillment-load';

/**
 * `npm run bench:fulfillment` (issue 15 "Performance and safety"): stock reservation under
 * concurrency, on PGlite and on PostgreSQL. Figures, not pass/fail (exit 0 unless the bench
 * itself breaks).
 *
 * Per engine: a fresh database, `npm start`'s server in its own process, one store registered
 * through its API, and the load generator in its own process (fulfillment-load.ts):
 * - race: 100 one-unit orders for the 10 units of one SKU, all at once, each with its explicit
 *   reservation call racing the server's reservation on arrival; printed: lines reserved, the
 *   level's reserved and on hand, the ledger's reservation rows (exactly 10, 0 oversold expected);
 * - flow: `--orders` one-unit orders (1,000) over `--connections` (20), each created, reserved
 *   and shipped through the API; printed: orders per second and p50/p95/max per order (creation
 *   + reservation + shipment), beside the machine's load;
 * - labels: every shipment's label (bought and rendered by the label job) awaited until READY;
 *   printed: labels per second from the first order to the last label, and p50/p95 from an
 *   order's creation to its label READY;
 * - hand-written floors in the same run: rendering a label PDF in this process with nothing
 *   around it (per label), and on PostgreSQL the bare conditional UPDATE a reservation needs
 *   (`reserved + 1 <= on_hand`), `--orders` times over `--connections` pg connections.
 *
 * Flags: --engine pglite|postgres|both (default both), --orders 1000, --connections 20.
 */

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    orders: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '20' },
  },
});
const log = (line = '') => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

const benchEngine = async (engine: Engine) => {
  const database = await createBenchDatabase(engine);
  const server = startServerProcess({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  try {
    const { port } = await server.ready;
    const base = `http://127.0.0.1:${port}`;
    const stores = await registerStores(base, 1);
    log(`\n== ${ENGINE_LABELS[engine]} [load ${loadavg()[0]!.toFixed(2)}]`);
    const child = forkBenchChild('../fulfillment/fulfillment-load.ts');
    let result: FulfillmentLoadResult;
    try {
      child.send({
        type: 'run',
        base,
        token: stores.tokens[0]!,
        orders: Number(flags.orders),
        connections: Number(flags.connections),
      } satisfies FulfillmentLoadCommand);
      result = await nextMessage<FulfillmentLoadResult>(child);
    } finally {
      await exitOf(child);
    }
    const { race, flow } = result;
    const oversold = Math.max(0, race.reservedLines - race.onHand);
    log(
      `   race: ${race.orders} orders for ${race.onHand} units at once → ${race.reservedLines} lines reserved, ${race.missingStockLines} waiting for stock, ${oversold} oversold`,
    );
    log(
      `         level: ${race.reservedLevel} reserved of ${race.onHand} on hand; ledger: ${race.ledgerReservations} reservation rows, +${race.ledgerReservedSum} reserved (settled in ${ms(race.settleMs)})`,
    );
    log(
      `         ${race.reservedLines === race.onHand && race.reservedLevel === race.onHand && race.ledgerReservations === race.onHand ? 'exactly' : 'NOT exactly'} ${race.onHand} reserved, ${oversold === 0 ? 'none' : 'SOME'} oversold`,
    );
    const sorted = [...flow.latenciesMs].sort((a, b) => a - b);
    log(
      `   flow: ${flow.orders.toLocaleString('en-US')} orders over ${flags.connections} connections in ${flow.seconds.toFixed(1)} s: ${(flow.orders / flow.seconds).toFixed(1)} orders/s; per order (create + reserve + ship) p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, max ${ms(sorted.at(-1) ?? 0)}; ${flow.reserved.toLocaleString('en-US')} reserved, ${flow.shipped.toLocaleString('en-US')} shipped, ${flow.failures} failed [load ${loadavg()[0]!.toFixed(2)}]`,
    );
    const { labels } = result;
    const toReady = [...labels.toReadyMs].sort((a, b) => a - b);
    log(
      `   labels: ${labels.ready.toLocaleString('en-US')} READY, ${labels.failed} failed, ${labels.pending} still pending; last label ${labels.seconds.toFixed(1)} s after the first order (${(labels.ready / labels.seconds).toFixed(1)} labels/s); order → label READY p50 ${ms(percentile(toReady, 0.5))}, p95 ${ms(percentile(toReady, 0.95))}; a label PDF is ${labels.sampleBytes.toLocaleString('en-US')} bytes`,
    );
    if (database.databaseUrl) {
      const floor = await reservationFloor(database.databaseUrl);
      log(
        `   floor (PostgreSQL, hand-written): ${floor.updates.toLocaleString('en-US')} conditional UPDATEs of one level over ${flags.connections} connections: ${(floor.updates / floor.seconds).toFixed(0)} /s, p95 ${ms(floor.p95Ms)}; ${floor.reserved} reserved of ${floor.onHand}`,
      );
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await database.drop();
  }
};

/**
 * The floor of a reservation on PostgreSQL: one level row, and `--orders` single-statement
 * conditional UPDATEs (`reserved + 1 <= on_hand`, 10 fewer units than orders) over
 * `--connections` connections; no order, line, ledger or HTTP around them.
 */
const reservationFloor = async (databaseUrl: string) => {
  const orders = Number(flags.orders);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(flags.connections) });
  try {
    await pool.query(
      'create table bench_floor_levels (id int primary key, on_hand int not null, reserved int not null check (reserved between 0 and on_hand))',
    );
    await pool.query('insert into bench_floor_levels values (1, $1, 0)', [orders - 10]);
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Number(flags.connections) }, async () => {
        while (next < orders) {
          next += 1;
          const one = performance.now();
          await pool.query(
            'update bench_floor_levels set reserved = reserved + 1 where id = 1 and reserved + 1 <= on_hand',
          );
          latencies.push(performance.now() - one);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await pool.query<{ on_hand: number; reserved: number }>(
      'select on_hand, reserved from bench_floor_levels',
    );
    await pool.query('drop table bench_floor_levels');
    latencies.sort((a, b) => a - b);
    return {
      updates: orders,
      seconds,
      p95Ms: percentile(latencies, 0.95),
      onHand: rows[0]!.on_hand,
      reserved: rows[0]!.reserved,
    };
  } finally {
    await pool.end();
  }
};

/** The floor of a label: one 4×6 in PDF with its barcode rendered here, nothing around it. */
const labelFloor = async (count: number) => {
  const address = {
    name: 'Customer',
    email: null,
    company: null,
    addressLine1: '100 Main St',
    addressLine2: null,
    city: 'Seattle',
    state: null,
    stateCode: 'WA',
    zipCode: '98101',
    phone: null,
    country: 'United States of America',
    countryCode: 'US',
  };
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await renderLabelPdf({
      from: address,
      to: { ...address, name: `Customer ${index}` },
      carrier: 'Atelier Local Post',
      serviceLevel: 'Ground',
      trackingNumber: `AT${String(10_000_000_000_000_000n + BigInt(index) * 7919n)}0`,
      weightText: '2 lb',
      reference: `SHP-${index}`,
      shipDate: new Date().toISOString(),
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { count, p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95) };
};

const engines: Engine[] =
  flags.engine === 'both' ? ['pglite', 'postgres'] : [flags.engine as Engine];
log(
  `Atelier fulfillment benchmark (issue 15): ${loadavg()[0]!.toFixed(2)} load, node ${process.version}`,
);
for (const engine of engines) await benchEngine(engine);
const rendered = await labelFloor(200);
log(
  `\nfloor (hand-written, this process): ${rendered.count} label PDFs rendered one after another, nothing around them: p50 ${rendered.p50Ms.toFixed(1)} ms, p95 ${rendered.p95Ms.toFixed(1)} ms per label`,
);
