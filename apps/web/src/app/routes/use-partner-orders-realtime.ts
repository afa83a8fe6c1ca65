import { partnerChatClient } from '@/features/chat/chat-client';
import { partnerOrdersKeys } from '@/features/partner-orders/api/partner-orders-keys';
import { refreshPartnerOrders } from '@/features/partner-orders/realtime/refresh-partner-orders';
import { useOrdersRealtime, type OrdersRealtimeHandlers } from './use-orders-realtime';

const PARTNER_HANDLERS: OrdersRealtimeHandlers = {
  client: partnerChatClient,
  onEvent: (queryClient, payload) => void refreshPartnerOrders(queryClient, payload),
  onReconnect: (queryClient) =>
    void queryClient.invalidateQueries({ queryKey: partnerOrdersKeys.all }),
};

/**
 * Keeps the supplier's invoices and orders live while the calling page is mounted (issue 12):
 * the store's payments, receipts and cancel requests show without reloading (its own changes are
 * not read twice), and the lists are read again after a reconnect.
 */
export const usePartnerOrdersRealtime = () => useOrdersRealtime(PARTNER_HANDLERS);
