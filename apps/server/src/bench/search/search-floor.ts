import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * The floor of `npm run bench`: the item search done by the simplest hand-written code — a bare
 * `node:http` server and one prepared statement per search, its SQL written out for the filters
 * present, on `pg` or on PGlite directly — answering the same URLs with the same rows and the same JSON as
 * `GET /api/web/catalog-items`. What the platform costs on top of this is its overhead: the ratio
 * the benchmark prints. Started by the benchmark as a child process; tells its port over IPC.
 *
 * Environment: FLOOR_ENGINE (pglite | postgres), DATABASE_URL or PGLITE_DIR, FLOOR_TOKENS (JSON
 * {token: storeId}, the benchmark's sessions: the floor checks a token with one map lookup).
 */

type Row = {
  id: string;
  kind: string;
  title: string;
  description: string;
  category_id: number | null;
  price_cents: number;
  currency_code: string;
  sample_price_cents: number | null;
  moq: number | null;
  production_time_days: number;
  image_url: string | null;
  is_sample_kit: boolean;
  enabled_at: string;
  company_id: string;
  company_country_code: string;
  company_region_code: string | null;
  company_rating: number | null;
  field_sources: Record<string, string>;
  source: string;
  company_name: string;
  capabilities: string[];
  is_favorite: boolean;
  sort_value: number | string;
};

type Query = <T extends object>(text: string, values: unknown[], name: string) => Promise<T[]>;
type WordRow = { word: string; is_known: boolean; closest: string | null };

/** Per sort: its value for the cursor, ORDER BY, and "after the cursor" with `$v` and `$id`. */
const SORTS = {
  FEATURED: {
    value: 'i.rank',
    order: 'i.rank DESC NULLS LAST, i.id',
    after: 'i.rank < $v::float8 OR (i.rank = $v::float8 AND i.id > $id)',
  },
  NEWEST: {
    value: `to_char(i.enabled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    order: 'i.enabled_at DESC NULLS LAST, i.id',
    after: `i.enabled_at < ($v::text)::timestamp at time zone 'UTC' OR (i.enabled_at = ($v::text)::timestamp at time zone 'UTC' AND i.id > $id)`,
  },
  PRICE_LOW_TO_HIGH: {
    value: 'i.price_cents',
    order: 'i.price_cents, i.id',
    after: 'i.price_cents > $v::int OR (i.price_cents = $v::int AND i.id > $id)',
  },
  PRICE_HIGH_TO_LOW: {
    value: 'i.price_cents',
    order: 'i.price_cents DESC NULLS LAST, i.id',
    after: 'i.price_cents < $v::int OR (i.price_cents = $v::int AND i.id > $id)',
  },
} as const;
type Sort = keyof typeof SORTS;

const SELECT = `
SELECT i.id, i.kind, i.title, i.description, i.category_id, i.price_cents, i.currency_code,
  i.sample_price_cents, i.moq, i.production_time_days, i.image_url, i.is_sample_kit,
  to_char(i.enabled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS enabled_at,
  i.company_id, i.company_country_code, i.company_region_code, i.company_rating,
  i.field_sources, i.source, c.name AS company_name, c.capabilities,
  EXISTS (SELECT 1 FROM catalog_favorites f
          WHERE f.store_id = $1 AND f.target_type = 'ITEM' AND f.target_id = i.id) AS is_favorite`;

const MOQ: Record<string, [number | null, number | null]> = {
  UNITS_0_100: [0, 100],
  UNITS_100_1000: [100, 1000],
  UNITS_1000_PLUS: [1000, null],
};
const SAMPLE_PRICE: Record<string, [number | null, number | null]> = {
  USD_5_50: [500, 5000],
  USD_50_100: [5000, 10000],
  USD_100_PLUS: [10000, null],
};

/** Words as a prefix tsquery ("deni jack" → "deni:* & jack:*"). */
const prefixQuery = (words: string[]) =>
  words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');

/** Each word: known (or the start of a known word), else the closest known word, if any. */
const WORDS_STATEMENT = `
SELECT input.word, checked.is_known,
  CASE WHEN checked.is_known THEN NULL ELSE
    (SELECT close.word FROM catalog_search_words close WHERE close.word % input.word
     ORDER BY similarity(close.word, input.word) DESC, close.item_count DESC, close.word LIMIT 1)
  END AS closest
FROM unnest($1::text[]) AS input(word)
CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM catalog_search_words known
  WHERE known.word ~>=~ input.word AND known.word ~<~ (input.word || chr(1114111))) AS is_known) checked`;

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 12);

const start = async () => {
  const tokens = new Map(
    Object.entries(JSON.parse(process.env.FLOOR_TOKENS ?? '{}') as Record<string, string>),
  );
  let query: Query;
  let close: () => Promise<void>;
  let categoryRows: {
    id: number;
    vertical: string;
    group: string | null;
    subgroup: string | null;
  }[];
  if (process.env.FLOOR_ENGINE === 'postgres') {
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 20,
      options: '-c jit=off',
    });
    query = async <T extends object>(text: string, values: unknown[], name: string) =>
      (await pool.query<T>({ name, text, values })).rows;
    close = () => pool.end();
    categoryRows = (
      await pool.query('SELECT id, vertical, "group", subgroup FROM catalog_categories')
    ).rows as typeof categoryRows;
  } else {
    const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR, extensions: { pg_trgm } });
    query = async <T extends object>(text: string, values: unknown[]) =>
      (await db.query<T>(text, values)).rows;
    close = () => db.close();
    categoryRows = (
      await db.query<(typeof categoryRows)[number]>(
        'SELECT id, vertical, "group", subgroup FROM catalog_categories',
      )
    ).rows;
  }
  const categories = new Map(categoryRows.map((row) => [row.id, row]));
  /** One named (prepared) statement per distinct SQL text. */
  const names = new Map<string, string>();

  const search = async (params: URLSearchParams, storeId: string) => {
    const sort = (params.get('sort') ?? 'FEATURED') as Sort;
    if (!(sort in SORTS)) return undefined;
    const size = Number(params.get('size') ?? 24);
    const moq = params.get('moq');
    const price = params.get('samplePrice');
    const cursor = params.get('cursor');
    const after = cursor
      ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, unknown, string])
      : undefined;
    const searchKey = params.get('searchKey');
    const countries = params.get('countryCodes');
    const categoryIds = params.get('categoryIds');
    /** The statement for the filters present, written out by hand, and its values. */
    const find = (words: string[] | null) => {
      const values: unknown[] = [storeId];
      const param = (value: unknown) => {
        values.push(value);
        return `$${values.length}`;
      };
      const where: string[] = [];
      const tsQuery = words ? prefixQuery(words) : null;
      if (tsQuery) where.push(`i.search_vector @@ to_tsquery('english', ${param(tsQuery)})`);
      const region = params.get('region');
      if (region) where.push(`i.company_region_code = ${param(region)}`);
      if (countries) where.push(`i.company_country_code = ANY(${param(countries.split(','))})`);
      const bounds = (column: string, range: [number | null, number | null] | undefined) => {
        if (range?.[0] != null) where.push(`${column} >= ${range[0]}`);
        if (range?.[1] != null) where.push(`${column} < ${range[1]}`);
      };
      if (moq === 'CUSTOM') where.push('i.moq IS NULL');
      else if (moq) bounds('i.moq', MOQ[moq]);
      if (price === 'CUSTOM_QUOTE') where.push('i.sample_price_cents IS NULL');
      else if (price) bounds('i.sample_price_cents', SAMPLE_PRICE[price]);
      if (categoryIds) {
        where.push(`i.category_path && ${param(categoryIds.split(',').map(Number))}::int[]`);
      }
      if (after) {
        const value = param(String(after[1]));
        const id = param(after[2]);
        where.push(`(${SORTS[sort].after.replaceAll('$v', value).replaceAll('$id', id)})`);
      }
      const text = `${SELECT}, ${SORTS[sort].value} AS sort_value
        FROM catalog_items i JOIN catalog_companies c ON c.id = i.company_id
        ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY ${SORTS[sort].order} LIMIT ${param(size + 1)}`;
      let name = names.get(text);
      if (!name) {
        name = `floor_${names.size}`;
        names.set(text, name);
      }
      return query<Row>(text, values, name);
    };
    const words = searchKey ? wordsOf(searchKey) : null;
    let rows = await find(words);
    if (rows.length === 0 && words && words.length > 0) {
      // Nothing found: correct the words the vocabulary does not know, as the platform does.
      const long = words.filter((word) => word.length >= 3);
      const checks = new Map(
        (long.length > 0 ? await query<WordRow>(WORDS_STATEMENT, [long], 'floor_words') : []).map(
          (check) => [check.word, check],
        ),
      );
      const corrected = words.map((word) => {
        const check = checks.get(word);
        return !check || check.is_known ? word : check.closest;
      });
      const changed = corrected.some((word, index) => word !== words[index]);
      if (changed && corrected.every((word) => word !== null)) rows = await find(corrected);
    }
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => {
        const category = row.category_id === null ? undefined : categories.get(row.category_id);
        return {
          id: row.id,
          kind: row.kind,
          title: row.title,
          description: row.description,
          categoryId: row.category_id,
          vertical: category?.vertical ?? null,
          group: category?.group ?? null,
          subgroup: category?.subgroup ?? null,
          price: { amount: row.price_cents, currencyCode: row.currency_code },
          samplePrice:
            row.sample_price_cents === null
              ? null
              : { amount: row.sample_price_cents, currencyCode: row.currency_code },
          moq: row.moq,
          productionTimeDays: row.production_time_days,
          imageUrl: row.image_url,
          isSampleKit: row.is_sample_kit,
          enabledAt: row.enabled_at,
          company: {
            id: row.company_id,
            name: row.company_name,
            countryCode: row.company_country_code,
            regionCode: row.company_region_code,
            rating: row.company_rating === null ? null : Math.round(row.company_rating * 10) / 10,
            capabilities: row.capabilities,
          },
          fieldSources: row.field_sources,
          source: row.source,
          isFavorite: row.is_favorite,
        };
      }),
      nextCursor:
        rows.length > size && last
          ? Buffer.from(JSON.stringify([sort, last.sort_value, last.id])).toString('base64url')
          : null,
    };
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://floor');
    const storeId = tokens.get((request.headers.authorization ?? '').slice('Bearer '.length));
    if (url.pathname !== '/api/web/catalog-items' || storeId === undefined) {
      response.writeHead(404).end();
      return;
    }
    search(url.searchParams, storeId).then(
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
