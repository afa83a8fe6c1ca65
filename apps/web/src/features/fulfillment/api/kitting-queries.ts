import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  kittingEndpoints as api,
  type CreateKittingRequestBody,
  type SetBundleBody,
} from '@atelier/contract/fulfillment/kitting';
import { callApi } from '@/lib/api-client';
import { inventoryKeys } from './inventory-queries';

export const kittingKeys = {
  all: ['fulfillment-kitting'] as const,
  bundles: () => [...kittingKeys.all, 'bundles'] as const,
  requests: () => [...kittingKeys.all, 'requests'] as const,
};

/** GET /api/web/fulfillment/bundles. */
export const useBundles = () =>
  useQuery({
    queryKey: kittingKeys.bundles(),
    queryFn: ({ signal }) => callApi(api.listBundles, { signal }),
  });

/** GET /api/web/fulfillment/kitting-requests (the latest 200). */
export const useKittingRequests = () =>
  useQuery({
    queryKey: kittingKeys.requests(),
    queryFn: ({ signal }) => callApi(api.listKittingRequests, { signal }),
  });

const useAfterChange = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: kittingKeys.all }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
    ]);
};

/** PUT …/bundles/:variantId (errors are the dialog's to show). */
export const useSetBundle = () => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ variantId, body }: { variantId: string; body: SetBundleBody }) =>
      callApi(api.setBundle, { params: { variantId }, body, shouldToastError: false }),
    onSuccess: afterChange,
  });
};

/** DELETE …/bundles/:variantId. */
export const useDeleteBundle = () => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (variantId: string) => callApi(api.deleteBundle, { params: { variantId } }),
    onSuccess: afterChange,
  });
};

/** POST …/kitting-requests (errors are the dialog's to show). */
export const useCreateKittingRequest = () => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: CreateKittingRequestBody) =>
      callApi(api.createKittingRequest, { body, shouldToastError: false }),
    onSuccess: afterChange,
  });
};

/** POST …/kitting-requests/:sn/complete (the refusal is toasted: not enough stock…). */
export const useCompleteKittingRequest = () => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (sn: string) => callApi(api.completeKittingRequest, { params: { sn } }),
    onSuccess: afterChange,
  });
};

/** POST …/kitting-requests/:sn/cancel. */
export const useCancelKittingRequest = () => {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ sn, reason }: { sn: string; reason: string }) =>
      callApi(api.cancelKittingRequest, { params: { sn }, body: { reason } }),
    onSuccess: afterChange,
  });
};
