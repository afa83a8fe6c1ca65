import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { catalogCategories } from './category.table';

export type CategoryRow = typeof catalogCategories.$inferSelect;

const BATCH_SIZE = 500;

export const createCategoryRepository = (db: Database) => ({
  async list(filter: {
    level?: number;
    parentId?: number;
    offset: number;
    limit: number;
  }): Promise<{ rows: CategoryRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.level !== undefined) conditions.push(eq(catalogCategories.level, filter.level));
    if (filter.parentId !== undefined) {
      conditions.push(eq(catalogCategories.parentId, filter.parentId));
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(catalogCategories)
        .where(where)
        .orderBy(asc(catalogCategories.path), asc(catalogCategories.id))
        .offset(filter.offset)
        .limit(filter.limit),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(catalogCategories)
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  },

  async upsertAll(rows: CategoryRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      await db
        .insert(catalogCategories)
        .values(rows.slice(start, start + BATCH_SIZE))
        .onConflictDoNothing();
    }
  },
});
export type CategoryRepository = ReturnType<typeof createCategoryRepository>;
