import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import { SOCKET_IO_PATH } from '@atelier/contract/chat/realtime';
import { openPglite } from '@/db/client';
import { pgliteDir } from '@/db/open';
import { demoSupplierCompanyId } from '@/modules/catalog/catalog-seed.data';
import { DEMO_ACCOUNT, DEMO_SUPPLIER_ACCOUNT } from '@/seed/seed';
import { startServerProcess, type ServerProcess } from '@/testing/server-process';
import { createPostgresTestDatabaseUrl } from '@/testing/test-database';

const databaseUrl = process.env.DATABASE_URL;
const children: ChildProcess[] = [];
const sockets: ClientSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
  for (const child of children) child.kill('SIGKILL');
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = async (check: () => boolean, timeoutMs = 20_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await pause(20);
  }
};

/** One database for the processes of a test: PostgreSQL from the template, or a PGlite folder. */
const aDatabase = async (): Promise<{
  env: Record<string, string>;
  count(query: string, values: unknown[]): Promise<number>;
}> => {
  if (databaseUrl) {
    const url = await createPostgresTestDatabaseUrl(databaseUrl);
    return {
      env: { DATABASE_URL: url },
      async count(query: string, values: unknown[]): Promise<number> {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          return (await client.query<{ n: number }>(query, values)).rows[0]!.n;
        } finally {
          await client.end();
        }
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-outbox-'));
  return {
    env: { DATA_DIR: dataDir },
    /** Only while no server process has the folder open (PGlite is one process). */
    async count(query: string, values: unknown[]): Promise<number> {
      const connection = await openPglite(pgliteDir(dataDir));
      try {
        return (await connection.pglite!.query<{ n: number }>(query, values)).rows[0]!.n;
      } finally {
        await connection.close();
      }
    },
  };
};

const start = async (env: Record<string, string>): Promise<ServerProcess & { port: number }> => {
  const server = startServerProcess(env);
  children.push(server.child);
  const { port } = await server.ready;
  return { ...server, port };
};

const stop = async (server: ServerProcess) => {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
};

const call = async (port: number, method: string, url: string, token?: string, body?: object) => {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  expect(response.ok, `${method} ${url}: ${response.status} ${text}`).toBe(true);
  return JSON.parse(text) as Record<string, unknown>;
};

/** The demo store logs in and writes to the demo supplier, who has no socket open. */
const sendAsDemoStore = async (port: number, body: string) => {
  const { token } = (await call(port, 'POST', '/api/web/auth/login', undefined, {
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
  })) as { token: string };
  const conversation = await call(port, 'POST', '/api/web/conversations', token, {
    supplierId: demoSupplierCompanyId(),
  });
  const message = (await call(
    port,
    'POST',
    `/api/web/conversations/${String(conversation.sid)}/messages`,
    token,
    { body },
  )) as unknown as Message;
  return { token, message };
};

/** Every `chat:message` a store socket on `port` receives. */
const listen = async (port: number, token: string) => {
  const socket = connectClient(`http://127.0.0.1:${port}`, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  const received: Message[] = [];
  socket.on(REALTIME_EVENTS.message, (message: Message) => received.push(message));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return received;
};

const SUPPLIER_EMAILS = `SELECT count(*)::int AS n FROM notification_outbox
  WHERE kind = 'chat.unread' AND recipient = $1`;
const UNDELIVERED = `SELECT count(*)::int AS n FROM outbox_deliveries d
  JOIN outbox_events e ON e.id = d.event_id
  WHERE e.payload -> 'message' ->> 'sid' = $1 AND d.delivered_at IS NULL`;

describe(`outbox across processes (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('delivers a message committed just before a kill -9 live and by e-mail, once, after the restart', async () => {
    const database = await aDatabase();
    // Held: the events wait in the outbox, as if the process died between commit and delivery.
    const first = await start({
      ...database.env,
      SEED_DEMO: 'true',
      OUTBOX_START_DELAY_MS: '600000',
    });
    const { token, message } = await sendAsDemoStore(first.port, 'Survives a crash');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await database.count(SUPPLIER_EMAILS, [DEMO_SUPPLIER_ACCOUNT.email])).toBe(0);
    expect(await database.count(UNDELIVERED, [message.sid])).toBe(2);

    // The restarted process waits for sockets to come back, then delivers the backlog.
    const second = await start({ ...database.env, OUTBOX_START_DELAY_MS: '2000' });
    const received = await listen(second.port, token);
    await waitFor(() => received.length > 0);
    await pause(1_000);
    expect(received).toEqual([message]);
    await stop(second);
    expect(await database.count(SUPPLIER_EMAILS, [DEMO_SUPPLIER_ACCOUNT.email])).toBe(1);
    expect(await database.count(UNDELIVERED, [message.sid])).toBe(0);

    // Another restart sends nothing again.
    const third = await start({ ...database.env, OUTBOX_START_DELAY_MS: '0' });
    const again = await listen(third.port, token);
    await pause(1_500);
    expect(again).toEqual([]);
    await stop(third);
    expect(await database.count(SUPPLIER_EMAILS, [DEMO_SUPPLIER_ACCOUNT.email])).toBe(1);
  }, 180_000);

  it.skipIf(!databaseUrl)(
    'runs two api processes and one worker: a message, its live delivery and its e-mail happen once each (PostgreSQL only: PGlite is one process)',
    async () => {
      const database = await aDatabase();
      const api1 = await start({ ...database.env, ROLE: 'api', SEED_DEMO: 'true' });
      const api2 = await start({ ...database.env, ROLE: 'api' });
      const worker = await start({
        ...database.env,
        ROLE: 'worker',
        OUTBOX_START_DELAY_MS: '0',
      });
      const { token } = (await call(api1.port, 'POST', '/api/web/auth/login', undefined, {
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
      })) as { token: string };
      const onApi1 = await listen(api1.port, token);
      const onApi2 = await listen(api2.port, token);
      // Every adapter LISTENs before the first broadcast.
      await pause(1_000);

      const { message } = await sendAsDemoStore(api1.port, 'Two api processes, one worker');
      await waitFor(() => onApi1.length > 0 && onApi2.length > 0);
      await pause(1_500);
      expect(onApi1).toEqual([message]);
      expect(onApi2).toEqual([message]);
      // Stored once (the demo store's seeded history with this supplier is in the same thread).
      expect(
        await database.count(
          'SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1 AND body = $2',
          [message.conversationId, 'Two api processes, one worker'],
        ),
      ).toBe(1);
      expect(await database.count(SUPPLIER_EMAILS, [DEMO_SUPPLIER_ACCOUNT.email])).toBe(1);
      expect(await database.count(UNDELIVERED, [message.sid])).toBe(0);
      expect(worker.output()).not.toContain('"level":50');
      await Promise.all([stop(api1), stop(api2), stop(worker)]);
    },
    180_000,
  );
});
