import { existsSync, readFileSync, renameSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '@/config';
import { PGLITE_EXTENSIONS } from '@/db/client';
import { acquireDataDirLock } from '@/db/lock';
import { pgliteDir } from '@/db/open';

/**
 * `npm run db:restore -- FILE`: replaces the embedded database with a backup made by db:backup.
 * The current database is kept beside it as `pgdata.before-restore-<time>`.
 */
const file = process.argv[2];
if (!file || !existsSync(file)) {
  process.stderr.write('Usage: npm run db:restore -- BACKUP_FILE.tar.gz\n');
  process.exit(1);
}
const config = loadConfig();
const release = await acquireDataDirLock(config.dataDir);
try {
  const target = pgliteDir(config.dataDir);
  if (existsSync(target)) {
    renameSync(target, `${target}.before-restore-${Date.now()}`);
  }
  const pglite = await PGlite.create({
    dataDir: target,
    loadDataDir: new Blob([readFileSync(file)]),
    extensions: PGLITE_EXTENSIONS,
  });
  await pglite.query('CHECKPOINT');
  await pglite.close();
  process.stdout.write(`Restored ${file} into ${target}\n`);
} finally {
  await release();
}
