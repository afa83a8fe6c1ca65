import { useQuery } from '@tanstack/react-query';
import type { ChatClient } from '../chat-client';
import { chatKeys } from './chat-keys';

/** The side's conversations, most recent first, with the unread total. */
export const useConversationList = (client: ChatClient, searchKey: string) =>
  useQuery({
    queryKey: chatKeys.conversationList(client.side, searchKey),
    queryFn: ({ signal }) =>
      client.callApi(client.endpoints.listConversations, {
        query: { searchKey: searchKey || undefined },
        signal,
      }),
    enabled: client.getToken() !== null,
  });
