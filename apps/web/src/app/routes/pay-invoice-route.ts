import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout-route';

/** Spec §2 /pay-invoice/{invoiceId} (issue 12): a supplier's invoice, to review and pay. */
export const payInvoiceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/pay-invoice/$invoiceId',
  loader: async ({ context: { queryClient }, params }) => {
    const { invoiceQueryOptions } = await import('@/features/orders/api/invoice-queries');
    void queryClient.prefetchQuery(invoiceQueryOptions(params.invoiceId));
  },
  component: lazyRouteComponent(() => import('./pay-invoice-page'), 'PayInvoicePage'),
});
