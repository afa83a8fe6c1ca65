import { useConversationList } from './api/conversation-queries';
import type { ChatClient } from './chat-client';
import { useChatRealtime } from './realtime/use-chat-realtime';

/**
 * The side's number of unread messages (spec §3), kept live: the realtime connection stays
 * open while a caller is mounted, and reading a conversation lowers it at once.
 */
export const useUnreadTotal = (client: ChatClient): number | undefined => {
  useChatRealtime(client);
  const { data } = useConversationList(client, '');
  return data?.unreadTotal;
};
