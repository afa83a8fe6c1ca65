import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS, openPostgres, wrapPglite, type DatabaseConnection } from '@/db/client';

let counter = 0;

/**
 * A new PostgreSQL database copied from the run's migrated template (dropped with the run); its
 * connection string. For tests that start server processes of their own.
 */
export const createPostgresTestDatabaseUrl = async (databaseUrl: string): Promise<string> => {
  counter += 1;
  const name = `${inject('postgresRunPrefix')}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    // CREATE DATABASE … TEMPLATE fails if another session is connected to the template.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateName')}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A fresh, migrated database for one test file: a PGlite loaded from the run's template dump, or
 * (when DATABASE_URL is set) a new PostgreSQL database copied from the run's template database.
 */
export const createTestDatabase = async (): Promise<DatabaseConnection> => {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    return openPostgres(await createPostgresTestDatabaseUrl(databaseUrl), { max: 5 });
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  const pglite = await PGlite.create({
    loadDataDir: new Blob([dump]),
    extensions: PGLITE_EXTENSIONS,
  });
  return wrapPglite(pglite);
};
