import type { MantineColor } from '@mantine/core';

/**
 * Supplier tints: Mantine palettes whose shade 9 on shade 1 has at least 4.5:1 contrast
 * (WCAG AA for text), so initials and illustrations stay legible on every tint.
 */
export const SUPPLIER_TINTS = [
  'indigo',
  'cyan',
  'grape',
  'blue',
  'pink',
  'violet',
  'red',
] as const satisfies readonly MantineColor[];
export type SupplierTint = (typeof SUPPLIER_TINTS)[number];

/** FNV-1a (32 bit) of a string: small, fast and stable across runs and browsers. */
const hashOf = (text: string) => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

/** The stable tint of a supplier (by its id, "cmp_…"): the same supplier, the same colour. */
export const tintOfSupplier = (supplierId: string): SupplierTint =>
  SUPPLIER_TINTS[hashOf(supplierId) % SUPPLIER_TINTS.length]!;

/** The background and foreground CSS colours of a tint (theme variables). */
export const tintColors = (tint: SupplierTint | 'gray') => ({
  background: `var(--mantine-color-${tint}-1)`,
  color: `var(--mantine-color-${tint}-9)`,
});
