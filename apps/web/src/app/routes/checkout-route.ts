import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { knownParams, readText } from '@/lib/search-params';
import { appLayoutRoute } from './app-layout-route';

const validateCheckoutSearch = (raw: Record<string, unknown>) =>
  knownParams<{ items?: string; paypalPayment?: string; paypalCancelled?: string }>({
    items: readText(raw.items, { maxLength: 5_000, pattern: /^[A-Za-z0-9_-]+(,[A-Za-z0-9_-]+)*$/ }),
    // Back from PayPal (spec §7 paypal-capture): the payment to capture, and whether canceled.
    paypalPayment: readText(raw.paypalPayment, { maxLength: 100, pattern: /^[A-Za-z0-9_-]+$/ }),
    paypalCancelled: readText(raw.paypalCancelled, { pattern: /^1$/ }),
  });

/**
 * Spec §2 /checkout (issue 12): the cart's items paid in four steps; `?items=` (cart item ids,
 * comma-separated) chooses some first, as "Add to cart and pay" of an invoice does;
 * `?paypalPayment=` (and `paypalCancelled=1`) is the buyer back from PayPal: the payment is
 * captured (or canceled) there.
 */
export const checkoutRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.checkout,
  validateSearch: validateCheckoutSearch,
  loader: async ({ context: { queryClient } }) => {
    const { cartQueryOptions } = await import('@/features/orders/api/cart-queries');
    void queryClient.prefetchQuery(cartQueryOptions());
  },
  component: lazyRouteComponent(() => import('./checkout-page'), 'CheckoutPage'),
});
