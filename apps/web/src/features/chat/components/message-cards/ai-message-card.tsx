import { Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { MessagePayload } from '@atelier/contract/chat/message';
import { CardFrame } from './card-frame';

type AiMessageCardProps = { payload: Extract<MessagePayload, { type: 'AI' }>; body: string };

/** A message written by an AI assistant, marked as such. */
export const AiMessageCard = ({ payload, body }: AiMessageCardProps) => (
  <CardFrame
    icon={<IconSparkles size={14} aria-hidden />}
    label={payload.model ? `AI assistant · ${payload.model}` : 'AI assistant'}
  >
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {body || 'The assistant sent an empty answer.'}
    </Text>
  </CardFrame>
);
