import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { fileGrants, files, type FileRow } from './file.table';

export const createFileRepository = (db: Database) => ({
  async insert(values: typeof files.$inferInsert): Promise<FileRow> {
    const [row] = await db.insert(files).values(values).returning();
    return row!;
  },

  async findById(id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
    return row;
  },

  /** Lets each participant read each file (already granted: unchanged). */
  async grant(fileIds: readonly string[], participants: readonly string[], at: Date) {
    if (fileIds.length === 0 || participants.length === 0) return;
    await db
      .insert(fileGrants)
      .values(
        fileIds.flatMap((fileId) =>
          participants.map((participant) => ({ fileId, participant, createdAt: at })),
        ),
      )
      .onConflictDoNothing();
  },

  async isGranted(fileId: string, participant: string): Promise<boolean> {
    const [row] = await db
      .select({ fileId: fileGrants.fileId })
      .from(fileGrants)
      .where(and(eq(fileGrants.fileId, fileId), eq(fileGrants.participant, participant)))
      .limit(1);
    return row !== undefined;
  },

  async findOwned(owner: string, ids: readonly string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(files)
      .where(and(eq(files.owner, owner), inArray(files.id, [...ids])));
  },
});
