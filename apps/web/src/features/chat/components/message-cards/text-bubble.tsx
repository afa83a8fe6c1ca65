import { Paper, Text } from '@mantine/core';

type TextBubbleProps = { body: string; isOwn: boolean };

/** A TEXT message's words: own messages in the brand colour, the other side's in grey. */
export const TextBubble = ({ body, isOwn }: TextBubbleProps) => (
  <Paper
    px="sm"
    py={6}
    radius="lg"
    maw="100%"
    bg={isOwn ? 'indigo.6' : 'var(--mantine-color-default-hover)'}
    c={isOwn ? 'white' : undefined}
  >
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {body}
    </Text>
  </Paper>
);
