import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ORDER_HISTORY_JOB_KIND } from './modules/sales';
import { DEMO_ACCOUNT } from './seed/seed';
import { startServerProcess } from './testing/server-process';

const startServer = (dataDir: string) => startServerProcess({ DATA_DIR: dataDir });

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

// The lock guards the embedded database only; with DATABASE_URL many processes share a server.
describe.skipIf(Boolean(process.env.DATABASE_URL))('server process on an embedded database', () => {
  it('refuses a second process on the same data directory and releases the lock on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-proc-'));
    const first = startServer(dataDir);
    children.push(first.child);
    await first.ready;

    const second = startServer(dataDir);
    second.ready.catch(() => undefined);
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/The data directory .* is in use by process \d+/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'atelier.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'atelier.lock.json'))).toBe(false);
  }, 90_000);

  it('seeds the demo store and, once it serves, starts importing the demo order history', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-proc-'));
    const server = startServerProcess({
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SEED_DEMO_ORDERS: 'true',
    });
    children.push(server.child);
    const { port } = await server.ready;
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/web/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    });
    const headers = {
      authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
    };
    const jobs = (await (
      await fetch(`${base}/api/jobs?kind=${DEMO_ORDER_HISTORY_JOB_KIND}`, { headers })
    ).json()) as { items: { id: string; status: string }[] };
    expect(jobs.items).toHaveLength(1);
    expect(['QUEUED', 'RUNNING', 'COMPLETED']).toContain(jobs.items[0]!.status);
    // The whole import takes about a minute: it is canceled here, and the server stops cleanly.
    await fetch(`${base}/api/jobs/${jobs.items[0]!.id}/cancel`, { method: 'POST', headers });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
