import { loadavg } from 'node:os';
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
 * - flow: `--orders` one-unit orders (1,000) over `--connections` (20), each created and then
 *   reserved through the API; printed: orders per second and p50/p95/max per order (creation +
 *   reservation), beside the machine's load. Labels are not built yet (issue 15 continues), so
 *   the flow stops at the reservation.
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
      `   flow: ${flow.orders.toLocaleString('en-US')} orders over ${flags.connections} connections in ${flow.seconds.toFixed(1)} s: ${(flow.orders / flow.seconds).toFixed(1)} orders/s; per order (create + reserve) p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, max ${ms(sorted.at(-1) ?? 0)}; ${flow.reserved.toLocaleString('en-US')} reserved, ${flow.failures} failed [load ${loadavg()[0]!.toFixed(2)}]`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await database.drop();
  }
};

const engines: Engine[] =
  flags.engine === 'both' ? ['pglite', 'postgres'] : [flags.engine as Engine];
log(
  `Atelier fulfillment benchmark (issue 15): ${loadavg()[0]!.toFixed(2)} load, node ${process.version}`,
);
for (const engine of engines) await benchEngine(engine);
