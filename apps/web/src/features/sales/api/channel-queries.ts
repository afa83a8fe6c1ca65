import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  disconnectSalesChannel,
  listSalesChannels,
  type StartShopifyInstallInput,
  startShopifyInstall,
} from '@atelier/contract/sales/channel';
import { callApi } from '@/lib/api-client';

export const channelKeys = {
  all: ['sales-channels'] as const,
  list: () => [...channelKeys.all, 'list'] as const,
};

/** GET /api/web/channels: every channel with its state and the store's connections. */
export const salesChannelsQueryOptions = () =>
  queryOptions({
    queryKey: channelKeys.list(),
    queryFn: ({ signal }) => callApi(listSalesChannels, { signal }),
  });

export const useSalesChannels = () => useQuery(salesChannelsQueryOptions());

/**
 * Starts connecting a Shopify shop; answers the shop's install page to send the browser to. The
 * form shows the errors (a refused address on its field), so no toast.
 */
export const useStartShopifyInstall = () =>
  useMutation({
    mutationFn: (body: StartShopifyInstallInput) =>
      callApi(startShopifyInstall, { body, shouldToastError: false }),
  });

/** Disconnects a channel connection (its access token is deleted) and reads the list again. */
export const useDisconnectSalesChannel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(disconnectSalesChannel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
};
