import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { REALTIME_EVENTS } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import {
  SOCKET_IO_PATH,
  SyncInputSchema,
  TypingInputSchema,
  type ReadEvent,
  type SyncInput,
  type SyncResult,
  type TypingEvent,
} from '@atelier/contract/chat/realtime';
import type { Config } from '@/config';
import type { DatabaseConnection } from '@/db/client';
import type { Clock } from '@/lib/clock';
import {
  participantOf,
  type ChatParty,
  type ChatService,
  type ConversationRow,
} from '@/modules/chat';
import type { Notifier } from '@/modules/notifications';
import { createOfflineEmailer } from './offline-email';
import { companyRoom, conversationRoom, partyRoom, sessionRoom, storeRoom } from './rooms';

/** A socket relays at most one typing event per conversation in this window. */
const TYPING_INTERVAL_MS = 1_000;
/** Messages read per query while catching one conversation up. */
const SYNC_PAGE_SIZE = 200;

type SyncAnswer = Extract<SyncResult, { conversations: unknown }>;

type SocketData = { party: ChatParty; sessionId: string; conversationIds: string[] };

type RealtimeDeps = {
  config: Config;
  connection: DatabaseConnection;
  clock: Clock;
  notifier: Notifier;
  /** Resolves a handshake token to its chat party and session; throws when it is not valid. */
  resolveParty: (token: string) => Promise<{ party: ChatParty; sessionId: string }>;
  /** The chat service, read lazily (chat is built with this module's hooks). */
  chatService: () => ChatService;
  /** Where offline chat e-mail to a store goes. */
  findStoreEmail: (storeId: string) => Promise<string | undefined>;
  /** Where offline chat e-mail to a supplier company goes (its active members). */
  listSupplierEmails: (companyId: string) => Promise<string[]>;
};

/** The browser origins allowed to open a socket (config-driven). */
const allowedOrigins = (config: Config): Set<string> => {
  const origins = new Set([
    `http://localhost:${config.PORT}`,
    `http://127.0.0.1:${config.PORT}`,
    ...config.REALTIME_ALLOWED_ORIGINS.map((origin) => origin.replace(/\/+$/, '')),
  ]);
  if (config.PUBLIC_URL) origins.add(new URL(config.PUBLIC_URL).origin);
  // `npm run dev`: the Vite dev and preview servers proxy /socket.io with their own origin.
  if (config.NODE_ENV === 'development') {
    origins.add('http://localhost:5173').add('http://localhost:4173');
  }
  return origins;
};

/**
 * Socket.IO on the API's port (issue 4 "Real time"): token handshake, Origin check, rooms per
 * party and conversation, live messages/typing/read receipts, catch-up sync, offline e-mail.
 * Attached to the HTTP server when the app listens; closed with the app.
 */
export const createRealtime = (deps: RealtimeDeps) => {
  const { config, connection, resolveParty } = deps;
  const origins = allowedOrigins(config);
  let log: FastifyBaseLogger | undefined;
  const pending = new Set<Promise<void>>();

  const io = new Server({
    path: SOCKET_IO_PATH,
    serveClient: false,
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      // Browsers always send Origin; other clients may omit it and still need a valid token.
      callback(null, origin === undefined || origins.has(origin));
    },
  });

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown>).token;
    if (typeof token !== 'string' || token === '') {
      next(new Error('unauthenticated'));
      return;
    }
    resolveParty(token)
      .catch(() => undefined)
      .then(async (resolved) => {
        if (!resolved) {
          next(new Error('unauthenticated'));
          return;
        }
        const { party, sessionId } = resolved;
        const conversationIds = await deps.chatService().listConversationIds(party);
        socket.data = { party, sessionId, conversationIds } satisfies SocketData;
        next();
      })
      .catch((error: unknown) => {
        log?.warn({ err: error }, 'realtime handshake failed');
        next(new Error('unavailable'));
      });
  });

  io.on('connection', (socket) => {
    const { party, sessionId, conversationIds } = socket.data as SocketData;
    void socket.join([
      partyRoom(party),
      sessionRoom(sessionId),
      ...conversationIds.map(conversationRoom),
    ]);
    const lastTyping = new Map<string, number>();

    socket.on(REALTIME_EVENTS.typing, (input: unknown) => {
      const parsed = TypingInputSchema.safeParse(input);
      if (!parsed.success) return;
      const { conversationId } = parsed.data;
      const now = Date.now();
      if (now - (lastTyping.get(conversationId) ?? 0) < TYPING_INTERVAL_MS) return;
      lastTyping.set(conversationId, now);
      void (async () => {
        const room = conversationRoom(conversationId);
        if (!socket.rooms.has(room)) {
          if (!(await deps.chatService().isInConversation(party, conversationId))) return;
          void socket.join(room);
        }
        // To the other party: not to the sender's own other tabs either.
        socket
          .to(room)
          .except(partyRoom(party))
          .emit(REALTIME_EVENTS.typing, {
            conversationId,
            participant: participantOf(party),
          } satisfies TypingEvent);
      })().catch((error: unknown) => log?.warn({ err: error }, 'typing relay failed'));
    });

    socket.on(REALTIME_EVENTS.sync, (input: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const reply = ack as (result: SyncResult) => void;
      const parsed = SyncInputSchema.safeParse(input);
      if (!parsed.success) {
        reply({ error: 'bad_request' });
        return;
      }
      void sync(socket, party, parsed.data).then(reply);
    });
  });

  const sync = async (socket: Socket, party: ChatParty, input: SyncInput): Promise<SyncAnswer> => {
    const result: SyncAnswer = { conversations: [] };
    for (const { conversationId, lastSeenIndex } of input.conversations) {
      try {
        const messages: Message[] = [];
        let afterIndex = lastSeenIndex;
        for (;;) {
          const page = await deps
            .chatService()
            .listMessages(party, conversationId, { afterIndex, size: SYNC_PAGE_SIZE });
          messages.push(...page.items);
          if (page.items.length < SYNC_PAGE_SIZE) break;
          afterIndex = page.items.at(-1)!.index;
        }
        // Membership was checked by listMessages: from now on the socket gets it live too.
        await socket.join(conversationRoom(conversationId));
        result.conversations.push({ conversationId, messages });
      } catch (error) {
        const isNotFound = (error as { code?: string }).code === 'not_found';
        if (!isNotFound) log?.warn({ err: error }, 'chat sync failed');
        result.conversations.push({ conversationId, error: isNotFound ? 'not_found' : 'failed' });
      }
    }
    return result;
  };

  const offlineEmailer = createOfflineEmailer({
    db: connection.db,
    clock: deps.clock,
    notifier: deps.notifier,
    listUnreadMessages: (conversationId, participant, size) =>
      deps.chatService().listUnreadMessages(conversationId, participant, size),
    findStoreEmail: deps.findStoreEmail,
    listSupplierEmails: deps.listSupplierEmails,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    hasOpenSocket: async (room) => (await io.in(room).fetchSockets()).length > 0,
  });

  /** Both parties' rooms of a conversation (a join still in flight on another process). */
  const partyRoomsOf = (conversation: ConversationRow) => [
    storeRoom(conversation.storeId),
    companyRoom(conversation.companyId),
  ];

  return {
    io,

    /** Chat hook: runs after the message's transaction committed. */
    onMessageCommitted(message: Message, conversation: ConversationRow) {
      const room = conversationRoom(conversation.id);
      const rooms = partyRoomsOf(conversation);
      // A conversation created after a socket connected: its parties' sockets join it on its
      // first message (sockets connecting later read it from the database; sync joins too).
      if (message.index === 0) io.in(rooms).socketsJoin(room);
      // The party rooms too, so a join still in flight on another process loses nothing.
      io.to(room).to(rooms).emit(REALTIME_EVENTS.message, message);
      const work = (async () => {
        const summaries = await deps
          .chatService()
          .getConversationSummariesOfBothSides(conversation.id);
        if (summaries) {
          io.to(storeRoom(conversation.storeId)).emit(
            REALTIME_EVENTS.conversation,
            summaries.store,
          );
          io.to(companyRoom(conversation.companyId)).emit(
            REALTIME_EVENTS.conversation,
            summaries.supplier,
          );
        }
        await offlineEmailer.afterMessage(message, conversation);
      })().catch((error: unknown) => log?.warn({ err: error }, 'realtime delivery failed'));
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },

    /** Chat hook: a stored message changed (a meeting request answered), after commit. */
    onMessageUpdated(message: Message, conversation: ConversationRow) {
      io.to(conversationRoom(conversation.id))
        .to(partyRoomsOf(conversation))
        .emit(REALTIME_EVENTS.messageUpdated, message);
    },

    /**
     * Identity hook: a session logged out, so its sockets close now, on every process (the
     * adapter relays it). The client does not reconnect after a server-side disconnect.
     */
    onSessionEnded(sessionId: string) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },

    /** Resolves when the follow-up work of committed messages (summaries, e-mail) is done. */
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },

    /** Chat hook: a read marker moved (read receipts). */
    onRead(event: ReadEvent) {
      io.to(conversationRoom(event.conversationId)).emit(REALTIME_EVENTS.read, event);
    },

    /** Attaches to the app's HTTP server when it listens; closes with the app. */
    register(app: FastifyInstance) {
      log = app.log;
      let isAttached = false;
      app.addHook('onListen', async () => {
        if (isAttached) return;
        isAttached = true;
        if (connection.engine === 'postgres' && connection.pool) {
          io.adapter(
            createAdapter(connection.pool, {
              errorHandler: (error) => app.log.warn({ err: error }, 'realtime adapter error'),
            }),
          );
        }
        io.attach(app.server);
      });
      app.addHook('preClose', async () => {
        while (pending.size > 0) await Promise.all(pending);
        // Only this process's sockets: the adapter would broadcast a global disconnect.
        io.local.disconnectSockets(true);
        if (isAttached) {
          await io.of('/').adapter.close();
          io.engine.close();
        }
      });
    },
  };
};
export type Realtime = ReturnType<typeof createRealtime>;
