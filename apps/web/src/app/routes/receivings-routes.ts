import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout-route';

/** Spec §2 /receivings (issue 15), by status (`?status=`). */
export const receivingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/receivings',
  validateSearch: (search: Record<string, unknown>): { status?: string } =>
    typeof search.status === 'string' ? { status: search.status } : {},
  component: lazyRouteComponent(() => import('./receivings-pages'), 'ReceivingsPage'),
});

/** Spec §2 /receivings/new. */
export const newReceivingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/receivings/new',
  component: lazyRouteComponent(() => import('./receivings-pages'), 'NewReceivingPage'),
});

/** Spec §2 /receivings/{sn}/details. */
export const receivingDetailsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/receivings/$sn/details',
  component: lazyRouteComponent(() => import('./receivings-pages'), 'ReceivingDetailsRoutePage'),
});
