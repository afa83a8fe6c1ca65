import { describe, expect, it } from 'vitest';
import { changeOf, formatCompact, formatHeadline, formatValue } from './analytics-format';

describe('formatValue', () => {
  it('shows money from minor units of the currency, percent from fractions', () => {
    expect(formatValue(123_456, 'money', 'USD')).toBe('$1,234.56');
    expect(formatValue(1_500, 'money', 'JPY')).toBe('JPY\u00a01,500');
    expect(formatValue(0.256, 'percent', 'USD')).toBe('25.6%');
    expect(formatValue(12_345.678, 'decimal', 'USD')).toBe('12,345.68');
    expect(formatValue(1, 'days', 'USD')).toBe('1 day');
    expect(formatValue(42.5, 'days', 'USD')).toBe('42.5 days');
  });

  it('shows days and months of the server, and no data as a dash', () => {
    expect(formatValue('2025-03-04', 'date', 'USD')).toBe('Mar 4, 2025');
    expect(formatValue('2025-03', 'month', 'USD')).toBe('Mar 2025');
    expect(formatValue(null, 'money', 'USD')).toBe('—');
    expect(formatValue(Number.NaN, 'integer', 'USD')).toBe('—');
  });
});

describe('changeOf', () => {
  it('gives the relative change of a figure against its comparison', () => {
    expect(changeOf(125_000, 100_000, 'money')).toEqual({ text: '+25%', direction: 'up' });
    expect(changeOf(40, 50, 'integer')).toEqual({ text: '−20%', direction: 'down' });
    expect(changeOf(7, 7, 'integer')).toEqual({ text: '0%', direction: 'flat' });
  });

  it('gives percentage points for a percent figure', () => {
    expect(changeOf(0.3, 0.25, 'percent')).toEqual({ text: '+5 pts', direction: 'up' });
  });

  it('says "New" against nothing, and nothing without both values', () => {
    expect(changeOf(10, 0, 'integer')).toEqual({ text: 'New', direction: 'up' });
    expect(changeOf(10, null, 'integer')).toBeUndefined();
    expect(changeOf(null, 3, 'integer')).toBeUndefined();
  });
});

describe('formatCompact', () => {
  it('writes money and counts in few characters for a heatmap’s cells', () => {
    expect(formatCompact(15_237_104, 'money', 'GBP')).toBe('£152.4K');
    expect(formatCompact(3_755, 'integer', 'GBP')).toBe('3.8K');
    expect(formatCompact(0.316, 'percent', 'GBP')).toBe('31.6%');
    expect(formatCompact(null, 'money', 'GBP')).toBe('—');
  });
});

describe('formatHeadline', () => {
  it('writes large money in three significant digits, so a card holds it', () => {
    expect(formatHeadline(973_112_716, 'money', 'GBP')).toBe('GBP\u00a09.73M');
    expect(formatHeadline(1_523_710, 'money', 'GBP')).toBe('GBP\u00a015.2K');
    expect(formatHeadline(1_234_567, 'money', 'USD')).toBe('$12.3K');
    expect(formatHeadline(-2_500_000, 'money', 'USD')).toBe('-$25K');
    expect(formatHeadline(150_000_000, 'money', 'JPY')).toBe('JPY\u00a0150M');
  });

  it('writes smaller money, counts under a million and percent in full', () => {
    expect(formatHeadline(125_000, 'money', 'USD')).toBe('$1,250.00');
    expect(formatHeadline(44_105, 'money', 'GBP')).toBe('GBP\u00a0441.05');
    expect(formatHeadline(22_064, 'integer', 'GBP')).toBe('22,064');
    expect(formatHeadline(1_254_000, 'integer', 'GBP')).toBe('1.25M');
    expect(formatHeadline(0.656, 'percent', 'GBP')).toBe('65.6%');
    expect(formatHeadline(null, 'money', 'GBP')).toBe('—');
  });
});
