import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { sessions } from './identity.table';

export type SessionRow = typeof sessions.$inferSelect;

export const createSessionRepository = (db: Database) => ({
  async insert(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  },

  /** The open session whose current token, or recently replaced token, has this hash. */
  async findByTokenHash(tokenHash: string, now: Date): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(sessions)
      .where(
        and(
          isNull(sessions.endedAt),
          or(
            eq(sessions.tokenHash, tokenHash),
            and(
              eq(sessions.previousTokenHash, tokenHash),
              gt(sessions.previousTokenValidUntil, now),
            ),
          ),
        ),
      )
      .limit(1);
    return row;
  },

  async update(id: string, values: Partial<typeof sessions.$inferInsert>): Promise<void> {
    await db
      .update(sessions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sessions.id, id));
  },

  /** Replaces the token only if it is still the one the caller saw (two renewals can't race). */
  async rotateToken(
    id: string,
    expectedTokenHash: string,
    values: Pick<
      typeof sessions.$inferInsert,
      'tokenHash' | 'previousTokenHash' | 'previousTokenValidUntil' | 'tokenIssuedAt'
    >,
  ): Promise<boolean> {
    const rows = await db
      .update(sessions)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(sessions.id, id), eq(sessions.tokenHash, expectedTokenHash)))
      .returning({ id: sessions.id });
    return rows.length === 1;
  },

  async end(id: string, endedAt: Date): Promise<void> {
    await db.update(sessions).set({ endedAt, updatedAt: endedAt }).where(eq(sessions.id, id));
  },
});
export type SessionRepository = ReturnType<typeof createSessionRepository>;
