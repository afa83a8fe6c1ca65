import { parseArgs } from 'node:util';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/open';
import { isAppError } from '@/lib/app-error';
import { addWarehouse } from '@/modules/fulfillment';

const USAGE =
  'Usage: npm run fulfillment:add-warehouse -- --code NJ1 --name "New Jersey" --state NJ ' +
  '--country US --time-zone America/New_York\n';

/**
 * `npm run fulfillment:add-warehouse -- --code NJ1 --name "New Jersey" --state NJ --country US
 * --time-zone America/New_York`: an operator's tool (warehouses are the fulfillment center's,
 * shared by every store; issue 15). Prints the warehouse added; a bad or taken value is refused
 * with its reason (exit code 1) and nothing is written. Stop the server first when running on the
 * embedded database (it takes the data directory's lock).
 */
let values: Partial<Record<'code' | 'name' | 'state' | 'country' | 'time-zone', string>>;
try {
  values = parseArgs({
    options: {
      code: { type: 'string' },
      name: { type: 'string' },
      state: { type: 'string' },
      country: { type: 'string' },
      'time-zone': { type: 'string' },
    },
  }).values;
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { code, name, state, country } = values;
const timeZone = values['time-zone'];
if (!code || !name || !state || !country || !timeZone) {
  process.stderr.write(USAGE);
  process.exit(2);
}
const config = loadConfig();
const connection = await openDatabase(config);
try {
  const warehouse = await addWarehouse(connection.db, {
    code,
    name,
    stateCode: state,
    countryCode: country,
    timeZone,
  });
  process.stdout.write(
    `Added warehouse ${warehouse.code} (${warehouse.id}): ${warehouse.name}, ` +
      `${warehouse.stateCode} ${warehouse.countryCode}, ${warehouse.timeZone}.\n`,
  );
} catch (error) {
  if (!isAppError(error)) throw error;
  if (error.code === 'bad_request') {
    const lines = (error.details ?? []).map(
      (issue) => `  --${flagOf(issue.field)}: ${issue.message}\n`,
    );
    process.stderr.write(`Not added, check these values:\n${lines.join('')}`);
  } else {
    process.stderr.write(`Not added: ${error.message}\n`);
  }
  process.exitCode = 1;
} finally {
  await connection.close();
}

function flagOf(field: string): string {
  const flags: Record<string, string> = {
    stateCode: 'state',
    countryCode: 'country',
    timeZone: 'time-zone',
  };
  return flags[field] ?? field;
}
