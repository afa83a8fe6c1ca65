import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { SUPPLIER_TINTS, tintOfSupplier } from './supplier-tint';

/** WCAG 2 relative luminance and contrast ratio of two "#rrggbb" colours. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('supplier tints', () => {
  it('keeps text on every tint readable (shade 9 on shade 1, at least 4.5:1)', () => {
    for (const tint of SUPPLIER_TINTS) {
      const shades = DEFAULT_THEME.colors[tint];
      expect(contrast(shades[1], shades[9]), tint).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives a supplier the same tint every time, and spreads suppliers over the palette', () => {
    expect(tintOfSupplier('cmp_abc123')).toBe(tintOfSupplier('cmp_abc123'));
    const tints = new Set(
      Array.from({ length: 60 }, (_, index) => tintOfSupplier(`cmp_${index.toString(36)}x`)),
    );
    expect(tints.size).toBe(SUPPLIER_TINTS.length);
  });
});
