import { Card, Group, Image, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import { formatMoney } from '@atelier/contract/common/money';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import { canShowFlagEmoji } from '@/lib/flag-support';
import { flagPrefix, formatMoq } from '../catalog-format';
import { CategoryIcon } from './category-icon';
import { DemoMarker } from './demo-marker';
import { FavoriteButton } from './favorite-button';

type ItemCardProps = {
  item: CatalogItem;
  /** `public` links to the preview pages and has no favourite toggle. */
  mode?: 'signed-in' | 'public';
  /** Leave out the "by supplier" line (on the supplier's own page). */
  withSupplier?: boolean;
  actions?: ReactNode;
};

export const ItemCard = ({
  item,
  mode = 'signed-in',
  withSupplier = true,
  actions,
}: ItemCardProps) => {
  const isPublic = mode === 'public';
  const itemHref = isPublic ? hrefs.previewCatalogItem(item.id) : hrefs.catalogItem(item.id);
  const supplierHref = isPublic
    ? hrefs.previewSupplierProfile(item.company.id)
    : hrefs.supplierProfile(item.company.id);
  const category = [item.subgroup, item.group].filter(Boolean).join(' · ') || item.vertical;
  return (
    <Card withBorder radius="md" padding="md" data-testid="item-card" h="100%">
      <Stack gap="sm" h="100%">
        <Group align="flex-start" wrap="nowrap" gap="sm" justify="space-between">
          <Group align="flex-start" wrap="nowrap" gap="sm" miw={0}>
            {item.imageUrl ? (
              // Issue 10: the photo the supplier uploaded for its item.
              <Image src={item.imageUrl} alt="" w={48} h={48} radius="md" fit="cover" />
            ) : (
              <CategoryIcon
                subgroup={item.subgroup}
                group={item.group}
                vertical={item.vertical}
                kind={item.kind}
                size={48}
              />
            )}
            <Stack gap={2} miw={0}>
              <AppAnchor href={itemHref} fw={600} c="dark" lineClamp={2} lh={1.3}>
                {item.title}
              </AppAnchor>
              {category ? (
                <Text size="xs" c="dimmed" truncate>
                  {category}
                </Text>
              ) : null}
            </Stack>
          </Group>
          {isPublic ? null : (
            <FavoriteButton
              target={{ type: 'ITEM', id: item.id }}
              name={item.title}
              isFavorite={item.isFavorite}
            />
          )}
        </Group>
        {withSupplier ? (
          <Text size="sm" c="dimmed" truncate>
            by{' '}
            <AppAnchor href={supplierHref} size="sm">
              {item.company.name}
            </AppAnchor>{' '}
            <Text span size="sm" c="dimmed">
              · {flagPrefix(item.company.countryCode, canShowFlagEmoji())}
              {item.company.countryCode}
            </Text>
          </Text>
        ) : null}
        <Group gap="lg" mt="auto" wrap="nowrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Unit price
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={600}>
                {formatMoney(item.price)}
              </Text>
              <DemoMarker source={item.fieldSources.price} />
            </Group>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              MOQ
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={500}>
                {formatMoq(item.moq)}
              </Text>
              <DemoMarker source={item.fieldSources.moq} />
            </Group>
          </Stack>
        </Group>
        {actions}
      </Stack>
    </Card>
  );
};
