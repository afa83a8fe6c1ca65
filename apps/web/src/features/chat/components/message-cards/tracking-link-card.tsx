import { Anchor, Text } from '@mantine/core';
import { IconExternalLink, IconTruckDelivery } from '@tabler/icons-react';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { CardFrame } from './card-frame';

type TrackingLinkCardProps = { payload: Extract<MessagePayload, { type: 'TRACKING_LINK' }> };

/** A shipment's carrier and tracking number, with the carrier's tracking page. */
export const TrackingLinkCard = ({ payload }: TrackingLinkCardProps) => (
  <CardFrame icon={<IconTruckDelivery size={14} aria-hidden />} label="Shipment tracking">
    <Text fw={600} size="sm">
      {payload.carrier}
    </Text>
    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {payload.trackingNumber}
    </Text>
    <Anchor href={payload.url} target="_blank" rel="noopener noreferrer" size="sm">
      Track shipment <IconExternalLink size={12} aria-hidden />
    </Anchor>
  </CardFrame>
);
