import { describe, expect, it } from 'vitest';
import {
  CustomProjectStatusSchema,
  customProjectStatusLabel,
  type CustomProjectSubmitData,
  findCustomProjectSubmitIssues,
  utcDateOf,
} from './custom-project';

const TODAY = '2026-03-10';
const COMPLETE: CustomProjectSubmitData = {
  title: 'Heavyweight boxy tee',
  material: '240 gsm cotton jersey',
  printDetail: 'Two-colour screen print on the chest',
  quantity: 500,
  completionDate: '2026-03-11',
};

describe('findCustomProjectSubmitIssues', () => {
  it('accepts a complete project due after today', () => {
    expect(findCustomProjectSubmitIssues(COMPLETE, TODAY)).toEqual([]);
  });

  it('names each missing field with its message, in form order', () => {
    const empty: CustomProjectSubmitData = {
      title: null,
      material: null,
      printDetail: null,
      quantity: null,
      completionDate: null,
    };
    expect(findCustomProjectSubmitIssues(empty, TODAY)).toEqual([
      { field: 'title', message: 'Give the project a title.' },
      { field: 'material', message: 'Say which material you want.' },
      { field: 'printDetail', message: 'Describe the print or decoration.' },
      { field: 'quantity', message: 'Say how many units you need.' },
      { field: 'completionDate', message: 'Choose a completion date.' },
    ]);
  });

  it.each(['2026-03-10', '2026-03-09', '2025-12-31'])(
    'refuses a completion date of %s, not after today',
    (completionDate) => {
      expect(findCustomProjectSubmitIssues({ ...COMPLETE, completionDate }, TODAY)).toEqual([
        { field: 'completionDate', message: `Choose a completion date after today (${TODAY}).` },
      ]);
    },
  );
});

describe('utcDateOf', () => {
  it('dates an instant by its day in UTC', () => {
    expect(utcDateOf(new Date('2026-03-10T23:30:00-05:00'))).toBe('2026-03-11');
    expect(utcDateOf(new Date('2026-03-10T00:00:00Z'))).toBe('2026-03-10');
  });
});

describe('customProjectStatusLabel', () => {
  it('gives every custom project state words', () => {
    expect(CustomProjectStatusSchema.options.map(customProjectStatusLabel)).toEqual([
      'Draft',
      'Submitted',
    ]);
  });
});
