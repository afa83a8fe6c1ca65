import { z } from 'zod';
import {
  CUSTOM_PROJECT_REQUIRED_MESSAGES,
  CUSTOM_PROJECT_STEPS,
  type CustomProject,
  CustomProjectDataSchema,
  type CustomProjectSubmitData,
  type CustomProjectSubmitField,
  findCustomProjectSubmitIssues,
  utcDateOf,
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

/** Today in UTC (YYYY-MM-DD), the day the server compares completion dates with. */
export const todayUtc = (now: Date = new Date()): string => utcDateOf(now);

/**
 * The first completion date a request may have (YYYY-MM-DD): the day after `today`, since the
 * contract wants a date strictly after today (issue 10: the picker's minimum says the same).
 */
export const earliestCompletionDate = (today: string = todayUtc()): string => {
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return utcDateOf(next);
};

/** A saved completion date that is no longer after `today` (the user must choose a new one). */
export const hasCompletionDatePassed = (completionDate: string | null, today: string): boolean =>
  completionDate !== null && completionDate <= today;

/** The form's values of a saved project, as saved. */
export const formValuesOf = (project: CustomProject): ProjectFormValues => ({
  title: project.title ?? '',
  material: project.material ?? '',
  printDetail: project.printDetail ?? '',
  quantity: project.quantity === null ? '' : String(project.quantity),
  completionDate: project.completionDate ?? '',
  companyId: project.companyId,
});

/**
 * The values the wizard starts from: a new request is empty (with the chosen supplier), a draft
 * as saved. Issue 10: a completion date that has passed since the draft was saved starts empty
 * instead of showing a date the form refuses.
 */
export const startValuesOf = (
  project: CustomProject | null,
  initialSupplierId: string | null,
  today: string = todayUtc(),
): ProjectFormValues => {
  if (!project) return { ...EMPTY_PROJECT_FORM, companyId: initialSupplierId };
  const values = formValuesOf(project);
  return hasCompletionDatePassed(project.completionDate, today)
    ? { ...values, completionDate: '' }
    : values;
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE_NUMBER = /^\d{1,9}$/;

/**
 * The body that saves a draft at `step`. Text goes as typed (blank clears it on the server); a
 * quantity or date that is not valid yet is left out, so a half-filled draft still saves. A date
 * not after `today` is one of those: a draft never keeps a date it could not be submitted with.
 */
export const toSaveInput = (
  values: ProjectFormValues,
  step: CustomProjectStep,
  status: 'DRAFT' | 'SUBMITTED' = 'DRAFT',
  today: string = todayUtc(),
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
    CustomProjectDataSchema.shape.completionDate.safeParse(values.completionDate).success &&
    !hasCompletionDatePassed(values.completionDate, today)
  ) {
    body.completionDate = values.completionDate;
  }
  return body;
};

// A quantity is typed as text; a whole number only, before the contract's range applies.
const QUANTITY_TEXT = z
  .string()
  .regex(WHOLE_NUMBER, 'Enter a whole number of units.')
  .transform(Number)
  .pipe(CustomProjectDataSchema.shape.quantity);

const SUBMIT_FIELDS = Object.keys(CUSTOM_PROJECT_REQUIRED_MESSAGES) as CustomProjectSubmitField[];

/**
 * Every field's error (first message per field, in form order): a filled-in field by the
 * contract's schema, then the contract's submit rule for what is missing or due too soon.
 */
const findFormErrors = (
  values: ProjectFormValues,
  today: string,
): Partial<Record<ProjectField, string>> => {
  const errors: Partial<Record<ProjectField, string>> = {};
  const parse = <T>(field: CustomProjectSubmitField, schema: z.ZodType<T, string>): T | null => {
    const text = values[field].trim();
    if (text === '') return null;
    const result = schema.safeParse(text);
    if (result.success) return result.data;
    errors[field] = result.error.issues[0]?.message ?? 'Check this field.';
    return null;
  };
  const data: CustomProjectSubmitData = {
    title: parse('title', CustomProjectDataSchema.shape.title),
    material: parse('material', CustomProjectDataSchema.shape.material),
    printDetail: parse('printDetail', CustomProjectDataSchema.shape.printDetail),
    quantity: parse('quantity', QUANTITY_TEXT),
    completionDate: parse('completionDate', CustomProjectDataSchema.shape.completionDate),
  };
  for (const { field, message } of findCustomProjectSubmitIssues(data, today)) {
    errors[field] ??= message;
  }
  return Object.fromEntries(
    SUBMIT_FIELDS.flatMap((field) => (errors[field] ? [[field, errors[field]]] : [])),
  );
};

/** Field errors of one step; empty when the step may be left. */
export const validateStep = (
  values: ProjectFormValues,
  step: CustomProjectStep,
  today: string = todayUtc(),
): Partial<Record<ProjectField, string>> => {
  const errors = findFormErrors(values, today);
  return Object.fromEntries(
    STEP_FIELDS[step].flatMap((field) => (errors[field] ? [[field, errors[field]]] : [])),
  );
};

/** Every step's errors, for the review step before submitting. */
export const validateAll = (
  values: ProjectFormValues,
  today: string = todayUtc(),
): Partial<Record<ProjectField, string>> => findFormErrors(values, today);
