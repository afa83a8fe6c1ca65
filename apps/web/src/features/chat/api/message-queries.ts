import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetingResponseInput, SendMessageInput } from '@atelier/contract/chat/conversation';
import { isApiError } from '@/lib/api-error';
import type { ChatClient } from '../chat-client';
import type { MessagePage } from '../message-cache';
import { type PendingMessage, putPendingMessage, removePendingMessage } from '../pending-messages';
import { applyMessages, applyOwnRead } from './chat-cache';
import { chatKeys } from './chat-keys';

/**
 * Spec §9 history in pages of 10: the newest page first, older pages on demand (`beforeIndex`).
 * Live events and `chat:sync` keep it current, so it is never stale on its own.
 */
export const useMessageHistory = (
  client: ChatClient,
  conversationId: string,
  options: { enabled?: boolean } = {},
) =>
  useInfiniteQuery({
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
    enabled: options.enabled ?? true,
  });

const newClientMessageId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

type SendOptions = { fileNames?: string[]; clientMessageId?: string };

/**
 * Sends a message optimistically: it shows at once as pending, becomes the stored message on
 * success, and stays with a retry on failure. A retry reuses the clientMessageId, so a message
 * that did reach the server is not stored twice.
 */
export const useSendMessage = (client: ChatClient, conversationId: string) => {
  const queryClient = useQueryClient();
  const { side } = client;

  return async (input: SendMessageInput, options: SendOptions = {}) => {
    const clientMessageId = options.clientMessageId ?? newClientMessageId();
    const pending: PendingMessage = {
      clientMessageId,
      conversationId,
      input: { ...input, clientMessageId },
      fileNames: options.fileNames ?? [],
      createdAt: new Date().toISOString(),
      status: 'sending',
      error: null,
    };
    putPendingMessage(side, pending);
    try {
      const message = await client.callApi(client.endpoints.sendMessage, {
        params: { id: conversationId },
        body: pending.input,
        shouldToastError: false,
      });
      applyMessages(queryClient, side, conversationId, [message]);
      // The server moves the sender's read marker to its own message.
      applyOwnRead(queryClient, side, conversationId, message.index);
      removePendingMessage(side, conversationId, clientMessageId);
    } catch (error) {
      putPendingMessage(side, {
        ...pending,
        status: 'failed',
        error: isApiError(error) ? error.message : 'The message could not be sent.',
      });
    }
  };
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
