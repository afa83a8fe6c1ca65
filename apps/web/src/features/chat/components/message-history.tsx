import { Box, Button, Center, Divider, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import { LoadError } from '@/components/ui/load-error';
import type { useMessageHistory } from '../api/message-queries';
import { useDiscardPendingMessage, useSendMessage } from '../api/message-queries';
import type { ChatClient } from '../chat-client';
import { asSentence, formatDayLabel, isOtherDay } from '../chat-format';
import { findSeenMessageIndex, isOwnAuthor, otherPartyName } from '../chat-party';
import type { PendingMessage } from '../message-cache';
import { MessageItem, PendingMessageItem } from './message-item';

/** Closer than this to the bottom counts as "at the bottom" (new messages scroll into view). */
const AT_BOTTOM_PX = 48;
/** Closer than this to the top loads the next older page. */
const LOAD_OLDER_PX = 160;

type MessageHistoryProps = {
  client: ChatClient;
  summary: ConversationSummary;
  history: ReturnType<typeof useMessageHistory>;
  /** The history's loaded messages, oldest first. */
  messages: readonly Message[];
};

const NO_PENDING: readonly PendingMessage[] = [];

type ScrollSnapshot = {
  firstIndex?: number;
  lastIndex?: number;
  pendingCount: number;
  height: number;
};

const HistorySkeleton = () => (
  <Stack gap="md" p="md" role="status" aria-label="Loading messages">
    <Skeleton h={36} w="55%" radius="lg" />
    <Skeleton h={36} w="40%" radius="lg" ml="auto" />
    <Skeleton h={56} w="60%" radius="lg" />
    <Skeleton h={36} w="35%" radius="lg" ml="auto" />
  </Stack>
);

/**
 * The conversation's history, oldest at the top. Scrolling near the top loads older pages and
 * keeps the reading position; new messages scroll into view when the reader is at the bottom
 * (or sent them), else a "New messages" button appears.
 */
export const MessageHistory = ({ client, summary, history, messages }: MessageHistoryProps) => {
  const conversationId = summary.sid;
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const isAtBottomRef = useRef(true);
  const snapshotRef = useRef<ScrollSnapshot | null>(null);
  const [hasNewBelow, setHasNewBelow] = useState(false);
  const pending = history.data?.pending ?? NO_PENDING;
  const send = useSendMessage(client, conversationId);
  const discard = useDiscardPendingMessage(client, conversationId);
  const seenIndex = findSeenMessageIndex(client.side, messages, summary.otherLastReadIndex);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const canLoadOlder = hasNextPage && !isFetchingNextPage;

  const scrollToBottom = () => {
    const viewport = viewportRef.current;
    if (viewport) viewport.scrollTop = viewport.scrollHeight;
    isAtBottomRef.current = true;
    setHasNewBelow(false);
  };

  // Runs before paint, so a prepended page never shows at the wrong scroll position.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const previous = snapshotRef.current;
    const firstIndex = messages[0]?.index;
    const lastIndex = messages.at(-1)?.index;
    if (!previous || previous.lastIndex === undefined) {
      viewport.scrollTop = viewport.scrollHeight;
    } else if (firstIndex !== previous.firstIndex && lastIndex === previous.lastIndex) {
      viewport.scrollTop += viewport.scrollHeight - previous.height;
    } else if (lastIndex !== previous.lastIndex || pending.length > previous.pendingCount) {
      const last = messages.at(-1);
      const isOwnNew =
        pending.length > previous.pendingCount || (last && isOwnAuthor(client.side, last.author));
      if (isAtBottomRef.current || isOwnNew) viewport.scrollTop = viewport.scrollHeight;
      else setHasNewBelow(true);
    }
    snapshotRef.current = {
      firstIndex,
      lastIndex,
      pendingCount: pending.length,
      height: viewport.scrollHeight,
    };
  }, [messages, pending.length, client.side]);

  // Images load after the text: stay at the bottom while their height arrives.
  useEffect(() => {
    const content = contentRef.current;
    const viewport = viewportRef.current;
    if (!content || !viewport) return undefined;
    const observer = new ResizeObserver(() => {
      if (isAtBottomRef.current) viewport.scrollTop = viewport.scrollHeight;
      if (snapshotRef.current) snapshotRef.current.height = viewport.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [history.isPending]);

  // A first page too short to scroll cannot be scrolled up: load older pages until it can.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (viewport && canLoadOlder && viewport.scrollHeight <= viewport.clientHeight) {
      void fetchNextPage();
    }
  }, [canLoadOlder, fetchNextPage, messages.length]);

  const handleScroll = () => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const fromBottom = viewport.scrollHeight - viewport.scrollTop - viewport.clientHeight;
    isAtBottomRef.current = fromBottom < AT_BOTTOM_PX;
    if (isAtBottomRef.current && hasNewBelow) setHasNewBelow(false);
    if (viewport.scrollTop < LOAD_OLDER_PX && canLoadOlder) void fetchNextPage();
  };

  if (history.isPending) return <HistorySkeleton />;
  if (history.isError) {
    return (
      <Center flex={1} p="md">
        <LoadError
          message="The messages could not be loaded."
          onRetry={() => void history.refetch()}
          isStacked
        />
      </Center>
    );
  }

  return (
    <Box pos="relative" flex={1} mih={0}>
      <Box
        ref={viewportRef}
        onScroll={handleScroll}
        h="100%"
        style={{ overflowY: 'auto', overflowAnchor: 'none' }}
        data-testid="message-history"
      >
        <Stack ref={contentRef} gap="sm" p="md" role="log" aria-label="Messages" aria-live="polite">
          {hasNextPage ? (
            <Center>
              {isFetchingNextPage ? (
                <Loader size="sm" aria-label="Loading older messages" />
              ) : (
                <Button size="compact-xs" variant="subtle" onClick={() => void fetchNextPage()}>
                  Load older messages
                </Button>
              )}
            </Center>
          ) : messages.length > 0 ? (
            <Text size="xs" c="dimmed" ta="center">
              {asSentence(
                `This is the start of your conversation with ${otherPartyName(client.side, summary)}`,
              )}
            </Text>
          ) : null}
          {messages.length === 0 && pending.length === 0 ? (
            <Center py="xl">
              <Text size="sm" c="dimmed" ta="center" maw={360}>
                {client.side === 'STORE'
                  ? `No messages yet. Say hello to ${otherPartyName(client.side, summary)}: ask about samples, minimum order quantities or lead times.`
                  : asSentence(
                      `No messages yet. Say hello to ${otherPartyName(client.side, summary)}`,
                    )}
              </Text>
            </Center>
          ) : null}
          {messages.map((message, position) => {
            const previous = messages[position - 1];
            const isNewDay = !previous || isOtherDay(previous.createdAt, message.createdAt);
            const isOwn = isOwnAuthor(client.side, message.author);
            return (
              <Fragment key={message.index}>
                {isNewDay ? (
                  <Divider label={formatDayLabel(message.createdAt)} labelPosition="center" />
                ) : null}
                <MessageItem
                  client={client}
                  message={message}
                  isOwn={isOwn}
                  showAuthor={!isOwn && (isNewDay || previous?.author !== message.author)}
                  isSeen={seenIndex === message.index}
                />
              </Fragment>
            );
          })}
          {pending.map((item) => (
            <PendingMessageItem
              key={item.clientMessageId}
              client={client}
              pending={item}
              onRetry={() =>
                send(item.input, {
                  fileNames: item.fileNames,
                  clientMessageId: item.clientMessageId,
                })
              }
              onDiscard={() => discard(item.clientMessageId)}
            />
          ))}
        </Stack>
      </Box>
      {hasNewBelow ? (
        <Button
          size="compact-sm"
          radius="xl"
          leftSection={<IconArrowDown size={14} />}
          pos="absolute"
          bottom={12}
          left="50%"
          style={{ transform: 'translateX(-50%)' }}
          onClick={scrollToBottom}
        >
          New messages
        </Button>
      ) : null}
    </Box>
  );
};
