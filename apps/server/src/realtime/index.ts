import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { SOCKET_IO_PATH } from '@atelier/contract/chat/realtime';
import { ERROR_STATUS, type ErrorCode } from '@atelier/contract/common/errors';
import { appOrigins, type Config } from '@/config';
import type { DatabaseConnection } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { errorBody } from '@/lib/app-error';
import { newId } from '@/lib/ids';
import { answerAndClose, type RawError } from '@/lib/raw-error-response';
import { moveEventToSockets } from './event-routes';
import { principalRoom, sessionRoom, type SocketPrincipal } from './rooms';

export { companyRoom, principalRoom, sessionRoom, storeRoom, type SocketPrincipal } from './rooms';

type SocketData = { principal: SocketPrincipal; state: Map<string, unknown> };

/** What a client → server socket request's handler gets besides its input. */
export type SocketRequestContext = {
  principal: SocketPrincipal;
  /** Per-socket scratch space (throttles), dropped with the socket. */
  state: Map<string, unknown>;
  /** Emits to rooms, leaving out the sender's own party's sockets. */
  emitToOthers: (rooms: string[], event: string, data: unknown) => void;
};
/** Handles one client → server event; its result goes back in the acknowledgement, if asked. */
export type SocketRequestHandler = (
  input: unknown,
  context: SocketRequestContext,
) => Promise<unknown>;

type RealtimeDeps = {
  config: Config;
  connection: DatabaseConnection;
  events: EventBus;
  /** Resolves a handshake token to whoever holds it; throws when it is not valid. */
  authenticate: (token: string) => Promise<SocketPrincipal>;
};

/**
 * A refused Socket.IO connection (issue 9 §9): its message is the error code (what clients match
 * on), and `data`, which the client's `connect_error` receives, is the API's error body.
 */
const handshakeRefusal = (code: ErrorCode, message: string) =>
  Object.assign(new Error(code), { data: errorBody(code, message, newId('req')) });

const ORIGIN_REFUSAL: RawError = {
  code: 'forbidden',
  message: 'This site may not open live connections to Atelier.',
  reason: 'origin_not_allowed',
};

/**
 * Answers a handshake from a foreign origin with 403 and the API's error body: on the polling
 * request through its response, on a WebSocket upgrade (Engine.IO hands over a stand-in whose
 * socket is the connection) as raw HTTP on that socket.
 */
const refuseOrigin = (response: unknown, log: FastifyBaseLogger | undefined) => {
  if (!(response instanceof ServerResponse)) {
    answerAndClose((response as { socket: Duplex }).socket, ORIGIN_REFUSAL, log);
    return;
  }
  const { code, message, reason } = ORIGIN_REFUSAL;
  const requestId = newId('req');
  const body = JSON.stringify(errorBody(code, message, requestId, { reason }));
  response
    .writeHead(ERROR_STATUS[code], {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'x-content-type-options': 'nosniff',
      'x-request-id': requestId,
      connection: 'close',
    })
    .end(body);
};

/** The browser origins allowed to open a socket (config-driven). */
const allowedOrigins = (config: Config): Set<string> => {
  const origins = new Set([
    ...appOrigins(config),
    ...config.REALTIME_ALLOWED_ORIGINS.map((origin) => origin.replace(/\/+$/, '')),
  ]);
  // `npm run dev`: the Vite dev and preview servers proxy /socket.io with their own origin.
  if (config.NODE_ENV === 'development') {
    origins.add('http://localhost:5173').add('http://localhost:4173');
  }
  return origins;
};

/**
 * Socket.IO on the API's port (issue 4 "Real time", issue 8): token handshake, Origin check, one
 * room per store, supplier company and session. It reads no module's tables: it is the outbox
 * subscriber "realtime" that moves domain events to rooms (event-routes.ts), and modules register
 * the client → server requests they answer (`handle`). With PostgreSQL the adapter relays every
 * emit to the sockets of all processes, a worker's included.
 */
export const createRealtime = (deps: RealtimeDeps) => {
  const { config, connection } = deps;
  const origins = allowedOrigins(config);
  let log: FastifyBaseLogger | undefined;
  const handlers = new Map<string, SocketRequestHandler>();
  let isAdapterSet = false;

  const io = new Server({ path: SOCKET_IO_PATH, serveClient: false });

  // An Engine.IO middleware: it runs on the polling request and the WebSocket upgrade alike.
  const checkOrigin = (
    request: IncomingMessage,
    response: unknown,
    next: (error?: Error) => void,
  ) => {
    const origin = request.headers.origin;
    // Browsers always send Origin; other clients may omit it and still need a valid token.
    if (origin === undefined || origins.has(origin)) {
      next();
      return;
    }
    refuseOrigin(response, log);
    next(new Error('origin not allowed'));
  };

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown>).token;
    if (typeof token !== 'string' || token === '') {
      next(handshakeRefusal('unauthenticated', 'Log in to receive live updates.'));
      return;
    }
    deps
      .authenticate(token)
      .then(
        (principal) => {
          socket.data = { principal, state: new Map() } satisfies SocketData;
          next();
        },
        () =>
          next(
            handshakeRefusal(
              'unauthenticated',
              'Your session has ended. Log in again to receive live updates.',
            ),
          ),
      )
      .catch((error: unknown) => {
        log?.warn({ err: error }, 'realtime handshake failed');
        next(handshakeRefusal('unavailable', 'Live updates are unavailable. Try again shortly.'));
      });
  });

  const onRequest = (socket: Socket, event: string, handler: SocketRequestHandler) => {
    socket.on(event, (input: unknown, ack: unknown) => {
      const { principal, state } = socket.data as SocketData;
      const context: SocketRequestContext = {
        principal,
        state,
        emitToOthers: (rooms, name, data) =>
          socket.to(rooms).except(principalRoom(principal)).emit(name, data),
      };
      handler(input, context).then(
        (result) => {
          if (typeof ack === 'function') (ack as (result: unknown) => void)(result);
        },
        (error: unknown) => log?.warn({ err: error, event }, 'socket request failed'),
      );
    });
  };

  io.on('connection', (socket) => {
    const { principal } = socket.data as SocketData;
    void socket.join([principalRoom(principal), sessionRoom(principal.sessionId)]);
    for (const [event, handler] of handlers) onRequest(socket, event, handler);
  });

  const useAdapter = () => {
    if (isAdapterSet || connection.engine !== 'postgres' || !connection.pool) return;
    isAdapterSet = true;
    io.adapter(
      createAdapter(connection.pool, {
        errorHandler: (error) => log?.warn({ err: error }, 'realtime adapter error'),
      }),
    );
  };

  deps.events.subscribe(
    'realtime',
    [
      'chat.message.sent',
      'chat.message.updated',
      'chat.conversation.read',
      'identity.session.ended',
      'jobs.job.updated',
      'orders.items.updated',
      'orders.invoice.updated',
    ],
    async (event) => moveEventToSockets(io, event),
  );

  return {
    io,

    /** Registers the answer to a client → server event (before the app listens). */
    handle(event: string, handler: SocketRequestHandler) {
      handlers.set(event, handler);
    },

    /** Whether a socket is open in the room, on any process (asks the adapter). */
    async hasOpenSocket(room: string): Promise<boolean> {
      return (await io.in(room).fetchSockets()).length > 0;
    },

    /**
     * Serves sockets on the app's HTTP server when it listens (`ROLE=all|api`), or only joins the
     * adapter so a worker's emits reach every api process (`ROLE=worker`). Closes with the app.
     */
    register(app: FastifyInstance, { isServing }: { isServing: boolean }) {
      log = app.log;
      let isAttached = false;
      if (!isServing) app.addHook('onReady', async () => useAdapter());
      if (isServing) {
        app.addHook('onListen', async () => {
          if (isAttached) return;
          isAttached = true;
          useAdapter();
          io.attach(app.server);
          io.engine.use(checkOrigin);
        });
      }
      app.addHook('preClose', async () => {
        // Only this process's sockets: the adapter would broadcast a global disconnect.
        io.local.disconnectSockets(true);
        if (isAdapterSet) await io.of('/').adapter.close();
        if (isAttached) io.engine.close();
      });
    },
  };
};
export type Realtime = ReturnType<typeof createRealtime>;
