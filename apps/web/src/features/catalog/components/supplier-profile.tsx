import { Badge, Box, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import { REGION_NAMES } from '@atelier/contract/reference/geography';
import { SupplierCover } from '@/components/pictures/supplier-cover';
import { SupplierMark } from '@/components/pictures/supplier-mark';
import { ScrollableTabsList } from '@/components/ui/scrollable-tabs-list';
import { SUPPLIER_PROFILE_TABS, type SupplierProfileTab } from '@/config/paths';
import { useItemSearch } from '../api/item-queries';
import { CountryLabel } from './country-label';
import { DemoBadge, demoFieldsOf } from './demo-marker';
import { FavoriteButton } from './favorite-button';
import { ItemCard } from './item-card';
import { ResultGrid } from './result-grid';
import { SupplierRating } from './supplier-card';
import { FACT_DEMO_FIELDS, SupplierFacts } from './supplier-facts';
import { Capabilities, ProfileInfo } from './supplier-profile-tabs';
import { SupplierReviews } from './supplier-reviews';

const TAB_LABELS: Record<SupplierProfileTab, string> = {
  'profile-info': 'Profile info',
  'base-products': 'Base products',
  capabilities: 'Capabilities',
  reviews: 'Reviews',
};

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

/** The header's generated values, for its one "Demo data" badge (issue 10). */
const headerDemoFieldsOf = (supplier: CatalogCompany): string[] =>
  demoFieldsOf(supplier.fieldSources, {
    rating: 'rating',
    ...(supplier.isConciergeRecommended
      ? { isConciergeRecommended: 'concierge recommendation' }
      : {}),
    ...FACT_DEMO_FIELDS,
  });

/**
 * The profile's cover band (photo or illustrations), the supplier's mark, name, place, rating
 * and key numbers, with the favourite toggle and page actions; the logo and cover are the
 * supplier's uploads when it has them.
 */
export const SupplierHeader = ({
  supplier,
  mode,
  actions,
}: {
  supplier: CatalogCompany;
  mode: ProfileMode;
  actions?: ReactNode;
}) => (
  <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
    <SupplierCover supplier={supplier} coverUrl={supplier.coverUrl} height={88} />
    <Stack gap="md" px={{ base: 'md', sm: 'lg' }} pb={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Box
          pos="relative"
          mt={-36}
          p={4}
          bg="var(--mantine-color-body)"
          style={{ borderRadius: 'var(--mantine-radius-lg)', flex: 'none' }}
        >
          <SupplierMark
            supplier={supplier}
            logoUrl={supplier.logoUrl}
            logoAlt={`${supplier.name} logo`}
            size={72}
          />
        </Box>
        <Group gap="sm" justify="flex-end" pt="sm" flex="1 1 auto">
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
            <Badge color="indigo" variant="light">
              Concierge recommended
            </Badge>
          ) : null}
          <DemoBadge fields={headerDemoFieldsOf(supplier)} />
        </Group>
      </Stack>
      <SupplierFacts supplier={supplier} withDemoBadge={false} />
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
        <ScrollableTabsList mb="lg">
          {SUPPLIER_PROFILE_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {value === 'reviews' && !isPublic
                ? `${TAB_LABELS[value]} (${supplier.reviewCount})`
                : TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </ScrollableTabsList>
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
          <SupplierReviews
            companyId={supplier.id}
            isReadOnly={isPublic}
            demoRating={supplier.fieldSources.rating === 'demo' ? supplier.rating : null}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
