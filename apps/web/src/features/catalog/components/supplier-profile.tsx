import { Avatar, Badge, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import { REGION_NAMES } from '@atelier/contract/reference/geography';
import { SUPPLIER_PROFILE_TABS, type SupplierProfileTab } from '@/config/paths';
import { useItemSearch } from '../api/item-queries';
import { CountryLabel } from './country-label';
import { DemoMarker } from './demo-marker';
import { FavoriteButton } from './favorite-button';
import { ItemCard } from './item-card';
import { ResultGrid } from './result-grid';
import { SupplierRating } from './supplier-card';
import { SupplierFacts } from './supplier-facts';
import { SupplierCover } from './supplier-pictures';
import { Capabilities, ProfileInfo } from './supplier-profile-tabs';
import { SupplierReviews } from './supplier-reviews';

const TAB_LABELS: Record<SupplierProfileTab, string> = {
  'profile-info': 'Profile info',
  'base-products': 'Base products',
  capabilities: 'Capabilities',
  reviews: 'Reviews',
};

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

const BaseProducts = ({ supplier, mode }: { supplier: CatalogCompany; mode: ProfileMode }) => {
  const items = useItemSearch({ companyId: supplier.id, size: 24 });
  return (
    <ResultGrid
      query={items}
      label="Base products"
      getKey={(item) => item.id}
      renderItem={(item) => <ItemCard item={item} mode={mode} withSupplier={false} />}
      autoLoad={false}
      skeletonHeight={160}
      empty={
        <Text size="sm" c="dimmed">
          {supplier.name} has no base products listed yet.
        </Text>
      }
    />
  );
};

type ProfileMode = 'signed-in' | 'public';

/** Name, place, rating and the key numbers, with the favourite toggle and page actions. */
export const SupplierHeader = ({
  supplier,
  mode,
  actions,
}: {
  supplier: CatalogCompany;
  mode: ProfileMode;
  actions?: ReactNode;
}) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
    <Stack gap="md">
      <SupplierCover supplier={supplier} />
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" align="flex-start" wrap="nowrap" miw={0} flex="1 1 420px">
          <Avatar
            src={supplier.logoUrl}
            alt={supplier.logoUrl ? `${supplier.name} logo` : undefined}
            color="indigo"
            radius="md"
            size={64}
            aria-hidden={supplier.logoUrl ? undefined : true}
            visibleFrom="xs"
          >
            {initialsOf(supplier.name)}
          </Avatar>
          <Stack gap={4} miw={0}>
            <Title order={1} fz={{ base: 'h3', lg: 'h2' }} style={{ overflowWrap: 'anywhere' }}>
              {supplier.name}
            </Title>
            <Text c="dimmed" size="sm">
              <CountryLabel countryCode={supplier.countryCode} countryName={supplier.countryName} />
              {supplier.regionCode ? ` · ${REGION_NAMES[supplier.regionCode]}` : null}
            </Text>
            <Group gap="xs">
              <SupplierRating supplier={supplier} />
              {supplier.isOnline ? (
                <Badge color="teal" variant="dot">
                  Online now
                </Badge>
              ) : null}
              {supplier.isConciergeRecommended ? (
                <Group gap={4} wrap="nowrap">
                  <Badge color="indigo" variant="light">
                    Concierge recommended
                  </Badge>
                  <DemoMarker source={supplier.fieldSources.isConciergeRecommended} />
                </Group>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Group gap="sm">
          {mode === 'signed-in' ? (
            <FavoriteButton
              target={{ type: 'COMPANY', id: supplier.id }}
              name={supplier.name}
              isFavorite={supplier.isFavorite}
              variant="button"
            />
          ) : null}
          {actions}
        </Group>
      </Group>
      <SupplierFacts supplier={supplier} />
    </Stack>
  </Paper>
);

type SupplierProfileProps = {
  supplier: CatalogCompany;
  tab: SupplierProfileTab;
  onTabChange: (tab: SupplierProfileTab) => void;
  /** `public` (preview page): no favourites, and only what the public API gives. */
  mode?: ProfileMode;
  actions?: ReactNode;
};

/** Spec §2 supplier profile with its tabs: profile info, base products, capabilities, reviews. */
export const SupplierProfile = ({
  supplier,
  tab,
  onTabChange,
  mode = 'signed-in',
  actions,
}: SupplierProfileProps) => {
  const isPublic = mode === 'public';
  return (
    <Stack gap="lg">
      <SupplierHeader supplier={supplier} mode={mode} actions={actions} />
      <Tabs
        value={tab}
        onChange={(next) => onTabChange((next as SupplierProfileTab | null) ?? 'profile-info')}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {SUPPLIER_PROFILE_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {value === 'reviews' && !isPublic
                ? `${TAB_LABELS[value]} (${supplier.reviewCount})`
                : TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile-info">
          <ProfileInfo supplier={supplier} />
        </Tabs.Panel>
        <Tabs.Panel value="base-products">
          <BaseProducts supplier={supplier} mode={mode} />
        </Tabs.Panel>
        <Tabs.Panel value="capabilities">
          <Capabilities supplier={supplier} />
        </Tabs.Panel>
        <Tabs.Panel value="reviews">
          <SupplierReviews companyId={supplier.id} isReadOnly={isPublic} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
