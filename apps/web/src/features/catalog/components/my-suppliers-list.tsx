import { Alert, Badge, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AppAnchor } from '@/components/ui/app-anchor';
import { paths } from '@/config/paths';
import { useMySuppliers } from '../api/favorite-queries';
import { SupplierCard } from './supplier-card';

const RELATION_LABELS = { FAVORITED: 'Favorited', MESSAGED: 'Messaged', ORDERED: 'Ordered' };

/** Spec §7 /web/stores/me/suppliers: the suppliers the store works with. */
export const MySuppliersList = () => {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const suppliers = useMySuppliers(debounced);

  return (
    <Stack gap="md">
      <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />}>
        The suppliers you favorite or exchange messages with are listed here.
      </Alert>
      <TextInput
        maw={360}
        placeholder="Search your suppliers"
        aria-label="Search your suppliers"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {suppliers.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} role="status" aria-label="Loading your suppliers">
          <Skeleton h={180} />
          <Skeleton h={180} />
        </SimpleGrid>
      ) : suppliers.isError ? (
        <Text c="red">Your suppliers could not be loaded.</Text>
      ) : suppliers.data.items.length === 0 ? (
        <Text c="dimmed">
          {debounced
            ? 'None of your suppliers match that search.'
            : 'No suppliers yet. Favorite or message suppliers while you '}
          {debounced ? null : (
            <AppAnchor href={paths.browseSuppliers}>browse the marketplace</AppAnchor>
          )}
          {debounced ? null : '.'}
        </Text>
      ) : (
        <SimpleGrid type="container" cols={{ base: 1, '540px': 2, '860px': 3 }} spacing="md">
          {suppliers.data.items.map((supplier) => (
            <SupplierCard
              key={supplier.id}
              supplier={supplier}
              actions={
                <Group gap={4}>
                  {supplier.relations.map((relation) => (
                    <Badge key={relation} size="xs" variant="outline">
                      {RELATION_LABELS[relation]}
                    </Badge>
                  ))}
                </Group>
              }
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};
