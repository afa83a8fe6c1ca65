import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { ChatClient } from '../chat-client';
import { type ConnectionStatus, getChatConnection } from './chat-connection';

const useConnection = (client: ChatClient) => getChatConnection(client, useQueryClient());

export const useConnectionStatus = (client: ChatClient): ConnectionStatus => {
  const connection = useConnection(client);
  return useSyncExternalStore(connection.subscribe, () => connection.getState().status);
};

/** Whether the other party is typing in the conversation (for a few seconds after each event). */
export const useIsOtherTyping = (client: ChatClient, conversationId: string): boolean => {
  const connection = useConnection(client);
  return useSyncExternalStore(connection.subscribe, () =>
    connection.getState().typingConversationIds.has(conversationId),
  );
};

/** A callback that tells the other party the viewer is typing (throttled). */
export const useSendTyping = (client: ChatClient, conversationId: string) => {
  const connection = useConnection(client);
  return useCallback(() => connection.sendTyping(conversationId), [connection, conversationId]);
};
