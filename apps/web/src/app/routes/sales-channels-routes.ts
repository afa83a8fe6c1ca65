import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { validateSalesChannelsSearch } from '@/features/sales/channel-search-params';
import { appLayoutRoute } from './app-layout-route';
import { withPageProps } from './lazy-page';

const SalesChannelsPage = lazyRouteComponent(
  () => import('./sales-channels-page'),
  'SalesChannelsPage',
);

const loadSalesChannels = async ({ context }: { context: { queryClient: QueryClient } }) => {
  const { salesChannelsQueryOptions } = await import('@/features/sales/api/channel-queries');
  void context.queryClient.prefetchQuery(salesChannelsQueryOptions());
};

/**
 * Spec §2 /ecommerce-services (issue 11): the store's sales channels. Shopify's install callback
 * comes back here with `?connected=shopify` or `?error=`.
 */
export const salesChannelsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.ecommerceServices,
  validateSearch: validateSalesChannelsSearch,
  loader: loadSalesChannels,
  component: SalesChannelsPage,
});

/**
 * Spec §2 "other paths" /fulfillment-services/connect-{shopify,wix,woocommerce} and the
 * redirect target /ecommerce-services/shopify: the same page, opened on that channel.
 */
const focusedChannelRoute = (path: string, channel: 'shopify' | 'wix' | 'woocommerce') =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    loader: loadSalesChannels,
    component: withPageProps(SalesChannelsPage, { focusedChannel: channel }),
  });

export const salesChannelRoutes = [
  salesChannelsRoute,
  focusedChannelRoute(`${paths.ecommerceServices}/shopify`, 'shopify'),
  focusedChannelRoute(`${paths.fulfillmentHome}/connect-shopify`, 'shopify'),
  focusedChannelRoute(`${paths.fulfillmentHome}/connect-wix`, 'wix'),
  focusedChannelRoute(`${paths.fulfillmentHome}/connect-woocommerce`, 'woocommerce'),
];
