import { inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { loginFailures } from './identity.table';

export type LoginFailureRow = typeof loginFailures.$inferSelect;

export const createLoginFailureRepository = (db: Database) => ({
  async findMany(keys: string[]): Promise<LoginFailureRow[]> {
    return db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
  },

  async upsert(row: LoginFailureRow): Promise<void> {
    await db
      .insert(loginFailures)
      .values(row)
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failureCount: row.failureCount,
          consecutiveCount: row.consecutiveCount,
          windowStartedAt: row.windowStartedAt,
          lastFailureAt: row.lastFailureAt,
        },
      });
  },

  async resetConsecutive(keys: string[]): Promise<void> {
    await db
      .update(loginFailures)
      .set({ consecutiveCount: 0 })
      .where(inArray(loginFailures.key, keys));
  },
});
export type LoginFailureRepository = ReturnType<typeof createLoginFailureRepository>;
