import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout-route';
import { withPageProps } from './lazy-page';
import { type ModulePage, SIGNED_IN_MODULE_PAGES } from './module-pages';

// The placeholder page loads with the first visit to one of these pages.
const ModulePageView = lazyRouteComponent(() => import('./module-page-view'), 'ModulePageView');

const modulePageRoute = (page: ModulePage) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: page.path,
    component: withPageProps(ModulePageView, { page }),
  });

/** The logged-in pages of spec §2 whose modules are not built yet. */
export const moduleRoutes = SIGNED_IN_MODULE_PAGES.map(modulePageRoute);
