import { Box } from '@mantine/core';
import { createElement } from 'react';
import type { SupplierOffering } from '@atelier/contract/catalog/supplier';
import { artsOfSupplier } from './category-art';
import { PhotoOver } from './photo-over';
import { tintColors, tintOfSupplier } from './supplier-tint';

/** Illustrations per row of the band: enough to fill a wide page at 46 px apart. */
const PATTERN_SLOTS = 40;

type SupplierCoverProps = {
  supplier: {
    id: string;
    categoryIds?: readonly number[];
    offerings?: readonly SupplierOffering[];
  };
  /** The supplier's cover photo; without one (or when it fails) the illustrated band shows. */
  coverUrl?: string | null;
  height?: number;
};

/**
 * The band across the top of a supplier's profile: its cover photo, else its categories'
 * illustrations in a row on its tint (issue 10). Decorative: hidden from screen readers.
 */
export const SupplierCover = ({ supplier, coverUrl, height = 96 }: SupplierCoverProps) => {
  const colors = tintColors(tintOfSupplier(supplier.id));
  const arts = artsOfSupplier(supplier);
  /** One row of the pattern; the second is shifted half a step, like a woven print. */
  const row = (shift: 0 | 1) => (
    <Box
      component="span"
      style={{ display: 'flex', gap: 20, marginLeft: shift * 23, flexWrap: 'nowrap' }}
    >
      {Array.from({ length: PATTERN_SLOTS }, (_, index) =>
        createElement(arts[(index + shift) % arts.length]!, {
          key: index,
          size: 26,
          stroke: 1.5,
          'aria-hidden': true,
          style: { opacity: (index + shift) % 2 === 0 ? 0.6 : 0.3, flex: 'none' },
        }),
      )}
    </Box>
  );
  const band = (
    <Box
      data-testid="supplier-cover-band"
      pos="absolute"
      inset={0}
      style={{
        ...colors,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 12,
        padding: '0 16px',
        overflow: 'hidden',
      }}
    >
      {row(0)}
      {row(1)}
    </Box>
  );
  return (
    <Box
      data-testid="supplier-cover"
      aria-hidden
      pos="relative"
      h={height}
      style={{ overflow: 'hidden' }}
    >
      <PhotoOver src={coverUrl} fallback={band} />
    </Box>
  );
};
