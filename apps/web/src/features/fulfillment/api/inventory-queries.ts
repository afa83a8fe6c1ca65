import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { AdjustInventoryBody } from '@atelier/contract/fulfillment/inventory';
import { callApi } from '@/lib/api-client';

export const inventoryKeys = {
  all: ['fulfillment-inventory'] as const,
  levels: (search: string) => [...inventoryKeys.all, 'levels', search] as const,
  movements: (variantId: string) => [...inventoryKeys.all, 'movements', variantId] as const,
};

/** GET /api/web/fulfillment/inventory: the stock of each tracked variant, by SKU ("Load more"). */
export const useInventoryLevels = (search: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: inventoryKeys.levels(search),
      queryFn: ({ pageParam, signal }) =>
        callApi(api.listInventory, {
          query: { limit: 50, search: search || undefined, cursor: pageParam },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
    }),
  );

/** GET …/inventory/:variantId/movements: one variant's ledger, newest first ("Load more"). */
export const useInventoryMovements = (variantId: string | null) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: inventoryKeys.movements(variantId ?? ''),
      queryFn: ({ pageParam, signal }) =>
        callApi(api.listMovements, {
          params: { variantId: variantId! },
          query: { limit: 50, cursor: pageParam },
          signal,
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      enabled: variantId !== null,
    }),
  );

/**
 * POST …/inventory/adjustments. Errors are the form's to show (the 400 names `change`), so no
 * toast; the stock and ledger are read again after it.
 */
export const useAdjustInventory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustInventoryBody) =>
      callApi(api.adjustInventory, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
};
