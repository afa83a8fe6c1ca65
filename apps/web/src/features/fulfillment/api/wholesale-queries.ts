import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  packingSlipUrl,
  wholesaleEndpoints as api,
  type SaveWholesaleRequirementsBody,
} from '@atelier/contract/fulfillment/wholesale';
import { callApi } from '@/lib/api-client';
import { browserTokenStore } from '@/lib/session-token';
import { shipmentKeys } from './shipment-queries';

export const wholesaleKeys = {
  // Under the shipments' key: shipping the order (which ends its changes) refreshes them too.
  detail: (orderId: string) => [...shipmentKeys.all, 'wholesale', orderId] as const,
};

/** GET /api/web/orders/:id/wholesale-requirements (defaults when none saved). */
export const useWholesaleRequirements = (orderId: string, isEnabled = true) =>
  useQuery({
    queryKey: wholesaleKeys.detail(orderId),
    queryFn: ({ signal }) =>
      callApi(api.getWholesaleRequirements, { params: { id: orderId }, signal }),
    enabled: isEnabled,
  });

/**
 * PUT …/wholesale-requirements: the answer becomes the cached requirements. Refusals are not
 * toasted: the form shows them on its fields.
 */
export const useSaveWholesaleRequirements = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveWholesaleRequirementsBody) =>
      callApi(api.saveWholesaleRequirements, {
        params: { id: orderId },
        body,
        shouldToastError: false,
      }),
    onSuccess: (saved) => queryClient.setQueryData(wholesaleKeys.detail(orderId), saved),
  });
};

/**
 * The order's packing slip PDF as an object URL (fetched with the session's bearer token, which
 * a plain link would not carry). The caller revokes it.
 */
export const fetchPackingSlipObjectUrl = async (orderId: string): Promise<string> => {
  const token = browserTokenStore.getToken();
  const response = await fetch(packingSlipUrl(orderId), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The packing slip could not be opened (${response.status}).`);
  return URL.createObjectURL(await response.blob());
};
