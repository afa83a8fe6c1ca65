import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import {
  MAX_CREDITS_PER_ENTRY,
  type CreditEntry,
  type CreditEntryKind,
} from '@atelier/contract/billing/credits';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import { uniqueViolationConstraint } from '@/lib/db-errors';
import { newId } from '@/lib/ids';
import type { CreditsService, Db } from './billing.services';
import { creditBalances, creditEntries } from './billing.table';

/**
 * Issue 13 credits ledger: `credit_entries` (one row per change, signed credits, the balance
 * after it) and `credit_balances` (the running balance, the row every write locks).
 *
 * Rules kept here:
 * - The balance never goes below 0: a spend is ONE conditional statement
 *   (`UPDATE … SET balance = balance - n WHERE balance >= n`), so concurrent spends over the
 *   balance cannot both pass; then the entry is inserted in the same transaction.
 * - Idempotency per (store, key): the unique index `credit_entries_idempotency` decides. A retry
 *   finds the first entry before writing; a concurrent retry loses at the insert, its
 *   transaction (or savepoint) rolls back the balance change, and it answers the first entry.
 * - Entries of one store get strictly increasing `created_at` (the balance row's `updated_at`
 *   moves forward at least 1 ms per write, under the row lock), so history order is the order
 *   the balance changed in.
 * - Expiry, soonest-expiring first: a spend takes from the lots (GRANT or REFUND entries) that
 *   have not expired at the spend's time, the one that expires soonest first, lots that never
 *   expire last (and among equals the oldest first), so credits about to expire are used before
 *   the others. Only if those are not enough does it take from expired lots not yet written off.
 *   `expireDue` replays the store's ledger by that rule and writes, for each grant whose
 *   `expiresAt` ≤ now, one EXPIRY entry for what is left of it (key `expiry:<grant id>`), never
 *   more than the balance. REFUND entries are lots that do not expire.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type EntryRow = typeof creditEntries.$inferSelect;

const IDEMPOTENCY_INDEX = 'credit_entries_idempotency';

const toEntry = (row: EntryRow): CreditEntry => ({
  id: row.id,
  kind: row.kind,
  credits: row.credits,
  balanceAfter: row.balanceAfter,
  reason: row.reason,
  expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

/** 400 at `field` unless `value` is a whole number of credits in 1…MAX_CREDITS_PER_ENTRY. */
const checkAmount = (value: number, field: string): void => {
  if (!Number.isInteger(value) || value < 1 || value > MAX_CREDITS_PER_ENTRY) {
    throw new AppError(
      'bad_request',
      `Credits must be a whole number from 1 to ${MAX_CREDITS_PER_ENTRY}.`,
      {
        reason: 'credits_amount_invalid',
        details: [{ field, message: `A whole number from 1 to ${MAX_CREDITS_PER_ENTRY}.` }],
      },
    );
  }
};

const checkKey = (key: string, field: string): void => {
  if (key.length === 0 || key.length > 200) {
    throw new AppError('bad_request', 'An idempotency key of 1 to 200 characters is required.', {
      reason: 'idempotency_key_invalid',
      details: [{ field, message: '1 to 200 characters.' }],
    });
  }
};

/** A transaction on the database, or a savepoint inside the caller's transaction. */
const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> =>
  (db as Database).transaction(work);

/** The next `created_at` of the store's ledger: now, and at least 1 ms after the last write. */
const NEXT_STAMP = sql`date_trunc('milliseconds', greatest(clock_timestamp(), ${creditBalances.updatedAt} + interval '1 millisecond'))`;

const findByKey = async (db: Db, storeId: string, key: string): Promise<EntryRow | undefined> => {
  const [row] = await db
    .select()
    .from(creditEntries)
    .where(and(eq(creditEntries.storeId, storeId), eq(creditEntries.idempotencyKey, key)))
    .limit(1);
  return row;
};

/** Locks (creating it at 0 if missing) the store's balance row; answers the balance. */
const lockBalance = async (tx: Tx, storeId: string): Promise<number> => {
  await tx.insert(creditBalances).values({ storeId, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.storeId, storeId))
    .for('update');
  return row!.balance;
};

/** Adds `delta` (may be negative; the caller checked it stays ≥ 0) under the row lock. */
const moveBalance = async (tx: Tx, storeId: string, delta: number) => {
  const [row] = await tx
    .update(creditBalances)
    .set({ balance: sql`${creditBalances.balance} + ${delta}`, updatedAt: NEXT_STAMP })
    .where(eq(creditBalances.storeId, storeId))
    .returning({ balance: creditBalances.balance, stamp: creditBalances.updatedAt });
  return row!;
};

type NewEntry = {
  storeId: string;
  kind: CreditEntryKind;
  credits: number;
  reason: string;
  idempotencyKey: string;
  expiresAt?: Date | null;
};

const insertEntry = async (
  tx: Tx,
  entry: NewEntry,
  after: { balance: number; stamp: Date },
): Promise<EntryRow> => {
  const [row] = await tx
    .insert(creditEntries)
    .values({
      id: newId('cre'),
      ...entry,
      expiresAt: entry.expiresAt ?? null,
      balanceAfter: after.balance,
      createdAt: after.stamp,
    })
    .returning();
  return row!;
};

/**
 * Runs `write` once for (store, key): answers the existing entry when the key was used, also when
 * a concurrent call with the same key wins the insert (this call's writes are rolled back).
 */
const once = async (
  db: Db,
  storeId: string,
  key: string,
  write: (tx: Tx) => Promise<EntryRow>,
): Promise<CreditEntry> => {
  const existing = await findByKey(db, storeId, key);
  if (existing) return toEntry(existing);
  try {
    return toEntry(await inTransaction(db, write));
  } catch (error) {
    if (uniqueViolationConstraint(error) !== IDEMPOTENCY_INDEX) throw error;
    const first = await findByKey(db, storeId, key);
    if (!first) throw error;
    return toEntry(first);
  }
};

const encodeCursor = (row: { createdAt: Date; id: string }): string =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

const decodeCursor = (cursor: string): { createdAt: Date; id: string } => {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw new AppError('bad_request', 'This page cursor is not valid.', {
      reason: 'cursor_invalid',
      details: [{ field: 'query.cursor', message: 'Not a cursor this list gave.' }],
    });
  }
  return { createdAt, id };
};

type Lot = { id: string; left: number; expiresAt: Date | null; order: number };

/** The order a spend takes from lots: soonest `expiresAt` first, never-expiring last, then oldest. */
const bySoonestExpiry = (a: Lot, b: Lot): number =>
  (a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) -
    (b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) || a.order - b.order;

/**
 * Replays a store's ledger (oldest first) into lots: what is left of each GRANT and REFUND by
 * the soonest-expiring-first rule of this file's header.
 */
export const replayLots = (rows: readonly EntryRow[]): Lot[] => {
  const lots: Lot[] = [];
  const byId = new Map<string, Lot>();
  for (const row of rows) {
    if (row.kind === 'GRANT' || row.kind === 'REFUND') {
      const lot = { id: row.id, left: row.credits, expiresAt: row.expiresAt, order: lots.length };
      lots.push(lot);
      byId.set(row.id, lot);
    } else if (row.kind === 'EXPIRY') {
      const grantId = row.idempotencyKey.startsWith('expiry:') ? row.idempotencyKey.slice(7) : '';
      const lot = byId.get(grantId);
      if (lot) lot.left = Math.max(0, lot.left + row.credits);
    } else {
      let need = -row.credits;
      const at = row.createdAt.getTime();
      const isLive = (lot: Lot) => lot.expiresAt === null || lot.expiresAt.getTime() > at;
      const live = lots.filter(isLive).sort(bySoonestExpiry);
      const expired = lots.filter((lot) => !isLive(lot)).sort(bySoonestExpiry);
      for (const lot of [...live, ...expired]) {
        if (need === 0) break;
        const take = Math.min(lot.left, need);
        lot.left -= take;
        need -= take;
      }
    }
  }
  return lots;
};

/**
 * The credits ledger service (issue 13, `CreditsService` in billing.services.ts). Every query is
 * filtered by `storeId`. Errors: 400 (`credits`/`amount` not a whole number in
 * 1…MAX_CREDITS_PER_ENTRY), 409 `credits_insufficient`, 404 `credit_spend_not_found`.
 */
export const createCreditsService = ({ db }: { db: Database }): CreditsService => ({
  async grant(storeId, input, via = db) {
    checkAmount(input.credits, 'credits');
    checkKey(input.idempotencyKey, 'idempotencyKey');
    return once(via, storeId, input.idempotencyKey, async (tx) => {
      await lockBalance(tx, storeId);
      const after = await moveBalance(tx, storeId, input.credits);
      return insertEntry(
        tx,
        {
          storeId,
          kind: 'GRANT',
          credits: input.credits,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          expiresAt: input.expiresAt ?? null,
        },
        after,
      );
    });
  },

  async spendCredits(storeId, amount, reason, idempotencyKey) {
    checkAmount(amount, 'amount');
    checkKey(idempotencyKey, 'idempotencyKey');
    return once(db, storeId, idempotencyKey, async (tx) => {
      const [after] = await tx
        .update(creditBalances)
        .set({ balance: sql`${creditBalances.balance} - ${amount}`, updatedAt: NEXT_STAMP })
        .where(
          and(eq(creditBalances.storeId, storeId), sql`${creditBalances.balance} >= ${amount}`),
        )
        .returning({ balance: creditBalances.balance, stamp: creditBalances.updatedAt });
      if (!after) {
        // A concurrent retry of this key may have spent it first: answer that entry.
        const first = await findByKey(tx, storeId, idempotencyKey);
        if (first) return first;
        const [row] = await tx
          .select({ balance: creditBalances.balance })
          .from(creditBalances)
          .where(eq(creditBalances.storeId, storeId));
        const balance = row?.balance ?? 0;
        throw new AppError(
          'conflict',
          `Not enough credits: this takes ${amount} and the balance is ${balance}.`,
          { reason: 'credits_insufficient' },
        );
      }
      return insertEntry(
        tx,
        { storeId, kind: 'SPEND', credits: -amount, reason, idempotencyKey },
        after,
      );
    });
  },

  async refundSpend(storeId, spendIdempotencyKey, reason) {
    const spend = await findByKey(db, storeId, spendIdempotencyKey);
    if (!spend || spend.kind !== 'SPEND') {
      throw new AppError('not_found', 'No credit spend with this key.', {
        reason: 'credit_spend_not_found',
      });
    }
    const key = `refund:${spendIdempotencyKey}`;
    return once(db, storeId, key, async (tx) => {
      await lockBalance(tx, storeId);
      const after = await moveBalance(tx, storeId, -spend.credits);
      return insertEntry(
        tx,
        { storeId, kind: 'REFUND', credits: -spend.credits, reason, idempotencyKey: key },
        after,
      );
    });
  },

  async expireDue(storeId, now) {
    return inTransaction(db, async (tx) => {
      const [exists] = await tx
        .select({ balance: creditBalances.balance })
        .from(creditBalances)
        .where(eq(creditBalances.storeId, storeId))
        .for('update');
      if (!exists) return 0;
      const rows = await tx
        .select()
        .from(creditEntries)
        .where(eq(creditEntries.storeId, storeId))
        .orderBy(asc(creditEntries.createdAt), asc(creditEntries.id));
      const expiredIds = new Set(
        rows.filter((row) => row.kind === 'EXPIRY').map((row) => row.idempotencyKey),
      );
      const due = replayLots(rows).filter(
        (lot) =>
          lot.expiresAt !== null &&
          lot.expiresAt.getTime() <= now.getTime() &&
          lot.left > 0 &&
          !expiredIds.has(`expiry:${lot.id}`),
      );
      let balance = exists.balance;
      let written = 0;
      for (const lot of due) {
        // Never below 0, even for a ledger written under an earlier allocation rule.
        const credits = Math.min(lot.left, balance);
        if (credits === 0) continue;
        const after = await moveBalance(tx, storeId, -credits);
        balance = after.balance;
        await insertEntry(
          tx,
          {
            storeId,
            kind: 'EXPIRY',
            credits: -credits,
            reason: 'Credits expired',
            idempotencyKey: `expiry:${lot.id}`,
          },
          after,
        );
        written += 1;
      }
      return written;
    });
  },

  async balance(storeId, via = db) {
    const [row] = await via
      .select({ balance: creditBalances.balance })
      .from(creditBalances)
      .where(eq(creditBalances.storeId, storeId));
    return row?.balance ?? 0;
  },

  async history(storeId, page) {
    const limit = Math.min(Math.max(page.limit ?? 20, 1), 100);
    const after = page.cursor ? decodeCursor(page.cursor) : null;
    const rows = await db
      .select()
      .from(creditEntries)
      .where(
        and(
          eq(creditEntries.storeId, storeId),
          after
            ? or(
                lt(creditEntries.createdAt, after.createdAt),
                and(eq(creditEntries.createdAt, after.createdAt), lt(creditEntries.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
      .limit(limit + 1);
    const entries = rows.slice(0, limit);
    const [balanceRow] = await db
      .select({ balance: creditBalances.balance })
      .from(creditBalances)
      .where(eq(creditBalances.storeId, storeId));
    return {
      balance: balanceRow?.balance ?? 0,
      entries: entries.map(toEntry),
      nextCursor: rows.length > limit ? encodeCursor(entries[entries.length - 1]!) : null,
    };
  },
});
