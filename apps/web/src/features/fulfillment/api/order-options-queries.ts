import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  orderOptionsEndpoints as api,
  type OrderOptions,
} from '@atelier/contract/fulfillment/order-options';
import type { ShippingMethod } from '@atelier/contract/fulfillment/rules';
import { callApi } from '@/lib/api-client';
import { shipmentKeys } from './shipment-queries';

export const orderOptionsKeys = {
  // Under the shipments' key: shipping an order (which may end its options) refreshes them too.
  detail: (orderId: string) => [...shipmentKeys.all, 'order-options', orderId] as const,
};

/** GET /api/web/orders/:id/fulfillment-options: shipping method and priority of one order. */
export const useOrderOptions = (orderId: string) =>
  useQuery({
    queryKey: orderOptionsKeys.detail(orderId),
    queryFn: ({ signal }) => callApi(api.getOrderOptions, { params: { id: orderId }, signal }),
  });

/** The answer becomes the cached options; a refusal (409 once shipped) is toasted and re-read. */
const useOptionsMutation = <T>(orderId: string, send: (value: T) => Promise<OrderOptions>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (options) => queryClient.setQueryData(orderOptionsKeys.detail(orderId), options),
    onError: () => queryClient.invalidateQueries({ queryKey: orderOptionsKeys.detail(orderId) }),
  });
};

/** PUT …/shipping-method (null: the rules decide, else the cheapest rate). */
export const useSetShippingMethod = (orderId: string) =>
  useOptionsMutation(orderId, (shippingMethod: ShippingMethod | null) =>
    callApi(api.setShippingMethod, { params: { id: orderId }, body: { shippingMethod } }),
  );

/** PUT …/priority. */
export const useSetPriority = (orderId: string) =>
  useOptionsMutation(orderId, (isPriority: boolean) =>
    callApi(api.setPriority, { params: { id: orderId }, body: { isPriority } }),
  );
