import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { getStoreOrder, listStoreOrders, type OrderTab } from '@atelier/contract/sales/order';
import { callApi } from '@/lib/api-client';

export const salesKeys = {
  all: ['sales'] as const,
  orders: () => [...salesKeys.all, 'orders'] as const,
  order: (id: string) => [...salesKeys.all, 'order', id] as const,
};

/** What the /orders list shows: the tab and the search (spec §3 Orders). */
export type OrderListParams = { tab: OrderTab; search: string };

/** Spec §7 GET /web/orders, one keyset page after another ("Load more"). */
export const ordersInfiniteQueryOptions = ({ tab, search }: OrderListParams) =>
  infiniteQueryOptions({
    queryKey: [...salesKeys.orders(), tab, search] as const,
    queryFn: ({ pageParam, signal }) =>
      callApi(listStoreOrders, {
        query: { tab, search: search || undefined, cursor: pageParam },
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
