import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  returnEndpoints as api,
  type CreateReturnBody,
  type ReceiveReturnBody,
  type Return,
  type ReturnStatus,
  type ShipReturnBody,
  type UpdateReturnSettingsBody,
} from '@atelier/contract/fulfillment/returns';
import { callApi } from '@/lib/api-client';
import { inventoryKeys } from './inventory-queries';
import { shipmentKeys } from './shipment-queries';

export const returnKeys = {
  all: ['fulfillment-returns'] as const,
  list: (status: ReturnStatus | null, orderId: string | null) =>
    [...returnKeys.all, 'list', status ?? '', orderId ?? ''] as const,
  one: (handle: string) => [...returnKeys.all, 'one', handle] as const,
  settings: () => [...returnKeys.all, 'settings'] as const,
};

/** GET /api/web/fulfillment/returns: newest first, by status or order if given ("Load more"). */
export const returnsInfiniteQueryOptions = (status: ReturnStatus | null, orderId: string | null) =>
  infiniteQueryOptions({
    queryKey: returnKeys.list(status, orderId),
    queryFn: ({ pageParam, signal }) =>
      callApi(api.listReturns, {
        query: {
          limit: 25,
          cursor: pageParam,
          status: status ?? undefined,
          orderId: orderId ?? undefined,
        },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useReturns = (status: ReturnStatus | null, orderId: string | null = null) =>
  useInfiniteQuery(returnsInfiniteQueryOptions(status, orderId));

/**
 * GET …/returns/:handle; read again every 2 s while its return label is being made. The drawer
 * says itself when there is no such return; no toast.
 */
export const returnQueryOptions = (handle: string) =>
  queryOptions({
    queryKey: returnKeys.one(handle),
    queryFn: ({ signal }) =>
      callApi(api.getReturn, { params: { handle }, signal, shouldToastError: false }),
    refetchInterval: (query) =>
      query.state.data?.shipment?.labelStatus === 'PENDING' ? 2_000 : false,
  });

export const useReturn = (handle: string | null) =>
  useQuery({ ...returnQueryOptions(handle ?? ''), enabled: handle !== null });

/** GET …/return-settings (the defaults until the store saves its own). */
export const returnSettingsQueryOptions = () =>
  queryOptions({
    queryKey: returnKeys.settings(),
    queryFn: ({ signal }) => callApi(api.getReturnSettings, { signal }),
  });

export const useReturnSettings = () => useQuery(returnSettingsQueryOptions());

/** PUT …/return-settings (errors are the form's to show). */
export const useUpdateReturnSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReturnSettingsBody) =>
      callApi(api.updateReturnSettings, { body, shouldToastError: false }),
    onSuccess: (settings) => queryClient.setQueryData(returnKeys.settings(), settings),
  });
};

/** After a change: the return as it now stands at once; lists, stock and the order read again. */
const useAfterChange = () => {
  const queryClient = useQueryClient();
  return (changed: Return) => {
    queryClient.setQueryData(returnKeys.one(changed.handle), changed);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: returnKeys.all }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
      queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
    ]);
  };
};

/** POST …/returns (errors are the dialog's to show). */
export const useCreateReturn = () => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: CreateReturnBody) =>
      callApi(api.createReturn, { body, shouldToastError: false }),
    onSuccess: afterChange,
  });
};

/** POST …/returns/:handle/ship: the tracking number given, or a return label made here. */
export const useShipReturn = (handle: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: ShipReturnBody) =>
      callApi(api.shipReturn, { params: { handle }, body, shouldToastError: false }),
    onSuccess: afterChange,
  });
};

/** POST …/returns/:handle/receive: the inspection of every unit. */
export const useReceiveReturn = (handle: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: ReceiveReturnBody) =>
      callApi(api.receiveReturn, { params: { handle }, body, shouldToastError: false }),
    onSuccess: afterChange,
  });
};

/** POST …/returns/:handle/cancel with a reason. */
export const useCancelReturn = (handle: string) => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (reason: string) =>
      callApi(api.cancelReturn, { params: { handle }, body: { reason }, shouldToastError: false }),
    onSuccess: afterChange,
  });
};
