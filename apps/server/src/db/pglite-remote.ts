import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { RemoteError, RemoteReply, RemoteRequest } from './pglite-protocol';

/**
 * What the app, Drizzle and pg-boss use of PGlite: statements, transactions, LISTEN and close.
 * Both the in-process instance and the thread-backed one below have it.
 */
export type EmbeddedDatabase = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'close'>;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A database error again on this side: its message and fields (code, constraint, detail, …). */
const toError = ({ message, fields }: RemoteError): Error =>
  Object.assign(new Error(message), fields);

/** Drizzle asks for dates and intervals as text through identity parsers; only that crosses. */
const toRemoteOptions = (options: QueryOptions | undefined) => {
  if (!options) return {};
  const { rowMode, parsers, ...rest } = options;
  const unsupported = Object.keys(rest).filter(
    (key) => rest[key as keyof typeof rest] !== undefined,
  );
  if (unsupported.length > 0) {
    throw new Error(
      `Query options not supported on the database thread: ${unsupported.join(', ')}`,
    );
  }
  return { rowMode, textTypes: parsers ? Object.keys(parsers).map(Number) : undefined };
};

/**
 * Opens PGlite in `dataDir` on a worker thread of its own and returns a client with PGlite's
 * query, exec, transaction, listen and close (spec: none; ARCHITECTURE.md §6, issue 9). The
 * embedded database parses, plans and runs every statement in WebAssembly; on the HTTP thread a
 * 50 ms statement held every socket, health check and timer for 50 ms. Here the HTTP thread only
 * posts the statement and reads the rows, so the two use both cores and a request that needs no
 * database is answered at once.
 *
 * Semantics are PGlite's: one session, statements run one at a time in arrival order, a
 * transaction holds the session until its callback settles (inside it, use only its handle: the
 * root handle waits for it, as on PGlite). Errors keep their PostgreSQL fields (`code`,
 * `constraint`, …). Query options: `rowMode`, and `parsers` only as "keep these types as text"
 * (what Drizzle passes); any other option throws. `close()` checkpoints, closes and ends the
 * thread. `onExit(error)` is called if the thread dies while open (every pending call rejects).
 */
export const openPgliteThread = async (
  dataDir: string | undefined,
  { onExit }: { onExit?: (error: Error) => void } = {},
): Promise<EmbeddedDatabase> => {
  const worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), {
    workerData: { dataDir },
  });
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const opened = new Map<number, () => void>();
  const notify = new Map<number, (payload: string) => void>();
  let stopped: Error | undefined;
  let started = false;
  let closing = false;

  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', function onReady(message: RemoteReply) {
      if (message.type !== 'ready') return;
      worker.off('message', onReady);
      worker.off('error', reject);
      resolve();
    });
  });

  worker.on('message', (message: RemoteReply) => {
    switch (message.type) {
      case 'result':
      case 'error': {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.type === 'result') call?.resolve(message.result);
        else call?.reject(toError(message.error));
        break;
      }
      case 'opened':
        opened.get(message.txId)?.();
        opened.delete(message.txId);
        break;
      case 'notification':
        notify.get(message.listenerId)?.(message.payload);
        break;
      case 'ready':
        break;
    }
  });

  const stop = (error: Error) => {
    if (stopped) return;
    stopped = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    if (started && !closing) onExit?.(error);
  };
  worker.on('error', (error: Error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code}).`)));

  const call = <T>(request: DistributiveOmit<RemoteRequest, 'id'>): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ ...request, id });
      } catch (error) {
        // A value that cannot be copied to the thread (a function, a symbol): refused here.
        pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };

  const query = <T>(sql: string, params: unknown[] = [], options?: QueryOptions, txId?: number) =>
    call<Results<T>>({ op: 'query', sql, params, options: toRemoteOptions(options), txId });
  const exec = (sql: string, options?: QueryOptions, txId?: number) => {
    toRemoteOptions(options);
    return call<Results[]>({ op: 'exec', sql, txId });
  };

  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const txId = nextId++;
    const isOpen = new Promise<void>((resolve) => opened.set(txId, resolve));
    const settled = call<void>({ op: 'transaction', txId });
    settled.catch(() => undefined);
    // Opening can fail (BEGIN refused, thread gone): then `settled` rejects first.
    await Promise.race([isOpen, settled]);
    let ended = false;
    const tx: Transaction = {
      query: (sql, params, options) => query(sql, params, options, txId),
      sql: () => Promise.reject(new Error('Use query() on the database thread.')),
      exec: (sql, options) => exec(sql, options, txId),
      rollback: () => Promise.reject(new Error('Throw inside the callback to roll back.')),
      listen: () => Promise.reject(new Error('LISTEN inside a transaction is not supported here.')),
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      ended = true;
      await call({ op: 'end', txId, commit: false }).catch(() => undefined);
      await settled.catch(() => undefined);
      throw error;
    }
    ended = true;
    await call({ op: 'end', txId, commit: true });
    await settled;
    return result;
  };

  const listen = async (channel: string, callback: (payload: string) => void) => {
    const listenerId = nextId++;
    notify.set(listenerId, callback);
    await call({ op: 'listen', channel, listenerId });
    return async () => {
      notify.delete(listenerId);
      if (!stopped) await call({ op: 'unlisten', listenerId });
    };
  };

  const close = async () => {
    if (closing) return;
    closing = true;
    try {
      if (!stopped) await call({ op: 'close' });
    } finally {
      await worker.terminate();
    }
  };

  await ready;
  started = true;
  return { query, exec, transaction, listen, close };
};
