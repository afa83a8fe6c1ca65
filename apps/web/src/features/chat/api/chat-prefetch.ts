import type { QueryClient } from '@tanstack/react-query';
import type { ChatClient } from '../chat-client';
import { conversationListQueryOptions, isConversationId } from './conversation-queries';
import { messageHistoryQueryOptions } from './message-queries';

/**
 * Starts loading what the inbox shows first (the conversation list, and the open conversation's
 * newest messages) before the page renders. Failures are left to the screens, which say what
 * failed.
 */
export const prefetchChatWorkspace = (
  queryClient: QueryClient,
  client: ChatClient,
  conversationId?: string,
) => {
  if (client.getToken() === null) return;
  void queryClient.prefetchQuery(conversationListQueryOptions(client, ''));
  if (conversationId && isConversationId(conversationId)) {
    void queryClient.prefetchInfiniteQuery(messageHistoryQueryOptions(client, conversationId));
  }
};
