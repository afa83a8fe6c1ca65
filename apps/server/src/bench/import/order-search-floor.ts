import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * The floor of the orders-list search in `npm run bench:import`: `GET /api/web/orders?tab&search`
 * answered by the simplest hand-written code — a bare `node:http` server and one prepared
 * statement per request (the page and the counts per tab in one statement, its SQL written out
 * for the kind of search and the tab), on `pg` or on PGlite directly — with the same orders and
 * the same JSON as the project. Started by the benchmark as a child process; tells its port over
 * IPC. Answers page one only (the benchmark sends no cursors).
 *
 * Environment: FLOOR_ENGINE (pglite | postgres), DATABASE_URL or PGLITE_DIR, FLOOR_TOKENS (JSON
 * {token: storeId}: a token is checked with one map lookup).
 */

type Row = {
  all_count: number;
  outstanding: number;
  processing: number;
  fulfilled: number;
  canceled: number;
  on_hold: number;
  returns: number;
  id: string | null;
  number: number;
  prefix: string;
  origin: string;
  external_id: string | null;
  placed_at: string;
  time_zone: string;
  currency_code: string;
  total: number;
  production_status: string;
  cancel_state: string;
  fulfillment_state: string;
  financial_status: string;
  item_count: number;
  tags: string[];
  customer_id: string | null;
  customer_external_id: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
};

type Query = (text: string, values: unknown[], name: string) => Promise<Row[]>;

const PAGE_SIZE = 25;
const ORDER_NAME = /^([#RW]?)(\d{1,9})$/i;
const NOT_CANCELED = `o.cancel_state <> 'CANCELED'`;
const TABS: Record<string, string> = {
  ALL: 'true',
  OUTSTANDING: `${NOT_CANCELED} AND o.production_status = 'OUTSTANDING'`,
  PROCESSING: `${NOT_CANCELED} AND o.production_status = 'PROCESSING'`,
  FULFILLED: `${NOT_CANCELED} AND o.production_status = 'FINISHED'`,
  CANCELED: `o.cancel_state = 'CANCELED'`,
  ON_HOLD: `${NOT_CANCELED} AND o.production_status = 'ON_HOLD'`,
  RETURNS: 'o.has_refunds',
};

/**
 * The search condition and its values ($1 is the store), as the project reads a search: an order
 * number, a line's SKU, a customer's e-mail start or channel id (the UCI file's customer ids).
 */
const searchOf = (search: string | null): { where: string; values: unknown[] } => {
  const text = (search ?? '').trim();
  if (text === '') return { where: 'true', values: [] };
  const pattern = `${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  // $2 is the text, $3 the e-mail pattern.
  const sku = `EXISTS (SELECT 1 FROM sales_order_lines l WHERE l.order_id = o.id AND l.store_id = $1 AND l.sku = $2)`;
  const customer = `o.customer_id IN (SELECT id FROM sales_customers WHERE store_id = $1 AND (email LIKE $3 OR external_id = $2))`;
  const name = ORDER_NAME.exec(text);
  if (name) {
    const prefix = name[1]?.toUpperCase();
    return prefix
      ? {
          where: `((o.number = $4 AND o.prefix = $5) OR ${sku} OR ${customer})`,
          values: [text, pattern, Number(name[2]), prefix],
        }
      : {
          where: `(o.number = $4 OR ${sku} OR ${customer})`,
          values: [text, pattern, Number(name[2])],
        };
  }
  return { where: `(${sku} OR ${customer})`, values: [text, pattern] };
};

/** The page (one more than shown, for the next cursor) and the counts per tab, in one statement. */
const statementOf = (searchWhere: string, tabWhere: string) => `
WITH counts AS (
  SELECT count(*)::int AS all_count,
    (count(*) FILTER (WHERE ${TABS.OUTSTANDING}))::int AS outstanding,
    (count(*) FILTER (WHERE ${TABS.PROCESSING}))::int AS processing,
    (count(*) FILTER (WHERE ${TABS.FULFILLED}))::int AS fulfilled,
    (count(*) FILTER (WHERE ${TABS.CANCELED}))::int AS canceled,
    (count(*) FILTER (WHERE ${TABS.ON_HOLD}))::int AS on_hold,
    (count(*) FILTER (WHERE ${TABS.RETURNS}))::int AS returns
  FROM sales_orders o WHERE o.store_id = $1 AND ${searchWhere}
), page AS (
  SELECT o.id, o.number, o.prefix, o.origin, o.external_id, o.placed_at AS placed_at_ts,
    to_char(o.placed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS placed_at,
    o.time_zone, o.currency_code, o.total::float8 AS total, o.production_status, o.cancel_state,
    o.fulfillment_state, o.financial_status, o.item_count, o.tags,
    c.id AS customer_id, c.external_id AS customer_external_id, c.email, c.first_name, c.last_name
  FROM sales_orders o LEFT JOIN sales_customers c ON c.id = o.customer_id
  WHERE o.store_id = $1 AND ${searchWhere} AND ${tabWhere}
  ORDER BY o.placed_at DESC, o.id DESC LIMIT ${PAGE_SIZE + 1}
)
SELECT counts.*, page.* FROM counts LEFT JOIN page ON true
ORDER BY page.placed_at_ts DESC, page.id DESC`;

const toPage = (rows: Row[]) => {
  const first = rows[0]!;
  const orders = rows.filter((row) => row.id !== null);
  const page = orders.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      number: row.number,
      name: `${row.prefix}${row.number}`,
      origin: row.origin,
      externalId: row.external_id,
      placedAt: row.placed_at,
      timeZone: row.time_zone,
      currencyCode: row.currency_code,
      total: { amount: row.total, currencyCode: row.currency_code },
      customer: row.customer_id && {
        id: row.customer_id,
        externalId: row.customer_external_id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
      },
      productionStatus: row.production_status,
      cancelState: row.cancel_state,
      fulfillmentState: row.fulfillment_state,
      financialStatus: row.financial_status,
      itemCount: row.item_count,
      tags: row.tags,
    })),
    nextCursor:
      orders.length > PAGE_SIZE && last
        ? Buffer.from(JSON.stringify(['-placedAt', last.placed_at, last.id])).toString('base64url')
        : null,
    counts: {
      ALL: first.all_count,
      OUTSTANDING: first.outstanding,
      PROCESSING: first.processing,
      FULFILLED: first.fulfilled,
      CANCELED: first.canceled,
      ON_HOLD: first.on_hold,
      RETURNS: first.returns,
    },
  };
};

const start = async () => {
  const tokens = new Map(
    Object.entries(JSON.parse(process.env.FLOOR_TOKENS ?? '{}') as Record<string, string>),
  );
  let query: Query;
  let close: () => Promise<void>;
  if (process.env.FLOOR_ENGINE === 'postgres') {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 20,
      options: '-c jit=off',
    });
    query = async (text, values, name) => (await pool.query<Row>({ name, text, values })).rows;
    close = () => pool.end();
  } else {
    const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm } });
    query = async (text, values) => (await db.query<Row>(text, values)).rows;
    close = () => db.close();
  }
  /** One named (prepared) statement per distinct SQL text. */
  const names = new Map<string, string>();

  const list = async (params: URLSearchParams, storeId: string) => {
    const tabWhere = TABS[params.get('tab') ?? 'ALL'];
    if (!tabWhere || params.has('cursor')) return undefined;
    const search = searchOf(params.get('search'));
    const text = statementOf(search.where, tabWhere);
    let name = names.get(text);
    if (!name) {
      name = `orders_floor_${names.size}`;
      names.set(text, name);
    }
    return toPage(await query(text, [storeId, ...search.values], name));
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://floor');
    const storeId = tokens.get((request.headers.authorization ?? '').slice('Bearer '.length));
    if (url.pathname !== '/api/web/orders' || storeId === undefined) {
      response.writeHead(404).end();
      return;
    }
    list(url.searchParams, storeId).then(
      (body) => {
        if (!body) return response.writeHead(400).end();
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
      (error: unknown) => {
        response.writeHead(500).end(String(error));
      },
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
    void close().then(() => process.exit(0));
  });
};

void start();
