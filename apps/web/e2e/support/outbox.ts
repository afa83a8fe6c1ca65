import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import path from 'node:path';
import pg from 'pg';
import { startServer, type TestServer } from './server';

type Email = { subject: string; body: string };

const NEWEST_EMAIL_SQL = `SELECT subject, body FROM notification_outbox
  WHERE recipient = $1 AND kind = $2 ORDER BY created_at DESC, id DESC LIMIT 1`;

/**
 * The newest e-mail of one kind that the server's local outbox (the default Notifier) kept for
 * `recipient`, as someone running Atelier without an e-mail provider would find it. PostgreSQL is
 * read live; the embedded PGlite admits one process per data directory, so the server is stopped,
 * the outbox read, and the server started again on the same data (at a new address: use the
 * returned server from then on).
 */
export const readNewestEmail = async (
  server: TestServer,
  recipient: string,
  kind: string,
): Promise<{ email: Email | undefined; server: TestServer }> => {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<Email>(NEWEST_EMAIL_SQL, [recipient, kind]);
      return { email: rows[0], server };
    } finally {
      await client.end();
    }
  }
  await server.stop();
  const pglite = await PGlite.create({
    dataDir: path.join(server.dataDir, 'pgdata'),
    extensions: { pg_trgm },
  });
  let email: Email | undefined;
  try {
    email = (await pglite.query<Email>(NEWEST_EMAIL_SQL, [recipient, kind])).rows[0];
  } finally {
    await pglite.close();
  }
  return { email, server: await startServer({ dataDir: server.dataDir }) };
};
