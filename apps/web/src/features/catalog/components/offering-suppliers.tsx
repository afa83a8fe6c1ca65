import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { SupplierOffering } from '@atelier/contract/catalog/supplier';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { paths } from '@/config/paths';
import { useSupplierCount, useSupplierSearch } from '../api/supplier-queries';
import { formatUnits } from '../catalog-format';
import { DemoLegend } from './demo-marker';
import { SupplierCard } from './supplier-card';

const SHOWN = 12;
const GRID_COLS = { base: 1, '540px': 2, '860px': 3 };

type OfferingSuppliersProps = {
  /** The offering of the tab; none lists every supplier. */
  offering?: SupplierOffering;
  /** "products", "packaging suppliers"… for the count line. */
  noun: string;
};

/** The featured suppliers of one sourcing-home tab, with a way into the full marketplace. */
export const OfferingSuppliers = ({ offering, noun }: OfferingSuppliersProps) => {
  const suppliers = useSupplierSearch({ offering, size: SHOWN });
  const count = useSupplierCount({ offering });
  const navigateTo = useHrefNavigation();
  const browseHref = paths.browseSuppliers;
  const items = suppliers.data?.pages[0]?.items ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text c="dimmed" size="sm" data-testid="offering-count">
          {count.data ? `${formatUnits(count.data.count)} ${noun}` : ' '}
        </Text>
        <Button
          component="a"
          href={browseHref}
          onClick={navigateTo(browseHref)}
          variant="light"
          rightSection={<IconArrowRight size={16} />}
        >
          Browse all
        </Button>
      </Group>
      {suppliers.isPending ? (
        <SimpleGrid
          type="container"
          cols={GRID_COLS}
          spacing="md"
          role="status"
          aria-label="Loading suppliers"
        >
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} h={190} radius="md" />
          ))}
        </SimpleGrid>
      ) : suppliers.isError ? (
        <Text c="red">The suppliers could not be loaded.</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">No {noun} yet.</Text>
      ) : (
        <SimpleGrid
          type="container"
          cols={GRID_COLS}
          spacing="md"
          role="list"
          aria-label="Featured suppliers"
        >
          {items.map((supplier) => (
            <div key={supplier.id} role="listitem">
              <SupplierCard supplier={supplier} />
            </div>
          ))}
        </SimpleGrid>
      )}
      <DemoLegend />
    </Stack>
  );
};
