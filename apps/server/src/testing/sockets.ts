import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { SOCKET_IO_PATH } from '@atelier/contract/chat/realtime';
import type { TestContext } from './test-app';

/**
 * Waits until `check` holds, polling every 10 ms; throws `message` after `timeoutMs` (5 s).
 */
export const waitFor = async (
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 5_000, message = 'timed out waiting' } = {},
) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** Waits until the store has no socket left open on the server (the store is offline). */
export const waitForOffline = (context: TestContext, storeId: string) =>
  waitFor(
    async () => (await context.realtime.io.in(`store:${storeId}`).fetchSockets()).length === 0,
    { message: 'socket still open on the server' },
  );

/**
 * Socket.IO clients of one test file's app. `listen(context)` starts the app on a free port of
 * 127.0.0.1; `connect(token)` opens a websocket client signed in with the session token (resolves
 * once connected, rejects on a connect error); `closeAll()` closes every client it opened.
 */
export const socketClients = () => {
  let baseUrl: string | undefined;
  const opened: ClientSocket[] = [];
  return {
    async listen(context: TestContext) {
      await context.app.listen({ port: 0, host: '127.0.0.1' });
      const address = context.app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    connect: (token: string) =>
      new Promise<ClientSocket>((resolve, reject) => {
        if (!baseUrl) throw new Error('listen(context) first');
        const socket = connectClient(baseUrl, {
          path: SOCKET_IO_PATH,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token },
        });
        opened.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      }),
    closeAll() {
      for (const socket of opened) socket.close();
    },
  };
};
