import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CatalogCompany, SupplierOffering } from '@atelier/contract/catalog/supplier';
import { formatMoq, formatProductionTime, formatSamplePrice, formatUnits } from '../catalog-format';
import { DemoMarker } from './demo-marker';

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

/** The numbers buyers compare suppliers by, each marked when it is a demo value. */
export const SupplierFacts = ({ supplier }: { supplier: CatalogCompany }) => (
  <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" data-testid="supplier-facts">
    {factsOf(supplier).map((fact) => (
      <Stack key={fact.key} gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {fact.label}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Text fw={600}>{fact.value}</Text>
          <DemoMarker source={supplier.fieldSources[fact.key]} />
        </Group>
      </Stack>
    ))}
  </SimpleGrid>
);

export const OfferingBadges = ({ supplier }: { supplier: CatalogCompany }) => (
  <Group gap={6}>
    {supplier.offerings.map((offering) => (
      <Badge key={offering} variant="light" color="gray">
        {OFFERING_LABELS[offering]}
      </Badge>
    ))}
    <DemoMarker source={supplier.fieldSources.offerings} />
  </Group>
);
