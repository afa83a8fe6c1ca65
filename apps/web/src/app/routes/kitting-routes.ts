import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

/** Issue 15 kitting and bundles (fulfillment home tile "order kitting services"). */
export const kittingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.kitting,
  component: lazyRouteComponent(() => import('./kitting-page'), 'KittingPage'),
});
