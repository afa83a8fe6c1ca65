import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import pg from 'pg';
import { failureOf } from '../import/bench-child';

/**
 * The anchors of `npm run bench:analytics`, in a process of their own, run after the project's
 * server stopped (PGlite: one process at a time). For each range the bench gives, the cohort
 * matrix, the RFM scores and the cross-selling pairs are computed twice:
 *
 * - the floor: each written by hand as one SQL statement on the store's raw order tables
 *   (sales_orders, sales_order_lines, sales_refunds, sales_refund_lines), sent on the bare driver
 *   (`pg`, or PGlite opened directly) — no framework, no JSON, no summary table;
 * - DuckDB (`@duckdb/node-api`, in memory, all threads): the same three on the same rows, copied
 *   in first (the copy is timed apart and never counted in a query's time). The copy carries each
 *   order's store-local day, computed by the database in the store's time zone.
 *
 * It answers with the time of each query per range and the answers of the first range (the bench
 * compares them with the project's).
 */
export type AnchorCommand = {
  type: 'run';
  engine: 'pglite' | 'postgres';
  databaseUrl: string | undefined;
  pgliteDir: string;
  storeId: string;
  ranges: { from: string; to: string }[];
};

export type CohortCell = {
  cohort: string;
  monthsSince: number;
  customers: number;
  revenue: number;
};
export type RfmScore = { customerId: string; r: number; f: number; m: number };
export type Pair = { a: string; b: string; both: number };
export type AnchorAnswers = {
  cohorts: CohortCell[];
  rfm: RfmScore[];
  pairs: Pair[];
  orders: number;
};
export type AnchorKind = 'cohorts' | 'rfm' | 'crossSelling';

export type AnchorResult = {
  type: 'result';
  currencyCode: string;
  timeZone: string;
  copy: { seconds: number; orders: number; lines: number };
  /** Milliseconds per range, in the order of the ranges. */
  floor: Record<AnchorKind, number[]>;
  duckdb: Record<AnchorKind, number[]>;
  floorAnswers: AnchorAnswers;
  duckdbAnswers: AnchorAnswers;
};

type Query = <T>(text: string, values: unknown[]) => Promise<T[]>;

const openBare = async (
  command: AnchorCommand,
): Promise<{ query: Query; close(): Promise<void> }> => {
  if (command.engine === 'postgres') {
    const client = new pg.Client({ connectionString: command.databaseUrl });
    await client.connect();
    return {
      query: async <T>(text: string, values: unknown[]) =>
        (await client.query(text, values)).rows as T[],
      close: () => client.end(),
    };
  }
  const db = await PGlite.create(command.pgliteDir, { extensions: { pg_trgm } });
  return {
    query: async <T>(text: string, values: unknown[]) => (await db.query<T>(text, values)).rows,
    close: () => db.close(),
  };
};

// The floor: $1 store, $2 currency, $3 time zone, $4 first day, $5 last day (store-local).
// A purchase occasion is a customer's counted orders of one store-local day, orders refunded in
// full left out; revenue is the total less what was refunded.
const OCCASIONS = `
  occ as (
    select o.customer_id, (o.placed_at at time zone $3)::date as day,
      sum(o.total - least(o.total, coalesce(r.refunded, 0)))::float8 as revenue
    from sales_orders o
    left join (select order_id, sum(amount) as refunded from sales_refunds
      where store_id = $1 group by order_id) r on r.order_id = o.id
    where o.store_id = $1 and o.currency_code = $2 and o.cancel_state <> 'CANCELED'
      and o.customer_id is not null
      and (o.placed_at at time zone $3)::date <= $5::date
      and not (coalesce(r.refunded, 0) > 0 and coalesce(r.refunded, 0) >= o.total)
    group by 1, 2)`;

const FLOOR = {
  cohorts: `with ${OCCASIONS},
    firsts as (select customer_id, min(day) as first_day from occ group by 1)
    select to_char(f.first_day, 'YYYY-MM') as cohort,
      ((extract(year from o.day) * 12 + extract(month from o.day))
        - (extract(year from f.first_day) * 12 + extract(month from f.first_day)))::int as "monthsSince",
      count(distinct o.customer_id)::int as customers, sum(o.revenue)::float8 as revenue
    from occ o join firsts f on f.customer_id = o.customer_id
    where f.first_day >= $4::date group by 1, 2 order by 1, 2`,
  rfm: `with ${OCCASIONS},
    c as (select customer_id, count(*) as purchases, sum(revenue) as revenue,
      ($5::date - max(day)) as recency from occ where day >= $4::date group by 1)
    select customer_id as "customerId",
      least(5, 1 + floor(5 * percent_rank() over (order by recency desc)))::int as r,
      least(5, 1 + floor(5 * percent_rank() over (order by purchases)))::int as f,
      least(5, 1 + floor(5 * percent_rank() over (order by revenue)))::int as m
    from c order by 1`,
  crossSelling: `with items as (
      select distinct l.order_id, l.title as product
      from sales_order_lines l join sales_orders o on o.id = l.order_id
      where o.store_id = $1 and o.currency_code = $2 and o.cancel_state <> 'CANCELED'
        and (o.placed_at at time zone $3)::date between $4::date and $5::date
        and l.quantity - l.canceled_quantity > 0),
    top as (select product, count(*) as orders from items group by 1
      order by 2 desc, product collate "C" limit 100),
    basket as (select i.order_id, i.product from items i join top t on t.product = i.product)
    select x.product as a, y.product as b, count(*)::int as both,
      (select count(distinct order_id) from items)::int as orders
    from basket x join basket y on y.order_id = x.order_id
      and x.product collate "C" < y.product collate "C"
    group by 1, 2 order by 3 desc, x.product collate "C", y.product collate "C" limit 200`,
};

// DuckDB: the same, on tables orders(id, customer_id, day, counted, total, refunded) and
// lines(order_id, title, sold) of the store's main currency; ? placeholders: first day, last day.
const DUCK_OCCASIONS = `
  occ as (
    select customer_id, day, sum(total - least(total, refunded))::double as revenue
    from orders
    where counted and customer_id is not null and day <= ?::date
      and not (refunded > 0 and refunded >= total)
    group by 1, 2)`;

const DUCK = {
  cohorts: `with ${DUCK_OCCASIONS},
    firsts as (select customer_id, min(day) as first_day from occ group by 1)
    select strftime(f.first_day, '%Y-%m') as cohort,
      ((year(o.day) * 12 + month(o.day)) - (year(f.first_day) * 12 + month(f.first_day)))::int as "monthsSince",
      count(distinct o.customer_id)::int as customers, sum(o.revenue)::double as revenue
    from occ o join firsts f on f.customer_id = o.customer_id
    where f.first_day >= ?::date group by 1, 2 order by 1, 2`,
  rfm: `with ${DUCK_OCCASIONS},
    c as (select customer_id, count(*) as purchases, sum(revenue) as revenue,
      (?::date - max(day)) as recency from occ where day >= ?::date group by 1)
    select customer_id as "customerId",
      least(5, 1 + floor(5 * percent_rank() over (order by recency desc)))::int as r,
      least(5, 1 + floor(5 * percent_rank() over (order by purchases)))::int as f,
      least(5, 1 + floor(5 * percent_rank() over (order by revenue)))::int as m
    from c order by 1`,
  crossSelling: `with items as (
      select distinct l.order_id, l.title as product from lines l join orders o on o.id = l.order_id
      where o.counted and o.day between ?::date and ?::date and l.sold > 0),
    top as (select product, count(*) as orders from items group by 1 order by 2 desc, 1 limit 100),
    basket as (select i.order_id, i.product from items i join top t on t.product = i.product)
    select x.product as a, y.product as b, count(*)::int as both,
      (select count(distinct order_id) from items)::int as orders
    from basket x join basket y on y.order_id = x.order_id and x.product < y.product
    group by 1, 2 order by 3 desc, 1, 2 limit 200`,
};

const duckParams = (kind: AnchorKind, range: { from: string; to: string }) =>
  kind === 'cohorts'
    ? [range.to, range.from]
    : kind === 'rfm'
      ? [range.to, range.to, range.from]
      : [range.from, range.to];

const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const startedAt = performance.now();
  const result = await run();
  return [result, performance.now() - startedAt];
};

const toAnswers = (
  cohorts: CohortCell[],
  rfm: RfmScore[],
  pairs: (Pair & { orders: number })[],
): AnchorAnswers => ({
  cohorts: cohorts.map((cell) => ({ ...cell, revenue: Math.round(Number(cell.revenue)) })),
  rfm,
  pairs: pairs.map(({ a, b, both }) => ({ a, b, both })),
  orders: pairs[0]?.orders ?? 0,
});

/** The store's counted orders and their lines copied into DuckDB (staging as text, then typed). */
const copyToDuckdb = async (
  query: Query,
  duck: DuckDBConnection,
  store: { storeId: string; currencyCode: string; timeZone: string },
) => {
  const orders = await query<{
    id: string;
    customer_id: string | null;
    day: string;
    counted: boolean;
    total: string;
    refunded: string;
  }>(
    `select o.id, o.customer_id, to_char(o.placed_at at time zone $3, 'YYYY-MM-DD') as day,
       o.cancel_state <> 'CANCELED' as counted, o.total::text as total,
       coalesce((select sum(amount) from sales_refunds r where r.order_id = o.id), 0)::text as refunded
     from sales_orders o where o.store_id = $1 and o.currency_code = $2`,
    [store.storeId, store.currencyCode, store.timeZone],
  );
  const lines = await query<{ order_id: string; title: string; sold: number }>(
    `select l.order_id, l.title, (l.quantity - l.canceled_quantity)::int as sold
     from sales_order_lines l join sales_orders o on o.id = l.order_id
     where o.store_id = $1 and o.currency_code = $2`,
    [store.storeId, store.currencyCode],
  );
  await duck.run(
    `create table orders (id varchar, customer_id varchar, day date, counted boolean,
       total bigint, refunded bigint);
     create table lines (order_id varchar, title varchar, sold integer)`,
  );
  const orderAppender = await duck.createAppender('orders');
  for (const order of orders) {
    orderAppender.appendVarchar(order.id);
    if (order.customer_id === null) orderAppender.appendNull();
    else orderAppender.appendVarchar(order.customer_id);
    orderAppender.appendVarchar(order.day);
    orderAppender.appendBoolean(order.counted);
    orderAppender.appendBigInt(BigInt(order.total));
    orderAppender.appendBigInt(BigInt(order.refunded));
    orderAppender.endRow();
  }
  orderAppender.closeSync();
  const lineAppender = await duck.createAppender('lines');
  for (const line of lines) {
    lineAppender.appendVarchar(line.order_id);
    lineAppender.appendVarchar(line.title);
    lineAppender.appendInteger(line.sold);
    lineAppender.endRow();
  }
  lineAppender.closeSync();
  return { orders: orders.length, lines: lines.length };
};

const run = async (command: AnchorCommand): Promise<AnchorResult> => {
  const bare = await openBare(command);
  try {
    const [settings] = await bare.query<{ currency: string; zone: string }>(
      `select (select currency_code from sales_orders where store_id = $1
          group by 1 order by count(*) desc, 1 limit 1) as currency,
        (select time_zone from sales_orders where store_id = $1
          group by 1 order by count(*) desc, 1 limit 1) as zone`,
      [command.storeId],
    );
    const store = {
      storeId: command.storeId,
      currencyCode: settings!.currency,
      timeZone: settings!.zone,
    };
    const kinds: AnchorKind[] = ['cohorts', 'rfm', 'crossSelling'];
    const floor: Record<AnchorKind, number[]> = { cohorts: [], rfm: [], crossSelling: [] };
    const floorFirst: Partial<Record<AnchorKind, unknown[]>> = {};
    // One warm-up of each statement over the first range, not counted.
    for (const kind of kinds) {
      const range = command.ranges[0]!;
      await bare.query(FLOOR[kind], [
        store.storeId,
        store.currencyCode,
        store.timeZone,
        range.from,
        range.to,
      ]);
    }
    for (const [index, range] of command.ranges.entries()) {
      for (const kind of kinds) {
        const [rows, ms] = await timed(() =>
          bare.query(FLOOR[kind], [
            store.storeId,
            store.currencyCode,
            store.timeZone,
            range.from,
            range.to,
          ]),
        );
        floor[kind].push(ms);
        if (index === 0) floorFirst[kind] = rows;
      }
    }

    const instance = await DuckDBInstance.create(':memory:');
    const duck = await instance.connect();
    try {
      const [copied, copyMs] = await timed(() => copyToDuckdb(bare.query, duck, store));
      const duckdb: Record<AnchorKind, number[]> = { cohorts: [], rfm: [], crossSelling: [] };
      const duckFirst: Partial<Record<AnchorKind, unknown[]>> = {};
      for (const kind of kinds) {
        await duck.runAndReadAll(DUCK[kind], duckParams(kind, command.ranges[0]!));
      }
      for (const [index, range] of command.ranges.entries()) {
        for (const kind of kinds) {
          const [rows, ms] = await timed(async () =>
            (await duck.runAndReadAll(DUCK[kind], duckParams(kind, range))).getRowObjectsJS(),
          );
          duckdb[kind].push(ms);
          if (index === 0) duckFirst[kind] = rows;
        }
      }
      const answersOf = (first: Partial<Record<AnchorKind, unknown[]>>) =>
        toAnswers(
          first.cohorts as CohortCell[],
          first.rfm as RfmScore[],
          first.crossSelling as (Pair & { orders: number })[],
        );
      return {
        type: 'result',
        currencyCode: store.currencyCode,
        timeZone: store.timeZone,
        copy: { seconds: copyMs / 1000, ...copied },
        floor,
        duckdb,
        floorAnswers: answersOf(floorFirst),
        duckdbAnswers: answersOf(duckFirst),
      };
    } finally {
      duck.closeSync();
      instance.closeSync();
    }
  } finally {
    await bare.close();
  }
};

process.on('message', (command: AnchorCommand) => {
  run(command).then(
    // Exit once the answer is handed over: a large one takes more than a tick.
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      process.send?.({ type: 'failed', message: failureOf(error) });
      process.exit(1);
    },
  );
});
