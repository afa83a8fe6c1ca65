import { Button, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { formatMeetingTime } from '../../chat-format';
import { CardFrame } from './card-frame';

type ZoomMeetingCardProps = { payload: Extract<MessagePayload, { type: 'ZOOM_MEETING' }> };

/** A booked video meeting: its time and the join link. */
export const ZoomMeetingCard = ({ payload }: ZoomMeetingCardProps) => (
  <CardFrame icon={<IconVideo size={14} aria-hidden />} label="Video meeting">
    <Text fw={600} size="sm">
      {formatMeetingTime(payload.startsAt)}
    </Text>
    <Button
      component="a"
      href={payload.joinUrl}
      target="_blank"
      rel="noopener noreferrer"
      size="xs"
      leftSection={<IconVideo size={14} aria-hidden />}
    >
      Join meeting
    </Button>
  </CardFrame>
);
