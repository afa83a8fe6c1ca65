import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { stores } from './identity.table';

export type StoreRow = typeof stores.$inferSelect;

export const createStoreRepository = (db: Database) => ({
  /** Titles of the stores with these ids, in one query; unknown ids are left out. */
  async findTitles(ids: readonly string[]): Promise<{ id: string; title: string }[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: stores.id, title: stores.title })
      .from(stores)
      .where(inArray(stores.id, [...new Set(ids)]));
  },

  async findById(id: string): Promise<StoreRow | undefined> {
    const [row] = await db.select().from(stores).where(eq(stores.id, id)).limit(1);
    return row;
  },

  async insert(values: typeof stores.$inferInsert): Promise<StoreRow> {
    const [row] = await db.insert(stores).values(values).returning();
    return row!;
  },

  async update(id: string, values: Partial<typeof stores.$inferInsert>): Promise<StoreRow> {
    const [row] = await db
      .update(stores)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(stores.id, id))
      .returning();
    return row!;
  },
});
export type StoreRepository = ReturnType<typeof createStoreRepository>;
