import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ORDERS_UPDATED_SOCKET_EVENT } from '@atelier/contract/orders/events';
import type { ChatClient } from '@/features/chat/chat-client';

export type OrdersRealtimeHandlers = {
  /** The side's socket: `storeChatClient` or `partnerChatClient`. */
  client: ChatClient;
  /** An `orders:updated` event arrived (its payload as the server sent it). */
  onEvent(queryClient: QueryClient, payload: unknown): void;
  /** The socket came back after a drop: events were missed meanwhile. */
  onReconnect(queryClient: QueryClient): void;
};

/**
 * Keeps a side's orders live while the calling page is mounted (issue 12): it listens to
 * `orders:updated` on that side's one socket (the chat's connection, which the server puts in the
 * store's or the company's room) and calls `onReconnect` after a reconnect. The connection's code
 * loads after the first render, as for the chat. The store's and the supplier's hooks are this
 * with their own client and query keys. Pass a stable object (a module constant): a new one
 * reconnects the listener.
 */
export const useOrdersRealtime = (handlers: OrdersRealtimeHandlers) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isUnmounted = false;
    void import('@/features/chat/realtime/chat-connection').then(({ getChatConnection }) => {
      if (isUnmounted) return;
      const connection = getChatConnection(handlers.client, queryClient);
      const release = connection.acquire();
      const stopEvents = connection.onEvent(ORDERS_UPDATED_SOCKET_EVENT, (payload) => {
        handlers.onEvent(queryClient, payload);
      });
      let status = connection.getState().status;
      const stopStatus = connection.subscribe(() => {
        const next = connection.getState().status;
        if (status === 'reconnecting' && next === 'connected') {
          handlers.onReconnect(queryClient);
        }
        status = next;
      });
      stop = () => {
        stopEvents();
        stopStatus();
        release();
      };
    });
    return () => {
      isUnmounted = true;
      stop?.();
    };
  }, [handlers, queryClient]);
};
