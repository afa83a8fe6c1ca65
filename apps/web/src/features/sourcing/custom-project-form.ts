import { z } from 'zod';
import {
  CUSTOM_PROJECT_STEPS,
  type CustomProject,
  CustomProjectDataSchema,
} from '@atelier/contract/sourcing/custom-project';
import type { SaveCustomProjectBody } from './api/custom-project-queries';

/** Spec §3 custom project steps and what each asks for. */
export type CustomProjectStep = (typeof CUSTOM_PROJECT_STEPS)[number];

/** The form holds text as typed; `toSaveInput` turns it into the contract's body. */
export type ProjectFormValues = {
  title: string;
  material: string;
  printDetail: string;
  quantity: string;
  completionDate: string;
  companyId: string | null;
};
export type ProjectField = keyof ProjectFormValues;

export const EMPTY_PROJECT_FORM: ProjectFormValues = {
  title: '',
  material: '',
  printDetail: '',
  quantity: '',
  completionDate: '',
  companyId: null,
};

export const STEP_FIELDS: Record<CustomProjectStep, readonly ProjectField[]> = {
  BASICS: ['title', 'companyId'],
  DETAILS: ['material', 'printDetail'],
  QUANTITY_AND_DATE: ['quantity', 'completionDate'],
  REVIEW: [],
};

export const STEP_LABELS: Record<CustomProjectStep, { label: string; description: string }> = {
  BASICS: { label: 'Basics', description: 'Title and supplier' },
  DETAILS: { label: 'Details', description: 'Material and print' },
  QUANTITY_AND_DATE: { label: 'Quantity & date', description: 'How many, by when' },
  REVIEW: { label: 'Review', description: 'Check and submit' },
};

export const stepOfField = (field: string): CustomProjectStep =>
  CUSTOM_PROJECT_STEPS.find((step) => STEP_FIELDS[step].includes(field as ProjectField)) ??
  'REVIEW';

export const stepIndex = (step: CustomProjectStep): number => CUSTOM_PROJECT_STEPS.indexOf(step);

export const formValuesOf = (project: CustomProject): ProjectFormValues => ({
  title: project.title ?? '',
  material: project.material ?? '',
  printDetail: project.printDetail ?? '',
  quantity: project.quantity === null ? '' : String(project.quantity),
  completionDate: project.completionDate ?? '',
  companyId: project.companyId,
});

/** Today in UTC (YYYY-MM-DD), the day the server compares completion dates with. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE_NUMBER = /^\d{1,9}$/;

/**
 * The body that saves a draft at `step`. Text goes as typed (blank clears it on the server); a
 * quantity or date that is not valid yet is left out, so a half-filled draft still saves.
 */
export const toSaveInput = (
  values: ProjectFormValues,
  step: CustomProjectStep,
  status: 'DRAFT' | 'SUBMITTED' = 'DRAFT',
): SaveCustomProjectBody => {
  const body: SaveCustomProjectBody = {
    step,
    status,
    title: values.title.trim(),
    material: values.material.trim(),
    printDetail: values.printDetail.trim(),
    companyId: values.companyId,
  };
  const quantity = values.quantity.trim();
  if (
    WHOLE_NUMBER.test(quantity) &&
    CustomProjectDataSchema.shape.quantity.safeParse(Number(quantity)).success
  ) {
    body.quantity = Number(quantity);
  }
  if (
    DATE_PATTERN.test(values.completionDate) &&
    CustomProjectDataSchema.shape.completionDate.safeParse(values.completionDate).success
  ) {
    body.completionDate = values.completionDate;
  }
  return body;
};

const required = (schema: z.ZodType<string, string>, message: string) =>
  z.string().trim().min(1, message).pipe(schema);

/** The contract's rules for the fields of each step, each required to move on. */
export const stepSchema = (step: CustomProjectStep, today: string) => {
  switch (step) {
    case 'BASICS':
      return z.object({
        title: required(CustomProjectDataSchema.shape.title, 'Give the project a title.'),
      });
    case 'DETAILS':
      return z.object({
        material: required(CustomProjectDataSchema.shape.material, 'Say which material you want.'),
        printDetail: required(
          CustomProjectDataSchema.shape.printDetail,
          'Describe the print or decoration.',
        ),
      });
    case 'QUANTITY_AND_DATE':
      return z.object({
        quantity: z
          .string()
          .trim()
          .min(1, 'Say how many units you need.')
          .regex(WHOLE_NUMBER, 'Enter a whole number of units.')
          .transform(Number)
          .pipe(CustomProjectDataSchema.shape.quantity),
        completionDate: z
          .string()
          .min(1, 'Choose a completion date.')
          .pipe(CustomProjectDataSchema.shape.completionDate)
          .refine((date) => date > today, `Choose a date after today (${today}).`),
      });
    case 'REVIEW':
      return z.object({});
  }
};

/** Field errors of one step (first message per field); empty when the step may be left. */
export const validateStep = (
  values: ProjectFormValues,
  step: CustomProjectStep,
  today: string = todayUtc(),
): Partial<Record<ProjectField, string>> => {
  const result = stepSchema(step, today).safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<ProjectField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ProjectField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};

/** Every step's errors, for the review step before submitting. */
export const validateAll = (
  values: ProjectFormValues,
  today: string = todayUtc(),
): Partial<Record<ProjectField, string>> =>
  Object.assign(
    {},
    ...CUSTOM_PROJECT_STEPS.map((step) => validateStep(values, step, today)),
  ) as Partial<Record<ProjectField, string>>;
