import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/open';
import { DataDirLockedError } from './db/lock';
import {
  DEMO_ACCOUNT,
  DEMO_SUPPLIER_ACCOUNT,
  queueDemoOrderHistory,
  seedPlatform,
} from './seed/seed';

const LOCAL_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::']);

const fail = (message: string): never => {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
};

const readConfig = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
};

/** Process entry: config, database (lock, migrations), seed, HTTP server, clean shutdown. */
const main = async () => {
  const startedAt = Date.now();
  const config = readConfig();
  const connection = await openDatabase(config).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) return fail(error.message);
    throw error;
  });
  const { app, ...modules } = await buildApp({ config, connection });

  let isStopping = false;
  /**
   * Graceful stop (issue 9 §4), through `app.close()`: new requests are refused (503), jobs,
   * event delivery and sockets stop, the server stops listening and waits for the requests in
   * flight, whose answers close their connections. Connections still open SHUTDOWN_GRACE_MS
   * after the signal (a stalled upload, a client that never finishes its body) are closed. Then
   * the database is checkpointed and closed (releasing the data directory's lock): exit 0.
   * Should that itself hang, exit 1 after twice the grace; the next start recovers the database
   * and takes the lock over.
   */
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
    const forceClose = setTimeout(() => {
      app.log.warn('closing the connections still open after the shutdown grace');
      app.server.closeAllConnections();
    }, config.SHUTDOWN_GRACE_MS);
    const giveUp = setTimeout(
      () => {
        process.stderr.write('\nShutdown did not finish in time; exiting without a clean close.\n');
        process.exit(1);
      },
      2 * config.SHUTDOWN_GRACE_MS + 5_000,
    );
    giveUp.unref();
    try {
      await app.close();
    } finally {
      clearTimeout(forceClose);
      await connection.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    if (config.ROLE === 'worker') {
      // A worker serves no HTTP: it runs jobs and delivers events until it is stopped.
      await app.ready();
      process.stdout.write(
        `\n  Atelier worker running (ROLE=worker): jobs and event delivery on PostgreSQL.\n\n`,
      );
      return;
    }
    await seedPlatform(modules, connection.db, { seedDemo: config.SEED_DEMO, log: app.log });
    await app.listen({ port: config.PORT, host: config.HOST });
    if (config.SEED_DEMO && config.SEED_DEMO_ORDERS) {
      // After listen: the job runner starts with the app, and the server answers meanwhile.
      await queueDemoOrderHistory(modules, connection.db, app.log).catch((error: unknown) =>
        app.log.error({ err: error }, 'the demo order history could not be queued'),
      );
    }
  } catch (error) {
    app.log.error({ err: error }, 'start failed');
    await connection.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`Port ${config.PORT} is in use. Stop what uses it or set PORT.`);
    process.exit(1);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // Loopback and every-interface addresses are both reachable as localhost from this machine.
  const host = LOCAL_HOSTS.has(config.HOST)
    ? 'localhost'
    : config.HOST.includes(':')
      ? `[${config.HOST}]`
      : config.HOST;
  const lines = [
    '',
    `  Atelier is running at http://${host}:${port}  (started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
    ...(config.ROLE === 'api'
      ? ['  Role: api (jobs and event delivery run in ROLE=worker processes)']
      : []),
    `  Database: ${connection.engine === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  API docs: http://${host}:${port}/api/docs`,
  ];
  if (config.SEED_DEMO) {
    lines.push(
      `  Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
      `  Demo supplier: ${DEMO_SUPPLIER_ACCOUNT.email} / ${DEMO_SUPPLIER_ACCOUNT.password}  (supplier workspace: http://${host}:${port}/partner/login)`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
};

void main();
