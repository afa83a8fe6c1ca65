import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { installJobQueueSchema } from '../modules/jobs/job-queue';
import { queryRows, type DatabaseConnection } from './client';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

// Any 64-bit number works; it only has to be the same in every process of one deployment.
const MIGRATION_LOCK_KEY = 727_274_001;

type Journal = { entries: { idx: number; tag: string }[] };

let migrationTags: readonly string[] | undefined;

/**
 * Tags of the committed migrations in order ("0000_identity", …), read from the journal on disk
 * once per process: the files cannot change under a running server (issue 9 §9).
 */
export const listMigrationTags = (): readonly string[] => {
  migrationTags ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal
  ).entries.map((entry) => entry.tag);
  return migrationTags;
};

/**
 * Applies the committed SQL migrations that the database has not seen, then installs or migrates
 * the job queue's schema (pg-boss, issue 8). On PostgreSQL an advisory lock makes concurrent starts
 * of several processes wait for one another.
 */
export const applyMigrations = async (connection: DatabaseConnection): Promise<void> => {
  if (connection.engine === 'pglite') {
    await migratePglite(connection.db as unknown as PgliteDatabase, {
      migrationsFolder: MIGRATIONS_DIR,
    });
    await installJobQueueSchema(connection);
    return;
  }
  const client = await connection.pool!.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(connection.db as unknown as NodePgDatabase, {
      migrationsFolder: MIGRATIONS_DIR,
    });
    await installJobQueueSchema(connection);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    client.release();
  }
};

/** Tag of the last applied migration ("0000_identity"), or "none" on an empty database. */
export const readSchemaVersion = async (connection: DatabaseConnection): Promise<string> => {
  const rows = await queryRows<{ applied: number }>(
    connection.db,
    sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
  );
  const applied = rows[0]?.applied ?? 0;
  if (applied === 0) return 'none';
  return listMigrationTags()[applied - 1] ?? `unknown_${applied}`;
};
