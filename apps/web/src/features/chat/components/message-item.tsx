import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFile } from '@tabler/icons-react';
import { memo } from 'react';
import type { Message, MessagePayload } from '@atelier/contract/chat/message';
import type { ChatClient } from '../chat-client';
import { formatMessageTime } from '../chat-format';
import type { PendingMessage } from '../message-cache';
import { AttachmentList } from './message-cards/attachment-list';
import { MessageCard } from './message-cards/message-card';
import { TextBubble } from './message-cards/text-bubble';

const MESSAGE_MAX_WIDTH = 'min(80%, 520px)';

type MessageContentProps = {
  client: ChatClient;
  conversationId: string;
  payload: MessagePayload;
  body: string;
  authorName: string;
  index: number | null;
  isOwn: boolean;
};

/** Text, typed card and nothing else: what every message shows, stored or still sending. */
const MessageContent = ({ payload, body, isOwn, ...rest }: MessageContentProps) => (
  <>
    {body.trim() && payload.type !== 'AI' ? <TextBubble body={body} isOwn={isOwn} /> : null}
    <MessageCard payload={payload} body={body} isOwn={isOwn} {...rest} />
  </>
);

type MessageItemProps = {
  client: ChatClient;
  message: Message;
  isOwn: boolean;
  /** The author's name above the first of a run of the other side's messages. */
  showAuthor: boolean;
  /** Read receipt under the viewer's last message. */
  isSeen: boolean;
};

/**
 * One stored message: own messages on the right, the other side's on the left. Memoised: the
 * cache keeps a message's object while it is unchanged, so a new message, a pending one or a
 * read receipt renders only the items it changes, not the whole history.
 */
export const MessageItem = memo(function MessageItem({
  client,
  message,
  isOwn,
  showAuthor,
  isSeen,
}: MessageItemProps) {
  return (
    <Stack
      gap={4}
      align={isOwn ? 'flex-end' : 'flex-start'}
      maw={MESSAGE_MAX_WIDTH}
      ml={isOwn ? 'auto' : undefined}
      data-message-index={message.index}
      data-own={isOwn || undefined}
    >
      {showAuthor ? (
        <Text size="xs" c="dimmed" fw={500}>
          {message.authorName}
        </Text>
      ) : null}
      <MessageContent
        client={client}
        conversationId={message.conversationId}
        payload={message.payload}
        body={message.body}
        authorName={message.authorName}
        index={message.index}
        isOwn={isOwn}
      />
      <AttachmentList client={client} attachments={message.attachments} isOwn={isOwn} />
      <Text size="xs" c="dimmed">
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        {isSeen ? ' · Seen' : null}
      </Text>
    </Stack>
  );
});

type PendingMessageItemProps = {
  client: ChatClient;
  pending: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
};

/** An own message still on its way: "Sending…", or the reason it failed with a retry. */
export const PendingMessageItem = ({
  client,
  pending,
  onRetry,
  onDiscard,
}: PendingMessageItemProps) => (
  <Stack
    gap={4}
    align="flex-end"
    maw={MESSAGE_MAX_WIDTH}
    ml="auto"
    opacity={pending.status === 'sending' ? 0.65 : 1}
    data-testid="pending-message"
  >
    <MessageContent
      client={client}
      conversationId={pending.conversationId}
      payload={pending.input.payload}
      body={pending.input.body}
      authorName=""
      index={null}
      isOwn
    />
    {pending.fileNames.map((name) => (
      <Group key={name} gap={4} wrap="nowrap">
        <IconFile size={14} aria-hidden />
        <Text size="xs" truncate maw={240}>
          {name}
        </Text>
      </Group>
    ))}
    {pending.status === 'sending' ? (
      <Text size="xs" c="dimmed" role="status">
        Sending…
      </Text>
    ) : (
      <Group gap={4} justify="flex-end" role="alert">
        <IconAlertCircle size={14} color="var(--mantine-color-red-6)" aria-hidden />
        <Text size="xs" c="red">
          Not sent: {pending.error}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onRetry}>
          Retry
        </Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    )}
  </Stack>
);
