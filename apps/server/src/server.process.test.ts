import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
});
