import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { supplierMembers, users } from './identity.table';

export type SupplierMemberRow = typeof supplierMembers.$inferSelect;

export const createSupplierMemberRepository = (db: Database) => ({
  async findBySupplierAndEmail(
    companyId: string,
    email: string,
  ): Promise<SupplierMemberRow | undefined> {
    const [row] = await db
      .select()
      .from(supplierMembers)
      .where(and(eq(supplierMembers.companyId, companyId), eq(supplierMembers.email, email)))
      .limit(1);
    return row;
  },

  async findByInviteTokenHash(tokenHash: string): Promise<SupplierMemberRow | undefined> {
    const [row] = await db
      .select()
      .from(supplierMembers)
      .where(eq(supplierMembers.inviteTokenHash, tokenHash))
      .limit(1);
    return row;
  },

  /** The user's active membership accepted first (a person normally belongs to one company). */
  async findActiveByUser(userId: string): Promise<SupplierMemberRow | undefined> {
    const [row] = await db
      .select()
      .from(supplierMembers)
      .where(and(eq(supplierMembers.userId, userId), eq(supplierMembers.status, 'ACTIVE')))
      .orderBy(asc(supplierMembers.acceptedAt), asc(supplierMembers.id))
      .limit(1);
    return row;
  },

  /** The sign-in e-mails of the company's active members (invitations still open excluded). */
  async listActiveEmails(companyId: string): Promise<string[]> {
    const rows = await db
      .select({ email: users.email })
      .from(supplierMembers)
      .innerJoin(users, eq(users.id, supplierMembers.userId))
      .where(and(eq(supplierMembers.companyId, companyId), eq(supplierMembers.status, 'ACTIVE')))
      .orderBy(asc(supplierMembers.acceptedAt), asc(supplierMembers.id));
    return rows.map((row) => row.email);
  },

  /** Creates the invitation, or gives an existing one a new token and expiry. */
  async upsertInvitation(values: {
    id: string;
    companyId: string;
    email: string;
    inviteTokenHash: string;
    inviteExpiresAt: Date;
    createdAt: Date;
  }): Promise<SupplierMemberRow> {
    const [row] = await db
      .insert(supplierMembers)
      .values({ ...values, status: 'INVITED' })
      .onConflictDoUpdate({
        target: [supplierMembers.companyId, supplierMembers.email],
        set: { inviteTokenHash: values.inviteTokenHash, inviteExpiresAt: values.inviteExpiresAt },
      })
      .returning();
    return row!;
  },

  /** Activates the invitation whose token has this hash; false when it was used meanwhile. */
  async activate(
    id: string,
    inviteTokenHash: string,
    values: { userId: string; acceptedAt: Date },
  ): Promise<boolean> {
    const rows = await db
      .update(supplierMembers)
      .set({ ...values, status: 'ACTIVE', inviteTokenHash: null, inviteExpiresAt: null })
      .where(and(eq(supplierMembers.id, id), eq(supplierMembers.inviteTokenHash, inviteTokenHash)))
      .returning({ id: supplierMembers.id });
    return rows.length === 1;
  },
});
export type SupplierMemberRepository = ReturnType<typeof createSupplierMemberRepository>;
