import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@/lib/paths';
import { acquireDataDirLock, DataDirLockedError } from './lock';

// The lock is plain files in a folder, so these tests run the same whatever DATABASE_URL says.

/** A short stale bound so a dead holder is taken over within seconds (refreshed every 2 s). */
const STALE_MS = 8_000;
const options = { staleMs: STALE_MS, log: () => undefined };

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'atelier-lock-'));
const lockPath = (dir: string) => path.join(dir, 'atelier.lock');
const holderPath = (dir: string) => path.join(dir, 'atelier.lock.json');
const holderPid = (dir: string) =>
  (JSON.parse(readFileSync(holderPath(dir), 'utf8')) as { pid: number }).pid;

/** Leaves a lock as a process killed a minute ago would: not refreshed since. */
const leaveDeadLock = (dir: string, holder: { pid: number; hostname: string }) => {
  mkdirSync(lockPath(dir));
  writeFileSync(holderPath(dir), JSON.stringify({ ...holder, startedAt: '', command: 'x' }));
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(lockPath(dir), minuteAgo, minuteAgo);
};

// Another process that takes the lock and keeps it (and its heartbeat) until it is killed; it
// prints "locked", or "refused" and exits with 2. With `goFile` it prints "ready" once loaded
// and tries only once that file exists; with `slowRemovalMs` its removal of a lock directory takes that long, as for a process the
// system stops for a moment between finding a dead lock and removing it.
const scriptDir = tempDir();
const holderScript = path.join(scriptDir, 'lock-holder.mjs');
writeFileSync(
  holderScript,
  `import fs from 'node:fs';
const [dir, staleMs, goFile, slowRemovalMs] = process.argv.slice(2);
if (Number(slowRemovalMs) > 0) {
  const rmdir = fs.rmdir;
  fs.rmdir = (...args) => setTimeout(() => rmdir(...args), Number(slowRemovalMs));
}
const { acquireDataDirLock } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'lock.ts')).href)});
if (goFile !== '-') {
  process.stdout.write('ready\\n');
  while (!fs.existsSync(goFile)) await new Promise((resolve) => setTimeout(resolve, 5));
}
try {
  await acquireDataDirLock(dir, { staleMs: Number(staleMs) });
  process.stdout.write('locked\\n');
  setInterval(() => undefined, 60_000);
} catch (error) {
  process.stdout.write('refused: ' + error.message + '\\n');
  process.exit(2);
}
`,
);

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const startHolder = (dir: string, { goFile = '-', slowRemovalMs = 0 } = {}) => {
  const args = [holderScript, dir, STALE_MS, goFile, slowRemovalMs].map(String);
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(REPO_ROOT, 'apps/server/tsconfig.json') },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves with the output once it matches, or once the process has ended. */
  const saying = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const timer = setInterval(() => {
        if (pattern.test(output)) {
          clearInterval(timer);
          resolve(output);
        }
      }, 10);
      void exited.then(() => {
        clearInterval(timer);
        resolve(output);
      });
    });
  const settled = saying(/locked|refused/);
  return { child, exited, settled, ready: saying(/ready/), output: () => output };
};

describe('acquireDataDirLock', () => {
  it('refuses a second holder and names the process that holds the lock', async () => {
    const dir = tempDir();
    const release = await acquireDataDirLock(dir, options);
    const second = acquireDataDirLock(dir, options);
    await expect(second).rejects.toThrow(DataDirLockedError);
    await expect(second).rejects.toThrow(`process ${process.pid} on ${hostname()}`);
    await release();
    expect(existsSync(lockPath(dir))).toBe(false);
    expect(existsSync(holderPath(dir))).toBe(false);
    await (
      await acquireDataDirLock(dir, options)
    )();
  });

  it.each([
    ['whose PID now belongs to another live process', () => process.ppid, () => hostname()],
    ['from another host name (a new container on the same volume)', () => 1, () => 'old-box'],
  ])('takes over a lock that is no longer refreshed, %s', async (_, pid, host) => {
    const dir = tempDir();
    leaveDeadLock(dir, { pid: pid(), hostname: host() });
    const release = await acquireDataDirLock(dir, options);
    expect(holderPid(dir)).toBe(process.pid);
    await release();
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it.each([
    ['whose PID now belongs to another live process', () => process.ppid, () => hostname()],
    ['from another host name', () => 1, () => 'old-box'],
  ])('takes over the lock file of an older version, %s', async (_, pid, host) => {
    const dir = tempDir();
    writeFileSync(
      lockPath(dir),
      JSON.stringify({ pid: pid(), hostname: host(), startedAt: '', command: 'x' }),
    );
    const notes: string[] = [];
    const release = await acquireDataDirLock(dir, { ...options, log: (note) => notes.push(note) });
    expect(holderPid(dir)).toBe(process.pid);
    expect(notes.join('\n')).toContain('older Atelier version');
    await release();
  });

  it('refuses while another live process holds the lock, then takes it over at once when that process is killed', async () => {
    const dir = tempDir();
    const holder = startHolder(dir);
    expect(await holder.settled).toContain('locked');

    const refusal = acquireDataDirLock(dir, options);
    await expect(refusal).rejects.toThrow(DataDirLockedError);
    await expect(refusal).rejects.toThrow(
      `process ${holder.child.pid} on ${hostname()} (${holderScript} ${dir} ${STALE_MS} - 0), started `,
    );

    // SIGKILL leaves the lock behind; its PID is gone from this machine, so no waiting.
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(existsSync(lockPath(dir))).toBe(true);
    const notes: string[] = [];
    const release = await acquireDataDirLock(dir, { ...options, log: (note) => notes.push(note) });
    expect(holderPid(dir)).toBe(process.pid);
    expect(notes).toEqual([]);
    await release();
  });

  it('takes over the lock of a process killed in another container once it is no longer refreshed', async () => {
    const dir = tempDir();
    const holder = startHolder(dir);
    expect(await holder.settled).toContain('locked');
    holder.child.kill('SIGKILL');
    await holder.exited;
    // As written by a process of another container: its PID says nothing here.
    const written = JSON.parse(readFileSync(holderPath(dir), 'utf8')) as object;
    writeFileSync(holderPath(dir), JSON.stringify({ ...written, pidScope: 'another container' }));

    // Taken over once not refreshed for STALE_MS (past twice that, it would be refused instead).
    const notes: string[] = [];
    const release = await acquireDataDirLock(dir, { ...options, log: (note) => notes.push(note) });
    expect(holderPid(dir)).toBe(process.pid);
    expect(notes.join('\n')).toContain(`is locked by process ${holder.child.pid}`);
    await release();
  });

  it('lets only one of two processes take over the same dead lock, even when one is slow', async () => {
    const dir = tempDir();
    leaveDeadLock(dir, { pid: 1, hostname: 'old-box' });
    // The slow one finds the dead lock first and is still removing it when the other finds it
    // too, removes it and makes its own.
    const [goSlow, goFast] = [path.join(dir, 'go-slow'), path.join(dir, 'go-fast')];
    const holders = [
      startHolder(dir, { goFile: goSlow, slowRemovalMs: 2_000 }),
      startHolder(dir, { goFile: goFast }),
    ];
    await Promise.all(holders.map((holder) => holder.ready));
    writeFileSync(goSlow, '');
    await sleep(500);
    writeFileSync(goFast, '');
    const outputs = await Promise.all(holders.map((holder) => holder.settled));
    const outcomes = outputs.map((output) => /(locked|refused)/.exec(output)?.[1] ?? output);
    expect(outcomes.sort()).toEqual(['locked', 'refused']);
  });

  it('stops the holding process when its lock is taken away', async () => {
    const dir = tempDir();
    const holder = startHolder(dir);
    expect(await holder.settled).toContain('locked');
    rmSync(lockPath(dir), { recursive: true });
    expect(await holder.exited).toBe(1);
    expect(holder.output()).toContain(`Lost the lock on the data directory ${dir}`);
  });
});
