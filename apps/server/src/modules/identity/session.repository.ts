import { and, desc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { PlanType } from '@atelier/contract/identity/plans';
import type { TeamRole } from '@atelier/contract/identity/account';
import type { Database } from '@/db/client';
import { sessions, stores, supplierMembers, teamMembers, users } from './identity.table';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * What a request needs to know about the caller, read with the session in one query. A store
 * session has the store's plan and the user's role there (null once removed from the team); a
 * supplier session (`companyId` set) knows whether the user is still an active member.
 */
export type SessionPrincipal = {
  email: string;
  /** The user's display name (their name, else their username). */
  name: string;
  planType: PlanType | null;
  /** The store's title (review and invite author name); null for a supplier session. */
  storeTitle: string | null;
  role: TeamRole | null;
  isSupplierMember: boolean;
};

export const createSessionRepository = (db: Database) => ({
  async insert(values: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  },

  /**
   * The open session whose current token, or recently replaced token, has this hash, with the
   * user's e-mail and name, the store's plan and the user's role there (null once removed from the team)
   * or, for a supplier session, whether the user's membership of the company is still active.
   */
  async findByTokenHash(
    tokenHash: string,
    now: Date,
  ): Promise<(SessionRow & { principal: SessionPrincipal }) | undefined> {
    const [row] = await db
      .select({
        session: sessions,
        email: users.email,
        userName: users.name,
        username: users.username,
        planType: stores.planType,
        storeTitle: stores.title,
        role: teamMembers.role,
        supplierMemberId: supplierMembers.id,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(stores, eq(stores.id, sessions.storeId))
      .leftJoin(
        teamMembers,
        and(
          eq(teamMembers.storeId, sessions.storeId),
          eq(teamMembers.userId, sessions.userId),
          eq(teamMembers.status, 'ACCEPTED'),
        ),
      )
      .leftJoin(
        supplierMembers,
        and(
          eq(supplierMembers.companyId, sessions.companyId),
          eq(supplierMembers.userId, sessions.userId),
          eq(supplierMembers.status, 'ACTIVE'),
        ),
      )
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
    if (!row) return undefined;
    return {
      ...row.session,
      principal: {
        email: row.email,
        name: row.userName ?? row.username,
        planType: row.planType,
        storeTitle: row.storeTitle,
        role: row.role,
        isSupplierMember: row.supplierMemberId !== null,
      },
    };
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

  /**
   * Locks the user's row until the transaction ends, so two logins of one user start and cap
   * their sessions one after the other (a plain key-share lock, such as a session insert's, still
   * passes). Call it inside a transaction.
   */
  async lockUserSessions(userId: string): Promise<void> {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  },

  /**
   * Ends the user's open sessions (not ended, not expired at `now`) beyond the newest `keep`
   * other than `keptId`, and returns their ids. Newest by start, then by id (any fixed order).
   */
  async endOldest(
    userId: string,
    { keptId, keep, now }: { keptId: string; keep: number; now: Date },
  ): Promise<string[]> {
    const open = and(
      eq(sessions.userId, userId),
      isNull(sessions.endedAt),
      gt(sessions.expiresAt, now),
      gt(sessions.idleExpiresAt, now),
      ne(sessions.id, keptId),
    );
    const stale = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(open)
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .offset(keep);
    if (stale.length === 0) return [];
    const ended = await db
      .update(sessions)
      .set({ endedAt: now, updatedAt: now })
      .where(
        and(
          isNull(sessions.endedAt),
          inArray(
            sessions.id,
            stale.map((row) => row.id),
          ),
        ),
      )
      .returning({ id: sessions.id });
    return ended.map((row) => row.id);
  },

  async end(id: string, endedAt: Date): Promise<void> {
    await db.update(sessions).set({ endedAt, updatedAt: endedAt }).where(eq(sessions.id, id));
  },
});
export type SessionRepository = ReturnType<typeof createSessionRepository>;
