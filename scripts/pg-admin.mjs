// CI helper: `node scripts/pg-admin.mjs create|drop NAME` on the PostgreSQL server at
// PGADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres). Uses the project's own pg.
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error(
    'usage: node scripts/pg-admin.mjs create|drop NAME (lower-case letters, digits, _)',
  );
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.PGADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
});
try {
  await client.connect();
  await client.query(
    action === 'create'
      ? `CREATE DATABASE ${name}`
      : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
  );
  console.log(`${action === 'create' ? 'created' : 'dropped'} database ${name}`);
} catch (error) {
  console.error(`could not ${action} database ${name}: ${error.message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}
