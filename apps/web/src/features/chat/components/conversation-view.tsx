import '@mantine/dropzone/styles.css';
import { Center, Skeleton, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useDocumentVisibility } from '@mantine/hooks';
import { IconMessageOff, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { findOwnReadIndex } from '../api/chat-cache';
import {
  isConversationId,
  useConversationSummary,
  useMarkConversationRead,
} from '../api/conversation-queries';
import { useMessageHistory } from '../api/message-queries';
import type { ChatClient } from '../chat-client';
import { hasUnreadAfter, otherPartyName } from '../chat-party';
import { listHistoryMessages } from '../message-cache';
import { useIsOtherTyping } from '../realtime/use-chat-realtime';
import { useDraftAttachments } from '../use-draft-attachments';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { MessageHistory } from './message-history';

type ConversationViewProps = {
  client: ChatClient;
  conversationId: string;
  hasBackLink: boolean;
};

type OpenConversationProps = {
  client: ChatClient;
  summary: ConversationSummary;
  history: ReturnType<typeof useMessageHistory>;
  hasBackLink: boolean;
};

/**
 * Marks the conversation read up to its newest message while it is open in a visible tab, and
 * again whenever a newer message arrives.
 */
const useMarkReadWhileOpen = (
  client: ChatClient,
  summary: ConversationSummary,
  history: ReturnType<typeof useMessageHistory>,
) => {
  const isVisible = useDocumentVisibility() === 'visible';
  const { mutate: markRead } = useMarkConversationRead(client, summary.sid);
  const messages = useMemo(() => listHistoryMessages(history.data), [history.data]);
  const lastIndex = messages.at(-1)?.index;
  const knownReadIndex =
    findOwnReadIndex(client.side, summary.sid) ??
    (summary.unreadCount === 0 ? (summary.lastMessageIndex ?? -1) : -1);
  const shouldMarkRead = isVisible && hasUnreadAfter(messages, knownReadIndex);
  useEffect(() => {
    if (shouldMarkRead && lastIndex !== undefined) markRead(lastIndex);
  }, [shouldMarkRead, lastIndex, markRead]);
};

const TypingLine = ({ client, summary }: { client: ChatClient; summary: ConversationSummary }) => {
  const isTyping = useIsOtherTyping(client, summary.sid);
  return (
    <Text size="xs" c="dimmed" px="md" h={18} aria-live="polite" data-testid="typing-indicator">
      {isTyping ? `${otherPartyName(client.side, summary)} is typing…` : ''}
    </Text>
  );
};

const OpenConversation = ({ client, summary, history, hasBackLink }: OpenConversationProps) => {
  const draft = useDraftAttachments(client);
  useMarkReadWhileOpen(client, summary, history);

  return (
    <Stack gap={0} h="100%">
      <ConversationHeader client={client} summary={summary} hasBackLink={hasBackLink} />
      <MessageHistory client={client} summary={summary} history={history} />
      <TypingLine client={client} summary={summary} />
      <Composer client={client} summary={summary} draft={draft} />
      <Dropzone.FullScreen
        active
        // Only a drop target: the composer's attach button is the keyboard way to add files.
        activateOnKeyboard={false}
        inputProps={{ 'aria-hidden': true }}
        onDrop={(files) => draft.add(files)}
        onReject={(rejections) => draft.add(rejections.map((rejection) => rejection.file))}
      >
        <Center h="60vh">
          <Stack align="center" gap="xs">
            <IconUpload size={48} stroke={1.5} aria-hidden />
            <Text size="lg" fw={600}>
              Drop files to attach them
            </Text>
            <Text size="sm" c="dimmed">
              Images and PDFs up to 20 MB, for your message to{' '}
              {otherPartyName(client.side, summary)}
            </Text>
          </Stack>
        </Center>
      </Dropzone.FullScreen>
    </Stack>
  );
};

const ViewSkeleton = () => (
  <Stack gap="md" p="md" role="status" aria-label="Loading the conversation">
    <Skeleton h={40} w="50%" />
    <Skeleton h={36} w="55%" radius="lg" />
    <Skeleton h={36} w="40%" radius="lg" ml="auto" />
  </Stack>
);

/** One conversation: header, history and composer (the history loads beside the summary). */
export const ConversationView = ({
  client,
  conversationId,
  hasBackLink,
}: ConversationViewProps) => {
  const isValidId = isConversationId(conversationId);
  const { summary, isError, refetch } = useConversationSummary(client, conversationId);
  const history = useMessageHistory(client, conversationId, { enabled: isValidId });

  if (!isValidId || summary === null) {
    return (
      <Center h="100%" p="md">
        <Stack align="center" gap="sm" maw={360}>
          <IconMessageOff size={32} stroke={1.5} aria-hidden />
          <Text fw={600}>No such conversation</Text>
          <Text size="sm" c="dimmed" ta="center">
            This conversation does not exist or is not yours. Pick one from the list.
          </Text>
          <LinkButton href={client.hrefOf()} variant="light" size="xs">
            All conversations
          </LinkButton>
        </Stack>
      </Center>
    );
  }
  if (isError) {
    return (
      <Center h="100%">
        <LoadError
          message="The conversation could not be loaded."
          onRetry={() => void refetch()}
          isStacked
        />
      </Center>
    );
  }
  if (!summary) return <ViewSkeleton />;
  return (
    <OpenConversation
      client={client}
      summary={summary}
      history={history}
      hasBackLink={hasBackLink}
    />
  );
};
