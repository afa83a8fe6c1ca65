import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column DESC NULLS LAST`: the order Drizzle's `.desc()` index columns are built with. A plain
 * `ORDER BY column DESC` means NULLS FIRST in PostgreSQL, which such an index cannot serve.
 */
export const descNullsLast = (column: PgColumn): SQL => sql`${column} DESC NULLS LAST`;

/** `%`, `_` and `\` match literally in a LIKE pattern built from user text. */
export const escapeLike = (text: string) =>
  text.replace(/[\\%_]/g, (character) => `\\${character}`);
