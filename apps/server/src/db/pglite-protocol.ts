// Messages between the app and the embedded database's thread (pglite-remote.ts, pglite-thread.ts).

/** A database error carried across threads: its message and its fields (code, constraint, …). */
export type RemoteError = { message: string; fields: Record<string, unknown> };

export type RemoteQueryOptions = {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values stay as the database's text (Drizzle parses dates itself). */
  textTypes?: number[];
};

export type RemoteRequest = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[]; options: RemoteQueryOptions; txId?: number }
  | { op: 'exec'; sql: string; txId?: number }
  | { op: 'transaction'; txId: number }
  | { op: 'end'; txId: number; commit: boolean }
  | { op: 'listen'; channel: string; listenerId: number }
  | { op: 'unlisten'; listenerId: number }
  | { op: 'close' }
);

export type RemoteReply =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: RemoteError }
  | { type: 'opened'; txId: number }
  | { type: 'notification'; listenerId: number; payload: string };
