import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout-route';

/** Issue 15 shipping label history (fulfillment home tile). */
export const shippingLabelsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fulfillment-services/shipping-labels',
  component: lazyRouteComponent(() => import('./shipping-labels-page'), 'ShippingLabelsPage'),
});

/** Spec §3 shipping label draft: a standalone label (fulfillment home tile). */
export const newShippingLabelRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fulfillment-services/shipping-labels/new',
  component: lazyRouteComponent(() => import('./shipping-labels-page'), 'NewShippingLabelPage'),
});
