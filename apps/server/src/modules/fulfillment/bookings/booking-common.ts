import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { fulfillmentReceivings } from '../fulfillment.table';
import { numberOfSn, snOf } from '../serial-numbers';

/** `PREFIX-000012` ↔ 12 (serial-numbers.ts, shared by the whole module). */
export { numberOfSn, snOf };

/** A page of rows, newest first; `nextCursor` is the last row's number. */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** Who books: the signed-in member and their store. */
export type StoreActor = { storeId: string; userId: string };

/** 400 with the field and its reason (AppError `details`). */
export const fieldError = (field: string, message: string, reason?: string) =>
  new AppError('bad_request', message, {
    details: [{ field, message }],
    ...(reason ? { reason } : {}),
  });

/** The number before which the next page starts. 400 `query.cursor` for one the list did not give. */
export const cursorNumber = (cursor: string | undefined): number | null => {
  if (cursor === undefined) return null;
  const after = Number(cursor);
  if (!Number.isSafeInteger(after) || after < 0) {
    throw fieldError('query.cursor', 'Not a cursor of this list.');
  }
  return after;
};

/**
 * Today as a YYYY-MM-DD day somewhere on Earth still (UTC−12, "anywhere on Earth"): a day before
 * it is past for everyone, so a store in any time zone can still choose its own today.
 */
export const earliestToday = (now: Date): string =>
  new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);

/** 400 on `field` when `day` (YYYY-MM-DD) is already past everywhere. */
export const assertNotPast = (day: string, now: Date, field: string) => {
  if (day < earliestToday(now)) throw fieldError(field, 'Choose today or a later day.');
};

/** The id of the store's receiving `sn` (RCV-000012). 400 on `field` when it is not the store's. */
export const receivingIdOf = async (
  db: Database,
  storeId: string,
  sn: string,
  field: string,
): Promise<string> => {
  const number = numberOfSn('RCV', sn);
  const [row] =
    number === null
      ? []
      : await db
          .select({ id: fulfillmentReceivings.id })
          .from(fulfillmentReceivings)
          .where(
            and(
              eq(fulfillmentReceivings.storeId, storeId),
              eq(fulfillmentReceivings.number, number),
            ),
          );
  if (!row) throw fieldError(field, 'No receiving of this store has this number.');
  return row.id;
};

/** The sns of the store's receivings `ids`. */
export const receivingSns = async (db: Database, ids: (string | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: fulfillmentReceivings.id, number: fulfillmentReceivings.number })
    .from(fulfillmentReceivings)
    .where(inArray(fulfillmentReceivings.id, wanted));
  return new Map(rows.map((row) => [row.id, snOf('RCV', row.number)]));
};
