import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { loginFailures } from './identity.table';

export type LoginFailureRow = typeof loginFailures.$inferSelect;

export const createLoginFailureRepository = (db: Database) => ({
  /**
   * Reads the rows of `keys` locked for update and writes the rows `update` changed, in one
   * transaction: two attempts that share a key run one after the other, so neither decides on a
   * count the other is about to change. A missing row is created empty (counts 0, window at `now`)
   * first, so two first attempts can't both miss it. When `update` throws, the transaction rolls
   * back and nothing is written, empty rows included. Returns `update`'s result.
   */
  async updateLocked<T>(
    keys: readonly string[],
    now: Date,
    update: (rows: LoginFailureRow[]) => { changed: LoginFailureRow[]; result: T },
  ): Promise<T> {
    // Always in key order, so two transactions that share keys can't deadlock.
    const sorted = [...new Set(keys)].sort();
    return db.transaction(async (tx) => {
      await tx
        .insert(loginFailures)
        .values(
          sorted.map((key) => ({
            key,
            failureCount: 0,
            consecutiveCount: 0,
            windowStartedAt: now,
            lastFailureAt: now,
          })),
        )
        .onConflictDoNothing({ target: loginFailures.key });
      const rows = await tx
        .select()
        .from(loginFailures)
        .where(inArray(loginFailures.key, sorted))
        .orderBy(loginFailures.key)
        .for('update');
      const { changed, result } = update(rows);
      if (changed.length === 0) return result;
      await tx
        .insert(loginFailures)
        .values(changed)
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            failureCount: sql`excluded.failure_count`,
            consecutiveCount: sql`excluded.consecutive_count`,
            windowStartedAt: sql`excluded.window_started_at`,
            lastFailureAt: sql`excluded.last_failure_at`,
            lastSuccessAt: sql`excluded.last_success_at`,
          },
        });
      return result;
    });
  },

  /**
   * Gives back one claimed failure of `key` (never below 0). `isDelayEnded` also ends its run of
   * consecutive failures, else the run only loses this one; `succeededAt` records a right password.
   */
  async giveBack(
    key: string,
    { isDelayEnded, succeededAt }: { isDelayEnded: boolean; succeededAt?: Date },
  ): Promise<void> {
    await db
      .update(loginFailures)
      .set({
        failureCount: sql`greatest(${loginFailures.failureCount} - 1, 0)`,
        consecutiveCount: isDelayEnded
          ? 0
          : sql`greatest(${loginFailures.consecutiveCount} - 1, 0)`,
        ...(succeededAt ? { lastSuccessAt: succeededAt } : {}),
      })
      .where(eq(loginFailures.key, key));
  },
});
export type LoginFailureRepository = ReturnType<typeof createLoginFailureRepository>;
