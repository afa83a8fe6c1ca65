import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout-route';
import { ModulePageView } from './module-page-view';
import { type ModulePage, SIGNED_IN_MODULE_PAGES } from './module-pages';

const modulePageRoute = (page: ModulePage) =>
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: page.path,
    component: () => <ModulePageView page={page} />,
  });

/** The logged-in pages of spec §2 whose modules are not built yet. */
export const moduleRoutes = SIGNED_IN_MODULE_PAGES.map(modulePageRoute);
