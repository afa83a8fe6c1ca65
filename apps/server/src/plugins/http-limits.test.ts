import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@atelier/contract/common/errors';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { registerCloseOnShutdown } from './http-limits';

let context: TestContext;
let port: number;
beforeAll(async () => {
  context = await createTestApp();
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => context.close());

/** Sends raw bytes and resolves with everything the server answers until it closes. */
const exchange = (request: string) =>
  new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = response.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body });
    });
    socket.end(request);
  });

describe('client errors from the HTTP parser', () => {
  it('answers headers over the size limit with 431 in the error shape and closes', async () => {
    const response = await exchange(
      `GET /api/health HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.head.toLowerCase()).toContain('connection: close');
    expect(response.head.toLowerCase()).toContain('content-type: application/json');
    const { error } = ApiErrorSchema.parse(JSON.parse(response.body));
    expect(error).toMatchObject({
      code: 'headers_too_large',
      requestId: expect.stringMatching(/^req_/),
    });
    expect(response.head).toContain(`x-request-id: ${error.requestId}`);
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n'],
    ['a header without a colon', 'GET /api/health HTTP/1.1\r\nhost: x\r\nbroken header\r\n\r\n'],
    ['a bad Content-Length', 'POST /api/health HTTP/1.1\r\nhost: x\r\ncontent-length: 1x\r\n\r\n'],
    [
      'both Content-Length and chunked encoding',
      'POST /api/health HTTP/1.1\r\nhost: x\r\ncontent-length: 3\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
  ])('answers %s with 400 in the error shape and closes', async (_name, request) => {
    const response = await exchange(request);
    expect(response.status).toBe(400);
    expect(response.head.toLowerCase()).toContain('connection: close');
    const { error } = ApiErrorSchema.parse(JSON.parse(response.body));
    expect(error).toMatchObject({ code: 'bad_request', reason: 'malformed_request' });
  });

  it('still serves a well-formed request on the same server', async () => {
    const response = await exchange(
      'GET /api/health/live HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
    );
    expect(response.status).toBe(200);
  });
});

describe('registerCloseOnShutdown', () => {
  it('answers a request in flight at shutdown with connection: close, so closing does not wait for keep-alive', async () => {
    const app = Fastify({ keepAliveTimeout: 60_000 });
    registerCloseOnShutdown(app);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let onArrived = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (onArrived = resolve));
    app.get('/slow', async () => {
      onArrived();
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const agent = new Agent({ keepAlive: true });
    const answered = new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: typeof address === 'object' && address ? address.port : 0,
          path: '/slow',
          agent,
        },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode, connection: response.headers.connection });
        },
      );
      request.on('error', reject);
      request.end();
    });
    await arrived;
    const startedAt = Date.now();
    const closed = app.close();
    setTimeout(release, 100);
    expect(await answered).toEqual({ status: 200, connection: 'close' });
    await closed;
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    agent.destroy();
  });
});

describe('registerBodyTimeout', () => {
  it('leaves answered requests alone when the body bound passes, including app.inject ones', async () => {
    const quick = await createTestApp({ HTTP_BODY_TIMEOUT_MS: '100' });
    try {
      // Injected requests have no real socket; their timer used to fire and throw
      // ("raw.socket.destroy is not a function"), an uncaught exception in the server.
      const first = await quick.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(first.statusCode).toBe(200);
      const posted = await quick.app.inject({
        method: 'POST',
        url: '/api/web/auth/login',
        payload: { email: 'nobody@example.com', password: 'not-the-password' },
      });
      expect(posted.statusCode).toBeLessThan(500);
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        process.off('uncaughtException', onUncaught);
      }
      expect(uncaught).toEqual([]);
      expect((await quick.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(
        200,
      );
    } finally {
      await quick.close();
    }
  });
});
