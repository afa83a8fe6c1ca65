import { describe, expect, it } from 'vitest';
import {
  asSentence,
  fileNameOfUrl,
  formatDayLabel,
  formatFileSize,
  formatListTime,
  formatUnitCount,
  initialsOf,
} from './chat-format';

// Local times, so the expectations hold in any time zone.
const now = new Date(2025, 2, 4, 15, 0);
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('formatListTime', () => {
  it('is relative within a day', () => {
    expect(formatListTime(minutesAgo(0.5), now)).toBe('just now');
    expect(formatListTime(minutesAgo(5), now)).toBe('5 min ago');
    expect(formatListTime(minutesAgo(59), now)).toBe('59 min ago');
    expect(formatListTime(minutesAgo(60 * 3 + 10), now)).toBe('3 h ago');
  });

  it('shows the date after a day, with the year only when it is not this year', () => {
    expect(formatListTime(new Date(2025, 2, 1, 9, 0), now)).toBe('Mar 1');
    expect(formatListTime(new Date(2024, 11, 24, 9, 0), now)).toBe('Dec 24, 2024');
  });

  it('reads a time in the future (clock skew) as just now', () => {
    expect(formatListTime(minutesAgo(-3), now)).toBe('just now');
  });
});

describe('formatDayLabel', () => {
  it('names today and yesterday, else the date', () => {
    expect(formatDayLabel(new Date(2025, 2, 4, 8, 0), now)).toBe('Today');
    expect(formatDayLabel(new Date(2025, 2, 3, 23, 0), now)).toBe('Yesterday');
    expect(formatDayLabel(new Date(2025, 2, 1, 8, 0), now)).toBe('Saturday, Mar 1');
  });
});

describe('fileNameOfUrl', () => {
  it('decodes the last path segment of a download URL', () => {
    expect(fileNameOfUrl('/api/files/fil_1/tech%20pack%20v2.pdf')).toBe('tech pack v2.pdf');
    expect(fileNameOfUrl('/api/files/fil_1/%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('formatUnitCount', () => {
  it('groups thousands', () => {
    expect(formatUnitCount(1200)).toBe('1,200 units');
  });
});

describe('formatFileSize', () => {
  it('uses B, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first two words that start with a letter or digit', () => {
    expect(initialsOf("(FRoad) Tai'An Shengjin Garments")).toBe('TS');
    expect(initialsOf('acme')).toBe('A');
    expect(initialsOf('')).toBe('');
  });
});

describe('asSentence', () => {
  it('adds a full stop only where the text does not end a sentence already', () => {
    expect(asSentence('Talk to Acme Ltd')).toBe('Talk to Acme Ltd.');
    expect(asSentence('Talk to Jiangyin Sweater Co. Ltd.')).toBe(
      'Talk to Jiangyin Sweater Co. Ltd.',
    );
    expect(asSentence('Hello!')).toBe('Hello!');
  });
});
