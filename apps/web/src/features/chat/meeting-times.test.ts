import { describe, expect, it } from 'vitest';
import { checkProposedTimes } from './meeting-times';

const now = new Date(2025, 2, 4, 12, 0);

describe('checkProposedTimes', () => {
  it('accepts distinct times in the future, ignoring empty fields', () => {
    expect(checkProposedTimes(['2025-03-05T10:00', '', '2025-03-06T10:00'], now)).toBeNull();
  });

  it('asks for at least one time', () => {
    expect(checkProposedTimes(['', ''], now)).toBe('Propose at least one time.');
  });

  it('refuses a time in the past and a repeated time', () => {
    expect(checkProposedTimes(['2025-03-04T11:00'], now)).toBe(
      'Proposed times must be in the future.',
    );
    expect(checkProposedTimes(['2025-03-05T10:00', '2025-03-05T10:00'], now)).toBe(
      'Each proposed time must be different.',
    );
  });
});
