import { Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { AppAnchor } from '@/components/ui/app-anchor';
import { hrefs } from '@/config/paths';
import type { ChatSide } from '../../chat-client';
import { formatUnitCount } from '../../chat-format';
import { CardFrame } from './card-frame';

type CustomProjectCardProps = {
  payload: Extract<MessagePayload, { type: 'CREATOR_CUSTOM_PROJECT' }>;
  side: ChatSide;
};

/** A store's custom project request (RFP) shared with the supplier. */
export const CustomProjectCard = ({ payload, side }: CustomProjectCardProps) => (
  <CardFrame icon={<IconClipboardList size={14} aria-hidden />} label="Custom project request">
    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {payload.title || 'Untitled project'}
    </Text>
    <Text size="sm" c="dimmed">
      {payload.quantity === null ? 'Quantity not set yet' : formatUnitCount(payload.quantity)}
    </Text>
    {side === 'STORE' ? (
      <AppAnchor href={hrefs.customProject({ rfpId: payload.projectId })} size="sm">
        Open the request
      </AppAnchor>
    ) : null}
  </CardFrame>
);
