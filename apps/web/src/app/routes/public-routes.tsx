import { createRoute } from '@tanstack/react-router';
import { catalogPublicRoutes } from './catalog-public-routes';
import { ModulePageView } from './module-page-view';
import { type ModulePage, PLAYGROUND_PAGE, PUBLIC_MODULE_PAGES } from './module-pages';
import { publicLayoutRoute } from './public-layout-route';

const publicPageRoute = (page: ModulePage) =>
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: page.path,
    component: () => <ModulePageView page={page} />,
  });

const publicPages = import.meta.env.PROD
  ? PUBLIC_MODULE_PAGES
  : [...PUBLIC_MODULE_PAGES, PLAYGROUND_PAGE];

export const publicRouteTree = publicLayoutRoute.addChildren([
  ...publicPages.map(publicPageRoute),
  ...catalogPublicRoutes,
]);
