import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { listMessages, openConversation } from '@atelier/contract/chat/conversation';
import { callApi } from '@/lib/api-client';
import type { ChatClient } from '../chat-client';
import type { ConversationList } from '../conversation-list-cache';
import { applyOwnRead, applySummary } from './chat-cache';
import { chatKeys } from './chat-keys';

/** Whether the value is a conversation id by the contract's own rule (the history's path). */
export const isConversationId = (value: string): boolean =>
  listMessages.params.safeParse({ id: value }).success;

/**
 * The side's conversations, most recent first, with the unread total. Live events keep the
 * cached answer current, so it is not refetched on its own.
 */
export const conversationListQueryOptions = (client: ChatClient, searchKey: string) =>
  queryOptions({
    queryKey: chatKeys.conversationList(client.side, searchKey),
    queryFn: ({ signal }): Promise<ConversationList> =>
      client.callApi(client.endpoints.listConversations, {
        query: { searchKey: searchKey || undefined },
        signal,
      }),
    staleTime: searchKey ? 30_000 : Infinity,
    placeholderData: searchKey ? keepPreviousData : undefined,
  });

export const useConversationList = (client: ChatClient, searchKey: string) =>
  useQuery({
    ...conversationListQueryOptions(client, searchKey),
    enabled: client.getToken() !== null,
  });

/** One conversation's summary, from the unfiltered list (`null` once loaded without it). */
export const useConversationSummary = (client: ChatClient, conversationId: string) => {
  const list = useConversationList(client, '');
  const summary = list.data?.items.find((item) => item.sid === conversationId);
  return { ...list, summary: list.data ? (summary ?? null) : undefined };
};

/** The store opens (or finds) its one conversation with a supplier. */
export const useOpenConversation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplierId: string) => callApi(openConversation, { body: { supplierId } }),
    onSuccess: (summary) => applySummary(queryClient, 'STORE', summary),
  });
};

/** Moves the viewer's read marker to `lastReadIndex` and clears the unread badge. */
export const useMarkConversationRead = (client: ChatClient, conversationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lastReadIndex: number) =>
      client.callApi(client.endpoints.markConversationRead, {
        params: { id: conversationId },
        body: { lastReadIndex },
        shouldToastError: false,
      }),
    onMutate: (lastReadIndex) =>
      applyOwnRead(queryClient, client.side, conversationId, lastReadIndex),
    onSuccess: ({ lastReadIndex }) =>
      applyOwnRead(queryClient, client.side, conversationId, lastReadIndex),
  });
};
