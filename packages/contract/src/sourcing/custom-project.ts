import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { textSchema } from '../common/validation';

/** Spec §3 custom project (RFP) steps, in order. */
export const CUSTOM_PROJECT_STEPS = ['BASICS', 'DETAILS', 'QUANTITY_AND_DATE', 'REVIEW'] as const;
export const CustomProjectStepSchema = z.enum(CUSTOM_PROJECT_STEPS);
export const CustomProjectStatusSchema = z.enum(['DRAFT', 'SUBMITTED']);
export type CustomProjectStatus = z.infer<typeof CustomProjectStatusSchema>;

const CUSTOM_PROJECT_STATUS_LABELS: Record<CustomProjectStatus, string> = {
  DRAFT: 'Draft',
  SUBMITTED: 'Submitted',
};

/** The words a person reads for a custom project's state, never the code ("DRAFT" → "Draft"). */
export const customProjectStatusLabel = (status: CustomProjectStatus): string =>
  CUSTOM_PROJECT_STATUS_LABELS[status];

/** Spec §5 prompts shown beside the quantity and the date. */
export const CUSTOM_PROJECT_PROMPTS = {
  quantity: 'A higher quantity lowers the unit cost.',
  completionDate: 'We use your target date to check delivery feasibility with suppliers.',
} as const;

export const MAX_PROJECT_QUANTITY = 10_000_000;

/** Editable fields; all optional while a draft, required to submit. */
export const CustomProjectDataSchema = z.object({
  title: textSchema(200),
  material: textSchema(500),
  printDetail: textSchema(2000),
  quantity: z.number().int().min(1, 'At least 1 unit.').max(MAX_PROJECT_QUANTITY),
  /** ISO date (YYYY-MM-DD) the goods are wanted by; must be after today to submit. */
  completionDate: z.iso
    .date()
    // PostgreSQL has no year 0, which ISO dates allow; no real project is due before 2000.
    .refine((value) => value >= '2000-01-01', 'Choose a date from the year 2000 on.'),
  /** Supplier the request is addressed to, if any. */
  companyId: z
    .string()
    .regex(/^cmp_[a-z0-9]+$/)
    .nullable(),
});

export const SaveCustomProjectInputSchema = CustomProjectDataSchema.partial().extend({
  step: CustomProjectStepSchema.default('BASICS'),
  /** SUBMITTED requires every field and a completion date in the future. */
  status: CustomProjectStatusSchema.default('DRAFT'),
});
export type SaveCustomProjectInput = z.infer<typeof SaveCustomProjectInputSchema>;

export const CustomProjectSchema = z.object({
  id: z.string(),
  status: CustomProjectStatusSchema,
  step: CustomProjectStepSchema,
  title: z.string().nullable(),
  material: z.string().nullable(),
  printDetail: z.string().nullable(),
  quantity: z.number().int().nullable(),
  completionDate: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  submittedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CustomProject = z.infer<typeof CustomProjectSchema>;

/** The fields a project must have to be submitted; `null` is one not filled in yet. */
export type CustomProjectSubmitData = Pick<
  CustomProject,
  'title' | 'material' | 'printDetail' | 'quantity' | 'completionDate'
>;
export type CustomProjectSubmitField = keyof CustomProjectSubmitData;

/** What each field says when it is missing at submit. */
export const CUSTOM_PROJECT_REQUIRED_MESSAGES: Record<CustomProjectSubmitField, string> = {
  title: 'Give the project a title.',
  material: 'Say which material you want.',
  printDetail: 'Describe the print or decoration.',
  quantity: 'Say how many units you need.',
  completionDate: 'Choose a completion date.',
};

/** The calendar day (YYYY-MM-DD) of `instant` in UTC: "today" for the completion-date rule. */
export const utcDateOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/**
 * Spec §3 / issue #3: what stops a project from being submitted. Title, material, print detail,
 * quantity and completion date are required, and the date must be strictly after `today`
 * (both YYYY-MM-DD, UTC). One issue per field, in form order; empty when it can be submitted.
 */
export const findCustomProjectSubmitIssues = (
  data: CustomProjectSubmitData,
  today: string,
): { field: CustomProjectSubmitField; message: string }[] => {
  const issues: { field: CustomProjectSubmitField; message: string }[] = [];
  for (const field of Object.keys(CUSTOM_PROJECT_REQUIRED_MESSAGES) as CustomProjectSubmitField[]) {
    if (data[field] === null) {
      issues.push({ field, message: CUSTOM_PROJECT_REQUIRED_MESSAGES[field] });
    }
  }
  if (data.completionDate !== null && data.completionDate <= today) {
    issues.push({
      field: 'completionDate',
      message: `Choose a completion date after today (${today}).`,
    });
  }
  return issues;
};

const ProjectIdParams = z.object({ id: z.string().regex(/^rfp_[a-z0-9]+$/, 'Not a project id.') });

export const createCustomProject = defineEndpoint({
  method: 'POST',
  path: '/api/web/project-management',
  body: SaveCustomProjectInputSchema,
  response: CustomProjectSchema,
  successStatus: 201,
  summary: 'Spec §7: create a custom project request (draft or submitted).',
  tags: ['sourcing'],
});

export const updateCustomProject = defineEndpoint({
  method: 'PUT',
  path: '/api/web/project-management/:id',
  params: ProjectIdParams,
  body: SaveCustomProjectInputSchema,
  response: CustomProjectSchema,
  summary: 'Save a draft step or submit it. A submitted project can no longer be edited.',
  tags: ['sourcing'],
});

export const getCustomProject = defineEndpoint({
  method: 'GET',
  path: '/api/web/project-management/:id',
  params: ProjectIdParams,
  response: CustomProjectSchema,
  tags: ['sourcing'],
});

export const listCustomProjects = defineEndpoint({
  method: 'GET',
  path: '/api/web/project-management',
  query: z.object({ status: CustomProjectStatusSchema.optional() }),
  response: z.object({ items: z.array(CustomProjectSchema) }),
  summary: "The store's custom project requests, newest first.",
  tags: ['sourcing'],
});

export const deleteCustomProject = defineEndpoint({
  method: 'DELETE',
  path: '/api/web/project-management/:id',
  params: ProjectIdParams,
  response: z.object({ ok: z.literal(true) }),
  summary: 'Delete a draft.',
  tags: ['sourcing'],
});
