// The embedded database's own thread (see pglite-remote.ts for the side the app talks to).
// Loaded by `new Worker(...)`, so it imports only packages and node: modules and uses only
// erasable TypeScript: Node runs it with or without tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { RemoteReply, RemoteRequest, RemoteError } from './pglite-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-thread.ts runs only as a worker thread.');
const { dataDir } = workerData as { dataDir: string | undefined };

/** Keeps these types as the database's text (Drizzle reads dates and intervals itself). */
const textParsers = (oids: number[] | undefined) =>
  oids ? Object.fromEntries(oids.map((oid) => [oid, (value: string) => value])) : undefined;

const toRemoteError = (error: unknown): RemoteError => {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: error.message, fields };
};

type OpenTransaction = { tx: Transaction; end: (commit: boolean) => void };
const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();

const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });

const reply = (message: RemoteReply) => port.postMessage(message);

/** Rejects the transaction's callback so that PGlite rolls it back (not an error of its own). */
class RollbackRequested extends Error {}

const handle = async (request: RemoteRequest): Promise<unknown> => {
  switch (request.op) {
    case 'query': {
      const target = request.txId === undefined ? pglite : transactions.get(request.txId)?.tx;
      if (!target) throw new Error('This transaction has already ended.');
      const { rowMode, textTypes } = request.options;
      return target.query(request.sql, request.params, {
        rowMode,
        parsers: textParsers(textTypes),
      });
    }
    case 'exec': {
      const target = request.txId === undefined ? pglite : transactions.get(request.txId)?.tx;
      if (!target) throw new Error('This transaction has already ended.');
      return target.exec(request.sql);
    }
    case 'transaction':
      return pglite
        .transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              transactions.set(request.txId, {
                tx,
                end: (commit) => (commit ? resolve() : reject(new RollbackRequested())),
              });
              reply({ type: 'opened', txId: request.txId });
            }),
        )
        .catch((error: unknown) => {
          if (!(error instanceof RollbackRequested)) throw error;
        })
        .finally(() => transactions.delete(request.txId));
    case 'end':
      transactions.get(request.txId)?.end(request.commit);
      return undefined;
    case 'listen': {
      const unlisten = await pglite.listen(request.channel, (payload) =>
        reply({ type: 'notification', listenerId: request.listenerId, payload }),
      );
      listeners.set(request.listenerId, unlisten);
      return undefined;
    }
    case 'unlisten':
      await listeners.get(request.listenerId)?.();
      listeners.delete(request.listenerId);
      return undefined;
    case 'close':
      await pglite.query('CHECKPOINT');
      await pglite.close();
      return undefined;
  }
};

port.on('message', (request: RemoteRequest) => {
  handle(request).then(
    (result) => reply({ type: 'result', id: request.id, result }),
    (error: unknown) => reply({ type: 'error', id: request.id, error: toRemoteError(error) }),
  );
});
reply({ type: 'ready' });
