import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'atelier-lock-'));

describe('acquireDataDirLock', () => {
  it('refuses a second holder and names the process that holds the lock', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`process ${process.pid}`);
    release();
    expect(existsSync(path.join(dir, 'atelier.lock'))).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('takes over a lock left by a process that has died', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    writeFileSync(
      path.join(dir, 'atelier.lock'),
      JSON.stringify({
        pid: deadPid,
        hostname: (await import('node:os')).hostname(),
        startedAt: '',
        command: 'x',
      }),
    );
    const release = acquireDataDirLock(dir);
    const holder = JSON.parse(readFileSync(path.join(dir, 'atelier.lock'), 'utf8')) as {
      pid: number;
    };
    expect(holder.pid).toBe(process.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(`process ${process.pid}`);
    release();
    expect(existsSync(path.join(dir, 'atelier.lock'))).toBe(false);
  });
});
