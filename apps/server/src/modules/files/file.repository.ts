import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { files, type FileRow } from './file.table';

export const createFileRepository = (db: Database) => ({
  async insert(values: typeof files.$inferInsert): Promise<FileRow> {
    const [row] = await db.insert(files).values(values).returning();
    return row!;
  },

  async findById(id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    return row;
  },

  async findOwned(owner: string, ids: readonly string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(files)
      .where(and(eq(files.owner, owner), inArray(files.id, [...ids])));
  },
});
