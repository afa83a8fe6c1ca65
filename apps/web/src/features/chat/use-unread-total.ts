import { useConversationList } from './api/conversation-queries';
import type { ChatClient } from './chat-client';

/** The side's total of unread conversations, kept live by the realtime connection. */
export const useUnreadTotal = (client: ChatClient): number | undefined => {
  const { data } = useConversationList(client, '');
  return data?.unreadTotal;
};
