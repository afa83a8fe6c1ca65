import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@atelier/contract/common/errors';
import { login, register } from '@atelier/contract/identity/account';
import { uploadFile } from '@atelier/contract/files/file';
import { aRegistration } from './testing/factories';
import { startServerProcess, type ServerProcess } from './testing/server-process';

// Short bounds so the suite stays fast; the defaults are seconds to minutes (config.ts).
const BODY_TIMEOUT_MS = 1_000;
const UPLOAD_TIMEOUT_MS = 6_000;
const SHUTDOWN_GRACE_MS = 1_500;

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

type RawExchange = {
  socket: Socket;
  /** Resolves when the server closes the connection: what it sent, and after how long. */
  closed: Promise<{ response: string; afterMs: number }>;
};

/** Opens a connection and sends `head` (request line and headers) and `body` as they are. */
const sendRaw = (port: number, head: string, body: string | Buffer): RawExchange => {
  const socket = connect(port, '127.0.0.1');
  const startedAt = Date.now();
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<{ response: string; afterMs: number }>((resolve) =>
    socket.on('close', () => resolve({ response, afterMs: Date.now() - startedAt })),
  );
  socket.write(head);
  socket.write(body);
  return { socket, closed };
};

const isOpen = (exchange: RawExchange) => !exchange.socket.closed;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Status and error body of a raw HTTP response. */
const parseResponse = (raw: string) => {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, head: head.toLowerCase(), error: ApiErrorSchema.parse(JSON.parse(body)).error };
};

/** A multipart upload's head and the first half of its body (a 200 KB file announced). */
const halfAnUpload = (port: number, token: string) => {
  const boundary = 'atelier-test-boundary';
  const preamble = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="swatch.txt"\r\ncontent-type: text/plain\r\n\r\n`;
  const contentLength = preamble.length + 200_000 + `\r\n--${boundary}--\r\n`.length;
  return sendRaw(
    port,
    `POST ${uploadFile.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n` +
      `authorization: Bearer ${token}\r\n` +
      `content-type: multipart/form-data; boundary=${boundary}\r\n` +
      `content-length: ${contentLength}\r\n\r\n`,
    preamble + 'x'.repeat(100_000),
  );
};

// Process-level: Node's own timers and the signal handling of server.ts (issue 9 §4).
describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'server process: HTTP bounds and shutdown (run once, on the embedded database: the bounds and the signal handling do not depend on the database)',
  () => {
    let dataDir: string;
    let server: ServerProcess;
    let port: number;
    let token: string;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-http-'));
      server = startServerProcess({
        DATA_DIR: dataDir,
        HTTP_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
        HTTP_UPLOAD_TIMEOUT_MS: String(UPLOAD_TIMEOUT_MS),
        HTTP_HEADERS_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
        SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
      });
      children.push(server.child);
      ({ port } = await server.ready);
      const response = await fetch(`http://127.0.0.1:${port}${register.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(aRegistration()),
      });
      expect(response.status).toBe(201);
      ({ token } = (await response.json()) as { token: string });
    }, 90_000);

    it('closes a request that sent its headers and half its body after HTTP_BODY_TIMEOUT_MS, with 408', async () => {
      const body = JSON.stringify({ email: 'someone@example.com', password: 'correct horse' });
      const exchange = sendRaw(
        port,
        `POST ${login.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n` +
          `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
        body.slice(0, body.length / 2),
      );
      const { response, afterMs } = await exchange.closed;
      expect(afterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
      expect(afterMs).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
      const { status, head, error } = parseResponse(response);
      expect(status).toBe(408);
      expect(head).toContain('connection: close');
      expect(error).toMatchObject({
        code: 'request_timeout',
        requestId: expect.stringMatching(/^req_/),
      });
    }, 20_000);

    it('closes a request that sent only part of its headers after HTTP_HEADERS_TIMEOUT_MS', async () => {
      const exchange = sendRaw(
        port,
        `GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n`,
        'x-slow: 1',
      );
      const { response, afterMs } = await exchange.closed;
      expect(afterMs).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
      expect(parseResponse(response)).toMatchObject({ status: 408 });
    }, 20_000);

    it('gives an upload longer than the body timeout, up to HTTP_UPLOAD_TIMEOUT_MS', async () => {
      const exchange = halfAnUpload(port, token);
      await pause(BODY_TIMEOUT_MS * 2);
      expect(isOpen(exchange)).toBe(true);
      const { response, afterMs } = await exchange.closed;
      expect(afterMs).toBeGreaterThanOrEqual(UPLOAD_TIMEOUT_MS - 100);
      expect(afterMs).toBeLessThan(UPLOAD_TIMEOUT_MS + 2_500);
      expect(parseResponse(response)).toMatchObject({
        status: 408,
        error: { code: 'request_timeout' },
      });
    }, 30_000);

    it('on SIGTERM with a stalled request open, exits 0 within SHUTDOWN_GRACE_MS and releases the data directory', async () => {
      const stalled = halfAnUpload(port, token);
      await pause(300);
      expect(isOpen(stalled)).toBe(true);
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const stoppedAfterMs = Date.now() - signalledAt;
      expect(stoppedAfterMs).toBeLessThan(SHUTDOWN_GRACE_MS + 3_000);
      expect((await stalled.closed).afterMs).toBeLessThan(SHUTDOWN_GRACE_MS + 3_000);
      expect(existsSync(path.join(dataDir, 'atelier.lock'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'atelier.lock.json'))).toBe(false);
      expect(server.output()).not.toContain('"level":50');
    }, 30_000);
  },
);
