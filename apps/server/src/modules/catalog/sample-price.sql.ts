import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { catalogItems } from './item.table';

/**
 * A catalog item's current sample price (cents, null when the supplier offers no sample) as a SQL
 * expression over `catalogItemId`, a column or value of the caller's query. Another module's
 * query reads it in place (the orders module's one price query of a checkout) without knowing
 * this module's tables.
 */
export const samplePriceSql = (catalogItemId: SQLWrapper): SQL<number | null> =>
  sql<
    number | null
  >`(select ${catalogItems.samplePriceCents} from ${catalogItems} where ${catalogItems.id} = ${catalogItemId})`.mapWith(
    (value: unknown) => (value === null ? null : Number(value)),
  );
