import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type {
  CreateReceivingBody,
  ReceiveBody,
  Receiving,
  ReceivingStatus,
} from '@atelier/contract/fulfillment/receiving';
import { callApi } from '@/lib/api-client';
import { inventoryKeys } from './inventory-queries';

export const receivingKeys = {
  all: ['fulfillment-receivings'] as const,
  list: (status: ReceivingStatus | null) => [...receivingKeys.all, 'list', status ?? ''] as const,
  one: (sn: string) => [...receivingKeys.all, 'one', sn] as const,
  receivable: () => [...receivingKeys.all, 'receivable'] as const,
};

/** GET /api/web/fulfillment/receivings: newest first, by status if given ("Load more"). */
export const receivingsInfiniteQueryOptions = (status: ReceivingStatus | null) =>
  infiniteQueryOptions({
    queryKey: receivingKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      callApi(api.listReceivings, {
        query: { limit: 25, cursor: pageParam, status: status ?? undefined },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useReceivings = (status: ReceivingStatus | null) =>
  useInfiniteQuery(receivingsInfiniteQueryOptions(status));

/** GET …/receivings/:sn. The page says itself when there is no such receiving; no toast. */
export const receivingQueryOptions = (sn: string) =>
  queryOptions({
    queryKey: receivingKeys.one(sn),
    queryFn: ({ signal }) =>
      callApi(api.getReceiving, { params: { sn }, signal, shouldToastError: false }),
  });

export const useReceiving = (sn: string) => useQuery(receivingQueryOptions(sn));

/** GET …/receivable-order-items: sourcing order items on their way to the center. */
export const useReceivableOrderItems = () =>
  useQuery({
    queryKey: receivingKeys.receivable(),
    queryFn: ({ signal }) => callApi(api.listReceivableOrderItems, { signal }),
  });

/**
 * After a change: the answer is the receiving as it now stands, shown at once; the lists and
 * the stock a count moved are read again.
 */
const useAfterChange = () => {
  const queryClient = useQueryClient();
  return (receiving: Receiving) => {
    queryClient.setQueryData(receivingKeys.one(receiving.sn), receiving);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: receivingKeys.all }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
    ]);
  };
};

/** POST …/receivings. Errors are the form's to show, so no toast. */
export const useCreateReceiving = () => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: CreateReceivingBody) =>
      callApi(api.createReceiving, { body, shouldToastError: false }),
    onSuccess: afterChange,
  });
};

/** POST …/receivings/:sn/items/:itemId/mapping (errors are the dialog's to show). */
export const useMapReceivingItem = (sn: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ itemId, variantId }: { itemId: string; variantId: string }) =>
      callApi(api.mapReceivingItem, {
        params: { sn, itemId },
        body: { variantId },
        shouldToastError: false,
      }),
    onSuccess: afterChange,
  });
};

/** POST …/receivings/:sn/receive (errors are the count form's to show). */
export const useReceive = (sn: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: ReceiveBody) =>
      callApi(api.receive, { params: { sn }, body, shouldToastError: false }),
    onSuccess: afterChange,
  });
};

/** POST …/receivings/:sn/cancel (errors are the confirmation's to show). */
export const useCancelReceiving = (sn: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (reason: string) =>
      callApi(api.cancelReceiving, { params: { sn }, body: { reason }, shouldToastError: false }),
    onSuccess: afterChange,
  });
};
