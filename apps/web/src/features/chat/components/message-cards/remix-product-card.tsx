import { Text } from '@mantine/core';
import { IconArrowsShuffle } from '@tabler/icons-react';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import type { ChatSide } from '../../chat-client';
import { CardFrame } from './card-frame';

type RemixProductCardProps = {
  payload: Extract<MessagePayload, { type: 'REMIX_PRODUCT_ITEM' }>;
  side: ChatSide;
};

/** A request to remix a catalog item: which item and the changes wanted. */
export const RemixProductCard = ({ payload, side }: RemixProductCardProps) => (
  <CardFrame icon={<IconArrowsShuffle size={14} aria-hidden />} label="Remix request">
    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {payload.title || 'Catalog item'}
    </Text>
    {payload.changes ? (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {payload.changes}
      </Text>
    ) : null}
    {side === 'STORE' ? (
      <AppAnchor href={hrefs.catalogItem(payload.itemId)} size="sm">
        View the original product
      </AppAnchor>
    ) : null}
  </CardFrame>
);
