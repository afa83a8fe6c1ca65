import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abbreviateNumber, countryNameOf, formatRelativeTime } from './format';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Reads an abbreviated number back: "1.5k" → 1500, "-2.5m" → -2500000. */
const parseAbbreviated = (value: string): number => {
  const multiplier = value.endsWith('m') ? 1_000_000 : value.endsWith('k') ? 1000 : 1;
  return Number(multiplier === 1 ? value : value.slice(0, -1)) * multiplier;
};

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1000, '1000'],
    [1001, '1k'],
    [1099, '1k'],
    [1100, '1.1k'],
    [1500, '1.5k'],
    [12_345, '12.3k'],
    [999_999, '999.9k'],
    [1_000_000, '1000k'],
    [1_000_001, '1m'],
    [1_100_000, '1.1m'],
    [2_500_000, '2.5m'],
    [123_456_789, '123.4m'],
    [5_000_000_000, '5000m'],
  ])('shows %i as %s', (value, shown) => {
    expect(abbreviateNumber(value)).toBe(shown);
  });

  it.each([
    [-1, '-1'],
    [-999, '-999'],
    [-1000, '-1000'],
    [-1001, '-1k'],
    [-1500, '-1.5k'],
    [-1_000_000, '-1000k'],
    [-2_500_000, '-2.5m'],
  ])('keeps the sign of %i as %s', (value, shown) => {
    expect(abbreviateNumber(value)).toBe(shown);
  });

  it('shows negative zero as 0', () => {
    expect(abbreviateNumber(-0)).toBe('0');
  });

  it('drops the trailing .0 of a whole thousand or million', () => {
    expect(abbreviateNumber(2000)).toBe('2k');
    expect(abbreviateNumber(3_000_000)).toBe('3m');
  });

  it('truncates rather than rounds, so it never overstates', () => {
    expect(abbreviateNumber(1999)).toBe('1.9k');
    expect(abbreviateNumber(1_999_999)).toBe('1.9m');
  });

  it('shows every tenth of a thousand and of a million exactly', () => {
    for (let tenths = 11; tenths <= 9999; tenths++) {
      expect(abbreviateNumber(tenths * 100)).toBe(`${tenths / 10}k`);
    }
    for (let tenths = 11; tenths <= 9999; tenths++) {
      expect(abbreviateNumber(tenths * 100_000)).toBe(`${tenths / 10}m`);
    }
  });

  it('reads back within 10% of the value, never above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        const shown = abbreviateNumber(value);
        expect(shown).toMatch(/^-?\d+(\.\d)?[km]?$/);
        const readBack = parseAbbreviated(shown);
        expect(Math.abs(readBack)).toBeLessThanOrEqual(Math.abs(value));
        expect(Math.abs(value - readBack)).toBeLessThanOrEqual(Math.abs(value) * 0.1);
        expect(Math.sign(readBack)).toBe(Math.sign(value));
      }),
    );
  });

  it('uses k only above 1000 and m only above 1,000,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), (value) => {
        const shown = abbreviateNumber(value);
        const abs = Math.abs(value);
        const expected = abs > 1_000_000 ? 'm' : abs > 1000 ? 'k' : '';
        expect(shown.replace(/^-?[\d.]+/, '')).toBe(expected);
      }),
    );
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-06-15T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  /** Intl puts a narrow no-break space before AM/PM; compare with plain spaces. */
  const shownAgo = (ms: number, timeZone = 'UTC') =>
    formatRelativeTime(ago(ms), now, timeZone).replace(/\s/g, ' ');

  it.each([
    ['0 s', 0],
    ['30 s', 30 * SECOND],
    ['59.999 s', MINUTE - 1],
  ])('shows %s ago as just now', (_label, ms) => {
    expect(shownAgo(ms)).toBe('just now');
  });

  it.each([
    ['1 minute', MINUTE, '1 minute ago'],
    ['1 minute 59 s', 2 * MINUTE - 1, '1 minute ago'],
    ['2 minutes', 2 * MINUTE, '2 minutes ago'],
    ['59 minutes', 59 * MINUTE, '59 minutes ago'],
    ['59 minutes 59 s', HOUR - 1, '59 minutes ago'],
    ['1 hour', HOUR, '1 hour ago'],
    ['1 hour 59 minutes', 2 * HOUR - MINUTE, '1 hour ago'],
    ['2 hours', 2 * HOUR, '2 hours ago'],
    ['23 h 59 m', 23 * HOUR + 59 * MINUTE, '23 hours ago'],
    ['one ms under a day', DAY - 1, '23 hours ago'],
  ])('shows %s ago relative', (_label, ms, shown) => {
    expect(shownAgo(ms)).toBe(shown);
  });

  it('shows exactly 24 hours ago as a date with time and no year', () => {
    expect(shownAgo(DAY)).toBe('Jun 14, 12:00 PM');
  });

  it('shows a time earlier this year as a date with time and no year', () => {
    expect(shownAgo(100 * DAY + 3 * HOUR + 55 * MINUTE)).toBe('Mar 7, 8:05 AM');
  });

  it('shows a time just under a year ago without the year', () => {
    expect(shownAgo(364 * DAY)).toBe('Jun 16, 12:00 PM');
  });

  it('shows a time just over a year ago with the year', () => {
    expect(shownAgo(366 * DAY)).toBe('Jun 14, 2024, 12:00 PM');
  });

  it('shows a time 2 years ago with the year', () => {
    expect(shownAgo(2 * 365 * DAY)).toBe('Jun 16, 2023, 12:00 PM');
  });

  it.each([
    ['1 s', SECOND],
    ['1 hour', HOUR],
    ['2 days', 2 * DAY],
  ])('shows a time %s in the future as just now', (_label, ms) => {
    expect(shownAgo(-ms)).toBe('just now');
  });

  it('shows the date and time in the given time zone', () => {
    expect(shownAgo(DAY, 'America/New_York')).toBe('Jun 14, 8:00 AM');
    expect(shownAgo(DAY, 'Asia/Tokyo')).toBe('Jun 14, 9:00 PM');
  });

  it('accepts an ISO string or an epoch number as the time', () => {
    expect(formatRelativeTime('2025-06-15T11:00:00.000Z', now, 'UTC')).toBe('1 hour ago');
    expect(formatRelativeTime(now.getTime() - 5 * MINUTE, now, 'UTC')).toBe('5 minutes ago');
  });

  it('shows any age within a day as the whole minutes or hours that have passed', () => {
    fc.assert(
      fc.property(fc.integer({ min: MINUTE, max: DAY - 1 }), (ms) => {
        const shown = shownAgo(ms);
        expect(shown).toMatch(/^\d+ (minute|hour)s? ago$/);
        const [countText = '', unitText = ''] = shown.split(' ');
        const count = Number(countText);
        const unit = unitText.startsWith('minute') ? MINUTE : HOUR;
        expect(unit === MINUTE).toBe(ms < HOUR);
        expect(count * unit).toBeLessThanOrEqual(ms);
        expect((count + 1) * unit).toBeGreaterThan(ms);
      }),
    );
  });
});

describe('countryNameOf', () => {
  it('names a country by its ISO code, and gives back what is not one', () => {
    expect(countryNameOf('GB')).toBe('United Kingdom');
    expect(countryNameOf('us')).toBe('United States');
    expect(countryNameOf('EIRE')).toBe('EIRE');
    expect(countryNameOf('')).toBe('');
  });
});
