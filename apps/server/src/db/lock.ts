import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

type LockInfo = { pid: number; hostname: string; startedAt: string; command: string };

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const describe = (info: LockInfo) =>
  `process ${info.pid} on ${info.hostname} (${info.command}), started ${info.startedAt}`;

/**
 * Takes the one-process lock on a PGlite data directory: PGlite must never be opened by two
 * processes at once, or the database is corrupted. A lock left by a dead process on this host is
 * taken over; a live holder makes this throw DataDirLockedError naming it.
 * Returns the release function.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'atelier.lock');
  const info: LockInfo = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
  };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: LockInfo | undefined;
      try {
        holder = JSON.parse(readFileSync(lockPath, 'utf8')) as LockInfo;
      } catch {
        holder = undefined;
      }
      const isStale =
        holder === undefined || (holder.hostname === info.hostname && !isAlive(holder.pid));
      if (!isStale) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by ${describe(holder!)}. ` +
            'Only one Atelier process can use an embedded database at a time: stop that process, ' +
            'or start this one with another DATA_DIR (or with DATABASE_URL for PostgreSQL).',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dataDir}.`);
};
