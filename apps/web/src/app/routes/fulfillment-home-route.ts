import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

export const fulfillmentHomeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.fulfillmentHome,
  component: lazyRouteComponent(() => import('./fulfillment-home-page'), 'FulfillmentHomePage'),
});
