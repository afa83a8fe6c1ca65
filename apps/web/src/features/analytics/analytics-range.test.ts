import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkRange,
  daysIn,
  formatRange,
  lastDays,
  previousPeriodOf,
  sameRangeLastYearOf,
  todayIn,
} from './analytics-range';
import { validateAnalyticsSearch } from './analytics-search';

describe('analytics ranges', () => {
  it('counts both ends of a range and moves days across months and leap years', () => {
    expect(daysIn({ from: '2025-01-01', to: '2025-01-31' })).toBe(31);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('gives the last 30 days up to today, and the period before a range', () => {
    expect(lastDays(30, '2025-03-31')).toEqual({ from: '2025-03-02', to: '2025-03-31' });
    expect(previousPeriodOf({ from: '2025-01-01', to: '2025-03-31' })).toEqual({
      from: '2024-10-03',
      to: '2024-12-31',
    });
  });

  it('gives the same days a year earlier, 29 February falling on the 28th', () => {
    expect(sameRangeLastYearOf({ from: '2024-02-29', to: '2024-03-31' })).toEqual({
      from: '2023-02-28',
      to: '2023-03-31',
    });
  });

  it('counts today in the store’s time zone', () => {
    const now = new Date('2025-03-31T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2025-03-31');
    expect(todayIn('Asia/Tokyo', now)).toBe('2025-04-01');
    expect(todayIn('America/Los_Angeles', now)).toBe('2025-03-31');
  });

  it('refuses an end before the start', () => {
    expect(checkRange({ from: '2025-03-01', to: '2025-02-01' })).toBe(
      'The end is before the start.',
    );
    expect(checkRange({ from: '2025-03-01', to: '' })).toBe('Enter both a start and an end.');
    expect(checkRange({ from: '2025-03-01', to: '2025-03-01' })).toBeUndefined();
  });

  it('writes a range in words', () => {
    expect(formatRange({ from: '2025-01-01', to: '2025-03-31' })).toBe(
      'Jan 1\u2009–\u2009Mar 31, 2025',
    );
  });
});

describe('validateAnalyticsSearch', () => {
  it('keeps well-formed days and drops the rest, and a comparison missing an end', () => {
    expect(
      validateAnalyticsSearch({ from: '2025-01-01', to: '2025-13-01', compareFrom: '2024-01-01' }),
    ).toEqual({ from: '2025-01-01', to: undefined, compareFrom: undefined, compareTo: undefined });
    expect(
      validateAnalyticsSearch({ compareFrom: '2024-01-01', compareTo: '2024-03-31', from: 2025 }),
    ).toEqual({
      from: undefined,
      to: undefined,
      compareFrom: '2024-01-01',
      compareTo: '2024-03-31',
    });
  });
});
