import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '@/config';
import { PGLITE_EXTENSIONS } from '@/db/client';
import { acquireDataDirLock, DataDirLockedError } from '@/db/lock';
import { pgliteDir } from '@/db/open';

/**
 * `npm run db:backup [-- OUT_FILE]`: writes a gzipped tar of the embedded database (PGlite's own
 * dump format), restorable by `npm run db:restore -- FILE` or by starting with the file in place.
 * It takes the data-directory lock, so it refuses while the server runs: stop the server first.
 */
const config = loadConfig();
if (config.DATABASE_URL) {
  process.stderr.write('DATABASE_URL is set: back up PostgreSQL with pg_dump instead.\n');
  process.exit(1);
}
let release: () => Promise<void>;
try {
  release = await acquireDataDirLock(config.dataDir);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\nStop the server, then run the backup again.\n`);
    process.exit(1);
  }
  throw error;
}
try {
  const pglite = await PGlite.create({
    dataDir: pgliteDir(config.dataDir),
    extensions: PGLITE_EXTENSIONS,
  });
  await pglite.query('CHECKPOINT');
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outFile = path.resolve(
    process.argv[2] ?? path.join(config.dataDir, 'backups', `atelier-${stamp}.tar.gz`),
  );
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()));
  process.stdout.write(
    `Backup written to ${outFile}\nRestore with: npm run db:restore -- ${outFile}\n`,
  );
} finally {
  await release();
}
