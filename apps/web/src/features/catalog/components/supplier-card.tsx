import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import { REGION_NAMES } from '@atelier/contract/reference/geography';
import { SupplierMark } from '@/components/pictures/supplier-mark';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import {
  formatMoq,
  formatProductionTime,
  formatRating,
  formatReviewCount,
  formatSamplePrice,
} from '../catalog-format';
import { CountryLabel } from './country-label';
import { DemoBadge, demoFieldsOf } from './demo-marker';
import { FavoriteButton } from './favorite-button';

type StatProps = { label: string; value: string };

const Stat = ({ label, value }: StatProps) => (
  <Stack gap={0} miw={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} lh={1.35}>
      {value}
    </Text>
  </Stack>
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
      <Text size="sm" c="dimmed" data-testid="supplier-rating">
        {formatReviewCount(0)}
      </Text>
    );
  }
  const rating = formatRating(supplier.rating);
  const basis = hasReviews ? formatReviewCount(supplier.reviewCount) : 'Demo rating';
  return (
    <Group
      gap={4}
      wrap="nowrap"
      data-testid="supplier-rating"
      role="img"
      aria-label={`Rated ${rating} of 5: ${hasReviews ? `from ${basis}` : 'a demo value, no reviews yet'}`}
    >
      <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
      <Text size="sm" fw={600}>
        {rating}
      </Text>
      <Text size="sm" c={isDemo ? 'var(--atelier-color-demo)' : 'dimmed'}>
        · {basis}
      </Text>
    </Group>
  );
};

type SupplierCardProps = { supplier: CatalogCompany; actions?: ReactNode };

export const SupplierCard = ({ supplier, actions }: SupplierCardProps) => {
  const href = hrefs.supplierProfile(supplier.id);
  const region = supplier.regionCode ? REGION_NAMES[supplier.regionCode] : null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="supplier-card" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
            <SupplierMark supplier={supplier} logoUrl={supplier.logoUrl} size={48} />
            <Stack gap={2} miw={0}>
              <AppAnchor href={href} fw={600} c="dark" lineClamp={2} lh={1.3}>
                {supplier.name}
              </AppAnchor>
              <Text size="sm" c="dimmed" truncate>
                <CountryLabel
                  countryCode={supplier.countryCode}
                  countryName={supplier.countryName}
                />
                {region ? ` · ${region}` : null}
              </Text>
            </Stack>
          </Group>
          <FavoriteButton
            target={{ type: 'COMPANY', id: supplier.id }}
            name={supplier.name}
            isFavorite={supplier.isFavorite}
          />
        </Group>
        <Group justify="space-between" gap="xs">
          <SupplierRating supplier={supplier} />
          <Group gap={6}>
            {supplier.isOnline ? (
              <Badge color="teal" variant="dot" size="sm">
                Online now
              </Badge>
            ) : null}
            <DemoBadge fields={demoFieldsOf(supplier.fieldSources, CARD_DEMO_FIELDS)} />
          </Group>
        </Group>
        <SimpleGrid cols={3} spacing="xs" mt="auto">
          <Stat label="MOQ" value={formatMoq(supplier.moq)} />
          <Stat label="Sample" value={formatSamplePrice(supplier.samplePrice)} />
          <Stat label="Production" value={formatProductionTime(supplier.productionTimeDays)} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {supplier.capabilities.slice(0, 3).join(' · ')}
        </Text>
        {actions}
      </Stack>
    </Card>
  );
};
