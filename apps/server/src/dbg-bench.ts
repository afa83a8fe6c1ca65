import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { queryRows } from '@/db/client';
import { buildSeedCatalog } from '@/modules/catalog/catalog-seed.data';
import { createCatalogWriter } from '@/modules/catalog/catalog-writer.repository';
import { seedPlatform } from '@/seed/seed';
import { buildBenchItems } from './bench/bench-catalog';

const engine = process.argv[2] ?? 'postgres';
let databaseUrl: string | undefined;
if (engine === 'postgres') {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS atelier_dbg WITH (FORCE)');
  await admin.query('CREATE DATABASE atelier_dbg');
  await admin.end();
  databaseUrl = 'postgres://postgres@127.0.0.1:5432/atelier_dbg';
}
const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'dbg-')), DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
const connection = await openDatabase(config);
const { app, ...modules } = await buildApp({ config, connection, logger: false });
await seedPlatform(modules, connection.db, { seedDemo: false, log: pino({ level: 'warn' }) });
const seed = buildSeedCatalog();
const writer = createCatalogWriter(connection.db);
await writer.upsertCompanies(seed.companies);
await writer.upsertItems(buildBenchItems(seed.items, 100_000));
await connection.db.execute(sql`ANALYZE`);
const q = `SELECT id FROM catalog_items WHERE (search_vector @@ to_tsquery('english','cotton:*') OR lower(title) % 'cotton' OR 'cotton' <% lower(title)) AND moq >= 100 AND moq < 1000 AND company_region_code = 'AS' ORDER BY rank DESC, id LIMIT 25`;
for (const variant of [q, q.replace(" OR lower(title) % 'cotton' OR 'cotton' <% lower(title)", '')]) {
  for (let i = 0; i < 2; i++) {
    const t = Date.now();
    const rows = await queryRows<Record<string, string>>(connection.db, sql.raw(`EXPLAIN ANALYZE ${variant}`));
    console.log(Date.now() - t, 'ms');
    if (i === 1) console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
  }
}
await app.close();
await connection.close();
