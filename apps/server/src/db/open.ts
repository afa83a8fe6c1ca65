import path from 'node:path';
import type { Config } from '@/config';
import { openPglite, openPostgres, type DatabaseConnection } from './client';
import { acquireDataDirLock } from './lock';
import { applyMigrations } from './migrate';

/** Folder of the embedded database inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/**
 * Opens the database the configuration names (PostgreSQL when DATABASE_URL is set, else PGlite
 * in DATA_DIR, guarded by the one-process lock: see acquireDataDirLock, which may wait up to
 * DATA_DIR_LOCK_STALE_MS for a crashed holder's lock and throws DataDirLockedError for a live
 * one; should the lock be lost later, or PGlite's thread die, the process exits with code 1)
 * and applies pending migrations. `close()` checkpoints, closes and releases the lock.
 */
export const openDatabase = async (config: Config): Promise<DatabaseConnection> => {
  if (config.DATABASE_URL) {
    const connection = await openPostgres(config.DATABASE_URL);
    await applyMigrations(connection);
    return connection;
  }
  const releaseLock = await acquireDataDirLock(config.dataDir);
  try {
    const connection = await openPglite(pgliteDir(config.dataDir), {
      // Nothing can be read or written any more: end at once, as when the lock is lost; the next
      // start recovers the database from its write-ahead log.
      onExit: (error) => {
        process.stderr.write(`The embedded database stopped: ${error.message}\n`);
        process.exit(1);
      },
    });
    await applyMigrations(connection);
    const closeConnection = () => connection.close();
    return {
      ...connection,
      async close() {
        try {
          await closeConnection();
        } finally {
          await releaseLock();
        }
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
};
