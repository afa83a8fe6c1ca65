import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from './identity.table';

export type UserRow = typeof users.$inferSelect;

export const createUserRepository = (db: Database) => ({
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  },

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async isUsernameTaken(username: string): Promise<boolean> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, username))
      .limit(1);
    return rows.length > 0;
  },

  async insert(values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },

  async update(id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
  },
});
export type UserRepository = ReturnType<typeof createUserRepository>;
