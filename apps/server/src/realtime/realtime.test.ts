import { and, eq, inArray } from 'drizzle-orm';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, type ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import { RENEWED_TOKEN_HEADER } from '@atelier/contract/identity/account';
import { SOCKET_IO_PATH, type SyncResult } from '@atelier/contract/chat/realtime';
import { ApiErrorSchema } from '@atelier/contract/common/errors';
import { buildApp } from '@/app';
import { openPostgres } from '@/db/client';
import type { ChatParty } from '@/modules/chat';
import { notificationOutbox } from '@/modules/notifications/notification.table';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { registerAccount } from '@/testing/factories';
import { aSupplierAccount } from '@/testing/supplier-factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { OFFLINE_EMAIL_INTERVAL_MS } from '@/modules/chat';
import { MAX_SESSIONS_PER_USER } from '@/modules/identity';

type Account = Awaited<ReturnType<typeof registerAccount>>;
type SupplierAccount = Awaited<ReturnType<typeof aSupplierAccount>>;

const ALLOWED_ORIGIN = 'https://app.atelier.example';
let supplierAccount: SupplierAccount;
let supplierToken: string;

let context: TestContext;
let baseUrl: string;
let alice: Account;
let bob: Account;
let companyId: string;
let aliceConversation: ConversationSummary;
const sockets: ClientSocket[] = [];

const connect = (
  token: string | undefined,
  options: { origin?: string; url?: string; transport?: 'websocket' | 'polling' } = {},
) =>
  new Promise<ClientSocket>((resolve, reject) => {
    const socket = connectClient(options.url ?? baseUrl, {
      path: SOCKET_IO_PATH,
      transports: [options.transport ?? 'websocket'],
      reconnection: false,
      forceNew: true,
      auth: token === undefined ? {} : { token },
      ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
    });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

/** Collects every event of one name a socket receives. */
const collect = <T>(socket: ClientSocket, event: string): T[] => {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
};

const waitFor = async (check: () => boolean, timeoutMs = 5_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const open = async (account: Account, supplierId: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/web/conversations',
    headers: account.headers,
    payload: { supplierId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ConversationSummary>();
};

const sendText = async (account: Account, conversationId: string, body: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/web/conversations/${conversationId}/messages`,
    headers: account.headers,
    payload: { body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Message>();
};

const supplierParty = (id: string): ChatParty => ({
  kind: 'SUPPLIER',
  companyId: id,
  userId: 'usr_supplier',
  name: 'Supplier Sam',
});

const sync = (socket: ClientSocket, conversations: unknown) =>
  socket.timeout(5_000).emitWithAck(REALTIME_EVENTS.sync, { conversations }) as Promise<
    Extract<SyncResult, { conversations: unknown }>
  >;

const disconnect = async (socket: ClientSocket, storeId: string) => {
  socket.close();
  const start = Date.now();
  while ((await context.realtime.io.in(`store:${storeId}`).fetchSockets()).length > 0) {
    if (Date.now() - start > 5_000) throw new Error('socket still open on the server');
    await pause(10);
  }
};

beforeAll(async () => {
  context = await createTestApp({ PUBLIC_URL: `${ALLOWED_ORIGIN}/` });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  alice = await registerAccount(context, { storeTitle: 'Alice Apparel', name: 'Alice' });
  bob = await registerAccount(context, { storeTitle: 'Bob Basics', name: 'Bob' });
  companyId = (await createCatalogFactories(context.connection.db).aSupplier()).id;
  supplierAccount = await aSupplierAccount(context, companyId);
  supplierToken = supplierAccount.token;
  aliceConversation = await open(alice, companyId);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await context.close();
});

describe('realtime handshake', () => {
  it('refuses a missing or bad token with unauthenticated', async () => {
    await expect(connect(undefined)).rejects.toThrow('unauthenticated');
    await expect(connect('not-a-token')).rejects.toThrow('unauthenticated');
  });

  it.each(['websocket', 'polling'] as const)(
    'sends the API error body with a refused handshake over %s',
    async (transport) => {
      for (const token of [undefined, 'not-a-token']) {
        const error: unknown = await connect(token, { transport }).catch(
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(Error);
        const { data } = error as Error & { data: unknown };
        expect(ApiErrorSchema.parse(data).error).toMatchObject({
          code: 'unauthenticated',
          message: expect.stringMatching(/log in/i),
          requestId: expect.stringMatching(/^req_/),
        });
      }
    },
  );

  it('refuses a foreign origin with 403 and the API error body', async () => {
    const handshake = `${baseUrl}${SOCKET_IO_PATH}/?EIO=4&transport=polling`;
    const refused = await fetch(handshake, { headers: { origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ApiErrorSchema.parse(await refused.json()).error).toMatchObject({
      code: 'forbidden',
      reason: 'origin_not_allowed',
    });
    const allowed = await fetch(handshake, { headers: { origin: ALLOWED_ORIGIN } });
    expect(allowed.status).toBe(200);
  });

  it("accepts PUBLIC_URL's origin and refuses another origin, even with a valid token", async () => {
    const socket = await connect(alice.token, { origin: ALLOWED_ORIGIN });
    expect(socket.connected).toBe(true);
    socket.close();
    await expect(connect(alice.token, { origin: 'https://evil.example' })).rejects.toThrow();
  });
});

describe('live delivery', () => {
  it("delivers a conversation's message to its store only, after commit", async () => {
    const aliceSocket = await connect(alice.token);
    const bobSocket = await connect(bob.token);
    const aliceMessages = collect<Message>(aliceSocket, REALTIME_EVENTS.message);
    const aliceSummaries = collect<ConversationSummary>(aliceSocket, REALTIME_EVENTS.conversation);
    const bobEvents: unknown[] = [];
    bobSocket.onAny((...args: unknown[]) => bobEvents.push(args));

    const sent = await sendText(alice, aliceConversation.sid, 'Hello Porto');
    await waitFor(() => aliceMessages.length === 1 && aliceSummaries.length === 1);
    expect(aliceMessages[0]).toEqual(sent);
    expect(aliceSummaries[0]).toMatchObject({ sid: aliceConversation.sid, unreadCount: 0 });

    const bobSync = await sync(bobSocket, [
      { conversationId: aliceConversation.sid, lastSeenIndex: -1 },
    ]);
    expect(bobSync).toEqual({
      conversations: [{ conversationId: aliceConversation.sid, error: 'not_found' }],
    });
    await sendText(alice, aliceConversation.sid, 'Still only for Alice');
    await context.dispatcher.drain();
    await pause(100);
    expect(aliceMessages).toHaveLength(2);
    expect(bobEvents).toEqual([]);
    aliceSocket.close();
    bobSocket.close();
  });

  it("sends each side the summary it would read itself (unread count, other's marker)", async () => {
    const aliceSocket = await connect(alice.token);
    const supplierSocket = await connect(supplierToken);
    const aliceSummaries = collect<ConversationSummary>(aliceSocket, REALTIME_EVENTS.conversation);
    const supplierSummaries = collect<ConversationSummary>(
      supplierSocket,
      REALTIME_EVENTS.conversation,
    );
    await sendText(alice, aliceConversation.sid, 'One');
    await sendText(alice, aliceConversation.sid, 'Two');
    await context.dispatcher.drain();
    await waitFor(() => aliceSummaries.length === 2 && supplierSummaries.length === 2);
    const chat = context.chat.chatService;
    const storeParty: ChatParty = { kind: 'STORE', storeId: alice.storeId, userId: '', name: '' };
    expect(aliceSummaries[1]).toEqual(
      await chat.getConversationSummary(storeParty, aliceConversation.sid),
    );
    expect(supplierSummaries[1]).toEqual(
      await chat.getConversationSummary(supplierParty(companyId), aliceConversation.sid),
    );
    expect(supplierSummaries[1]!.unreadCount).toBeGreaterThanOrEqual(2);
    aliceSocket.close();
    supplierSocket.close();
  });

  it('joins a conversation created after the socket connected', async () => {
    const other = await createCatalogFactories(context.connection.db).aSupplier();
    const aliceSocket = await connect(alice.token);
    const received = collect<Message>(aliceSocket, REALTIME_EVENTS.message);
    const conversation = await open(alice, other.id);
    const sent = await context.chat.chatService.sendMessage(
      supplierParty(other.id),
      conversation.sid,
      {
        body: 'Welcome',
        payload: { type: 'TEXT' },
        fileIds: [],
      },
    );
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual(sent.message);
    aliceSocket.close();
  });

  it('catches up after a reconnect: exactly the missed messages, none twice', async () => {
    const first = await connect(alice.token);
    const seen = collect<Message>(first, REALTIME_EVENTS.message);
    const before = await sendText(alice, aliceConversation.sid, 'before the drop');
    await waitFor(() => seen.length === 1);
    await disconnect(first, alice.storeId);

    const missed = [
      await sendText(alice, aliceConversation.sid, 'missed 1'),
      await sendText(alice, aliceConversation.sid, 'missed 2'),
      await sendText(alice, aliceConversation.sid, 'missed 3'),
    ];
    const second = await connect(alice.token);
    const live = collect<Message>(second, REALTIME_EVENTS.message);
    const result = await sync(second, [
      { conversationId: aliceConversation.sid, lastSeenIndex: before.index },
    ]);
    expect(result).toEqual({
      conversations: [{ conversationId: aliceConversation.sid, messages: missed }],
    });
    const after = await sendText(alice, aliceConversation.sid, 'after the reconnect');
    await waitFor(() => live.some((message) => message.index === after.index));
    await pause(50);
    // The client keeps messages by index: with the PostgreSQL adapter a broadcast still in
    // flight when the new socket joined can arrive live as well as in the sync answer.
    const view = new Map<number, Message>();
    for (const message of [
      ...seen,
      ...result.conversations.flatMap((c) => ('messages' in c ? c.messages : [])),
      ...live,
    ]) {
      expect(view.get(message.index) ?? message).toEqual(message);
      view.set(message.index, message);
    }
    expect([...view.keys()].sort((a, b) => a - b)).toEqual([
      before.index,
      ...missed.map((m) => m.index),
      after.index,
    ]);
    expect(live.filter((message) => message.index > missed.at(-1)!.index)).toEqual([after]);
    second.close();
  });

  it('relays typing to the other party only, and read receipts', async () => {
    const aliceSocket = await connect(alice.token);
    const aliceTab = await connect(alice.token);
    const supplierSocket = await connect(supplierToken);
    const bobSocket = await connect(bob.token);
    const aliceTyping = collect(aliceSocket, REALTIME_EVENTS.typing);
    const supplierTyping = collect(supplierSocket, REALTIME_EVENTS.typing);
    const supplierReads = collect(supplierSocket, REALTIME_EVENTS.read);
    const bobTyping = collect(bobSocket, REALTIME_EVENTS.typing);
    const aliceTabTyping = collect(aliceTab, REALTIME_EVENTS.typing);

    aliceSocket.emit(REALTIME_EVENTS.typing, { conversationId: aliceConversation.sid });
    // A second one within the rate limit window is dropped.
    aliceSocket.emit(REALTIME_EVENTS.typing, { conversationId: aliceConversation.sid });
    // Bob may not type into Alice's conversation.
    bobSocket.emit(REALTIME_EVENTS.typing, { conversationId: aliceConversation.sid });
    await waitFor(() => supplierTyping.length === 1);
    await pause(100);
    expect(supplierTyping).toEqual([
      { conversationId: aliceConversation.sid, participant: `store_${alice.storeId}` },
    ]);
    expect(aliceTyping).toEqual([]);
    expect(bobTyping).toEqual([]);
    expect(aliceTabTyping).toEqual([]);

    const response = await context.app.inject({
      method: 'PUT',
      url: `/api/web/conversations/${aliceConversation.sid}/read`,
      headers: alice.headers,
      payload: { lastReadIndex: 0 },
    });
    expect(response.statusCode, response.body).toBe(200);
    await waitFor(() => supplierReads.length === 1);
    expect(supplierReads[0]).toMatchObject({
      conversationId: aliceConversation.sid,
      participant: `store_${alice.storeId}`,
    });
    for (const socket of [aliceSocket, aliceTab, supplierSocket, bobSocket]) socket.close();
  });
});

describe('offline e-mail', () => {
  it('e-mails an offline store at most once per conversation per hour', async () => {
    const carol = await registerAccount(context, { storeTitle: 'Carol Crafts' });
    const conversation = await open(carol, companyId);
    const says = async (body: string) => {
      await context.chat.chatService.sendMessage(supplierParty(companyId), conversation.sid, {
        body,
        payload: { type: 'TEXT' },
        fileIds: [],
      });
      await context.dispatcher.drain();
    };
    const notices = () =>
      context.connection.db
        .select()
        .from(notificationOutbox)
        .where(
          and(
            eq(notificationOutbox.storeId, carol.storeId),
            eq(notificationOutbox.kind, 'chat.unread'),
          ),
        );

    await says('Your samples shipped');
    const [first, ...rest] = await notices();
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ recipient: carol.input.email, channel: 'EMAIL' });
    expect(first!.body).toContain('Your samples shipped');

    await says('Tracking number follows');
    expect(await notices()).toHaveLength(1);

    // Online: no e-mail, even after the hour.
    context.clock.advance(OFFLINE_EMAIL_INTERVAL_MS + 1);
    const socket = await connect(carol.token);
    await says('Are you there?');
    expect(await notices()).toHaveLength(1);
    await disconnect(socket, carol.storeId);

    await says('One more thing');
    const all = await notices();
    expect(all).toHaveLength(2);
    expect(all.at(-1)!.body).toContain('One more thing');
  });
});

describe('several server processes', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'delivers a message posted on instance B to a socket on instance A, and a logout on B closes a socket on A (PostgreSQL only: PGlite is one process)',
    async () => {
      const connectionString = context.connection.pool!.options.connectionString!;
      const second = await openPostgres(connectionString, { max: 5 });
      const other = await buildApp({
        config: context.config,
        connection: second,
        clock: context.clock,
        logger: false,
      });
      try {
        await other.app.listen({ port: 0, host: '127.0.0.1' });
        const socket = await connect(alice.token);
        const received = collect<Message>(socket, REALTIME_EVENTS.message);
        // Both adapters LISTEN before the first NOTIFY.
        await pause(1_000);
        const response = await other.app.inject({
          method: 'POST',
          url: `/api/web/conversations/${aliceConversation.sid}/messages`,
          headers: alice.headers,
          payload: { body: 'through instance B' },
        });
        expect(response.statusCode, response.body).toBe(201);
        await waitFor(() => received.length === 1);
        expect(received[0]).toEqual(response.json<Message>());
        socket.close();

        const frank = await registerAccount(context, { storeTitle: 'Frank Fabrics' });
        const frankSocket = await connect(frank.token);
        const gone = new Promise<string>((resolve) =>
          frankSocket.once('disconnect', (reason) => resolve(reason)),
        );
        const logout = await other.app.inject({
          method: 'POST',
          url: '/api/web/auth/logout',
          headers: frank.headers,
        });
        expect(logout.statusCode, logout.body).toBe(200);
        expect(await gone).toBe('io server disconnect');
      } finally {
        await other.app.close();
        await second.close();
      }
    },
  );
});

describe('socket sessions', () => {
  it('connects a supplier to its company conversations and never renews a token in a handshake', async () => {
    const carol = await registerAccount(context, { storeTitle: 'Carol Cotton' });
    // A day later the token is due for renewal; a handshake cannot hand a new one back.
    context.clock.advance(context.config.SESSION_RENEW_AFTER_MS + 1000);
    const socket = await connect(carol.token, { origin: ALLOWED_ORIGIN });
    socket.close();
    context.clock.advance(5 * 60_000);
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/web/auth/me',
      headers: carol.headers,
    });
    expect(me.statusCode).toBe(200);

    const supplierSocket = await connect(supplierToken, { origin: ALLOWED_ORIGIN });
    const received = new Promise<Message>((resolve) =>
      supplierSocket.once(REALTIME_EVENTS.message, (message: Message) => resolve(message)),
    );
    const conversation = await open(carol, companyId);
    await context.app.inject({
      method: 'POST',
      url: `/api/web/conversations/${conversation.sid}/messages`,
      headers: carol.headers,
      payload: { body: 'Hello from Carol' },
    });
    expect((await received).body).toBe('Hello from Carol');
  });
});

/** A new company with one supplier account, for the isolation tests. */
const anotherSupplier = async () => {
  const supplier = await createCatalogFactories(context.connection.db).aSupplier();
  return aSupplierAccount(context, supplier.id);
};

describe('isolation between companies', () => {
  it("never gives a supplier socket another company's messages, typing or sync", async () => {
    const outsider = await anotherSupplier();
    const outsiderSocket = await connect(outsider.token);
    const outsiderEvents: unknown[] = [];
    outsiderSocket.onAny((...args: unknown[]) => outsiderEvents.push(args));
    const supplierSocket = await connect(supplierToken);
    const supplierMessages = collect<Message>(supplierSocket, REALTIME_EVENTS.message);

    outsiderSocket.emit(REALTIME_EVENTS.typing, { conversationId: aliceConversation.sid });
    const sent = await sendText(alice, aliceConversation.sid, 'For Acme only');
    await waitFor(() => supplierMessages.some((message) => message.sid === sent.sid));
    expect(
      await sync(outsiderSocket, [{ conversationId: aliceConversation.sid, lastSeenIndex: -1 }]),
    ).toEqual({ conversations: [{ conversationId: aliceConversation.sid, error: 'not_found' }] });
    // A refused sync joins nothing: later messages stay out of reach too.
    await sendText(alice, aliceConversation.sid, 'Still for Acme only');
    await context.dispatcher.drain();
    await pause(100);
    expect(outsiderEvents).toEqual([]);
    outsiderSocket.close();
    supplierSocket.close();
  });
});

describe('answered meeting requests', () => {
  it("sends the updated message to both parties' sockets only", async () => {
    const outsider = await anotherSupplier();
    const aliceSocket = await connect(alice.token);
    const supplierSocket = await connect(supplierToken);
    const bobSocket = await connect(bob.token);
    const outsiderSocket = await connect(outsider.token);
    const aliceUpdates = collect<Message>(aliceSocket, REALTIME_EVENTS.messageUpdated);
    const supplierUpdates = collect<Message>(supplierSocket, REALTIME_EVENTS.messageUpdated);
    const bobUpdates = collect(bobSocket, REALTIME_EVENTS.messageUpdated);
    const outsiderUpdates = collect(outsiderSocket, REALTIME_EVENTS.messageUpdated);

    const proposed = new Date(context.clock.now().getTime() + 86_400_000).toISOString();
    const requested = await context.app.inject({
      method: 'POST',
      url: `/api/partner/conversations/${aliceConversation.sid}/messages`,
      headers: supplierAccount.headers,
      payload: { body: '', payload: { type: 'ZOOM_MEETING_REQUEST', proposedTimes: [proposed] } },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const answered = await context.app.inject({
      method: 'PUT',
      url: `/api/web/conversations/${aliceConversation.sid}/messages/${requested.json<Message>().index}/meeting-response`,
      headers: alice.headers,
      payload: { status: 'ACCEPTED', acceptedTime: proposed },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await waitFor(() => aliceUpdates.length === 1 && supplierUpdates.length === 1);
    expect(aliceUpdates[0]).toEqual(answered.json<Message>());
    expect(supplierUpdates[0]).toEqual(answered.json<Message>());
    await pause(100);
    expect(bobUpdates).toEqual([]);
    expect(outsiderUpdates).toEqual([]);
    for (const socket of [aliceSocket, supplierSocket, bobSocket, outsiderSocket]) socket.close();
  });
});

describe('logout', () => {
  const disconnected = (socket: ClientSocket) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket was not disconnected')), 5_000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  const logIn = async (url: string, email: string, password: string) => {
    const response = await context.app.inject({
      method: 'POST',
      url,
      payload: { email, password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string }>().token;
  };

  const logOut = async (url: string, token: string) => {
    const response = await context.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it("disconnects the store session's sockets and no other session's", async () => {
    const dave = await registerAccount(context, { storeTitle: 'Dave Denim' });
    const otherToken = await logIn('/api/web/auth/login', dave.input.email, dave.input.password);
    const first = await connect(dave.token);
    const secondTab = await connect(dave.token);
    const otherSession = await connect(otherToken);
    const firstGone = disconnected(first);
    const secondGone = disconnected(secondTab);

    await logOut('/api/web/auth/logout', dave.token);
    expect(await firstGone).toBe('io server disconnect');
    expect(await secondGone).toBe('io server disconnect');
    await pause(100);
    expect(otherSession.connected).toBe(true);
    await expect(connect(dave.token)).rejects.toThrow('unauthenticated');
    otherSession.close();
  });

  it('disconnects a socket opened with a token the session has since renewed', async () => {
    const gina = await registerAccount(context, { storeTitle: 'Gina Goods' });
    const socket = await connect(gina.token);
    context.clock.advance(context.config.SESSION_RENEW_AFTER_MS + 1000);
    const me = await context.app.inject({
      method: 'GET',
      url: '/api/web/auth/me',
      headers: gina.headers,
    });
    const renewed = me.headers[RENEWED_TOKEN_HEADER];
    expect(typeof renewed === 'string' && renewed !== gina.token).toBe(true);
    const gone = disconnected(socket);
    await logOut('/api/web/auth/logout', renewed as string);
    expect(await gone).toBe('io server disconnect');
  });

  it(`disconnects the sockets of the oldest session when a login goes past ${MAX_SESSIONS_PER_USER} sessions`, async () => {
    const hana = await registerAccount(context, { storeTitle: 'Hana Home' });
    const oldest = await connect(hana.token);
    for (let login = 1; login < MAX_SESSIONS_PER_USER; login += 1) {
      context.clock.advance(1000);
      await logIn('/api/web/auth/login', hana.input.email, hana.input.password);
    }
    expect(oldest.connected).toBe(true);
    const gone = disconnected(oldest);
    context.clock.advance(1000);
    const newest = await logIn('/api/web/auth/login', hana.input.email, hana.input.password);
    const current = await connect(newest);

    expect(await gone).toBe('io server disconnect');
    await pause(100);
    expect(current.connected).toBe(true);
    await expect(connect(hana.token)).rejects.toThrow('unauthenticated');
    current.close();
  }, 30_000);

  it("disconnects the supplier session's sockets and no other session's", async () => {
    const member = await aSupplierAccount(context, companyId);
    const otherToken = await logIn('/api/partner/auth/login', member.email, member.password);
    const socket = await connect(member.token);
    const otherSession = await connect(otherToken);
    const colleague = await connect((await aSupplierAccount(context, companyId)).token);
    const gone = disconnected(socket);

    await logOut('/api/partner/auth/logout', member.token);
    expect(await gone).toBe('io server disconnect');
    await pause(100);
    expect(otherSession.connected).toBe(true);
    expect(colleague.connected).toBe(true);
    otherSession.close();
    colleague.close();
  });
});

describe('offline e-mail to suppliers', () => {
  it("e-mails the company's active members at most once per conversation per hour", async () => {
    const supplier = await createCatalogFactories(context.connection.db).aSupplier();
    const ana = await aSupplierAccount(context, supplier.id);
    const ben = await aSupplierAccount(context, supplier.id);
    // Invited but not accepted: not a member yet.
    await context.identity.supplierAccountService.invite(supplier.id, 'pending@example.com');
    const erin = await registerAccount(context, { storeTitle: 'Erin Essentials', name: 'Erin' });
    const conversation = await open(erin, supplier.id);
    const says = async (body: string) => {
      await sendText(erin, conversation.sid, body);
      await context.dispatcher.drain();
    };
    const recipients = [ana.email, ben.email, 'pending@example.com'];
    const notices = () =>
      context.connection.db
        .select()
        .from(notificationOutbox)
        .where(
          and(
            inArray(notificationOutbox.recipient, recipients),
            eq(notificationOutbox.kind, 'chat.unread'),
          ),
        );

    await says('Can you quote 500 hoodies?');
    const first = await notices();
    expect(first.map((notice) => notice.recipient).sort()).toEqual([ana.email, ben.email].sort());
    for (const notice of first) {
      expect(notice).toMatchObject({ channel: 'EMAIL', storeId: null });
      expect(notice.subject).toBe('New message from Erin');
      expect(notice.body).toContain('Erin: Can you quote 500 hoodies?');
      expect(notice.body).toContain(`${ALLOWED_ORIGIN}/partner/inbox/${conversation.sid}`);
    }

    await says('And 200 tees');
    expect(await notices()).toHaveLength(2);

    // A member online: no e-mail, even after the hour.
    context.clock.advance(OFFLINE_EMAIL_INTERVAL_MS + 1);
    const socket = await connect(ben.token);
    await says('Are you there?');
    expect(await notices()).toHaveLength(2);
    socket.close();
    const start = Date.now();
    while ((await context.realtime.io.in(`company:${supplier.id}`).fetchSockets()).length > 0) {
      if (Date.now() - start > 5_000) throw new Error('socket still open on the server');
      await pause(10);
    }

    await says('One more thing');
    const all = await notices();
    expect(all).toHaveLength(4);
    const latest = all.filter((notice) => !first.some((earlier) => earlier.id === notice.id));
    for (const notice of latest) {
      // Everything the company has not read yet, oldest first.
      expect(notice.body).toContain('Can you quote 500 hoodies?');
      expect(notice.body.indexOf('And 200 tees')).toBeLessThan(
        notice.body.indexOf('One more thing'),
      );
    }
  });
});
