import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { MeetingResponseInput, SendMessageInput } from '@atelier/contract/chat/conversation';
import { isApiError } from '@/lib/api-error';
import type { ChatClient, ChatSide } from '../chat-client';
import {
  failPendingMessage,
  insertMessagesIntoHistory,
  type MessageHistory,
  type MessagePage,
  type PendingMessage,
  putPendingMessage,
  removePendingMessage,
  shareHistory,
} from '../message-cache';
import { applyMessages, applyOwnRead } from './chat-cache';
import { chatKeys } from './chat-keys';

/**
 * Spec §9 history in pages of 10: the newest page first, older pages on demand (`beforeIndex`).
 * Live events and `chat:sync` keep it current, so it is never stale on its own.
 */
export const messageHistoryQueryOptions = (client: ChatClient, conversationId: string) =>
  infiniteQueryOptions<
    MessagePage,
    Error,
    MessageHistory,
    ReturnType<typeof chatKeys.messages>,
    number | undefined
  >({
    queryKey: chatKeys.messages(client.side, conversationId),
    queryFn: ({ pageParam, signal }): Promise<MessagePage> =>
      client.callApi(client.endpoints.listMessages, {
        params: { id: conversationId },
        query: { beforeIndex: pageParam },
        signal,
        // The screen says what failed; a conversation that is not the viewer's is a 404.
        shouldToastError: false,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (olderPage) => (olderPage.hasOlder ? olderPage.items[0]?.index : undefined),
    staleTime: Infinity,
    structuralSharing: shareHistory,
  });

export const useMessageHistory = (
  client: ChatClient,
  conversationId: string,
  options: { enabled?: boolean } = {},
) =>
  useInfiniteQuery({
    ...messageHistoryQueryOptions(client, conversationId),
    enabled: options.enabled ?? true,
  });

const newClientMessageId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

type SendOptions = { fileNames?: string[]; clientMessageId?: string };

const updateHistory = (
  queryClient: QueryClient,
  side: ChatSide,
  conversationId: string,
  change: (history: MessageHistory | undefined) => MessageHistory | undefined,
) => queryClient.setQueryData<MessageHistory>(chatKeys.messages(side, conversationId), change);

/**
 * Sends a message optimistically: it shows at once as pending in the cached history, becomes the
 * stored message on success (or when its stored copy arrives live first), and on failure turns
 * into a failed copy with a retry rather than vanishing. A retry passes the message's
 * clientMessageId again, so a message that did reach the server is not stored twice.
 */
export const useSendMessage = (client: ChatClient, conversationId: string) => {
  const queryClient = useQueryClient();
  const { side } = client;
  const { mutate } = useMutation({
    mutationKey: [...chatKeys.messages(side, conversationId), 'send'],
    mutationFn: (pending: PendingMessage) =>
      client.callApi(client.endpoints.sendMessage, {
        params: { id: conversationId },
        body: pending.input,
        shouldToastError: false,
      }),
    onMutate: (pending) =>
      updateHistory(queryClient, side, conversationId, (history) =>
        putPendingMessage(history, pending),
      ),
    onSuccess: (message, pending) => {
      // One update, so the message never shows twice or not at all.
      updateHistory(queryClient, side, conversationId, (history) =>
        removePendingMessage(
          insertMessagesIntoHistory(history, [message]),
          pending.clientMessageId,
        ),
      );
      // The server moves the sender's read marker to its own message.
      applyOwnRead(queryClient, side, conversationId, message.index);
    },
    onError: (error, pending) =>
      updateHistory(queryClient, side, conversationId, (history) =>
        failPendingMessage(
          history,
          pending.clientMessageId,
          isApiError(error) ? error.message : 'The message could not be sent.',
        ),
      ),
  });

  return (input: SendMessageInput, { fileNames = [], clientMessageId }: SendOptions = {}) => {
    const id = clientMessageId ?? newClientMessageId();
    mutate({
      clientMessageId: id,
      conversationId,
      input: { ...input, clientMessageId: id },
      fileNames,
      createdAt: new Date().toISOString(),
      status: 'sending',
      error: null,
    });
  };
};

/** Drops a failed message the user gave up on. */
export const useDiscardPendingMessage = (client: ChatClient, conversationId: string) => {
  const queryClient = useQueryClient();
  return (clientMessageId: string) =>
    updateHistory(queryClient, client.side, conversationId, (history) =>
      removePendingMessage(history, clientMessageId),
    );
};

/** Accepts one proposed time of the other party's meeting request, or declines it. */
export const useAnswerMeetingRequest = (client: ChatClient, conversationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ index, answer }: { index: number; answer: MeetingResponseInput }) =>
      client.callApi(client.endpoints.answerMeetingRequest, {
        params: { id: conversationId, index },
        body: answer,
      }),
    onSuccess: (message) => applyMessages(queryClient, client.side, conversationId, [message]),
  });
};
