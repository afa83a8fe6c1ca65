import type { FieldIssue } from '@atelier/contract/common/errors';
import {
  type CustomProject,
  findCustomProjectSubmitIssues,
  type SaveCustomProjectInput,
  utcDateOf,
} from '@atelier/contract/sourcing/custom-project';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { CatalogModule } from '@/modules/catalog';
import {
  createCustomProjectRepository,
  type CustomProjectChanges,
  type CustomProjectRow,
  type CustomProjectStatus,
} from './custom-project.repository';

/** How sourcing checks and names a supplier, given by the catalog module in app.ts. */
/** Supplier names by id (unknown ids absent), from the catalog module. */
export type SupplierDirectory = Pick<CatalogModule['supplierDirectory'], 'findSupplierNames'>;

type CustomProjectServiceDeps = { db: Database; clock: Clock; suppliers: SupplierDirectory };

type ProjectData = Pick<
  CustomProjectRow,
  'title' | 'material' | 'printDetail' | 'quantity' | 'completionDate' | 'companyId'
>;

const EDITABLE_FIELDS = [
  'title',
  'material',
  'printDetail',
  'quantity',
  'completionDate',
  'companyId',
] as const satisfies readonly (keyof ProjectData)[];

/** The fields the input sets (absent ones are kept); blank text clears a field. */
const changesOf = (input: SaveCustomProjectInput): Partial<ProjectData> => {
  const changes: Partial<ProjectData> = {};
  for (const field of EDITABLE_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    (changes as Record<string, unknown>)[field] = value === '' ? null : value;
  }
  return changes;
};

const EMPTY_PROJECT: ProjectData = {
  title: null,
  material: null,
  printDetail: null,
  quantity: null,
  completionDate: null,
  companyId: null,
};

const notFound = () =>
  new AppError('not_found', 'No custom project of yours with this id.', {
    reason: 'project_not_found',
  });

const alreadySubmitted = () =>
  new AppError('conflict', 'This project has been submitted and can no longer be changed.', {
    reason: 'project_submitted',
  });

const toCustomProject = (
  row: CustomProjectRow,
  supplierNames: ReadonlyMap<string, string>,
): CustomProject => ({
  id: row.id,
  status: row.status,
  step: row.step,
  title: row.title,
  material: row.material,
  printDetail: row.printDetail,
  quantity: row.quantity,
  completionDate: row.completionDate,
  companyId: row.companyId,
  companyName: row.companyId === null ? null : (supplierNames.get(row.companyId) ?? null),
  submittedAt: row.submittedAt ? row.submittedAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Custom project requests (RFP, spec §3 and §5; issue #3 `/create-custom-project`): drafts saved
 * step by step, then submitted once complete. Scoped to the caller's store: another store's
 * project is 404 and never listed.
 */
export const createCustomProjectService = ({ db, clock, suppliers }: CustomProjectServiceDeps) => {
  const repository = createCustomProjectRepository(db);

  const present = async (row: CustomProjectRow) =>
    toCustomProject(row, await suppliers.findSupplierNames(row.companyId ? [row.companyId] : []));

  /** 404 `company_not_found` when a supplier is named that doesn't exist. */
  const assertSupplierExists = async (companyId: string | null | undefined) => {
    if (!companyId) return;
    const names = await suppliers.findSupplierNames([companyId]);
    if (!names.has(companyId)) {
      throw new AppError('not_found', 'No supplier with this id.', {
        reason: 'company_not_found',
        details: [{ field: 'body.companyId', message: 'No supplier with this id.' }],
      });
    }
  };

  /** 422 `project_incomplete`, naming each field, unless the data can be submitted today. */
  const assertSubmittable = (data: ProjectData) => {
    const issues = findCustomProjectSubmitIssues(data, utcDateOf(clock.now()));
    if (issues.length > 0) {
      const details: FieldIssue[] = issues.map(({ field, message }) => ({
        field: `body.${field}`,
        message,
      }));
      throw new AppError(
        'unprocessable',
        `Complete the project before submitting it: ${issues.map((issue) => issue.field).join(', ')}.`,
        { reason: 'project_incomplete', details },
      );
    }
  };

  const statusChanges = (status: CustomProjectStatus, now: Date) =>
    status === 'SUBMITTED' ? { status, submittedAt: now } : { status };

  return {
    /**
     * Creates a draft, or submits at once with `status: 'SUBMITTED'` (then every field is
     * required and the completion date must be after today: 422 `project_incomplete`).
     */
    async createCustomProject(actor: Actor, input: SaveCustomProjectInput): Promise<CustomProject> {
      const data = { ...EMPTY_PROJECT, ...changesOf(input) };
      await assertSupplierExists(data.companyId);
      if (input.status === 'SUBMITTED') assertSubmittable(data);
      const now = clock.now();
      const row = await repository.insert({
        id: newId('rfp'),
        storeId: actor.storeId,
        createdByUserId: actor.userId,
        step: input.step,
        ...data,
        ...statusChanges(input.status, now),
        createdAt: now,
        updatedAt: now,
      });
      return present(row);
    },

    /**
     * Saves a step of a draft (absent fields are kept, blank text clears) or submits it. 404
     * `project_not_found`; 409 `project_submitted` once submitted; 422 `project_incomplete`.
     */
    async updateCustomProject(
      actor: Actor,
      projectId: string,
      input: SaveCustomProjectInput,
    ): Promise<CustomProject> {
      const existing = await repository.findForStore(projectId, actor.storeId);
      if (!existing) throw notFound();
      if (existing.status === 'SUBMITTED') throw alreadySubmitted();
      const changes = changesOf(input);
      await assertSupplierExists(changes.companyId);
      const data: ProjectData = {
        title: existing.title,
        material: existing.material,
        printDetail: existing.printDetail,
        quantity: existing.quantity,
        completionDate: existing.completionDate,
        companyId: existing.companyId,
        ...changes,
      };
      if (input.status === 'SUBMITTED') assertSubmittable(data);
      const now = clock.now();
      const update: CustomProjectChanges = {
        ...changes,
        step: input.step,
        ...statusChanges(input.status, now),
        updatedAt: now,
      };
      // Guarded by status: a submit racing this save wins, and this one is refused.
      const row = await repository.updateDraft(existing.id, actor.storeId, update);
      if (!row) throw alreadySubmitted();
      return present(row);
    },

    /** One of the store's projects; 404 `project_not_found` for any other. */
    async getCustomProject(actor: Actor, projectId: string): Promise<CustomProject> {
      const row = await repository.findForStore(projectId, actor.storeId);
      if (!row) throw notFound();
      return present(row);
    },

    /** The store's projects, newest first; `status` keeps only drafts or submitted ones. */
    async listCustomProjects(
      actor: Actor,
      query: { status?: CustomProjectStatus | undefined },
    ): Promise<CustomProject[]> {
      const rows = await repository.listForStore(actor.storeId, query.status);
      const companyIds = [
        ...new Set(rows.flatMap((row) => (row.companyId ? [row.companyId] : []))),
      ];
      const names = await suppliers.findSupplierNames(companyIds);
      return rows.map((row) => toCustomProject(row, names));
    },

    /** Deletes a draft. 404 `project_not_found`; 409 `project_submitted` for a submitted one. */
    async deleteCustomProject(actor: Actor, projectId: string): Promise<void> {
      if (await repository.deleteDraft(projectId, actor.storeId)) return;
      const existing = await repository.findForStore(projectId, actor.storeId);
      if (!existing) throw notFound();
      throw alreadySubmitted();
    },
  };
};
export type CustomProjectService = ReturnType<typeof createCustomProjectService>;
