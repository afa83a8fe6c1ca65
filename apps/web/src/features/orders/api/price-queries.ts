import { useMutation, useQuery } from '@tanstack/react-query';
import { eventPurchase, updateOrderItemPrice } from '@atelier/contract/orders/order-item-pricing';
import { callApi } from '@/lib/api-client';
import { useInvalidateOrders } from './cart-queries';
import { ordersKeys } from './orders-keys';

/**
 * Spec §7 update-price: the store accepts the current price of an unpaid item (its invoice line's,
 * or a sample's sample price); every cart answer is read again.
 */
export const useAcceptPrice = () => {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(updateOrderItemPrice, { params: { id }, shouldToastError: false }),
    onSuccess: invalidate,
  });
};

/**
 * Spec §7 event-purchase: the §3 Transaction event of a COMPLETED payment of the store (the
 * receipt's summary). The purchase never changes, so it is read once.
 */
export const usePurchaseEvent = (paymentId: string | null) =>
  useQuery({
    queryKey: [...ordersKeys.all, 'purchase-event', paymentId] as const,
    queryFn: ({ signal }) =>
      callApi(eventPurchase, { body: { paymentId: paymentId! }, signal, shouldToastError: false }),
    enabled: paymentId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
