import { Badge, Breadcrumbs, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SAMPLE_STOCK_LABELS, type CatalogItem } from '@atelier/contract/catalog/item';
import { formatMoney } from '@atelier/contract/common/money';
import { REGION_NAMES } from '@atelier/contract/reference/geography';
import { CategoryPicture } from '@/components/pictures/category-picture';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import { canShowFlagEmoji } from '@/lib/flag-support';
import {
  flagPrefix,
  formatMoq,
  formatProductionTime,
  formatRating,
  formatSamplePrice,
} from '../catalog-format';
import { DemoBadge, DemoLegend, DemoMarker, demoFieldsOf } from './demo-marker';
import { FavoriteButton } from './favorite-button';
import { ItemCard } from './item-card';
import { SupplierReviewsPreview } from './supplier-reviews';

const KIND_LABELS: Partial<Record<CatalogItem['kind'], string>> = {
  PRODUCT: 'Base product',
  PACKAGING: 'Packaging',
  SERVICES: 'Service',
};

const Section = ({ title, children, id }: { title: string; children: ReactNode; id: string }) => (
  <Paper
    withBorder
    radius="md"
    p={{ base: 'md', sm: 'lg' }}
    component="section"
    aria-labelledby={id}
  >
    <Stack gap="sm">
      <Title order={2} fz="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  </Paper>
);

type CatalogItemDetailProps = {
  item: CatalogItem;
  similarItems?: readonly CatalogItem[];
  mode?: 'signed-in' | 'public';
  actions?: ReactNode;
  /** Replaces similar products and reviews on the public page. */
  signInNote?: ReactNode;
};

/** Spec §2 product detail: description, supplier capabilities, similar products, reviews. */
export const CatalogItemDetail = ({
  item,
  similarItems = [],
  mode = 'signed-in',
  actions,
  signInNote,
}: CatalogItemDetailProps) => {
  const isPublic = mode === 'public';
  const supplierHref = isPublic
    ? hrefs.previewSupplierProfile(item.company.id)
    : hrefs.supplierProfile(item.company.id);
  const facts: { key: string; label: string; value: string; badge?: string }[] = [
    { key: 'price', label: 'Unit price (at MOQ)', value: formatMoney(item.price) },
    { key: 'moq', label: 'Minimum order', value: formatMoq(item.moq) },
    {
      key: 'samplePrice',
      label: 'Sample',
      value: formatSamplePrice(item.samplePrice),
      // Spec §4 stock: the supplier has no sample to send now.
      ...(item.sampleStock === 'OUT_OF_STOCK' ? { badge: SAMPLE_STOCK_LABELS.OUT_OF_STOCK } : {}),
    },
    {
      key: 'productionTimeDays',
      label: 'Production time',
      value: formatProductionTime(item.productionTimeDays),
    },
  ];
  const companyRatingSource = item.fieldSources.companyRating;
  // Issue 10: a rating only with where it comes from (the item has no review count of its own).
  const companyRating =
    item.company.rating === null
      ? ''
      : companyRatingSource === 'reviews'
        ? ` · ★ ${formatRating(item.company.rating)} from reviews`
        : companyRatingSource === 'demo'
          ? ` · ★ ${formatRating(item.company.rating)} demo rating`
          : '';
  const demoFields = demoFieldsOf(item.fieldSources, {
    title: 'title',
    companyRating: 'supplier rating',
    ...Object.fromEntries(facts.map((fact) => [fact.key, fact.label.toLowerCase()])),
  });
  const path = [item.vertical, item.group, item.subgroup].filter(
    (name): name is string => name !== null,
  );

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Group gap="md" align="flex-start" wrap="nowrap" miw={0} flex="1 1 420px">
              <CategoryPicture
                names={[item.subgroup, item.group, item.vertical]}
                kind={item.kind}
                title={item.title}
                supplierId={item.company.id}
                imageUrl={item.imageUrl}
                label={item.subgroup ?? item.group ?? item.vertical ?? item.title}
                size={96}
              />
              <Stack gap={4} miw={0}>
                {path.length > 0 ? (
                  <Breadcrumbs separator="›" separatorMargin={4}>
                    {path.map((name) => (
                      <Text key={name} size="xs" c="dimmed">
                        {name}
                      </Text>
                    ))}
                  </Breadcrumbs>
                ) : null}
                <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
                  {item.title}
                </Title>
                <Group gap="xs">
                  {KIND_LABELS[item.kind] ? (
                    <Badge variant="light" color="gray">
                      {KIND_LABELS[item.kind]}
                    </Badge>
                  ) : null}
                  {item.isSampleKit ? <Badge variant="light">Sample kit</Badge> : null}
                  <DemoBadge fields={demoFields} />
                </Group>
                <Text size="sm">
                  by{' '}
                  <AppAnchor href={supplierHref} fw={600}>
                    {item.company.name}
                  </AppAnchor>{' '}
                  <Text span c="dimmed">
                    · {flagPrefix(item.company.countryCode, canShowFlagEmoji())}
                    {item.company.countryCode}
                    {item.company.regionCode ? ` · ${REGION_NAMES[item.company.regionCode]}` : ''}
                    {companyRating}
                  </Text>
                </Text>
              </Stack>
            </Group>
            <Group gap="sm">
              {isPublic ? null : (
                <FavoriteButton
                  target={{ type: 'ITEM', id: item.id }}
                  name={item.title}
                  isFavorite={item.isFavorite}
                  variant="button"
                />
              )}
              {actions}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            {facts.map((fact) => (
              <Stack key={fact.key} gap={2}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {fact.label}
                </Text>
                <Group gap={6}>
                  <Text fw={600}>{fact.value}</Text>
                  {fact.badge ? (
                    <Badge variant="light" color="orange">
                      {fact.badge}
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
            ))}
          </SimpleGrid>
          <DemoLegend />
        </Stack>
      </Paper>

      <Section title="Description" id="item-description">
        <Group gap={4} align="flex-start" wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {item.description}
          </Text>
          <DemoMarker source={item.fieldSources.description} label="description" />
        </Group>
      </Section>

      <Section title="Supplier capabilities" id="item-capabilities">
        {item.company.capabilities.length === 0 ? (
          <Text size="sm" c="dimmed">
            {item.company.name} lists no capabilities yet.
          </Text>
        ) : (
          <Group gap={6}>
            {item.company.capabilities.map((capability) => (
              <Badge key={capability} variant="light" color="teal" tt="none" size="lg" fw={500}>
                {capability}
              </Badge>
            ))}
          </Group>
        )}
        <AppAnchor href={supplierHref} size="sm">
          See the full profile of {item.company.name}
        </AppAnchor>
      </Section>

      {isPublic ? (
        signInNote
      ) : (
        <>
          <Section title="Similar products" id="item-similar">
            {similarItems.length === 0 ? (
              <Text size="sm" c="dimmed">
                No similar products in the same category and price band yet.
              </Text>
            ) : (
              <SimpleGrid type="container" cols={{ base: 1, '540px': 2, '860px': 3 }} spacing="md">
                {similarItems.map((similar) => (
                  <ItemCard key={similar.id} item={similar} />
                ))}
              </SimpleGrid>
            )}
          </Section>
          <Section title={`Reviews of ${item.company.name}`} id="item-reviews">
            <SupplierReviewsPreview
              companyId={item.company.id}
              demoRating={companyRatingSource === 'demo' ? item.company.rating : null}
            />
          </Section>
        </>
      )}
    </Stack>
  );
};
