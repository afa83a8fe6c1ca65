import { startServerProcess } from '@/testing/server-process';
import { exitOf, forkBenchChild, nextMessage } from '../import/bench-child';
import type { BenchDatabase } from '../import/bench-database';
import type { BenchAccount } from '../import/import-store';
import type { AnalyticsLoadCommand, AnalyticsLoadResult } from './analytics-load';
import type { AnalyticsRequest } from './analytics-requests';

/** `npm start`'s server in its own process on the bench database, signed in as the store's user. */
export const startProject = async (database: BenchDatabase, account: BenchAccount) => {
  const server = startServerProcess({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    LOG_LEVEL: 'error',
  });
  const { port } = await server.ready;
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  };
  try {
    const response = await fetch(`${base}/api/web/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
    const { token } = (await response.json()) as { token: string };
    return { base, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

export type Project = Awaited<ReturnType<typeof startProject>>;

/** A GET of the project's JSON (the bench's own reads: the last day, the answers compared). */
export const getJson = async <T>(project: Project, path: string): Promise<T> => {
  const response = await fetch(`${project.base}${path}`, {
    headers: { authorization: `Bearer ${project.token}` },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** One run of the load generator (its own process) against the project. */
export const loadProject = async (
  project: Project,
  requests: readonly AnalyticsRequest[],
  connections: number,
): Promise<AnalyticsLoadResult> => {
  const child = forkBenchChild('../analytics/analytics-load.ts');
  try {
    child.send({
      type: 'run',
      baseUrl: project.base,
      token: project.token,
      requests,
      connections,
    } satisfies AnalyticsLoadCommand);
    return await nextMessage<AnalyticsLoadResult>(child);
  } finally {
    child.kill();
    await exitOf(child);
  }
};
