import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ORDERS_UPDATED_SOCKET_EVENT } from '@atelier/contract/orders/events';
import { partnerChatClient } from '@/features/chat/chat-client';
import { partnerOrdersKeys } from '@/features/partner-orders/api/partner-orders-keys';
import { refreshPartnerOrders } from '@/features/partner-orders/realtime/refresh-partner-orders';

/**
 * Keeps the supplier's invoices and orders live while the calling page is mounted: it listens to
 * `orders:updated` on the supplier's one socket (the chat's connection, which the server puts in
 * the company's room), and reads the lists again after a reconnect, since events were missed
 * meanwhile. The connection's code loads after the first render, as for the chat.
 *
 * The store side's copy would use `storeChatClient` and its own query keys.
 */
export const usePartnerOrdersRealtime = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isUnmounted = false;
    void import('@/features/chat/realtime/chat-connection').then(({ getChatConnection }) => {
      if (isUnmounted) return;
      const connection = getChatConnection(partnerChatClient, queryClient);
      const release = connection.acquire();
      const stopEvents = connection.onEvent(ORDERS_UPDATED_SOCKET_EVENT, (payload) => {
        void refreshPartnerOrders(queryClient, payload);
      });
      let status = connection.getState().status;
      const stopStatus = connection.subscribe(() => {
        const next = connection.getState().status;
        if (status === 'reconnecting' && next === 'connected') {
          void queryClient.invalidateQueries({ queryKey: partnerOrdersKeys.all });
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
  }, [queryClient]);
};
