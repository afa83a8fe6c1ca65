import { Group, Stack, Text } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { formatMoney } from '@atelier/contract/common/money';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { specificArtOf } from '@/components/pictures/category-art';
import { CategoryPicture } from '@/components/pictures/category-picture';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import type { ChatSide } from '../../chat-client';
import { CardFrame } from './card-frame';

type CatalogItemCardProps = {
  payload: Extract<MessagePayload, { type: 'CATALOG_ITEM' }>;
  side: ChatSide;
};

/**
 * A catalog item shared in the conversation: a picture of what its title names (the message
 * carries no category), title, unit price and (for the store) a link.
 */
export const CatalogItemCard = ({ payload, side }: CatalogItemCardProps) => (
  <CardFrame icon={<IconTag size={14} aria-hidden />} label="Catalog item">
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <CategoryPicture
        names={[]}
        art={specificArtOf([payload.title]) ?? undefined}
        label={payload.title || 'Catalog item'}
        size={48}
      />
      <Stack gap={2} miw={0}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {payload.title || 'Catalog item'}
        </Text>
        {payload.price ? (
          <Text size="sm" c="dimmed">
            {formatMoney(payload.price)} per unit
          </Text>
        ) : null}
        {side === 'STORE' ? (
          <AppAnchor href={hrefs.catalogItem(payload.itemId)} size="sm">
            View product
          </AppAnchor>
        ) : null}
      </Stack>
    </Group>
  </CardFrame>
);
