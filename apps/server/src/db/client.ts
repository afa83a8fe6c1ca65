import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPgliteThread, type EmbeddedDatabase } from './pglite-remote';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes; a transaction handle has the same type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseEngine = 'pglite' | 'postgres';

export type DatabaseConnection = {
  db: Database;
  engine: DatabaseEngine;
  /** Flushes to disk (PGlite CHECKPOINT) and closes. Safe to call twice. */
  close(): Promise<void>;
  /** PGlite when the engine is PGlite: in this process, or on its own thread (openPglite). */
  pglite?: EmbeddedDatabase;
  /** The pg pool when the engine is PostgreSQL (the realtime adapter shares it). */
  pool?: pg.Pool;
};

// PostgreSQL returns bigint (int8) and numeric as strings; the app casts aggregates in SQL
// (`::int`, `::float8`) so both engines hand back the same JS types.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Opens the embedded PGlite database in `dataDir` (created when missing) on a thread of its own
 * (see openPgliteThread), so its statements never hold up the HTTP thread. `onExit` is called
 * should that thread die while open.
 */
export const openPglite = async (
  dataDir: string | undefined,
  options: { onExit?: (error: Error) => void } = {},
): Promise<DatabaseConnection> => {
  const pglite = await openPgliteThread(dataDir, options);
  const db = drizzlePglite(pglite as PGlite, { schema }) as unknown as Database;
  return { db, engine: 'pglite', pglite, close: onceOnly(() => pglite.close()) };
};

const onceOnly = (close: () => Promise<void>) => {
  let closed: Promise<void> | undefined;
  return () => (closed ??= close());
};

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Makes PGlite's statements take turns with the rest of the process. PGlite runs on this thread,
 * and statements waiting on its lock run back to back (each one's end wakes the next through a
 * promise), so fifty queued searches would hold the event loop for all fifty: no socket read, no
 * health check, no timer in between. Here each statement (a transaction counts as one) waits for
 * the previous one to finish and then for one turn of the event loop, so a request that needs no
 * database is answered after at most one statement. Patches the instance's public `query`, `exec`
 * and `transaction` (everything that queries goes through them: Drizzle, pg-boss, listen).
 * As before, inside a transaction use only its handle: the root handle would wait for it forever.
 */
export const takeTurns = (pglite: PGlite): PGlite => {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(yieldToEventLoop).then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = ((...args: Parameters<typeof query>) =>
    inTurn(() => query(...args))) as typeof pglite.query;
  pglite.exec = (...args) => inTurn(() => exec(...args));
  pglite.transaction = ((callback: Parameters<typeof transaction>[0]) =>
    inTurn(() => transaction(callback))) as typeof pglite.transaction;
  return pglite;
};

/** A connection over an in-process PGlite instance (tests, command-line tools), taking turns. */
export const wrapPglite = (pglite: PGlite): DatabaseConnection => {
  takeTurns(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    pglite,
    close: onceOnly(async () => {
      await pglite.query('CHECKPOINT');
      await pglite.close();
    }),
  };
};

/** Connects to a PostgreSQL server through a node-postgres pool. */
export const openPostgres = async (
  connectionString: string,
  options: { max?: number } = {},
): Promise<DatabaseConnection> => {
  // JIT compilation costs tens of milliseconds and pays off only for long analytic queries.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20, options: '-c jit=off' });
  // An idle client's connection can drop (server restart, admin command); the pool replaces it.
  // Without a listener the 'error' event would end the process.
  pool.on('error', (error) => {
    process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
  });
  // Fail at start, with the server's own message, rather than on the first request.
  const client = await pool.connect();
  client.release();
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  let isClosed = false;
  return {
    db,
    engine: 'postgres',
    pool,
    async close() {
      if (isClosed) return;
      isClosed = true;
      await pool.end();
    },
  };
};

/** Runs one raw statement and returns its rows (for the few places Drizzle's builder can't). */
export const queryRows = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
};
