import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import { REGION_NAMES } from '@atelier/contract/reference/geography';
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
import { DemoMarker } from './demo-marker';
import { FavoriteButton } from './favorite-button';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

type StatProps = { label: string; value: string; source: CatalogCompany['source'] | undefined };

const Stat = ({ label, value, source }: StatProps) => (
  <Stack gap={0} miw={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} lh={1.35}>
      {value} <DemoMarker source={source} />
    </Text>
  </Stack>
);

/** Stars and reviews of a supplier; the rating is marked when it is a demo value. */
export const SupplierRating = ({ supplier }: { supplier: CatalogCompany }) => (
  <Group gap={6} wrap="nowrap">
    {supplier.rating === null ? null : (
      <Group gap={4} wrap="nowrap">
        <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
        <Text size="sm" fw={600} aria-label={`Rated ${formatRating(supplier.rating)} of 5`}>
          {formatRating(supplier.rating)}
        </Text>
        <DemoMarker source={supplier.fieldSources.rating} />
      </Group>
    )}
    <Text size="sm" c="dimmed">
      {formatReviewCount(supplier.reviewCount)}
    </Text>
  </Group>
);

type SupplierCardProps = { supplier: CatalogCompany; actions?: ReactNode };

export const SupplierCard = ({ supplier, actions }: SupplierCardProps) => {
  const href = hrefs.supplierProfile(supplier.id);
  const region = supplier.regionCode ? REGION_NAMES[supplier.regionCode] : null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="supplier-card" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
            <Avatar src={supplier.logoUrl} color="indigo" radius="md" size={44} aria-hidden>
              {initialsOf(supplier.name)}
            </Avatar>
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
          {supplier.isOnline ? (
            <Badge color="teal" variant="dot" size="sm">
              Online now
            </Badge>
          ) : null}
        </Group>
        <SimpleGrid cols={3} spacing="xs" mt="auto">
          <Stat label="MOQ" value={formatMoq(supplier.moq)} source={supplier.fieldSources.moq} />
          <Stat
            label="Sample"
            value={formatSamplePrice(supplier.samplePrice)}
            source={supplier.fieldSources.samplePrice}
          />
          <Stat
            label="Production"
            value={formatProductionTime(supplier.productionTimeDays)}
            source={supplier.fieldSources.productionTimeDays}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {supplier.capabilities.slice(0, 3).join(' · ')}
        </Text>
        {actions}
      </Stack>
    </Card>
  );
};
