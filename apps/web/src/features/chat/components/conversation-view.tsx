import { Center, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo } from 'react';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { Message } from '@atelier/contract/chat/message';
import { LinkButton } from '@/components/ui/link-button';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord } from '@/components/ui/missing-record';
import {
  isConversationId,
  useConversationSummary,
  useMarkConversationRead,
} from '../api/conversation-queries';
import { useMessageHistory } from '../api/message-queries';
import type { ChatClient } from '../chat-client';
import { hasUnreadAfter, otherPartyName } from '../chat-party';
import { listHistoryMessages } from '../message-cache';
import { useIsOtherTyping } from '../realtime/use-connection-state';
import type { ChatShareSources } from '../share-sources';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import { MessageHistory } from './message-history';

type ConversationActions = (summary: ConversationSummary) => ReactNode;

type ConversationViewProps = {
  client: ChatClient;
  shareSources?: ChatShareSources;
  /** Actions of another feature shown in the header (the route passes them in). */
  renderConversationActions?: ConversationActions | undefined;
  conversationId: string;
  hasBackLink: boolean;
};

type OpenConversationProps = {
  client: ChatClient;
  shareSources: ChatShareSources | undefined;
  renderConversationActions: ConversationActions | undefined;
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
  messages: readonly Message[],
  ownLastReadIndex: number | undefined,
) => {
  const isVisible = useDocumentVisibility() === 'visible';
  const { mutate: markRead } = useMarkConversationRead(client, summary.sid);
  const lastIndex = messages.at(-1)?.index;
  const knownReadIndex =
    ownLastReadIndex ?? (summary.unreadCount === 0 ? (summary.lastMessageIndex ?? -1) : -1);
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

// The draft (its upload progress) and the typing line live below this component, so neither
// renders the whole history again.
const OpenConversation = ({
  client,
  shareSources,
  renderConversationActions,
  summary,
  history,
  hasBackLink,
}: OpenConversationProps) => {
  const messages = useMemo(() => listHistoryMessages(history.data), [history.data]);
  useMarkReadWhileOpen(client, summary, messages, history.data?.ownLastReadIndex);

  return (
    <Stack gap={0} h="100%">
      <ConversationHeader
        client={client}
        summary={summary}
        hasBackLink={hasBackLink}
        actions={renderConversationActions?.(summary)}
      />
      <MessageHistory client={client} summary={summary} history={history} messages={messages} />
      <TypingLine client={client} summary={summary} />
      <Composer client={client} summary={summary} shareSources={shareSources} />
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
  shareSources,
  renderConversationActions,
  conversationId,
  hasBackLink,
}: ConversationViewProps) => {
  const isValidId = isConversationId(conversationId);
  const { summary, isError, refetch } = useConversationSummary(client, conversationId);
  const history = useMessageHistory(client, conversationId, { enabled: isValidId });

  if (!isValidId || summary === null) {
    return (
      <Center h="100%" p="md">
        <MissingRecord
          title="No such conversation"
          description="This conversation does not exist or is not yours. Pick one from the list."
        >
          <LinkButton href={client.hrefOf()} variant="light" size="xs">
            All conversations
          </LinkButton>
        </MissingRecord>
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
      shareSources={shareSources}
      renderConversationActions={renderConversationActions}
      summary={summary}
      history={history}
      hasBackLink={hasBackLink}
    />
  );
};
