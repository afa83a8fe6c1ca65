import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './lib/paths';

const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
const serverEntry = path.join(REPO_ROOT, 'apps/server/src/server.ts');
const tsconfig = path.join(REPO_ROOT, 'apps/server/tsconfig.json');

const startServer = (dataDir: string) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    SEED_DEMO: 'false',
  };
  delete env.DATABASE_URL;
  const child = spawn(tsx, ['--tsconfig', tsconfig, serverEntry], { env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Atelier is running')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited early:\n${output}`));
    });
  });
  return { child, ready, exited, output: () => output };
};

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
    // tsx runs the server in a child process, so the pid named is that child's.
    expect(second.output()).toMatch(/The data directory .* is in use by process \d+/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'atelier.lock'))).toBe(false);
  }, 90_000);
});
