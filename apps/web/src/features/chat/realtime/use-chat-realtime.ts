import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChatClient } from '../chat-client';

/**
 * Keeps the side's live connection open while the calling screen is mounted. The connection's
 * code (socket.io client, event parsing) is imported after the first render, so a page that only
 * shows the unread badge paints without it (issue 10). The socket was opened from an effect
 * before too; it now opens once that code is in, and each (re)connect syncs what it missed.
 */
export const useChatRealtime = (client: ChatClient) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let release: (() => void) | undefined;
    let isUnmounted = false;
    void import('./chat-connection').then(({ getChatConnection }) => {
      if (!isUnmounted) release = getChatConnection(client, queryClient).acquire();
    });
    return () => {
      isUnmounted = true;
      release?.();
    };
  }, [client, queryClient]);
};
