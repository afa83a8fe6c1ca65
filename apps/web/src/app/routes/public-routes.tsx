import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { catalogPublicRoutes } from './catalog-public-routes';
import { withPageProps } from './lazy-page';
import { type ModulePage, PLAYGROUND_PAGE, PUBLIC_MODULE_PAGES } from './module-pages';
import { publicLayoutRoute } from './public-layout-route';
import { publicPayInvoiceRoute } from './public-pay-invoice-route';
import { pricingRoute } from './pricing-route';
import { shareReportRoute } from './share-report-route';
import { shopifyAppRoutes } from './shopify-app-routes';

// The placeholder page loads with the first visit to one of these pages.
const ModulePageView = lazyRouteComponent(() => import('./module-page-view'), 'ModulePageView');

const publicPageRoute = (page: ModulePage) =>
  createRoute({
    getParentRoute: () => publicLayoutRoute,
    path: page.path,
    component: withPageProps(ModulePageView, { page }),
  });

const publicPages = import.meta.env.PROD
  ? PUBLIC_MODULE_PAGES
  : [...PUBLIC_MODULE_PAGES, PLAYGROUND_PAGE];

export const publicRouteTree = publicLayoutRoute.addChildren([
  ...publicPages.map(publicPageRoute),
  ...catalogPublicRoutes,
  publicPayInvoiceRoute,
  shareReportRoute,
  pricingRoute,
  ...shopifyAppRoutes,
]);
