import { knownParams, readChoice, readText } from '@/lib/search-params';

/**
 * /ecommerce-services' address after a shop install: the server's callback sends the browser
 * back with `?connected=shopify` or `?error=<the reason in plain words>` (issue 11).
 */
export type SalesChannelsSearchParams = { connected?: 'shopify'; error?: string };

// The callback's channels, written here: route files load no contract schemas (issue 10).
const CONNECTABLE_CHANNELS = ['shopify'] as const;

export const validateSalesChannelsSearch = (
  search: Record<string, unknown>,
): SalesChannelsSearchParams =>
  knownParams({
    connected: readChoice(search.connected, CONNECTABLE_CHANNELS),
    error: readText(search.error, { maxLength: 1_000 }),
  });
