import { describe, expect, it } from 'vitest';
import type { CustomProject } from '@atelier/contract/sourcing/custom-project';
import {
  earliestCompletionDate,
  EMPTY_PROJECT_FORM,
  formValuesOf,
  startValuesOf,
  stepOfField,
  toSaveInput,
  todayUtc,
  validateAll,
  validateStep,
} from './custom-project-form';

const TODAY = '2026-03-10';
const FILLED = {
  title: 'Organic tee',
  material: '180 gsm organic cotton',
  printDetail: 'Two-colour screen print',
  quantity: '500',
  completionDate: '2026-06-01',
  companyId: 'cmp_abc',
};

const aDraft = (overrides: Partial<CustomProject> = {}): CustomProject => ({
  id: 'rfp_1',
  status: 'DRAFT',
  step: 'DETAILS',
  title: 'Tee',
  material: null,
  printDetail: null,
  quantity: 40,
  completionDate: null,
  companyId: null,
  companyName: null,
  submittedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('custom project form', () => {
  it('saves a draft with every step and leaves out a half-typed quantity or date', () => {
    expect(
      toSaveInput(
        { ...EMPTY_PROJECT_FORM, title: ' Tee ', quantity: '12a', completionDate: '2026-0' },
        'DETAILS',
      ),
    ).toEqual({
      step: 'DETAILS',
      status: 'DRAFT',
      title: 'Tee',
      material: '',
      printDetail: '',
      companyId: null,
    });
    expect(toSaveInput(FILLED, 'REVIEW', 'SUBMITTED', TODAY)).toEqual({
      step: 'REVIEW',
      status: 'SUBMITTED',
      title: 'Organic tee',
      material: '180 gsm organic cotton',
      printDetail: 'Two-colour screen print',
      quantity: 500,
      completionDate: '2026-06-01',
      companyId: 'cmp_abc',
    });
  });

  it('requires the fields of the step being left, by the contract rules', () => {
    expect(validateStep(EMPTY_PROJECT_FORM, 'BASICS', TODAY)).toEqual({
      title: 'Give the project a title.',
    });
    expect(validateStep({ ...FILLED, quantity: '0' }, 'QUANTITY_AND_DATE', TODAY)).toEqual({
      quantity: 'At least 1 unit.',
    });
    expect(
      validateStep({ ...FILLED, completionDate: TODAY }, 'QUANTITY_AND_DATE', TODAY).completionDate,
    ).toBe(`Choose a completion date after today (${TODAY}).`);
    expect(validateStep({ ...FILLED, title: 'x'.repeat(201) }, 'BASICS', TODAY).title).toBe(
      'At most 200 characters.',
    );
    expect(validateAll(FILLED, TODAY)).toEqual({});
    expect(Object.keys(validateAll(EMPTY_PROJECT_FORM, TODAY)).sort()).toEqual([
      'completionDate',
      'material',
      'printDetail',
      'quantity',
      'title',
    ]);
  });

  it('finds the step of a field the server refused', () => {
    expect(stepOfField('completionDate')).toBe('QUANTITY_AND_DATE');
    expect(stepOfField('material')).toBe('DETAILS');
    expect(stepOfField('unknown')).toBe('REVIEW');
  });

  it('reads a saved project back into the form', () => {
    expect(formValuesOf(aDraft())).toEqual({ ...EMPTY_PROJECT_FORM, title: 'Tee', quantity: '40' });
  });

  it('starts the date empty, or as saved while it is still after today (issue 10)', () => {
    expect(startValuesOf(null, 'cmp_abc', TODAY)).toEqual({
      ...EMPTY_PROJECT_FORM,
      companyId: 'cmp_abc',
    });
    expect(
      startValuesOf(aDraft({ completionDate: '2026-03-11' }), null, TODAY).completionDate,
    ).toBe('2026-03-11');
    // A date that passed since the draft was saved is not shown as if it were valid.
    expect(
      startValuesOf(aDraft({ completionDate: '2020-01-01' }), null, TODAY).completionDate,
    ).toBe('');
    expect(startValuesOf(aDraft({ completionDate: TODAY }), null, TODAY).completionDate).toBe('');
  });

  it('never saves a draft with a date the request could not be submitted with (issue 10)', () => {
    const values = { ...FILLED, completionDate: '2020-01-01' };
    expect(toSaveInput(values, 'REVIEW', 'DRAFT', TODAY)).not.toHaveProperty('completionDate');
    expect(
      toSaveInput({ ...FILLED, completionDate: TODAY }, 'REVIEW', 'DRAFT', TODAY),
    ).not.toHaveProperty('completionDate');
    expect(
      toSaveInput({ ...FILLED, completionDate: '2026-03-11' }, 'REVIEW', 'DRAFT', TODAY)
        .completionDate,
    ).toBe('2026-03-11');
  });

  it('offers the day after today as the first date, as the message asks (issue 10)', () => {
    expect(earliestCompletionDate(TODAY)).toBe('2026-03-11');
    expect(earliestCompletionDate('2026-12-31')).toBe('2027-01-01');
    const earliest = earliestCompletionDate(TODAY);
    expect(
      validateStep({ ...FILLED, completionDate: earliest }, 'QUANTITY_AND_DATE', TODAY),
    ).toEqual({});
  });

  it('dates today in UTC', () => {
    expect(todayUtc(new Date('2026-03-10T23:30:00-05:00'))).toBe('2026-03-11');
  });
});
