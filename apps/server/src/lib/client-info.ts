import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './actor';

/**
 * The client's address: X-Forwarded-For's when trusted, else the socket's. A forwarded value that
 * is not an IP address (any text a client chose) falls back to the socket's, so it can't become
 * an unbounded throttle key.
 */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  address: isIP(request.ip) ? request.ip : (request.socket.remoteAddress ?? 'unknown'),
  userAgent: request.headers['user-agent'],
});
