import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** Types passed as text and cast row by row (PostgreSQL has no array of arrays to unnest). */
const isCastFromText = (sqlType: string) => sqlType.endsWith('[]') || sqlType === 'jsonb';

/**
 * Inserts `rows` into `table` in one statement whose parameters are one array per column:
 * `INSERT INTO t (a, b) SELECT … FROM unnest($1::text[], $2::int4[])`. Same rows as Drizzle's
 * `insert(table).values(rows)`, without building a statement of rows × columns parameters
 * (for a batch of 2,000 order lines Drizzle's builder took longer than PostgreSQL's insert:
 * bench:import profile, 2026-11-27), and without PostgreSQL's limit of 65,535 parameters.
 *
 * The columns are those some row gives a value (not undefined); the others take their SQL
 * default. A row without a value for such a column gets the column's JS default (`$defaultFn`,
 * or a constant `default`), else NULL. Values go through each column's own driver mapping
 * (Date → ISO 8601, jsonb → JSON text, arrays → array literal), so a custom column type behaves
 * as in Drizzle's insert. Works on PostgreSQL and PGlite alike.
 * Returns nothing; throws the database's error (the whole statement inserts nothing then).
 */
export const insertMany = async <TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): Promise<void> => {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [
    ...new Set(
      rows.flatMap((row) =>
        Object.entries(row as Record<string, unknown>).flatMap(([key, value]) =>
          value === undefined ? [] : [key],
        ),
      ),
    ),
  ];
  const names: SQL[] = [];
  const selected: SQL[] = [];
  const arrays: SQL[] = [];
  keys.forEach((key, index) => {
    const column = columns[key];
    if (!column) throw new Error(`insertMany: ${key} is not a column of the table`);
    const sqlType = column.getSQLType();
    const castFromText = isCastFromText(sqlType);
    const fallback = () => {
      if (column.defaultFn) return column.defaultFn();
      return column.default === undefined || is(column.default, SQL) ? null : column.default;
    };
    const values = rows.map((row) => {
      const given = (row as Record<string, unknown>)[key];
      const value = given === undefined ? fallback() : given;
      return value === undefined || value === null ? null : column.mapToDriverValue(value);
    });
    names.push(sql`${sql.identifier(column.name)}`);
    const alias = sql`${sql.identifier(`c${index}`)}`;
    selected.push(castFromText ? sql`${alias}::${sql.raw(sqlType)}` : alias);
    arrays.push(sql`${sql.param(values)}::${sql.raw(castFromText ? 'text' : sqlType)}[]`);
  });
  await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${sql.join(
      keys.map((_key, index) => sql`${sql.identifier(`c${index}`)}`),
      sql`, `,
    )})`,
  );
};
