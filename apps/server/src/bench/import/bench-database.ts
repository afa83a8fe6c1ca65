import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@/config';
import { REPO_ROOT } from '@/lib/paths';

export type Engine = 'pglite' | 'postgres';

export const ENGINE_LABELS: Record<Engine, string> = {
  pglite: 'PGlite (embedded)',
  postgres: 'PostgreSQL',
};

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Where a bench database is: a PGlite folder inside `dataDir`, or a PostgreSQL database. */
export type BenchDatabase = {
  engine: Engine;
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
};

/** `scripts/pg-admin.mjs create|drop NAME`, with the project's own pg. */
const pgAdmin = (action: 'create' | 'drop', name: string) => {
  const adminUrl = new URL(POSTGRES_URL);
  adminUrl.pathname = '/postgres';
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/pg-admin.mjs'), action, name], {
    env: { ...process.env, PGADMIN_URL: adminUrl.toString() },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
};

/** A new, empty database (a temporary PGlite folder or a fresh PostgreSQL database). */
export const createBenchDatabase = async (engine: Engine): Promise<BenchDatabase> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-bench-import-'));
  if (engine === 'pglite') {
    return {
      engine,
      dataDir,
      databaseUrl: undefined,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `atelier_bench_import_${Date.now().toString(36)}`;
  pgAdmin('create', name);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    engine,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      pgAdmin('drop', name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** The server configuration on a bench database (no demo seed, any free port). */
export const benchConfig = (
  database: Pick<BenchDatabase, 'dataDir' | 'databaseUrl'>,
  logLevel = 'warn',
) =>
  loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: logLevel,
    LOG_FORMAT: 'json',
    SEED_DEMO: 'false',
    SEED_DEMO_ORDERS: 'false',
    PORT: '0',
  });
