import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/atelier_dbg' });
await c.connect();
const base = `SELECT id FROM catalog_items WHERE search_vector @@ to_tsquery('english','cotton:*') AND moq >= 100 AND moq < 1000 AND company_region_code = 'AS' ORDER BY rank DESC NULLS LAST, id LIMIT 25`;
await c.query('SET jit = off');
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const r = await c.query(`EXPLAIN ANALYZE ${base}`);
  if (i === 2) console.log((performance.now() - t).toFixed(1), 'ms\n', r.rows.map((x) => x['QUERY PLAN']).join('\n'));
}
const s = await c.query(`select pg_size_pretty(pg_relation_size('catalog_items')) heap, pg_size_pretty(pg_total_relation_size('catalog_items')) total, avg(pg_column_size(t.*)) from catalog_items t`);
console.log(s.rows);
await c.end();
