import { describe, expect, it } from 'vitest';
import {
  flagEmoji,
  formatMoq,
  formatProductionTime,
  formatRating,
  formatReviewCount,
  formatSamplePrice,
  openStreetMapUrl,
} from './catalog-format';

describe('catalog formats', () => {
  it('shows a missing sample price as a custom quote', () => {
    expect(formatSamplePrice(null)).toBe('Custom quote');
    expect(formatSamplePrice({ amount: 10500, currencyCode: 'USD' })).toBe('$105.00');
  });

  it('shows quantities, times and ratings', () => {
    expect(formatMoq(null)).toBe('Custom');
    expect(formatMoq(1)).toBe('1 unit');
    expect(formatMoq(1500)).toBe('1,500 units');
    expect(formatProductionTime(1)).toBe('1 day');
    expect(formatProductionTime(1130)).toBe('1,130 days');
    expect(formatRating(4)).toBe('4.0');
    expect(formatReviewCount(0)).toBe('No reviews yet');
    expect(formatReviewCount(1)).toBe('1 review');
  });

  it('makes flag emoji from ISO codes only', () => {
    expect(flagEmoji('cn')).toBe('🇨🇳');
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('USA')).toBe('');
  });

  it('links to OpenStreetMap with a marker', () => {
    expect(openStreetMapUrl(39.660895, 117.270582)).toBe(
      'https://www.openstreetmap.org/?mlat=39.660895&mlon=117.270582#map=12/39.660895/117.270582',
    );
  });
});
