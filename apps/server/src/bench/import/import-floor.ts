import { createReadStream } from 'node:fs';
import { createBrotliDecompress } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parse } from 'csv-parse';
import pg from 'pg';
import { pgliteDir } from '@/db/open';
import { DEMO_ORDER_HISTORY_FILE } from '@/modules/sales/demo-order-history';
import type { Engine } from './bench-database';
import { failureOf } from './bench-child';
import { startRssSampler, type RssReading } from './rss-sampler';

/**
 * The floor of the import in `npm run bench:import`: the least work the import must do, by the
 * simplest hand-written code, in a process of its own (forked by the benchmark).
 *
 * - `parse`: read the UCI file once, brotli-decompress it and csv-parse every row (the import's
 *   reader options), nothing else.
 * - `write`: the same, and every row written as it is (8 columns, typed) into a scratch table of
 *   the same database with multi-row INSERTs of WRITE_CHUNK rows; the table is dropped after.
 *   PGlite is opened in this process, PostgreSQL through one `pg` connection.
 */

export type FloorImportCommand = {
  type: 'run';
  mode: 'parse' | 'write';
  engine: Engine;
  dataDir: string;
  databaseUrl: string | undefined;
};

export type FloorImportResult = {
  type: 'result';
  mode: 'parse' | 'write';
  seconds: number;
  rows: number;
  rss: RssReading;
};

/** Rows per INSERT: 8 parameters each, well under PostgreSQL's 65,535. */
const WRITE_CHUNK = 4_000;
const COLUMNS = 8;
const TABLE = 'bench_import_floor_lines';

type Execute = (text: string, values?: unknown[]) => Promise<unknown>;

const openScratch = async (
  command: FloorImportCommand,
): Promise<{ execute: Execute; close: () => Promise<void> }> => {
  if (command.engine === 'postgres') {
    const client = new pg.Client({ connectionString: command.databaseUrl });
    await client.connect();
    return { execute: (text, values) => client.query(text, values), close: () => client.end() };
  }
  const db = await PGlite.create({ dataDir: pgliteDir(command.dataDir), extensions: { pg_trgm } });
  return { execute: (text, values) => db.query(text, values), close: () => db.close() };
};

const insertText = (rows: number) =>
  `INSERT INTO ${TABLE} VALUES ${Array.from(
    { length: rows },
    (_row, index) =>
      `(${Array.from({ length: COLUMNS }, (_column, column) => `$${index * COLUMNS + column + 1}`).join(', ')})`,
  ).join(', ')}`;

const run = async (command: FloorImportCommand): Promise<FloorImportResult> => {
  const database = command.mode === 'write' ? await openScratch(command) : undefined;
  await database?.execute(`DROP TABLE IF EXISTS ${TABLE}`);
  await database?.execute(`CREATE TABLE ${TABLE} (invoice_no text NOT NULL, stock_code text,
    description text, quantity int NOT NULL, invoice_date timestamp NOT NULL,
    unit_price numeric NOT NULL, customer_id text, country text)`);
  const fullInsert = insertText(WRITE_CHUNK);
  try {
    const sampler = startRssSampler(command.mode);
    const startedAt = performance.now();
    const parser = createReadStream(DEMO_ORDER_HISTORY_FILE)
      .pipe(createBrotliDecompress())
      .pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
    let rows = -1;
    let pending: unknown[] = [];
    const flush = async () => {
      const count = pending.length / COLUMNS;
      if (count === 0) return;
      await database?.execute(count === WRITE_CHUNK ? fullInsert : insertText(count), pending);
      pending = [];
    };
    for await (const record of parser as AsyncIterable<string[]>) {
      rows += 1;
      if (rows === 0 || !database) continue;
      for (let column = 0; column < COLUMNS; column += 1) pending.push(record[column] ?? null);
      if (pending.length === WRITE_CHUNK * COLUMNS) await flush();
    }
    await flush();
    const seconds = (performance.now() - startedAt) / 1000;
    return { type: 'result', mode: command.mode, seconds, rows, rss: sampler.stop() };
  } finally {
    await database?.execute(`DROP TABLE IF EXISTS ${TABLE}`);
    await database?.close();
  }
};

process.once('message', (command: FloorImportCommand) => {
  run(command).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ type: 'failed', message: failureOf(error) }, () => process.exit(1)),
  );
});
