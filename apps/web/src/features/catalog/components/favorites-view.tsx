import {
  Button,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AppAnchor } from '@/components/ui/app-anchor';
import { paths } from '@/config/paths';
import { useFavorites, useToggleFavorite } from '../api/favorite-queries';
import { DemoLegend } from './demo-marker';
import { ItemCard } from './item-card';
import { SupplierCard } from './supplier-card';

const GRID_COLS = { base: 1, '540px': 2, '860px': 3 };

const RemoveButton = ({
  type,
  id,
  name,
}: {
  type: 'COMPANY' | 'ITEM';
  id: string;
  name: string;
}) => {
  const toggle = useToggleFavorite();
  return (
    <Group justify="flex-end">
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        onClick={() => toggle.mutate({ type, id, isFavorite: false })}
        aria-label={`Remove ${name} from favorites`}
      >
        Remove
      </Button>
    </Group>
  );
};

const FavoriteSection = ({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) => (
  <Stack gap="sm" component="section" aria-label={title}>
    <Title order={2} fz="h4">
      {title}{' '}
      {count > 0 ? (
        <Text span c="dimmed" fz="md">
          ({count})
        </Text>
      ) : null}
    </Title>
    {count === 0 ? (
      <Paper withBorder radius="md" p="lg">
        <EmptyState
          icon={<IconHeart size={24} stroke={1.5} />}
          variant="light"
          title={empty}
          description="Tap the heart on a supplier or product to keep it here."
        >
          <AppAnchor href={paths.browseSuppliers}>Browse suppliers</AppAnchor>
        </EmptyState>
      </Paper>
    ) : (
      <SimpleGrid type="container" cols={GRID_COLS} spacing="md">
        {children}
      </SimpleGrid>
    )}
  </Stack>
);

/** The store's favourite suppliers and items (spec §2 /favorites). */
export const FavoritesView = () => {
  const favorites = useFavorites();
  if (favorites.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Loading favorites">
        <Skeleton h={28} w={200} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={180} />
          <Skeleton h={180} />
        </SimpleGrid>
      </Stack>
    );
  }
  if (favorites.isError) {
    return (
      <Text c="red">
        Your favorites could not be loaded.{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void favorites.refetch()}>
          Try again
        </Button>
      </Text>
    );
  }
  // A removed favourite leaves at once (the optimistic flag), before the list reloads.
  const suppliers = favorites.data.companies.filter((supplier) => supplier.isFavorite);
  const items = favorites.data.items.filter((item) => item.isFavorite);
  return (
    <Stack gap="xl">
      <FavoriteSection title="Suppliers" count={suppliers.length} empty="No favorite suppliers yet">
        {suppliers.map((supplier) => (
          <SupplierCard
            key={supplier.id}
            supplier={supplier}
            actions={<RemoveButton type="COMPANY" id={supplier.id} name={supplier.name} />}
          />
        ))}
      </FavoriteSection>
      <FavoriteSection title="Products" count={items.length} empty="No favorite products yet">
        {items.map((item) => (
          <ItemCard
            key={item.id}
            item={item}
            actions={<RemoveButton type="ITEM" id={item.id} name={item.title} />}
          />
        ))}
      </FavoriteSection>
      {suppliers.length + items.length > 0 ? <DemoLegend /> : null}
    </Stack>
  );
};
