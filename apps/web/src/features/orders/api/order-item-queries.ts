import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { OrderItemTab } from '@atelier/contract/orders/order-item';
import {
  getOrderItem,
  listOrderItems,
  markOrderItemReceived,
} from '@atelier/contract/orders/order-item-api';
import { callApi } from '@/lib/api-client';
import { ordersKeys } from './orders-keys';

/** Spec §2 /inbox/orders: the store's bought order items of a tab, newest first. */
export const orderItemsQueryOptions = (tab: OrderItemTab) =>
  queryOptions({
    queryKey: ordersKeys.itemsOfTab(tab),
    queryFn: ({ signal }) =>
      callApi(listOrderItems, { query: { tab }, signal, shouldToastError: false }),
    placeholderData: keepPreviousData,
  });

export const useOrderItems = (tab: OrderItemTab) => useQuery(orderItemsQueryOptions(tab));

/** One order item with its status history, oldest first. */
export const useOrderItem = (id: string | null) =>
  useQuery({
    queryKey: ordersKeys.item(id ?? ''),
    queryFn: ({ signal }) =>
      callApi(getOrderItem, { params: { id: id! }, signal, shouldToastError: false }),
    enabled: id !== null,
  });

/** The store received a shipped item; 409 `order_item_not_shipped` otherwise. */
export const useMarkReceived = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(markOrderItemReceived, { params: { id }, shouldToastError: false }),
    onSuccess: async (item) => {
      queryClient.setQueryData(ordersKeys.item(item.id), item);
      await queryClient.invalidateQueries({ queryKey: ordersKeys.items() });
    },
  });
};
