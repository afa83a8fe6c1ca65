import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import {
  exportStoreOrders,
  getStoreOrder,
  listStoreOrders,
  type OrderTab,
  type StoreOrder,
} from '@atelier/contract/sales/order';
import {
  changeOrderOpStatus,
  type ChangeOrderOpStatusInput,
  listOrderOpStatusHistory,
  updateOrderNote,
  updateOrderShippingAddress,
  type UpdateShippingAddressInputSchema,
} from '@atelier/contract/sales/order-operations';
import { getStoreCustomer } from '@atelier/contract/sales/customer';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { downloadWithSession } from '@/lib/download';

export const salesKeys = {
  all: ['sales'] as const,
  orders: () => [...salesKeys.all, 'orders'] as const,
  order: (id: string) => [...salesKeys.all, 'order', id] as const,
  orderStatusHistory: (id: string) => [...salesKeys.all, 'order-status-history', id] as const,
};

/** What the /orders list shows: the tab and the search (spec §3 Orders), one customer's or all. */
export type OrderListParams = { tab: OrderTab; search: string; customerId?: string | undefined };

/** Spec §7 GET /web/orders, one keyset page after another ("Load more"). */
export const ordersInfiniteQueryOptions = ({ tab, search, customerId }: OrderListParams) =>
  infiniteQueryOptions({
    queryKey: [...salesKeys.orders(), tab, search, customerId ?? null] as const,
    queryFn: ({ pageParam, signal }) =>
      callApi(listStoreOrders, {
        query: { tab, search: search || undefined, customerId, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The counts and rows of the previous search stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useOrders = (params: OrderListParams) =>
  useInfiniteQuery(ordersInfiniteQueryOptions(params));

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: salesKeys.order(id),
    // The page says itself when the order is not there; no toast on top of it.
    queryFn: ({ signal }) =>
      callApi(getStoreOrder, { params: { id }, signal, shouldToastError: false }),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));

/** Spec §7 op-status-history: the order's production statuses, oldest first. */
export const useOrderStatusHistory = (id: string) =>
  useQuery({
    queryKey: salesKeys.orderStatusHistory(id),
    queryFn: ({ signal }) =>
      callApi(listOrderOpStatusHistory, { params: { id }, signal, shouldToastError: false }),
  });

// These refusals mean the page shows an order older than the server's: it is read again.
const STALE_ORDER_REASONS = new Set(['order_canceled', 'order_fulfilled', 'op_status_unchanged']);

/**
 * A change to one order (spec §7 operations). The answer is the order: it replaces the cached
 * one, and the list (status, tabs) is read again, the status history too when `isStatusChange`.
 * Errors are the form's to show (no toast).
 */
const useOrderOperation = <TInput>(
  id: string,
  operate: (input: TInput) => Promise<StoreOrder>,
  { isStatusChange = false } = {},
) => {
  const queryClient = useQueryClient();
  const invalidate = (queryKey: readonly unknown[]) => queryClient.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn: operate,
    onSuccess: async (order) => {
      queryClient.setQueryData(salesKeys.order(id), order);
      await Promise.all([
        invalidate(salesKeys.orders()),
        isStatusChange ? invalidate(salesKeys.orderStatusHistory(id)) : undefined,
      ]);
    },
    onError: async (error) => {
      if (!isApiError(error) || !STALE_ORDER_REASONS.has(error.reason ?? '')) return;
      await Promise.all([
        invalidate(salesKeys.order(id)),
        invalidate(salesKeys.orderStatusHistory(id)),
        invalidate(salesKeys.orders()),
      ]);
    },
  });
};

/** Spec §7 change-op-status; 409 `op_status_unchanged` or `order_canceled`. */
export const useChangeOrderOpStatus = (id: string) =>
  useOrderOperation(
    id,
    (body: ChangeOrderOpStatusInput) =>
      callApi(changeOrderOpStatus, { params: { id }, body, shouldToastError: false }),
    { isStatusChange: true },
  );

/** Spec §7 notes: null clears the note; 409 `order_canceled`. */
export const useUpdateOrderNote = (id: string) =>
  useOrderOperation(id, (note: string | null) =>
    callApi(updateOrderNote, { params: { id }, body: { note }, shouldToastError: false }),
  );

export type UpdateShippingAddressInput = z.input<typeof UpdateShippingAddressInputSchema>;

/** Spec §7 shipping-address; 409 `order_fulfilled` once sent, `order_canceled`. */
export const useUpdateOrderShippingAddress = (id: string) =>
  useOrderOperation(id, (body: UpdateShippingAddressInput) =>
    callApi(updateOrderShippingAddress, { params: { id }, body, shouldToastError: false }),
  );

/** One customer of the store (issue 11), for the figures above their orders. */
export const useCustomer = (id: string | undefined) =>
  useQuery({
    queryKey: [...salesKeys.all, 'customer', id] as const,
    queryFn: ({ signal }) =>
      callApi(getStoreCustomer, { params: { id: id! }, signal, shouldToastError: false }),
    enabled: id !== undefined,
  });

/** Saves the list's orders (tab, search, customer) as CSV in Shopify's orders export layout. */
export const downloadOrdersCsv = ({ tab, search, customerId }: OrderListParams): Promise<void> => {
  const query = new URLSearchParams({ tab });
  if (search) query.set('search', search);
  if (customerId) query.set('customerId', customerId);
  return downloadWithSession(`${exportStoreOrders.path}?${query.toString()}`, 'orders.csv');
};
