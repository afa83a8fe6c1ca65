import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrderItemTab } from '@atelier/contract/orders/order-item';
import {
  getOrderItem,
  listOrderItems,
  type OrderItem,
  markOrderItemReceived,
  requestOrderItemCancel,
  reviewOrderItem,
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
export const orderItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ordersKeys.item(id),
    // The screens say themselves when the item is not there; no toast on top of it.
    queryFn: ({ signal }) =>
      callApi(getOrderItem, { params: { id }, signal, shouldToastError: false }),
  });

export const useOrderItem = (id: string | null) =>
  useQuery({ ...orderItemQueryOptions(id ?? ''), enabled: id !== null });

/** The answer is the item: it replaces the cached one, and the lists and counts follow. */
const useItemChangeSettled = () => {
  const queryClient = useQueryClient();
  return async (item: OrderItem) => {
    queryClient.setQueryData(ordersKeys.item(item.id), item);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ordersKeys.items() }),
      queryClient.invalidateQueries({ queryKey: ordersKeys.tabCounts() }),
    ]);
  };
};

export type MarkReceivedInput = {
  itemId: string;
  /** One parcel; every shipped parcel not yet received when absent. */
  shipmentId?: string;
};

/**
 * The store received a parcel of an item, or all its shipped parcels (receiving PARTIAL, then
 * RECEIVED); a parcel received already changes nothing. 409 `order_item_not_shipped` before any
 * parcel shipped.
 */
export const useMarkReceived = () => {
  const onSuccess = useItemChangeSettled();
  return useMutation({
    mutationFn: ({ itemId, shipmentId }: MarkReceivedInput) =>
      callApi(markOrderItemReceived, {
        params: { id: itemId },
        body: shipmentId ? { shipmentId } : {},
        shouldToastError: false,
      }),
    onSuccess,
  });
};

export type CancelRequestInput = { itemId: string; reason: string };

/**
 * Issue 12: asks the supplier to cancel a paid production item (they confirm and refund it, or
 * decline). 409 for a paid sample, an item past production, or a request already sent.
 */
export const useRequestCancel = () => {
  const onSuccess = useItemChangeSettled();
  return useMutation({
    mutationFn: ({ itemId, reason }: CancelRequestInput) =>
      callApi(requestOrderItemCancel, {
        params: { id: itemId },
        body: { reason },
        shouldToastError: false,
      }),
    onSuccess,
  });
};

export type ReviewInput = z.output<typeof reviewOrderItem.body>;

/**
 * Spec §2 /leave-a-review/{orderId}: the store reviews the received item's supplier (a verified
 * purchase; it replaces the store's earlier review of that supplier). 409
 * `order_item_not_received` before the item is received.
 */
export const useReviewOrderItem = (itemId: string) =>
  useMutation({
    mutationFn: (body: ReviewInput) =>
      callApi(reviewOrderItem, { params: { id: itemId }, body, shouldToastError: false }),
  });
