import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { loadCatalogReference } from '@/modules/catalog/catalog-rows';
import { parseSupplierCsv } from '@/modules/catalog/supplier-csv';
import { createCatalogWriter } from '@/modules/catalog/catalog-writer.repository';
import { importSupplierRows } from '@/modules/catalog/supplier-import.service';

/**
 * `npm run import:suppliers -- FILE.csv`: imports suppliers and their items from a CSV file
 * (docs/import-suppliers.md) into the database the configuration names. Nothing is written
 * unless every row is valid.
 */

// npm runs this script inside apps/server; INIT_CWD is where the user typed the command, so
// the file and a relative DATA_DIR mean what they meant there (the server resolves ./.data
// from the repository root too).
const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const [fileArgument, ...extra] = process.argv.slice(2);
if (!fileArgument || extra.length > 0) {
  process.stderr.write('Usage: npm run import:suppliers -- FILE.csv\n');
  process.exit(2);
}
const filePath = path.resolve(invokedFrom, fileArgument);

let text: string;
try {
  text = readFileSync(filePath, 'utf8');
} catch (error) {
  process.stderr.write(`Cannot read ${filePath}: ${(error as Error).message}\n`);
  process.exit(2);
}

const reference = loadCatalogReference();
const { rows, errors } = parseSupplierCsv(text, reference);
if (errors.length > 0) {
  process.stderr.write(
    `${filePath}: nothing imported, ${errors.length} problem(s):\n` +
      errors.map((error) => `  ${error}\n`).join(''),
  );
  process.exit(1);
}

const loaded = loadConfig();
const config = { ...loaded, dataDir: path.resolve(invokedFrom, loaded.DATA_DIR) };
const connection = await openDatabase(config);
try {
  const summary = await importSupplierRows(connection.db, rows, { reference, now: new Date() });
  await createCatalogWriter(connection.db).vacuumCatalog();
  const target = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  process.stdout.write(
    `Imported ${path.basename(filePath)} into ${target}:\n` +
      `  suppliers: ${summary.suppliersCreated} created, ${summary.suppliersUpdated} updated\n` +
      `  items:     ${summary.itemsCreated} created, ${summary.itemsUpdated} updated\n`,
  );
} finally {
  await connection.close();
}
