import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConnectWixInput,
  type ConnectWooCommerceInput,
  connectWix,
  connectWooCommerce,
  disconnectSalesChannel,
  listSalesChannels,
  type StartShopifyInstallInput,
  startShopifyInstall,
} from '@atelier/contract/sales/channel';
import { syncSalesChannel } from '@atelier/contract/sales/channel-sync';
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

/**
 * Connects a WooCommerce shop (POST /api/web/channels/woocommerce): answers the connection and
 * its first sync job. The form shows the errors (on their fields), so no toast.
 */
export const useConnectWooCommerce = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectWooCommerceInput) =>
      callApi(connectWooCommerce, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
};

/** Connects a Wix site (POST /api/web/channels/wix); errors shown by the form. */
export const useConnectWix = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectWixInput) => callApi(connectWix, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
};

/** Starts a re-sync of a connection (POST /api/web/channels/:id/sync); answers its job. */
export const useSyncSalesChannel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(syncSalesChannel, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
};
