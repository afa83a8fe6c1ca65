import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { systemClock } from '@/lib/clock';
import { runSupplierInvite, SUPPLIER_INVITE_USAGE } from './supplier-invite.command';

/**
 * `npm run supplier:invite -- COMPANY_ID EMAIL`: prints the invitation link of a new supplier
 * member (see supplier-invite.command.ts). DATA_DIR is resolved from INIT_CWD like the server
 * does; stop the server first when running on the embedded database (it takes the data lock).
 */
const args = process.argv.slice(2);
if (args.length !== 2) {
  process.stderr.write(SUPPLIER_INVITE_USAGE);
  process.exit(2);
}
const config = loadConfig();
const connection = await openDatabase(config);
const result = await runSupplierInvite(args, {
  db: connection.db,
  clock: systemClock,
  publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
}).finally(() => connection.close());
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exit(result.exitCode);
