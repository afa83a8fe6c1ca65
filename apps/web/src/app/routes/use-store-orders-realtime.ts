import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ORDERS_UPDATED_SOCKET_EVENT } from '@atelier/contract/orders/events';
import { storeChatClient } from '@/features/chat/chat-client';
import { ordersKeys } from '@/features/orders/api/orders-keys';

/**
 * The store's cart, invoices, order items and counts are read again (the shown ones at once);
 * the payment provider's settings (which never change while the page is open) are not.
 */
const refreshStoreOrders = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    queryKey: ordersKeys.all,
    predicate: ({ queryKey }) => queryKey[1] !== ordersKeys.paymentConfig()[1],
  });

/**
 * Keeps the store's invoices, cart and Orders & Shipments live while the calling page is mounted
 * (issue 12): it listens to `orders:updated` on the store's one socket (the chat's connection,
 * which the server puts in the store's room), so a supplier's invoice, shipment or answer to a
 * cancel request shows without reloading, and reads the lists again after a reconnect, since
 * events were missed meanwhile. The connection's code loads after the first render, as for the
 * chat. The supplier's copy is `usePartnerOrdersRealtime`.
 */
export const useStoreOrdersRealtime = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isUnmounted = false;
    void import('@/features/chat/realtime/chat-connection').then(({ getChatConnection }) => {
      if (isUnmounted) return;
      const connection = getChatConnection(storeChatClient, queryClient);
      const release = connection.acquire();
      const stopEvents = connection.onEvent(ORDERS_UPDATED_SOCKET_EVENT, () => {
        void refreshStoreOrders(queryClient);
      });
      let status = connection.getState().status;
      const stopStatus = connection.subscribe(() => {
        const next = connection.getState().status;
        if (status === 'reconnecting' && next === 'connected') {
          void refreshStoreOrders(queryClient);
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
