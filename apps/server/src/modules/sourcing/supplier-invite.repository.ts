import { desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { supplierInvites } from './supplier-invite.table';

export type SupplierInviteRow = typeof supplierInvites.$inferSelect;

export const createSupplierInviteRepository = (db: Database) => ({
  async insert(values: typeof supplierInvites.$inferInsert): Promise<SupplierInviteRow> {
    const [row] = await db.insert(supplierInvites).values(values).returning();
    return row!;
  },

  /** The store's invites, newest first. */
  async listForStore(storeId: string): Promise<SupplierInviteRow[]> {
    return db
      .select()
      .from(supplierInvites)
      .where(eq(supplierInvites.storeId, storeId))
      .orderBy(desc(supplierInvites.createdAt), desc(supplierInvites.id));
  },
});
export type SupplierInviteRepository = ReturnType<typeof createSupplierInviteRepository>;
