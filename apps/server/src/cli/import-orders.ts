import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { createEventBus } from '@/events/event-bus';
import { teamMembers, users } from '@/db/schema';
import { createReferenceModule } from '@/modules/reference';
import {
  compressionOf,
  importOrderLines,
  type OrderImportReport,
} from '@/modules/sales/order-import';

/**
 * `npm run import:orders -- --store EMAIL FILE [--valid-rows]`: imports an order file
 * (docs/import-orders.md: Atelier's order lines, Shopify's or WooCommerce's orders export, the
 * UCI Online Retail file or the CDNOW history; `.csv` or `.txt`, plain or `.gz`, `.br`) into the store of the account with that e-mail, in the database the configuration
 * names. Nothing is written when a row has an issue, unless `--valid-rows`. Running it again
 * records nothing twice. Stop the server first when it runs on PGlite (one process per data
 * directory).
 */

const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const usage =
  'Usage: npm run import:orders -- --store EMAIL FILE.csv|FILE.txt[.gz|.br] [--valid-rows]\n';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { store: { type: 'string' }, 'valid-rows': { type: 'boolean', default: false } },
  });
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (!values.store || positionals.length !== 1) {
  process.stderr.write(usage);
  process.exit(2);
}
const filePath = path.resolve(invokedFrom, positionals[0]!);
let sizeBytes: number;
try {
  sizeBytes = statSync(filePath).size;
} catch (error) {
  process.stderr.write(`Cannot read ${filePath}: ${(error as Error).message}\n`);
  process.exit(2);
}

const loaded = loadConfig();
const config = { ...loaded, dataDir: path.resolve(invokedFrom, loaded.DATA_DIR) };
const connection = await openDatabase(config);
const describe = (report: OrderImportReport) =>
  `  rows: ${report.rows}\n  orders: ${report.orders} imported, ${report.skippedOrders} already there\n` +
  `  customers: ${report.customers} new\n` +
  `  refunds: ${report.refunds} (${report.unmatchedRefunds} without an earlier order of their customer)\n`;
try {
  const email = values.store.trim().toLowerCase();
  const [owner] = await connection.db
    .select({ storeId: teamMembers.storeId })
    .from(users)
    .innerJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (!owner) {
    process.stderr.write(`No account with the e-mail ${email}.\n`);
    process.exitCode = 2;
  } else {
    const started = Date.now();
    let lastLine = '';
    const report = await importOrderLines({
      db: connection.db,
      events: createEventBus(),
      storeId: owner.storeId,
      channel: `import:${path.basename(filePath).replace(/\.(csv|txt)(\.gz|\.br)?$/i, '')}`,
      mode: values['valid-rows'] ? 'VALID_ROWS' : 'ALL_OR_NOTHING',
      listCountries: () => createReferenceModule({ db: connection.db }).repository.listCountries(),
      open: () => createReadStream(filePath),
      compression: compressionOf(filePath),
      sizeBytes,
      onProgress: (progress, message) => {
        const line = `${progress}% ${message}`;
        if (line !== lastLine && progress % 10 === 0) process.stdout.write(`${line}\n`);
        lastLine = line;
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (report.issueCount > 0) {
      process.stderr.write(
        `${report.issueCount} row issue(s)${report.issueCount > report.issues.length ? ` (first ${report.issues.length})` : ''}:\n` +
          report.issues
            .map((issue) => `  row ${issue.row}, ${issue.field}: ${issue.message}\n`)
            .join(''),
      );
    }
    if (report.layout === null || (report.issueCount > 0 && !values['valid-rows'])) {
      process.stderr.write(`${filePath}: nothing imported.\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(
        `Imported ${path.basename(filePath)} (${report.layout}) in ${seconds} s:\n${describe(report)}`,
      );
    }
  }
} finally {
  await connection.close();
}
