import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { stores, teamMembers } from './identity.table';

export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamMemberWithStore = TeamMemberRow & { storeTitle: string };

const withStoreTitle = { member: teamMembers, storeTitle: stores.title };

export const createTeamRepository = (db: Database) => ({
  async insert(values: typeof teamMembers.$inferInsert): Promise<TeamMemberRow> {
    const [row] = await db.insert(teamMembers).values(values).returning();
    return row!;
  },

  async findById(id: string): Promise<TeamMemberWithStore | undefined> {
    const [row] = await db
      .select(withStoreTitle)
      .from(teamMembers)
      .innerJoin(stores, eq(stores.id, teamMembers.storeId))
      .where(eq(teamMembers.id, id))
      .limit(1);
    return row ? { ...row.member, storeTitle: row.storeTitle } : undefined;
  },

  async findByStoreAndEmail(storeId: string, email: string): Promise<TeamMemberRow | undefined> {
    const [row] = await db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.storeId, storeId), eq(teamMembers.email, email)))
      .limit(1);
    return row;
  },

  /** The accepted membership of a user in a store: what gives them a role there. */
  async findAcceptedMembership(
    storeId: string,
    userId: string,
  ): Promise<TeamMemberRow | undefined> {
    const [row] = await db
      .select()
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.storeId, storeId),
          eq(teamMembers.userId, userId),
          eq(teamMembers.status, 'ACCEPTED'),
        ),
      )
      .limit(1);
    return row;
  },

  async listByStore(storeId: string): Promise<TeamMemberWithStore[]> {
    const rows = await db
      .select(withStoreTitle)
      .from(teamMembers)
      .innerJoin(stores, eq(stores.id, teamMembers.storeId))
      .where(eq(teamMembers.storeId, storeId))
      .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
    return rows.map((row) => ({ ...row.member, storeTitle: row.storeTitle }));
  },

  async listAcceptedByUser(userId: string): Promise<TeamMemberWithStore[]> {
    const rows = await db
      .select(withStoreTitle)
      .from(teamMembers)
      .innerJoin(stores, eq(stores.id, teamMembers.storeId))
      .where(and(eq(teamMembers.userId, userId), eq(teamMembers.status, 'ACCEPTED')))
      .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
    return rows.map((row) => ({ ...row.member, storeTitle: row.storeTitle }));
  },

  async listPendingByEmail(email: string): Promise<TeamMemberWithStore[]> {
    const rows = await db
      .select(withStoreTitle)
      .from(teamMembers)
      .innerJoin(stores, eq(stores.id, teamMembers.storeId))
      .where(and(eq(teamMembers.email, email), eq(teamMembers.status, 'PENDING')))
      .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
    return rows.map((row) => ({ ...row.member, storeTitle: row.storeTitle }));
  },

  async countNonOwnerMembers(storeId: string): Promise<number> {
    const rows = await db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.storeId, storeId), ne(teamMembers.role, 'OWNER')));
    return rows.length;
  },

  async accept(id: string, userId: string, acceptedAt: Date): Promise<TeamMemberRow> {
    const [row] = await db
      .update(teamMembers)
      .set({ status: 'ACCEPTED', userId, acceptedAt, updatedAt: acceptedAt })
      .where(eq(teamMembers.id, id))
      .returning();
    return row!;
  },

  async delete(id: string): Promise<void> {
    await db.delete(teamMembers).where(eq(teamMembers.id, id));
  },
});
export type TeamRepository = ReturnType<typeof createTeamRepository>;
