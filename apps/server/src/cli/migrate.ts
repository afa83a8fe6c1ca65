import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { readSchemaVersion } from '@/db/migrate';

/** `npm run db:migrate`: applies pending migrations and prints the schema version. */
const connection = await openDatabase(loadConfig());
process.stdout.write(`schema version: ${await readSchemaVersion(connection)}\n`);
await connection.close();
