import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { BillingClock, Db } from './billing.services';
import { billingAccounts } from './billing.table';

const DAY_MS = 86_400_000;

/**
 * Issue 13 billing time (billing-clock.ts): the server's clock plus the store's test-clock offset
 * (`billing_accounts.clock_offset_ms`). With a real provider (`isLocal` false) the offset is never
 * written, so the store's time is the server's.
 */
export const createBillingClock = ({
  db,
  clock,
  isLocal,
}: {
  db: Database;
  clock: Clock;
  isLocal: boolean;
}): BillingClock & { ensureAccount(storeId: string, handle?: Db): Promise<void> } => {
  const offsetOf = async (storeId: string, handle: Db): Promise<number> => {
    const [row] = await handle
      .select({ offset: billingAccounts.clockOffsetMs })
      .from(billingAccounts)
      .where(eq(billingAccounts.storeId, storeId));
    return isLocal ? (row?.offset ?? 0) : 0;
  };
  return {
    async now(storeId, handle = db) {
      return new Date(clock.now().getTime() + (await offsetOf(storeId, handle)));
    },
    /** Creates the store's billing account row when it has none (offset 0). */
    async ensureAccount(storeId, handle = db) {
      await handle.insert(billingAccounts).values({ storeId }).onConflictDoNothing();
    },
    /**
     * Moves the store's billing time `days` forward (1..400). Throws 409 `test_clock_unavailable`
     * when the provider is not the local test provider. Returns the store's new billing time.
     */
    async advance(storeId, days) {
      if (!isLocal) {
        throw new AppError(
          'conflict',
          'The test clock works only with the local test payment provider.',
          { reason: 'test_clock_unavailable' },
        );
      }
      const add = days * DAY_MS;
      await db
        .insert(billingAccounts)
        .values({ storeId, clockOffsetMs: add })
        .onConflictDoUpdate({
          target: billingAccounts.storeId,
          set: {
            clockOffsetMs: sql`${billingAccounts.clockOffsetMs} + ${add}`,
            updatedAt: clock.now(),
          },
        });
      return new Date(clock.now().getTime() + (await offsetOf(storeId, db)));
    },
  };
};
export type BillingClockService = ReturnType<typeof createBillingClock>;
