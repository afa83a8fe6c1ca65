/** PostgreSQL errors (PGlite or node-postgres), read through Drizzle's `DrizzleQueryError` wrapper. */
type PostgresErrorFields = { code?: unknown; constraint?: unknown; cause?: unknown };

const findPostgresError = (error: unknown): PostgresErrorFields | undefined => {
  let current = error as PostgresErrorFields | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as PostgresErrorFields | undefined;
  }
  return undefined;
};

/** The SQLSTATE of a database error, e.g. "23505"; undefined for any other error. */
export const sqlState = (error: unknown): string | undefined =>
  findPostgresError(error)?.code as string | undefined;

/** The constraint a unique violation (23505) broke; undefined for any other error. */
export const uniqueViolationConstraint = (error: unknown): string | undefined => {
  const postgresError = findPostgresError(error);
  if (postgresError?.code !== '23505') return undefined;
  return typeof postgresError.constraint === 'string' ? postgresError.constraint : '';
};
