import { Box } from '@mantine/core';
import { createElement } from 'react';
import type { SupplierOffering } from '@atelier/contract/catalog/supplier';
import { artsOfSupplier, GENERIC_ART } from './category-art';
import { PhotoOver } from './photo-over';
import { tintColors, tintOfSupplier } from './supplier-tint';

/** Up to two initials of a name, letters or digits of any script ("Ünal Tekstil" → "ÜT"). */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

type SupplierMarkProps = {
  supplier: {
    id: string;
    name: string;
    categoryIds?: readonly number[];
    offerings?: readonly SupplierOffering[];
  };
  /** The supplier's uploaded logo; without one (or when it fails) the generated mark shows. */
  logoUrl?: string | null;
  size?: number;
  radius?: 'md' | 'xl';
  /** Decorative (the default) when the supplier's name is written beside it. */
  label?: string;
  /** The uploaded logo's text alternative, where the logo itself is worth naming (a profile). */
  logoAlt?: string;
};

/**
 * A supplier's mark: its logo when it has one, else its initials on its tint with a badge of
 * its main category's illustration (issue 10).
 */
export const SupplierMark = ({
  supplier,
  logoUrl,
  size = 44,
  radius = 'md',
  label,
  logoAlt,
}: SupplierMarkProps) => {
  const colors = tintColors(tintOfSupplier(supplier.id));
  // A supplier of unknown categories (a chat party) gets no badge rather than a vague one.
  const [mainArt] = artsOfSupplier(supplier).filter((art) => art !== GENERIC_ART);
  const badge = Math.max(16, Math.round(size * 0.46));
  const generated = (
    <>
      <Box
        component="span"
        aria-hidden
        pos="absolute"
        inset={0}
        style={{
          ...colors,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 'inherit',
          fontWeight: 700,
          fontSize: Math.round(size * 0.36),
          lineHeight: 1,
          letterSpacing: '0.02em',
        }}
      >
        {initialsOf(supplier.name)}
      </Box>
      {mainArt ? (
        <Box
          component="span"
          data-testid="supplier-mark-badge"
          pos="absolute"
          right={-3}
          bottom={-3}
          w={badge}
          h={badge}
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: '50%',
            background: 'var(--mantine-color-body)',
            color: colors.color,
            boxShadow: '0 0 0 1px var(--mantine-color-default-border)',
          }}
        >
          {createElement(mainArt, {
            size: Math.round(badge * 0.72),
            stroke: 1.75,
            'aria-hidden': true,
          })}
        </Box>
      ) : null}
    </>
  );
  return (
    <Box
      component="span"
      data-testid="supplier-mark"
      pos="relative"
      w={size}
      h={size}
      {...(label
        ? { role: 'img', 'aria-label': label }
        : logoUrl && logoAlt
          ? {}
          : { 'aria-hidden': true })}
      style={{ flex: 'none', display: 'block', borderRadius: `var(--mantine-radius-${radius})` }}
    >
      <PhotoOver src={logoUrl} fit="contain" fallback={generated} alt={logoAlt} />
    </Box>
  );
};
