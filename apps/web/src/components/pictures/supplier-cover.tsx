import { Box } from '@mantine/core';
import { createElement } from 'react';
import type { SupplierOffering } from '@atelier/contract/catalog/supplier';
import { artsOfSupplier } from './category-art';
import { PhotoOver } from './photo-over';
import { tintColors, tintOfSupplier } from './supplier-tint';

/** How many illustrations the band repeats: enough to fill a wide page at 40 px apart. */
const PATTERN_SLOTS = 36;

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
  const band = (
    <Box
      data-testid="supplier-cover-band"
      pos="absolute"
      inset={0}
      style={{
        ...colors,
        display: 'flex',
        flexWrap: 'wrap',
        alignContent: 'center',
        gap: 16,
        padding: '0 16px',
        overflow: 'hidden',
      }}
    >
      {Array.from({ length: PATTERN_SLOTS }, (_, index) =>
        createElement(arts[index % arts.length]!, {
          key: index,
          size: 24,
          stroke: 1.5,
          'aria-hidden': true,
          style: { opacity: index % 2 === 0 ? 0.55 : 0.3, flex: 'none' },
        }),
      )}
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
