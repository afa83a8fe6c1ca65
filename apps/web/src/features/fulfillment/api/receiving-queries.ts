import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type {
  CreateReceivingBody,
  ReceiveBody,
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
export const useReceivings = (status: ReceivingStatus | null) =>
  useInfiniteQuery(
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
    }),
  );

/** GET …/receivings/:sn. */
export const useReceiving = (sn: string) =>
  useQuery({
    queryKey: receivingKeys.one(sn),
    queryFn: ({ signal }) => callApi(api.getReceiving, { params: { sn }, signal }),
  });

/** GET …/receivable-order-items: sourcing order items on their way to the center. */
export const useReceivableOrderItems = () =>
  useQuery({
    queryKey: receivingKeys.receivable(),
    queryFn: ({ signal }) => callApi(api.listReceivableOrderItems, { signal }),
  });

/** After a change: the receivings, and the stock a count moved. */
const useAfterChange = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: receivingKeys.all }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
    ]);
};

/** POST …/receivings (errors are the form's to show). */
export const useCreateReceiving = () => {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: CreateReceivingBody) =>
      callApi(api.createReceiving, { body, shouldToastError: false }),
    onSuccess: after,
  });
};

/** POST …/receivings/:sn/items/:itemId/mapping. */
export const useMapReceivingItem = (sn: string) => {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ itemId, variantId }: { itemId: string; variantId: string }) =>
      callApi(api.mapReceivingItem, {
        params: { sn, itemId },
        body: { variantId },
        shouldToastError: false,
      }),
    onSuccess: after,
  });
};

/** POST …/receivings/:sn/receive (errors are the form's to show). */
export const useReceive = (sn: string) => {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (body: ReceiveBody) =>
      callApi(api.receive, { params: { sn }, body, shouldToastError: false }),
    onSuccess: after,
  });
};

/** POST …/receivings/:sn/cancel. */
export const useCancelReceiving = (sn: string) => {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (reason: string) =>
      callApi(api.cancelReceiving, { params: { sn }, body: { reason }, shouldToastError: false }),
    onSuccess: after,
  });
};
