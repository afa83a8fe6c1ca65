import type { QueryClient } from '@tanstack/react-query';
import { storeChatClient } from '@/features/chat/chat-client';
import { ordersKeys } from '@/features/orders/api/orders-keys';
import { useOrdersRealtime, type OrdersRealtimeHandlers } from './use-orders-realtime';

/**
 * The store's cart, invoices, order items and counts are read again (the shown ones at once);
 * the payment provider's settings (which never change while the page is open) are not.
 */
const refreshStoreOrders = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({
    queryKey: ordersKeys.all,
    predicate: ({ queryKey }) => queryKey[1] !== ordersKeys.paymentConfig()[1],
  });

const STORE_HANDLERS: OrdersRealtimeHandlers = {
  client: storeChatClient,
  onEvent: (queryClient) => refreshStoreOrders(queryClient),
  onReconnect: (queryClient) => refreshStoreOrders(queryClient),
};

/**
 * Keeps the store's invoices, cart and Orders & Shipments live while the calling page is mounted
 * (issue 12): a supplier's invoice, shipment or answer to a cancel request shows without
 * reloading, and the lists are read again after a reconnect.
 */
export const useStoreOrdersRealtime = () => useOrdersRealtime(STORE_HANDLERS);
