import { Box } from '@mantine/core';
import { createElement } from 'react';
import type { CatalogItemKind } from '@atelier/contract/catalog/supplier';
import { artOfCategory, type CategoryArt } from './category-art';
import { PhotoOver } from './photo-over';
import { tintColors, tintOfSupplier } from './supplier-tint';

type CategoryPictureProps = {
  /** Category names, most specific first (subgroup, group, vertical). */
  names: readonly (string | null | undefined)[];
  kind?: CatalogItemKind;
  /** The item's title: in a mixed category ("Activewear") it picks the garment it names. */
  title?: string;
  /** A picture chosen by the caller instead of the names' (a chat card matches a title). */
  art?: CategoryArt;
  /** The supplier whose tint the tile takes; none gives a neutral tile. */
  supplierId?: string | null;
  /** The real photo when there is one. */
  imageUrl?: string | null;
  /** What the picture shows, for screen readers ("Pants"). */
  label: string;
  size?: number;
};

/**
 * The picture of a product or catalog item: its real photo when there is one, else an
 * illustration of its own category on its supplier's tint (issue 10).
 */
export const CategoryPicture = ({
  names,
  kind,
  title,
  art,
  supplierId,
  imageUrl,
  label,
  size = 56,
}: CategoryPictureProps) => {
  const picture = art ?? artOfCategory(names, kind, title);
  const colors = tintColors(supplierId ? tintOfSupplier(supplierId) : 'gray');
  return (
    <Box
      role="img"
      aria-label={imageUrl ? label : `${label} (illustration, no photo)`}
      data-testid="category-picture"
      pos="relative"
      w={size}
      h={size}
      style={{
        ...colors,
        flex: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <PhotoOver
        src={imageUrl}
        fallback={createElement(picture, {
          size: Math.round(size * 0.6),
          stroke: 1.5,
          'aria-hidden': true,
        })}
      />
    </Box>
  );
};
