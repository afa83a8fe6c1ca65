import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';

/**
 * One table of a store's data in "Export my data" (issue 8). Each module provides its own in a
 * `<module>.export.ts`, so a new module adds its tables without touching the export.
 */
export type ExportSource = {
  /** File name in the archive (`<table>.csv`, `<table>.json`), usually the SQL table's name. */
  table: string;
  /** Column order of the CSV (and of each JSON object). */
  columns: readonly string[];
  /** Rows of the store, for progress; a count that moves while exporting is fine. */
  countRows(storeId: string): Promise<number>;
  /** One page of the store's rows after the cursor `after` (null: from the start). */
  listRows(
    storeId: string,
    after: string | null,
    limit: number,
  ): Promise<{ rows: Record<string, unknown>[]; next: string | null }>;
};

export type TableExportSpec = {
  table: string;
  /** Output column name → column (or SQL expression) of the query. */
  columns: Record<string, PgColumn | SQL.Aliased>;
  from: PgTable;
  /** An inner join, for tables that reach the store through a parent (messages → conversation). */
  join?: { table: PgTable; on: SQL };
  /** The store's rows; every query of the export is filtered by it. */
  ofStore: (storeId: string) => SQL | undefined;
  /** Text columns whose values identify a row, in paging order (e.g. the primary key). */
  keys: readonly PgColumn[];
};

const keyAlias = (index: number) => `__key${index}`;

/**
 * An ExportSource over one query, paged by keyset on `keys` (each page one small indexed query,
 * so the embedded database is never held long).
 */
export const createTableExportSource = (db: Database, spec: TableExportSpec): ExportSource => {
  const keyList = sql.join(
    spec.keys.map((key) => sql`${key}`),
    sql`, `,
  );
  const selection = {
    ...spec.columns,
    ...Object.fromEntries(spec.keys.map((key, index) => [keyAlias(index), key])),
  };
  const base = <T extends { innerJoin: (table: PgTable, on: SQL) => T }>(query: T) =>
    spec.join ? query.innerJoin(spec.join.table, spec.join.on) : query;

  return {
    table: spec.table,
    columns: Object.keys(spec.columns),

    async countRows(storeId) {
      const [row] = await base(
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(spec.from)
          .$dynamic(),
      ).where(spec.ofStore(storeId));
      return row?.count ?? 0;
    },

    async listRows(storeId, after, limit) {
      const position = after ? (JSON.parse(after) as string[]) : undefined;
      const rows = (await base(db.select(selection).from(spec.from).$dynamic())
        .where(
          and(
            spec.ofStore(storeId),
            position
              ? sql`(${keyList}) > (${sql.join(
                  position.map((value) => sql`${value}`),
                  sql`, `,
                )})`
              : undefined,
          ),
        )
        .orderBy(...spec.keys)
        .limit(limit)) as Record<string, unknown>[];
      const last = rows.at(-1);
      return {
        rows: rows.map((row) =>
          Object.fromEntries(Object.keys(spec.columns).map((name) => [name, row[name]])),
        ),
        next:
          rows.length === limit && last
            ? JSON.stringify(spec.keys.map((_key, index) => String(last[keyAlias(index)])))
            : null,
      };
    },
  };
};
