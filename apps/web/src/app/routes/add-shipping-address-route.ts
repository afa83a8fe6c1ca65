import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout-route';

/**
 * Spec §2 /add-shipping-address/{invoiceId} (issue 12): where the goods of a supplier's invoice
 * go, saved before paying it.
 */
export const addShippingAddressRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/add-shipping-address/$invoiceId',
  loader: async ({ context: { queryClient }, params }) => {
    const { invoiceQueryOptions } = await import('@/features/orders/api/invoice-queries');
    void queryClient.prefetchQuery(invoiceQueryOptions(params.invoiceId));
  },
  component: lazyRouteComponent(
    () => import('./add-shipping-address-page'),
    'AddShippingAddressPage',
  ),
});
