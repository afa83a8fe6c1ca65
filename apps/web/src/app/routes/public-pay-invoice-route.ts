import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { publicLayoutRoute } from './public-layout-route';

export const PUBLIC_PAY_INVOICE_PATH = '/public-pay-invoice/$sn';

/**
 * Spec §2 /public-pay-invoice/{sn}: a supplier's invoice shared by link, which anyone who has
 * the link can read and pay without logging in.
 */
export const publicPayInvoiceRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: PUBLIC_PAY_INVOICE_PATH,
  loader: async ({ context: { queryClient }, params }) => {
    const { isInvoiceLink, publicInvoiceQueryOptions } =
      await import('./public-pay-invoice-queries');
    if (isInvoiceLink(params.sn)) {
      void queryClient.prefetchQuery(publicInvoiceQueryOptions(params.sn));
    }
  },
  component: lazyRouteComponent(() => import('./public-pay-invoice-page'), 'PublicPayInvoicePage'),
});
