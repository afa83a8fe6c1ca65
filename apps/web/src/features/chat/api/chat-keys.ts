import type { ChatSide } from '../chat-client';

/** Query keys of the chat, per side, so a store and a supplier session never share answers. */
export const chatKeys = {
  all: (side: ChatSide) => ['chat', side] as const,
  conversations: (side: ChatSide) => [...chatKeys.all(side), 'conversations'] as const,
  conversationList: (side: ChatSide, searchKey: string) =>
    [...chatKeys.conversations(side), searchKey] as const,
  messages: (side: ChatSide, conversationId: string) =>
    [...chatKeys.all(side), 'messages', conversationId] as const,
};
