import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, openPostgres, wrapPglite } from '@/db/client';
import { applyMigrations } from '@/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a freshly migrated database, loaded by every test file. */
    pgliteTemplatePath: string;
    /** PostgreSQL: name of a migrated template database, copied by every test file. */
    postgresTemplateName: string;
    /** PostgreSQL: prefix of every database this run creates (dropped at the end). */
    postgresRunPrefix: string;
  }
}

const adminUrl = (databaseUrl: string, database: string) => {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * Migrates one template database per run: a PGlite dump by default, or a template database on the
 * PostgreSQL server of DATABASE_URL. Each test file then starts from its own fresh copy.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const runPrefix = `atelier_t${Date.now().toString(36)}${process.pid}`;
    const templateName = `${runPrefix}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl, 'postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${templateName}`);
    const connection = await openPostgres(adminUrl(databaseUrl, templateName), { max: 2 });
    await applyMigrations(connection);
    await connection.close();
    project.provide('postgresTemplateName', templateName);
    project.provide('postgresRunPrefix', runPrefix);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${runPrefix}%`],
      );
      for (const { datname } of rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      await admin.end();
    };
  }

  const folder = mkdtempSync(path.join(tmpdir(), 'atelier-test-'));
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const connection = wrapPglite(pglite);
  await applyMigrations(connection);
  const dump = await pglite.dumpDataDir('none');
  const templatePath = path.join(folder, 'template.tar');
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  await connection.close();
  project.provide('pgliteTemplatePath', templatePath);
  project.provide('postgresTemplateName', '');
  project.provide('postgresRunPrefix', '');
  return () => rmSync(folder, { recursive: true, force: true });
}
