import {
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { lock } from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/**
 * A lock not refreshed for this long belongs to a process that is gone (killed, crashed, its
 * container removed) and is taken over. So a restart after a crash waits at most this long; a
 * process frozen for longer (a blocked event loop, a paused container) may have its lock taken
 * over meanwhile, and then stops as soon as it runs again (see onCompromised).
 */
export const DATA_DIR_LOCK_STALE_MS = 20_000;
/** How often the holder refreshes its lock (ms), and so how long a refusal takes at most. */
const REFRESH_MS = 2_000;

/** Who holds the lock, written beside it (`atelier.lock.json`) for the refusal message. */
type Holder = {
  id: string;
  pid: number;
  hostname: string;
  startedAt: string;
  command: string;
  /** Where `pid` names this very process: see pidScope. */
  pidScope?: string;
};

export type DataDirLockOptions = {
  /** Stale bound in ms (at least 2000); every process sharing a data directory must use the same. */
  staleMs?: number;
  /**
   * Called when the lock is lost while held: its directory was removed, or another process took
   * it over after this one froze for longer than the stale bound. The default writes why to
   * stderr and ends the process with exit code 1 at once, so nothing more is written to a
   * database another process may now be using.
   */
  onCompromised?: (error: Error) => void;
  /** Where notes go (waiting for a holder, an old lock file removed); default stderr. */
  log?: (message: string) => void;
};

const POLL_MS = 250;
// The gate serialises attempts to take the lock, so two processes finding the same stale lock
// cannot both take it over (proper-lockfile removes a stale lock and creates its own in two
// steps: moxystudio/node-proper-lockfile#121). It is held for milliseconds only.
const GATE_STALE_MS = 10_000;
const GATE_RETRIES = { retries: 100, factor: 1.5, minTimeout: 20, maxTimeout: 250 };

const describeHolder = (holder: Holder | undefined) =>
  holder
    ? `process ${holder.pid} on ${holder.hostname} (${holder.command}), started ${holder.startedAt}`
    : 'another process (its details are missing)';

const readJson = (file: string): Partial<Holder> | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
  } catch {
    return undefined;
  }
};

const readHolder = (file: string): Holder | undefined => {
  const holder = readJson(file);
  return typeof holder?.pid === 'number' ? (holder as Holder) : undefined;
};

const mtimeOf = (file: string): number | undefined => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

/**
 * This kernel boot and PID namespace (Linux): two processes that see the same scope see the same
 * processes, so there a PID that no longer exists proves its holder dead. Containers sharing a
 * volume have scopes of their own (a host name can be shared); elsewhere there is none.
 */
const pidScope = (): string | undefined => {
  try {
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${bootId} ${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return undefined;
  }
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const isLockHeld = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ELOCKED';

/**
 * Takes the one-process lock on a PGlite data directory: PGlite must never be opened by two
 * processes at once, or the database is corrupted.
 *
 * The lock is the directory `DATA_DIR/atelier.lock` (proper-lockfile), whose mtime the holder
 * refreshes every 2 s (a quarter of `staleMs` when that is shorter, 1 s at least);
 * `DATA_DIR/atelier.lock.json` names the holder. A lock that is still refreshed means a live
 * holder, on this host or in another container sharing the volume: this throws
 * DataDirLockedError naming it (pid, host, command, start) once a refresh is seen, so within
 * about 2 s. A lock left unrefreshed for `staleMs` is taken over (this waits for that), whatever
 * its PID and host name now mean; one whose holder's PID is gone from this process's own PID
 * scope (same kernel boot and PID namespace: a process killed on this machine or in this
 * container) is taken over at once. A lock file of an older Atelier version (a plain file, no
 * heartbeat) is removed. Hosts sharing a volume need synchronised clocks.
 *
 * Returns the release function (idempotent). See DataDirLockOptions for losing the lock.
 */
export const acquireDataDirLock = async (
  dataDir: string,
  options: DataDirLockOptions = {},
): Promise<() => Promise<void>> => {
  mkdirSync(dataDir, { recursive: true });
  const staleMs = Math.max(options.staleMs ?? DATA_DIR_LOCK_STALE_MS, 2_000);
  const updateMs = Math.max(Math.min(REFRESH_MS, staleMs / 4), 1_000);
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const onCompromised =
    options.onCompromised ??
    ((error: Error) => {
      process.stderr.write(
        `\nLost the lock on the data directory ${dataDir} (${error.message}): another process ` +
          'may now be using the embedded database. Stopping at once so that this process ' +
          'writes nothing more to it.\n\n',
      );
      process.exit(1);
    });
  const lockPath = path.join(dataDir, 'atelier.lock');
  const holderPath = path.join(dataDir, 'atelier.lock.json');
  const gatePath = path.join(dataDir, 'atelier.lock.gate');
  const me: Holder = {
    id: randomUUID(),
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
    pidScope: pidScope(),
  };

  /** Removes, under the gate, a lock whose holder's PID is gone from our own PID scope. */
  const removeLockOfDeadHolder = () => {
    const holder = readHolder(holderPath);
    if (!me.pidScope || holder?.pidScope !== me.pidScope || isAlive(holder.pid)) return;
    try {
      rmdirSync(lockPath);
    } catch {
      // no lock (released), or not a lock directory: the attempt below sees to it
    }
  };

  const removeOldFormatLock = () => {
    try {
      if (!lstatSync(lockPath).isFile()) return;
    } catch {
      return;
    }
    const old = readHolder(lockPath);
    rmSync(lockPath, { force: true });
    log(
      `Removed the lock file of an older Atelier version (${describeHolder(old)}): ` +
        'older versions cannot show they are alive, so stop them before starting this one.',
    );
  };

  /** One attempt under the gate: the release function, or undefined while the lock is held. */
  const attempt = async (): Promise<(() => Promise<void>) | undefined> => {
    let releaseGate: () => Promise<void>;
    try {
      releaseGate = await lock(gatePath, {
        lockfilePath: gatePath,
        realpath: false,
        stale: GATE_STALE_MS,
        update: 1_000,
        retries: GATE_RETRIES,
        onCompromised: () => undefined,
      });
    } catch (error) {
      if (isLockHeld(error)) return undefined;
      throw error;
    }
    try {
      removeOldFormatLock();
      removeLockOfDeadHolder();
      const release = await lock(lockPath, {
        lockfilePath: lockPath,
        realpath: false,
        stale: staleMs,
        update: updateMs,
        onCompromised,
      });
      const temporary = `${holderPath}.${me.id}`;
      writeFileSync(temporary, JSON.stringify(me));
      renameSync(temporary, holderPath);
      return release;
    } catch (error) {
      if (isLockHeld(error)) return undefined;
      throw error;
    } finally {
      await releaseGate();
    }
  };

  // Past this, a lock neither refreshed nor stale (clocks apart) is reported as held.
  const deadline = Date.now() + 2 * staleMs;
  let firstMtime: number | undefined;
  let hasLogged = false;
  for (;;) {
    const release = await attempt();
    if (release) {
      let isReleased = false;
      return async () => {
        if (isReleased) return;
        isReleased = true;
        if (readHolder(holderPath)?.id === me.id) rmSync(holderPath, { force: true });
        await release().catch(() => undefined); // already lost: nothing of ours to remove
      };
    }
    const mtime = mtimeOf(lockPath);
    if (mtime === undefined) continue; // released meanwhile
    const holder = readHolder(holderPath);
    const ageS = Math.round((Date.now() - mtime) / 1000);
    firstMtime ??= mtime;
    if (mtime !== firstMtime || Date.now() > deadline) {
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by ${describeHolder(holder)}. ` +
          'Only one Atelier process can use an embedded database at a time: stop that process, ' +
          'or start this one with another DATA_DIR (or with DATABASE_URL for PostgreSQL).',
      );
    }
    if (!hasLogged && Date.now() - mtime > updateMs + 1_000) {
      hasLogged = true;
      log(
        `The data directory ${dataDir} is locked by ${describeHolder(holder)}, but its lock ` +
          `was last refreshed ${ageS} s ago: waiting until it is ${staleMs / 1000} s old to ` +
          'take it over (a live holder refreshes it, and then this process stops).',
      );
    }
    await sleep(POLL_MS);
  }
};
