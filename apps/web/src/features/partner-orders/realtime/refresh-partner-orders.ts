import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { OrdersUpdatedSocketPayload } from '@atelier/contract/orders/events';
import { partnerOrdersKeys } from '../api/partner-orders-keys';
import { isOwnItemChange } from './own-item-changes';

const OrdersUpdatedSchema = z.object({
  itemIds: z.array(z.string()),
  invoiceId: z.string().nullable(),
  status: z.string(),
}) satisfies z.ZodType<OrdersUpdatedSocketPayload>;

/**
 * What an `orders:updated` event does to the supplier's lists: they are read again (the shown
 * ones at once), so a payment, a store's cancel request or a teammate's change appears without
 * reloading. The echo of the supplier's own change is only marked stale: its answer is in the
 * cache already, and its row stays where the supplier sees it until the tab is shown again.
 */
export const refreshPartnerOrders = (queryClient: QueryClient, payload: unknown) => {
  const event = OrdersUpdatedSchema.safeParse(payload);
  const isEcho =
    event.success && event.data.invoiceId === null && isOwnItemChange(event.data.itemIds);
  return queryClient.invalidateQueries({
    queryKey: partnerOrdersKeys.all,
    refetchType: isEcho ? 'none' : 'active',
  });
};
