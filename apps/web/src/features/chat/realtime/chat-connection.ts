import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { ConversationSummarySchema, REALTIME_EVENTS } from '@atelier/contract/chat/conversation';
import { MessageSchema } from '@atelier/contract/chat/message';
import {
  ReadEventSchema,
  SOCKET_IO_PATH,
  SYNC_MAX_CONVERSATIONS,
  type SyncInput,
  SyncResultSchema,
  TypingEventSchema,
} from '@atelier/contract/chat/realtime';
import {
  applyMessages,
  applyOtherRead,
  applyOwnRead,
  applySummary,
  forgetOwnReads,
  listLoadedHistories,
} from '../api/chat-cache';
import { chatKeys } from '../api/chat-keys';
import type { ChatClient } from '../chat-client';
import { isOwnAuthor } from '../chat-party';
import { lastSeenIndexOf } from '../message-cache';

/** `reconnecting`: the socket was live and dropped; socket.io is trying again. */
export type ConnectionStatus = 'offline' | 'connecting' | 'connected' | 'reconnecting';

type ConnectionState = {
  status: ConnectionStatus;
  /** Conversations where the other party is typing right now. */
  typingConversationIds: ReadonlySet<string>;
};

/** How long "… is typing" stays after the last typing event. */
const TYPING_SHOWN_MS = 3_000;
const TYPING_SEND_INTERVAL_MS = 2_000;
const TOKEN_CHECK_MS = 2_000;
const SYNC_TIMEOUT_MS = 15_000;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 30_000;
// A screen that unmounts and another that mounts right after keep the same socket.
const RELEASE_DELAY_MS = 1_000;

/**
 * One Socket.IO connection per side and tab. It lives while a screen uses it and a token
 * exists, follows token changes (logout, store switch, another tab), and writes every event into
 * the query cache. On each (re)connect it asks `chat:sync` for what the loaded conversations
 * missed.
 */
const createChatConnection = (client: ChatClient, queryClient: QueryClient) => {
  const { side } = client;
  let socket: Socket | null = null;
  let connectedToken: string | null = null;
  let users = 0;
  let hasConnected = false;
  let retryDelay = RETRY_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;
  let tokenTimer: ReturnType<typeof setInterval> | undefined;
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const lastTypingSent = new Map<string, number>();
  let state: ConnectionState = { status: 'offline', typingConversationIds: new Set() };
  const listeners = new Set<() => void>();
  // Other features' socket events on the side's one socket (orders: `orders:updated`).
  const eventHandlers = new Map<string, Set<(payload: unknown) => void>>();

  const setState = (patch: Partial<ConnectionState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const setTyping = (conversationId: string, isTyping: boolean) => {
    clearTimeout(typingTimers.get(conversationId));
    typingTimers.delete(conversationId);
    const typing = new Set(state.typingConversationIds);
    if (isTyping) {
      typing.add(conversationId);
      typingTimers.set(
        conversationId,
        setTimeout(() => setTyping(conversationId, false), TYPING_SHOWN_MS),
      );
    } else if (!typing.delete(conversationId)) {
      return;
    }
    setState({ typingConversationIds: typing });
  };

  const clearTyping = () => {
    for (const timer of typingTimers.values()) clearTimeout(timer);
    typingTimers.clear();
    if (state.typingConversationIds.size > 0) setState({ typingConversationIds: new Set() });
  };

  const sync = async (active: Socket) => {
    const loaded = listLoadedHistories(queryClient, side).slice(0, SYNC_MAX_CONVERSATIONS);
    if (loaded.length === 0) return;
    const input: SyncInput = {
      conversations: loaded.map(({ conversationId, history }) => ({
        conversationId,
        lastSeenIndex: lastSeenIndexOf(history),
      })),
    };
    try {
      const answer: unknown = await active
        .timeout(SYNC_TIMEOUT_MS)
        .emitWithAck(REALTIME_EVENTS.sync, input);
      const parsed = SyncResultSchema.safeParse(answer);
      if (!parsed.success || 'error' in parsed.data) throw new Error('Sync refused.');
      for (const entry of parsed.data.conversations) {
        const queryKey = chatKeys.messages(side, entry.conversationId);
        if ('messages' in entry) {
          applyMessages(queryClient, side, entry.conversationId, entry.messages);
        } else if (entry.error === 'not_found') {
          queryClient.removeQueries({ queryKey });
        } else {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
    } catch {
      // No answer in time: reload the loaded histories instead.
      void queryClient.invalidateQueries({ queryKey: chatKeys.allMessages(side) });
    }
  };

  const scheduleRetry = (target: Socket) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (socket === target && users > 0 && client.getToken()) target.connect();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  };

  /** A new or updated message from the server joins its history; `null` when malformed. */
  const applyMessagePayload = (payload: unknown) => {
    const parsed = MessageSchema.safeParse(payload);
    if (!parsed.success) return null;
    applyMessages(queryClient, side, parsed.data.conversationId, [parsed.data]);
    return parsed.data;
  };

  const listen = (target: Socket) => {
    target.onAny((event: string, payload: unknown) => {
      for (const handler of eventHandlers.get(event) ?? []) handler(payload);
    });
    target.on('connect', () => {
      retryDelay = RETRY_MIN_MS;
      // Summaries may have changed while the socket was down; the histories catch up by sync.
      if (hasConnected)
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(side) });
      hasConnected = true;
      setState({ status: 'connected' });
      void sync(target);
    });
    target.on('disconnect', (reason) => {
      clearTyping();
      setState({ status: hasConnected ? 'reconnecting' : 'connecting' });
      // The server closed it on purpose: socket.io does not come back by itself.
      if (reason === 'io server disconnect') scheduleRetry(target);
    });
    target.on('connect_error', () => {
      // A refused handshake (expired token) is not retried by socket.io; a lost network is.
      if (!target.active) scheduleRetry(target);
    });
    target.on(REALTIME_EVENTS.message, (payload: unknown) => {
      const message = applyMessagePayload(payload);
      if (message && !isOwnAuthor(side, message.author)) setTyping(message.conversationId, false);
    });
    target.on(REALTIME_EVENTS.messageUpdated, applyMessagePayload);
    target.on(REALTIME_EVENTS.conversation, (payload: unknown) => {
      const parsed = ConversationSummarySchema.safeParse(payload);
      if (parsed.success) applySummary(queryClient, side, parsed.data);
    });
    target.on(REALTIME_EVENTS.typing, (payload: unknown) => {
      const parsed = TypingEventSchema.safeParse(payload);
      if (parsed.success && !isOwnAuthor(side, parsed.data.participant)) {
        setTyping(parsed.data.conversationId, true);
      }
    });
    target.on(REALTIME_EVENTS.read, (payload: unknown) => {
      const parsed = ReadEventSchema.safeParse(payload);
      if (!parsed.success) return;
      const { conversationId, participant, lastReadIndex } = parsed.data;
      if (isOwnAuthor(side, participant)) {
        applyOwnRead(queryClient, side, conversationId, lastReadIndex);
      } else {
        applyOtherRead(queryClient, side, conversationId, lastReadIndex);
      }
    });
  };

  const open = (token: string) => {
    connectedToken = token;
    hasConnected = false;
    const target = io({
      path: SOCKET_IO_PATH,
      // Read at every attempt, so a reconnect carries a renewed token.
      auth: (send) => send({ token: client.getToken() ?? '' }),
      reconnectionDelayMax: 10_000,
    });
    listen(target);
    socket = target;
    setState({ status: 'connecting' });
  };

  const close = () => {
    clearTimeout(retryTimer);
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
    connectedToken = null;
    hasConnected = false;
    clearTyping();
    setState({ status: 'offline' });
  };

  const checkToken = () => {
    if (users === 0) return;
    const token = client.getToken();
    if (token === connectedToken && socket) return;
    if (socket) {
      close();
      forgetOwnReads(queryClient, side);
    }
    if (token) open(token);
  };

  const stop = () => {
    close();
    clearInterval(tokenTimer);
    tokenTimer = undefined;
    window.removeEventListener('storage', checkToken);
  };

  return {
    /** Starts (or keeps) the connection for one more user; returns the release. */
    acquire: (): (() => void) => {
      users += 1;
      clearTimeout(releaseTimer);
      if (tokenTimer === undefined) {
        tokenTimer = setInterval(checkToken, TOKEN_CHECK_MS);
        window.addEventListener('storage', checkToken);
      }
      checkToken();
      return () => {
        users -= 1;
        if (users > 0) return;
        clearTimeout(releaseTimer);
        releaseTimer = setTimeout(() => {
          if (users === 0) stop();
        }, RELEASE_DELAY_MS);
      };
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: (): ConnectionState => state,
    /**
     * Calls `handler` with each `event` the side's socket receives (another feature's event on
     * the same rooms); returns the unsubscribe. It lasts across reconnects and token changes.
     */
    onEvent: (event: string, handler: (payload: unknown) => void): (() => void) => {
      const handlers = eventHandlers.get(event) ?? new Set();
      handlers.add(handler);
      eventHandlers.set(event, handlers);
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0 && eventHandlers.get(event) === handlers)
          eventHandlers.delete(event);
      };
    },
    /** Tells the other party that the viewer types (at most every two seconds). */
    sendTyping: (conversationId: string) => {
      const now = Date.now();
      if (!socket?.connected) return;
      if (now - (lastTypingSent.get(conversationId) ?? 0) < TYPING_SEND_INTERVAL_MS) return;
      lastTypingSent.set(conversationId, now);
      socket.emit(REALTIME_EVENTS.typing, { conversationId });
    },
  };
};

type ChatConnection = ReturnType<typeof createChatConnection>;

const connections = new Map<ChatClient['side'], ChatConnection>();

/** The tab's connection of the client's side (created on first use, not yet connected). */
export const getChatConnection = (client: ChatClient, queryClient: QueryClient): ChatConnection => {
  let connection = connections.get(client.side);
  if (!connection) {
    connection = createChatConnection(client, queryClient);
    connections.set(client.side, connection);
  }
  return connection;
};
