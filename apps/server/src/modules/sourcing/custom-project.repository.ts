import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { customProjects } from './custom-project.table';

export type CustomProjectRow = typeof customProjects.$inferSelect;
type NewCustomProject = typeof customProjects.$inferInsert;
export type CustomProjectStatus = CustomProjectRow['status'];

/** The fields a save writes (everything the store edits, plus status and timestamps). */
export type CustomProjectChanges = Partial<
  Pick<
    CustomProjectRow,
    | 'status'
    | 'step'
    | 'title'
    | 'material'
    | 'printDetail'
    | 'quantity'
    | 'completionDate'
    | 'companyId'
    | 'submittedAt'
  >
> & { updatedAt: Date };

const ofStore = (id: string, storeId: string) =>
  and(eq(customProjects.id, id), eq(customProjects.storeId, storeId));

/** Every query is scoped to one store: another store's project is never found. */
export const createCustomProjectRepository = (db: Database) => ({
  async insert(values: NewCustomProject): Promise<CustomProjectRow> {
    const [row] = await db.insert(customProjects).values(values).returning();
    return row!;
  },

  async findForStore(id: string, storeId: string): Promise<CustomProjectRow | undefined> {
    const [row] = await db.select().from(customProjects).where(ofStore(id, storeId)).limit(1);
    return row;
  },

  /** Updates a draft only; undefined when the project is not (or no longer) a draft. */
  async updateDraft(
    id: string,
    storeId: string,
    changes: CustomProjectChanges,
  ): Promise<CustomProjectRow | undefined> {
    const [row] = await db
      .update(customProjects)
      .set(changes)
      .where(and(ofStore(id, storeId), eq(customProjects.status, 'DRAFT')))
      .returning();
    return row;
  },

  /** Deletes a draft only; false when the project is not (or no longer) a draft. */
  async deleteDraft(id: string, storeId: string): Promise<boolean> {
    const rows = await db
      .delete(customProjects)
      .where(and(ofStore(id, storeId), eq(customProjects.status, 'DRAFT')))
      .returning({ id: customProjects.id });
    return rows.length > 0;
  },

  /** The store's projects, newest first, optionally of one status. */
  async listForStore(storeId: string, status?: CustomProjectStatus): Promise<CustomProjectRow[]> {
    return db
      .select()
      .from(customProjects)
      .where(
        and(
          eq(customProjects.storeId, storeId),
          status ? eq(customProjects.status, status) : undefined,
        ),
      )
      .orderBy(desc(customProjects.createdAt), desc(customProjects.id));
  },
});
export type CustomProjectRepository = ReturnType<typeof createCustomProjectRepository>;
