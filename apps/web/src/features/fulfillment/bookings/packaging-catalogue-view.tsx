import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import { formatMoney } from '@atelier/contract/common/money';
import {
  PACKAGING_CATEGORIES,
  PACKAGING_CATEGORY_LABELS,
  type PackagingItem,
} from '@atelier/contract/fulfillment/bookings';
import { MissingRecord } from '@/components/ui/missing-record';
import { isApiError } from '@/lib/api-error';
import { usePackagingCatalogue, useSetDefaultPackaging } from './booking-queries';

const sizeOf = (item: PackagingItem) =>
  item.heightIn > 0
    ? `${item.lengthIn} × ${item.widthIn} × ${item.heightIn} in`
    : `${item.lengthIn} × ${item.widthIn} in`;

type PackagingCatalogueViewProps = {
  category: string;
  /** Opens another category's page (/order-packaging/{packagingCategory}). */
  onCategoryChange: (category: string) => void;
};

/**
 * Spec §2 /order-packaging/{packagingCategory} (issue 15): the packaging the fulfillment center
 * offers in a category, with sizes and price per unit; the store picks its default.
 */
export const PackagingCatalogueView = ({
  category,
  onCategoryChange,
}: PackagingCatalogueViewProps) => {
  const catalogue = usePackagingCatalogue(category);
  const setDefault = useSetDefaultPackaging(category);
  const [error, setError] = useState<string | null>(null);
  const isKnown = (PACKAGING_CATEGORIES as readonly string[]).includes(category);

  const tabs = (
    <Tabs value={isKnown ? category : null} onChange={(next) => next && onCategoryChange(next)}>
      <Tabs.List>
        {PACKAGING_CATEGORIES.map((one) => (
          <Tabs.Tab key={one} value={one}>
            {PACKAGING_CATEGORY_LABELS[one]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
  if (!isKnown || (isApiError(catalogue.error) && catalogue.error.code === 'not_found')) {
    return (
      <Stack gap="md">
        {tabs}
        <MissingRecord
          title="No packaging of this kind"
          description="The fulfillment center offers poly mailers, padded mailers, shipping boxes, tissue paper, and inserts. Choose one of them above."
        />
      </Stack>
    );
  }
  const data = catalogue.data;
  return (
    <Stack gap="md">
      {tabs}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {catalogue.isError ? (
        <Alert color="red" title="The packaging could not be loaded">
          <Group gap="sm">
            <Text size="sm">Check the connection and try again.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void catalogue.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} aria-busy="true" aria-label="Loading">
          {[0, 1, 2].map((one) => (
            <Skeleton key={one} height={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : data.items.length === 0 ? (
        <MissingRecord
          title="Nothing in this category yet"
          description="The fulfillment center has no packaging of this kind in stock."
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {data.defaultPackagingId
              ? 'Orders are packed in your default unless a fulfillment rule chooses other packaging.'
              : 'No default yet: the center packs in what fits best.'}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {data.items.map((item) => {
              const isDefault = item.id === data.defaultPackagingId;
              return (
                <Card
                  key={item.id}
                  withBorder
                  padding="lg"
                  data-testid={`packaging-${item.id}`}
                  aria-label={item.name}
                >
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Text fw={600}>{item.name}</Text>
                    {isDefault ? (
                      <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
                        Default
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed" mt={4}>
                    {item.description}
                  </Text>
                  <Group justify="space-between" mt="md">
                    <div>
                      <Text size="sm">{sizeOf(item)}</Text>
                      <Text size="sm" fw={500}>
                        {formatMoney(item.unitPrice)} per unit
                      </Text>
                    </div>
                    {isDefault ? null : (
                      <Button
                        size="compact-sm"
                        variant="light"
                        aria-label={`Use ${item.name} as default`}
                        loading={setDefault.isPending && setDefault.variables === item.id}
                        disabled={setDefault.isPending}
                        onClick={() => {
                          setError(null);
                          setDefault.mutate(item.id, {
                            onSuccess: () =>
                              notifications.show({
                                color: 'green',
                                message: `${item.name} is your default ${PACKAGING_CATEGORY_LABELS[data.category].toLowerCase()}.`,
                              }),
                            onError: (failure) =>
                              setError(
                                isApiError(failure) ? failure.message : ERROR_MESSAGES.generic,
                              ),
                          });
                        }}
                      >
                        Use as default
                      </Button>
                    )}
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
};
