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
  listOrderOrigins,
  listStoreOrders,
  type FinancialStatus,
  type OrderOrigin,
  type OrderSort,
  type OrderTab,
  type StoreOrder,
} from '@atelier/contract/sales/order';
import {
  addOrderNote,
  cancelOrderLineItem,
  changeOrderOpStatus,
  changeOrdersOpStatus,
  type CancelLineItemInput,
  type ChangeOrderOpStatusInput,
  type ChangeOrdersOpStatusInput,
  deleteOrderNote,
  listOrderNotes,
  listOrderOpStatusHistory,
  updateOrderNote,
  updateOrderShippingAddress,
  type UpdateShippingAddressInputSchema,
} from '@atelier/contract/sales/order-operations';
import {
  exportStoreCustomers,
  getStoreCustomer,
  listStoreCustomers,
  type CustomerSort,
} from '@atelier/contract/sales/customer';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { downloadWithSession } from '@/lib/download';

export const salesKeys = {
  all: ['sales'] as const,
  orders: () => [...salesKeys.all, 'orders'] as const,
  order: (id: string) => [...salesKeys.all, 'order', id] as const,
  orderStatusHistory: (id: string) => [...salesKeys.all, 'order-status-history', id] as const,
  orderNotes: (id: string) => [...salesKeys.all, 'order-notes', id] as const,
  customers: () => [...salesKeys.all, 'customers'] as const,
  customer: (id: string | undefined) => [...salesKeys.all, 'customer', id] as const,
};

/** Orders a page of the /orders table holds. */
export const ORDERS_PAGE_SIZE = 50;

/**
 * What the /orders list shows: the tab and the search (spec §3 Orders), one customer's or all,
 * the filters and the sort (newest first when absent).
 */
export type OrderListParams = {
  tab: OrderTab;
  search: string;
  customerId?: string | undefined;
  origin?: OrderOrigin | undefined;
  financialStatus?: FinancialStatus | undefined;
  placedFrom?: string | undefined;
  placedTo?: string | undefined;
  sort?: OrderSort | undefined;
};

/** The API query of the list's params (empty ones left out). */
const listQueryOf = ({ tab, search, ...rest }: OrderListParams) => ({
  tab,
  search: search || undefined,
  customerId: rest.customerId,
  origin: rest.origin,
  financialStatus: rest.financialStatus,
  placedFrom: rest.placedFrom,
  placedTo: rest.placedTo,
  sort: rest.sort,
});

/** Spec §7 GET /web/orders, one keyset page after another ("Load more"). */
export const ordersInfiniteQueryOptions = (params: OrderListParams) =>
  infiniteQueryOptions({
    queryKey: [...salesKeys.orders(), listQueryOf(params)] as const,
    queryFn: ({ pageParam, signal }) =>
      callApi(listStoreOrders, {
        query: { ...listQueryOf(params), cursor: pageParam, limit: ORDERS_PAGE_SIZE },
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
const STALE_ORDER_REASONS = new Set([
  'order_canceled',
  'order_fulfilled',
  'op_status_unchanged',
  'line_item_canceled',
  'line_item_not_found',
]);

/**
 * A change to one order (spec §7 operations). The answer is the order: it replaces the cached
 * one, and the list (status, tabs) is read again, the status history too when `isStatusChange`.
 * Errors are the form's to show (no toast).
 */
const useOrderOperation = <TInput, TResult = StoreOrder>(
  id: string,
  operate: (input: TInput) => Promise<TResult>,
  {
    isStatusChange = false,
    orderOf = (result: TResult) => result as unknown as StoreOrder,
  }: { isStatusChange?: boolean; orderOf?: (result: TResult) => StoreOrder } = {},
) => {
  const queryClient = useQueryClient();
  const invalidate = (queryKey: readonly unknown[]) => queryClient.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn: operate,
    onSuccess: async (result) => {
      const order = orderOf(result);
      queryClient.setQueryData(salesKeys.order(id), order);
      await Promise.all([
        invalidate(salesKeys.orders()),
        isStatusChange ? invalidate(salesKeys.orderStatusHistory(id)) : undefined,
        // The customer's figures move when an order is canceled.
        order.customer ? invalidate(salesKeys.customer(order.customer.id)) : undefined,
        order.customer ? invalidate(salesKeys.customers()) : undefined,
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

/**
 * Spec §7 line-item cancel: cancels units of a line (all left when no quantity); the answer has
 * the order, the units and the refund. 409 `order_fulfilled`, `order_canceled`,
 * `line_item_canceled`; 400 naming `body.quantity`.
 */
export const useCancelLineItem = (id: string) =>
  useOrderOperation(
    id,
    ({ lineId, ...body }: CancelLineItemInput & { lineId: string }) =>
      callApi(cancelOrderLineItem, { params: { id, lineId }, body, shouldToastError: false }),
    { isStatusChange: true, orderOf: (result) => result.order },
  );

/** Spec §7 order-notes: the team's notes on the order, newest first. */
export const useOrderNotes = (id: string) =>
  useQuery({
    queryKey: salesKeys.orderNotes(id),
    queryFn: ({ signal }) =>
      callApi(listOrderNotes, { params: { id }, signal, shouldToastError: false }),
  });

export const useAddOrderNote = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      callApi(addOrderNote, { params: { id }, body: { body }, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.orderNotes(id) }),
  });
};

/** Deletes one of the caller's notes; a note already gone is taken off the list too. */
export const useDeleteOrderNote = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) =>
      callApi(deleteOrderNote, { params: { id, noteId }, shouldToastError: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesKeys.orderNotes(id) }),
  });
};

/**
 * Spec §7 change-op-status for the /orders selection: the answer lists the orders changed and
 * those refused with why. The list, and every order's cached details and history, are read again.
 */
export const useChangeOrdersOpStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeOrdersOpStatusInput) =>
      callApi(changeOrdersOpStatus, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.all }),
  });
};

/** Spec §7 order-origins: every origin with its label and the store's count. */
export const useOrderOrigins = () =>
  useQuery({
    queryKey: [...salesKeys.all, 'order-origins'] as const,
    queryFn: ({ signal }) => callApi(listOrderOrigins, { signal }),
    staleTime: 60_000,
  });

/** One customer of the store (issue 11), for the figures above their orders. */
export const useCustomer = (id: string | undefined) =>
  useQuery({
    queryKey: salesKeys.customer(id),
    queryFn: ({ signal }) =>
      callApi(getStoreCustomer, { params: { id: id! }, signal, shouldToastError: false }),
    enabled: id !== undefined,
  });

/** What the /customers list shows: the search and the sort. */
export type CustomerListParams = { search: string; sort: CustomerSort };

/** Issue 11 GET /web/customers, one keyset page after another ("Load more"). */
export const customersInfiniteQueryOptions = ({ search, sort }: CustomerListParams) =>
  infiniteQueryOptions({
    queryKey: [...salesKeys.customers(), search, sort] as const,
    queryFn: ({ pageParam, signal }) =>
      callApi(listStoreCustomers, {
        query: { search: search || undefined, sort, cursor: pageParam, limit: 50 },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useCustomers = (params: CustomerListParams) =>
  useInfiniteQuery(customersInfiniteQueryOptions(params));

const definedEntries = (query: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );

/**
 * Saves the list's orders (tab, search, customer, filters, sort), or only `ids` (a selection), as
 * CSV in Shopify's orders export layout.
 */
export const downloadOrdersCsv = (
  params: OrderListParams,
  ids?: readonly string[],
): Promise<void> => {
  const query = definedEntries({
    ...listQueryOf(params),
    ids: ids && ids.length > 0 ? ids.join(',') : undefined,
  });
  return downloadWithSession(`${exportStoreOrders.path}?${query.toString()}`, 'orders.csv');
};

/** Saves the store's customers matching the search, in the list's sort, as CSV. */
export const downloadCustomersCsv = ({ search, sort }: CustomerListParams): Promise<void> =>
  downloadWithSession(
    `${exportStoreCustomers.path}?${definedEntries({ search, sort }).toString()}`,
    'customers.csv',
  );
