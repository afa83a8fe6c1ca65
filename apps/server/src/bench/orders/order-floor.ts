import http from 'node:http';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { newId } from '@/lib/ids';

/**
 * The floor of `npm run bench:orders`: the same two writes as the project answered by the
 * simplest hand-written code, a bare `node:http` server with bare SQL on `pg` (a pool of 20, as
 * the project's) or on PGlite directly, on the same database. The lower bound of the work:
 *
 * - `POST /api/web/creator-order-items` { catalogItemId, quantity }: one INSERT … SELECT of the
 *   catalog item's sample price into the store's cart, 201 { id }.
 * - `POST /api/web/creator-invoice-payments` { itemIds } (an `Idempotency-Key` required, not
 *   stored): one transaction — the store's items SELECT … FOR UPDATE (all IN_SHOPPING_CART, else
 *   409), INSERT the payment COMPLETED, UPDATE the items IN_PRODUCTION, INSERT the CHARGE ledger
 *   entry — then 200 { id, status: 'COMPLETED' }.
 *
 * Not done (the project does them): the session lookup (a token is one map lookup), the address
 * check, the idempotency record, the status history, the outbox events, the payment provider.
 * Started by the benchmark as a child process; tells its port over IPC; `{ type: 'stop' }` ends it.
 *
 * Environment: FLOOR_ENGINE (pglite | postgres), DATABASE_URL or PGLITE_DIR, FLOOR_TOKENS (JSON
 * {token: storeId}).
 */

type Row = Record<string, unknown>;
type Query = (text: string, values: unknown[]) => Promise<Row[]>;
type Transact = <T>(work: (query: Query) => Promise<T>) => Promise<T>;

const ADD_TO_CART = `
INSERT INTO creator_order_items (id, store_id, company_id, kind, status, category, title,
  catalog_item_id, quantity, unit_price, currency_code, shipping_mode)
SELECT $1, $2, company_id, 'SAMPLE', 'IN_SHOPPING_CART', 'PRODUCT', left('Sample: ' || title, 200),
  id, $4, sample_price_cents, currency_code, 'SUPPLIER_SHIPPING'
FROM catalog_items WHERE id = $3 AND sample_price_cents IS NOT NULL
RETURNING id`;
const LOCK_ITEMS = `
SELECT id, status, (unit_price * quantity + shipping_amount)::float8 AS amount, currency_code
FROM creator_order_items WHERE store_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE`;
const INSERT_PAYMENT = `
INSERT INTO creator_payments (id, store_id, status, result, provider, amount, currency_code,
  totals, item_ids, shipping_address)
VALUES ($1, $2, 'COMPLETED', 'COMPLETED', 'floor', $3, $4, $5::jsonb, $6::text[], $7::jsonb)`;
const MOVE_ITEMS = `
UPDATE creator_order_items SET status = 'IN_PRODUCTION', payment_id = $1, updated_at = now()
WHERE id = ANY($2::text[])`;
const INSERT_LEDGER = `
INSERT INTO payment_ledger_entries (id, store_id, payment_id, kind, amount, currency_code)
VALUES ($1, $2, $3, 'CHARGE', $4, $5)`;

class Refusal extends Error {
  constructor(readonly status: number) {
    super(String(status));
  }
}

const connect = async (): Promise<{ query: Query; transact: Transact; close(): Promise<void> }> => {
  if (process.env.FLOOR_ENGINE === 'postgres') {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 20,
      options: '-c jit=off',
    });
    const query: Query = async (text, values) => (await pool.query<Row>(text, values)).rows;
    const transact: Transact = async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(
          async (text, values) => (await client.query<Row>(text, values)).rows,
        );
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    };
    return { query, transact, close: () => pool.end() };
  }
  const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm } });
  const query: Query = async (text, values) => (await db.query<Row>(text, values)).rows;
  const transact: Transact = (work) =>
    db.transaction((tx: Transaction) =>
      work(async (text, values) => (await tx.query<Row>(text, values)).rows),
    );
  return { query, transact, close: () => db.close() };
};

const readBody = (request: http.IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.on('error', reject);
  });

const start = async () => {
  const tokens = new Map(
    Object.entries(JSON.parse(process.env.FLOOR_TOKENS ?? '{}') as Record<string, string>),
  );
  const database = await connect();

  const addToCart = async (storeId: string, body: Record<string, unknown>) => {
    const [row] = await database.query(ADD_TO_CART, [
      newId('coi'),
      storeId,
      String(body.catalogItemId),
      Number(body.quantity ?? 1),
    ]);
    if (!row) throw new Refusal(404);
    return { status: 201, body: { id: row.id } };
  };

  const checkout = async (storeId: string, body: Record<string, unknown>) => {
    const ids = [...new Set(body.itemIds as string[])];
    const paymentId = newId('pay');
    await database.transact(async (query) => {
      const items = await query(LOCK_ITEMS, [storeId, ids]);
      if (items.length !== ids.length) throw new Refusal(404);
      if (items.some((item) => item.status !== 'IN_SHOPPING_CART')) throw new Refusal(409);
      const amount = items.reduce((sum, item) => sum + Number(item.amount), 0);
      const currency = String(items[0]!.currency_code);
      await query(INSERT_PAYMENT, [
        paymentId,
        storeId,
        amount,
        currency,
        JSON.stringify({ total: amount, currencyCode: currency }),
        ids,
        JSON.stringify(body.shippingAddress ?? null),
      ]);
      await query(MOVE_ITEMS, [paymentId, ids]);
      await query(INSERT_LEDGER, [newId('led'), storeId, paymentId, amount, currency]);
    });
    return { status: 200, body: { id: paymentId, status: 'COMPLETED' } };
  };

  const server = http.createServer((request, response) => {
    const storeId = tokens.get((request.headers.authorization ?? '').slice('Bearer '.length));
    const route =
      request.method !== 'POST' || storeId === undefined
        ? undefined
        : request.url === '/api/web/creator-order-items'
          ? addToCart
          : request.url === '/api/web/creator-invoice-payments' &&
              request.headers['idempotency-key']
            ? checkout
            : undefined;
    if (!route || storeId === undefined) {
      request.resume();
      response.writeHead(404).end();
      return;
    }
    readBody(request)
      .then((body) => route(storeId, body))
      .then(
        (answer) =>
          response
            .writeHead(answer.status, { 'content-type': 'application/json' })
            .end(JSON.stringify(answer.body)),
        (error: unknown) =>
          error instanceof Refusal
            ? response.writeHead(error.status).end()
            : response.writeHead(500).end(String(error)),
      );
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({
      type: 'ready',
      port: typeof address === 'object' && address ? address.port : 0,
    });
  });
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'stop') return;
    server.close();
    server.closeAllConnections();
    void database.close().then(() => process.exit(0));
  });
};

void start();
