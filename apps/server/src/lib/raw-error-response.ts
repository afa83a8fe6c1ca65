import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_STATUS, type ErrorCode } from '@atelier/contract/common/errors';
import { errorBody } from './app-error';
import { newId } from './ids';

/** An error answered outside Fastify's reply (parser errors, timeouts, refused upgrades). */
export type RawError = { code: ErrorCode; message: string; reason: string };

type SocketWithResponse = Duplex & { _httpMessage?: ServerResponse | null };

/**
 * Answers on a bare socket, before or instead of Fastify: an HTTP/1.1 response in the error
 * shape of STYLE.md §5 (status from the code, `x-request-id`, `nosniff`), then closes the
 * connection. Writes nothing when a response has already started on it (that would corrupt the
 * stream); closes it either way.
 */
export const answerAndClose = (socket: Duplex, error: RawError, log?: FastifyBaseLogger) => {
  if (socket.destroyed) return;
  const requestId = newId('req');
  const inFlight = (socket as SocketWithResponse)._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const status = ERROR_STATUS[error.code];
    const payload = JSON.stringify(
      errorBody(error.code, error.message, requestId, { reason: error.reason }),
    );
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(payload)}\r\n` +
        'x-content-type-options: nosniff\r\n' +
        `x-request-id: ${requestId}\r\n` +
        'connection: close\r\n\r\n' +
        payload,
    );
  }
  log?.debug({ requestId, reason: error.reason }, 'connection closed');
  socket.destroy();
};
