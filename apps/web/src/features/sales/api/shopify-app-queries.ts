import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkShopifyLaunch } from '@atelier/contract/sales/shopify-app';
import { callApi } from '@/lib/api-client';

/**
 * Spec §2 /shopify: checks the signed query Shopify sent the merchant with (once; a refusal is
 * shown on the page, not as a toast).
 */
export const shopifyLaunchQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: ['shopify-launch', query] as const,
    queryFn: ({ signal }) =>
      callApi(checkShopifyLaunch, { body: { query }, signal, shouldToastError: false }),
    retry: false,
    staleTime: Infinity,
  });

export const useShopifyLaunch = (query: Record<string, string>) =>
  useQuery(shopifyLaunchQueryOptions(query));
