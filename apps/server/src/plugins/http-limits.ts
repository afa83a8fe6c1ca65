import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@/config';
import { answerAndClose, type RawError } from '@/lib/raw-error-response';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A multipart upload: its body may take up to HTTP_UPLOAD_TIMEOUT_MS on a slow link instead
     * of HTTP_BODY_TIMEOUT_MS.
     */
    isUpload?: boolean;
  }
}

const REQUEST_TIMEOUT: RawError = {
  code: 'request_timeout',
  message: 'The request took too long to arrive. Check the connection and try again.',
  reason: 'request_timeout',
};

/** Node's HTTP parser and timeout errors (`clientError`), by their code. */
const CLIENT_ERRORS: Record<string, RawError> = {
  ERR_HTTP_REQUEST_TIMEOUT: REQUEST_TIMEOUT,
  HPE_HEADER_OVERFLOW: {
    code: 'headers_too_large',
    message: 'The request headers are too large.',
    reason: 'headers_too_large',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    code: 'payload_too_large',
    message: 'The chunk extensions of the request body are too large.',
    reason: 'chunk_extensions_too_large',
  },
};

const MALFORMED_REQUEST: RawError = {
  code: 'bad_request',
  message: 'The request is not valid HTTP.',
  reason: 'malformed_request',
};

/**
 * Fastify's `clientErrorHandler` (issue 9 §9): a request Node's parser refuses (431 headers too
 * large, 400 malformed) or that times out before it is routed (408, HTTP_HEADERS_TIMEOUT_MS and
 * HTTP_UPLOAD_TIMEOUT_MS) gets the API's error body and `connection: close` instead of Node's
 * bare status line. A reset connection gets nothing.
 */
export function handleClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  answerAndClose(socket, CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST, this.log);
}

/**
 * The Node HTTP server's bounds, as Fastify options (issue 9 §4; config.ts documents each):
 * headers within HTTP_HEADERS_TIMEOUT_MS, any whole request within HTTP_UPLOAD_TIMEOUT_MS,
 * idle sockets closed after HTTP_IDLE_TIMEOUT_MS, keep-alive for HTTP_KEEP_ALIVE_TIMEOUT_MS.
 * Ordinary bodies get the shorter HTTP_BODY_TIMEOUT_MS from `registerBodyTimeout`.
 */
export const httpServerOptions = (config: Config) => {
  const http: ServerOptions = {
    headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: config.HTTP_UPLOAD_TIMEOUT_MS,
    // Node checks both timeouts on this beat (30 s by default, which would double them).
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.HTTP_HEADERS_TIMEOUT_MS / 4)),
  };
  return {
    http,
    requestTimeout: config.HTTP_UPLOAD_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    clientErrorHandler: handleClientError,
  };
};

/**
 * Closes the connection of a request whose body has not fully arrived `bodyTimeoutMs` after its
 * headers (408 in the error shape), so a client that sends headers and part of a body cannot
 * hold a connection (and a graceful shutdown) for long. Upload routes (`config.isUpload`) are
 * left to Node's longer `requestTimeout`. Register before the routes.
 */
export const registerBodyTimeout = (app: FastifyInstance, bodyTimeoutMs: number) => {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // Node's parser reads a request with neither length nor chunked encoding as bodyless.
    const hasBody =
      raw.headers['transfer-encoding'] !== undefined ||
      Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete || request.routeOptions.config.isUpload) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      // Answered already (the body was not needed), or not a real connection (app.inject).
      if (raw.complete || reply.sent || reply.raw.writableEnded) return;
      if (typeof raw.socket?.destroy !== 'function') return;
      request.log.info('request body timed out');
      if (reply.raw.headersSent) raw.socket.destroy();
      else answerAndClose(raw.socket, REQUEST_TIMEOUT, request.log);
    }, bodyTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('finish', clear);
    reply.raw.once('close', clear);
    done();
  });
};

/**
 * Once the app starts closing (SIGTERM), every answer says `connection: close`, so a request in
 * flight frees its connection as soon as it is answered and the shutdown need not wait for the
 * keep-alive timeout or SHUTDOWN_GRACE_MS (issue 9 §4).
 */
export const registerCloseOnShutdown = (app: FastifyInstance) => {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) void reply.header('connection', 'close');
  });
};
