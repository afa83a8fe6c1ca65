import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

export const homebaseRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.homebase,
  component: lazyRouteComponent(() => import('./homebase-page'), 'HomebasePage'),
});
