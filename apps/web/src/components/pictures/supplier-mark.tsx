import { rem } from '@mantine/core';
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
  // Plain spans, not Mantine's Box: a results page draws 50 marks (issue 10).
  const generated = (
    <>
      <span
        aria-hidden
        style={{
          position: 'absolute',
          inset: 0,
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
      </span>
      {mainArt ? (
        <span
          data-testid="supplier-mark-badge"
          style={{
            position: 'absolute',
            right: rem(-3),
            bottom: rem(-3),
            width: rem(badge),
            height: rem(badge),
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
        </span>
      ) : null}
    </>
  );
  return (
    <span
      data-testid="supplier-mark"
      {...(label
        ? { role: 'img', 'aria-label': label }
        : logoUrl && logoAlt
          ? {}
          : { 'aria-hidden': true })}
      style={{
        position: 'relative',
        width: rem(size),
        height: rem(size),
        flex: 'none',
        display: 'block',
        borderRadius: `var(--mantine-radius-${radius})`,
      }}
    >
      <PhotoOver src={logoUrl} fit="contain" fallback={generated} alt={logoAlt} />
    </span>
  );
};
