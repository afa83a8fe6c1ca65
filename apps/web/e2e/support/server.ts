import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { REPO_ROOT } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A data directory the journeys' global setup made by starting the server once (migrated,
     * the platform's reference data seeded) and stopping it; empty on PostgreSQL.
     */
    serverTemplateDataDir: string;
  }
}

/** The global setup's template data directory, when this runs in a journey (not in the setup). */
const templateDataDir = () => {
  try {
    return inject('serverTemplateDataDir') || undefined;
  } catch {
    return undefined;
  }
};

export type TestServer = {
  baseUrl: string;
  dataDir: string;
  /** Stops the process; the data directory stays until `dispose`. */
  stop: () => Promise<void>;
  /** Stops the process and deletes its data directory. */
  dispose: () => Promise<void>;
};

const HEALTH_TIMEOUT_MS = 90_000;

const findFreePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const waitForExit = (child: ChildProcess, timeoutMs: number) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const waitForHealth = async (baseUrl: string, child: ChildProcess, output: () => string) => {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server did not answer /api/health within ${HEALTH_TIMEOUT_MS} ms:\n${output()}`,
  );
};

const newDataDir = async (fresh: boolean) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-e2e-'));
  // The global setup makes no template on PostgreSQL: there it is empty.
  const template = fresh ? undefined : templateDataDir();
  if (template) await cp(template, dataDir, { recursive: true });
  return dataDir;
};

/**
 * Starts the real server (`tsx apps/server/src/server.ts`) on a free port. A fresh temporary
 * data directory is made unless one is given (to restart on the same data): a copy of the global
 * setup's template (the server's first start done once: migrations and the platform's seed, about
 * 10 s a journey), or an empty one with `fresh` or where there is no template. `env` adds
 * variables; as a function it gets the server's address first (for PUBLIC_URL).
 */
export const startServer = async (
  options: {
    dataDir?: string;
    fresh?: boolean;
    env?: Record<string, string> | ((baseUrl: string) => Record<string, string>);
  } = {},
): Promise<TestServer> => {
  const dataDir = options.dataDir ?? (await newDataDir(options.fresh ?? false));
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // A spec that seeds the demo store does not also import its 22,064-order history.
    SEED_DEMO_ORDERS: 'false',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(typeof options.env === 'function' ? options.env(baseUrl) : options.env),
  };
  // The same Node as the tests (the repository's pinned one), whatever `node` is on the PATH.
  const args = [tsx, '--tsconfig', 'apps/server/tsconfig.json', 'apps/server/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await waitForExit(child, 15_000);
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    stop,
    dispose: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
