import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CatalogCompany, SupplierOffering } from '@atelier/contract/catalog/supplier';
import { formatMoq, formatProductionTime, formatSamplePrice, formatUnits } from '../catalog-format';
import { DemoBadge, DemoMarker, demoFieldsOf } from './demo-marker';

export const OFFERING_LABELS: Record<SupplierOffering, string> = {
  PRODUCT: 'Products',
  PACKAGING: 'Ecommerce packaging',
  SERVICES: 'Business & creative services',
  WEBSITE: 'Website development',
};

type Fact = { key: string; label: string; value: string };

const factsOf = (supplier: CatalogCompany): Fact[] => [
  { key: 'moq', label: 'Minimum order', value: formatMoq(supplier.moq) },
  { key: 'samplePrice', label: 'Sample price', value: formatSamplePrice(supplier.samplePrice) },
  {
    key: 'productionTimeDays',
    label: 'Production time',
    value: formatProductionTime(supplier.productionTimeDays),
  },
  {
    key: 'orderVolume',
    label: 'Typical order',
    value: `${formatUnits(supplier.orderVolume)} units`,
  },
  { key: 'orderCount', label: 'Orders completed', value: formatUnits(supplier.orderCount) },
];

/** Names of the facts in a demo badge's tooltip, by field source key. */
export const FACT_DEMO_FIELDS: Record<string, string> = {
  moq: 'minimum order',
  samplePrice: 'sample price',
  productionTimeDays: 'production time',
  orderVolume: 'typical order',
  orderCount: 'orders completed',
};

/**
 * The numbers buyers compare suppliers by. Their section's "Demo data" badge (issue 10) names the
 * generated ones; pass `withDemoBadge={false}` where the surrounding section has its own badge.
 */
export const SupplierFacts = ({
  supplier,
  withDemoBadge = true,
}: {
  supplier: CatalogCompany;
  withDemoBadge?: boolean;
}) => {
  const demoFields = withDemoBadge ? demoFieldsOf(supplier.fieldSources, FACT_DEMO_FIELDS) : [];
  return (
    <Stack gap="xs">
      {demoFields.length > 0 ? (
        <Group justify="flex-end">
          <DemoBadge fields={demoFields} />
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" data-testid="supplier-facts">
        {factsOf(supplier).map((fact) => (
          <Stack key={fact.key} gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {fact.label}
            </Text>
            <Text fw={600}>{fact.value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
};

export const OfferingBadges = ({ supplier }: { supplier: CatalogCompany }) => (
  <Group gap={6}>
    {supplier.offerings.map((offering) => (
      <Badge key={offering} variant="light" color="gray">
        {OFFERING_LABELS[offering]}
      </Badge>
    ))}
    <DemoMarker source={supplier.fieldSources.offerings} label="offerings" />
  </Group>
);
