import type { ChatSide } from '../chat-client';

/** Query keys of the chat, per side, so a store and a supplier session never share answers. */
export const chatKeys = {
  all: (side: ChatSide) => ['chat', side] as const,
  conversations: (side: ChatSide) => [...chatKeys.all(side), 'conversations'] as const,
  conversationList: (side: ChatSide, searchKey: string) =>
    [...chatKeys.conversations(side), searchKey] as const,
  allMessages: (side: ChatSide) => [...chatKeys.all(side), 'messages'] as const,
  messages: (side: ChatSide, conversationId: string) =>
    [...chatKeys.allMessages(side), conversationId] as const,
  file: (side: ChatSide, url: string) => [...chatKeys.all(side), 'file', url] as const,
};
