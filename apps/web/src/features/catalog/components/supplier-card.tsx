import { Badge, Card, rem, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import { REGION_NAMES } from '@atelier/contract/reference/geography';
import { SupplierMark } from '@/components/pictures/supplier-mark';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import { canShowFlagEmoji } from '@/lib/flag-support';
import {
  flagPrefix,
  formatMoq,
  formatProductionTime,
  formatRating,
  formatReviewCount,
  formatSamplePrice,
} from '../catalog-format';
import { DemoBadge, demoFieldsOf } from './demo-marker';
import { FavoriteButton } from './favorite-button';

/**
 * The card's layout in plain elements styled as Mantine's Stack, Group, SimpleGrid and Text
 * (same CSS): a results page holds 50 cards, and each of those components costs a Box, props
 * and style resolution per render (issue 10: about 80 components a card, now about 40).
 */
const flex = (style: CSSProperties): CSSProperties => ({
  display: 'flex',
  flexDirection: 'row',
  flexWrap: 'wrap',
  justifyContent: 'flex-start',
  alignItems: 'center',
  ...style,
});
const textOf = (size: 'xs' | 'sm', style: CSSProperties = {}): CSSProperties => ({
  margin: 0,
  padding: 0,
  fontSize: `var(--mantine-font-size-${size})`,
  lineHeight: `var(--mantine-line-height-${size})`,
  fontWeight: 'var(--mantine-font-weight-regular)',
  ...style,
});
const STYLES = {
  body: flex({
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: 'var(--mantine-spacing-sm)',
    height: '100%',
    flexWrap: 'nowrap',
  }),
  header: flex({
    justifyContent: 'space-between',
    alignItems: 'flex-start',
    flexWrap: 'nowrap',
    gap: 'var(--mantine-spacing-sm)',
  }),
  identity: flex({
    alignItems: 'flex-start',
    flexWrap: 'nowrap',
    gap: 'var(--mantine-spacing-sm)',
    minWidth: 0,
  }),
  names: flex({
    flexDirection: 'column',
    alignItems: 'stretch',
    flexWrap: 'nowrap',
    gap: rem(2),
    minWidth: 0,
  }),
  signals: flex({ justifyContent: 'space-between', gap: 'var(--mantine-spacing-xs)' }),
  badges: flex({ gap: rem(6) }),
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: 'var(--mantine-spacing-xs)',
    marginTop: 'auto',
  },
  stat: flex({
    flexDirection: 'column',
    alignItems: 'stretch',
    flexWrap: 'nowrap',
    gap: 0,
    minWidth: 0,
  }),
  statLabel: textOf('xs', { color: 'var(--mantine-color-dimmed)' }),
  statValue: textOf('sm', { fontWeight: 500, lineHeight: 1.35 }),
  rating: flex({ flexWrap: 'nowrap', gap: rem(4) }),
  ratingValue: textOf('sm', { fontWeight: 600 }),
  ratingBasis: textOf('sm', { color: 'var(--mantine-color-dimmed)' }),
  ratingDemoBasis: textOf('sm', { color: 'var(--atelier-color-demo)' }),
  noRating: textOf('sm', { color: 'var(--mantine-color-dimmed)' }),
} satisfies Record<string, CSSProperties>;

type StatProps = { label: string; value: string };

const Stat = ({ label, value }: StatProps) => (
  <div style={STYLES.stat}>
    <p style={STYLES.statLabel}>{label}</p>
    <p style={STYLES.statValue}>{value}</p>
  </div>
);

/** The card's values that may be generated, by field source key (issue 10 demo badge). */
const CARD_DEMO_FIELDS = {
  rating: 'rating',
  moq: 'MOQ',
  samplePrice: 'sample price',
  productionTimeDays: 'production time',
};

/**
 * Issue 10: stars only with what they come from: "★ 4.6 · 12 reviews" for the verified reviews'
 * average, "★ 4.5 · Demo rating" for a generated one, else "No reviews yet" with no number.
 */
export const SupplierRating = ({ supplier }: { supplier: CatalogCompany }) => {
  const hasReviews = supplier.rating !== null && supplier.reviewCount > 0;
  const isDemo = !hasReviews && supplier.rating !== null && supplier.fieldSources.rating === 'demo';
  if (supplier.rating === null || (!hasReviews && !isDemo)) {
    return (
      <p style={STYLES.noRating} data-testid="supplier-rating">
        {formatReviewCount(0)}
      </p>
    );
  }
  const rating = formatRating(supplier.rating);
  const basis = hasReviews ? formatReviewCount(supplier.reviewCount) : 'Demo rating';
  return (
    <div
      style={STYLES.rating}
      data-testid="supplier-rating"
      role="img"
      aria-label={`Rated ${rating} of 5: ${hasReviews ? `from ${basis}` : 'a demo value, no reviews yet'}`}
    >
      <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
      <p style={STYLES.ratingValue}>{rating}</p>
      <p style={isDemo ? STYLES.ratingDemoBasis : STYLES.ratingBasis}>· {basis}</p>
    </div>
  );
};

type SupplierCardProps = { supplier: CatalogCompany; actions?: ReactNode };

export const SupplierCard = ({ supplier, actions }: SupplierCardProps) => {
  const href = hrefs.supplierProfile(supplier.id);
  const region = supplier.regionCode ? REGION_NAMES[supplier.regionCode] : null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="supplier-card" h="100%">
      <div style={STYLES.body}>
        <div style={STYLES.header}>
          <div style={STYLES.identity}>
            <SupplierMark supplier={supplier} logoUrl={supplier.logoUrl} size={48} />
            <div style={STYLES.names}>
              <AppAnchor href={href} fw={600} c="dark" lineClamp={2} lh={1.3}>
                {supplier.name}
              </AppAnchor>
              <Text size="sm" c="dimmed" truncate>
                <span aria-hidden>{flagPrefix(supplier.countryCode, canShowFlagEmoji())}</span>
                {supplier.countryName}
                {region ? ` · ${region}` : null}
              </Text>
            </div>
          </div>
          <FavoriteButton
            target={{ type: 'COMPANY', id: supplier.id }}
            name={supplier.name}
            isFavorite={supplier.isFavorite}
          />
        </div>
        <div style={STYLES.signals}>
          <SupplierRating supplier={supplier} />
          <div style={STYLES.badges}>
            {supplier.isOnline ? (
              <Badge color="teal" variant="dot" size="sm">
                Online now
              </Badge>
            ) : null}
            <DemoBadge fields={demoFieldsOf(supplier.fieldSources, CARD_DEMO_FIELDS)} />
          </div>
        </div>
        <div style={STYLES.stats}>
          <Stat label="MOQ" value={formatMoq(supplier.moq)} />
          <Stat label="Sample" value={formatSamplePrice(supplier.samplePrice)} />
          <Stat label="Production" value={formatProductionTime(supplier.productionTimeDays)} />
        </div>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {supplier.capabilities.slice(0, 3).join(' · ')}
        </Text>
        {actions}
      </div>
    </Card>
  );
};
