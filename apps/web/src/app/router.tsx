import { createRoute, createRouter, redirect } from '@tanstack/react-router';
import { queryClient } from '@/lib/query-client';
import { setApiNavigator } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { accountInfoRoute } from './routes/account-info-route';
import { addShippingAddressRoute } from './routes/add-shipping-address-route';
import { analyticsRoutes } from './routes/analytics-routes';
import { browseSuppliersRoute } from './routes/browse-suppliers-route';
import { catalogItemRoute } from './routes/catalog-item-route';
import { checkoutRoute } from './routes/checkout-route';
import { appLayoutRoute } from './routes/app-layout-route';
import { copilotRoute } from './routes/copilot-route';
import { customProjectRoute } from './routes/custom-project-route';
import { favoritesRoute } from './routes/favorites-route';
import { fulfillmentHomeRoute } from './routes/fulfillment-home-route';
import { fulfillmentReportsRoute } from './routes/fulfillment-reports-routes';
import { homebaseRoute } from './routes/homebase-route';
import { inboxRoutes } from './routes/inbox-routes';
import { inventoryRoute, newProductRoute, productRoute } from './routes/inventory-routes';
import { newShippingLabelRoute, shippingLabelsRoute } from './routes/shipping-labels-routes';
import {
  newReceivingRoute,
  receivingDetailsRoute,
  receivingsRoute,
} from './routes/receivings-routes';
import { returnSettingsRoute } from './routes/return-settings-routes';
import { bookingRoutes } from './routes/bookings-routes';
import { kittingRoute } from './routes/kitting-routes';
import { fulfillmentRulesRoute } from './routes/fulfillment-rules-routes';
import { leaveReviewRoute } from './routes/leave-review-route';
import { loginRoute } from './routes/login-route';
import { manageShopRoute } from './routes/manage-shop-route';
import { moduleRoutes } from './routes/module-routes';
import { customersRoute } from './routes/customers-route';
import { orderDetailsRoute, ordersRoute } from './routes/orders-route';
import { NotFoundPage } from './routes/not-found-page';
import { PagePending } from './routes/page-pending';
import { partnerAcceptInviteRoute } from './routes/partner-accept-invite-route';
import { partnerLoginRoute } from './routes/partner-login-route';
import { partnerWorkspaceRouteTree } from './routes/partner-workspace-routes';
import { payInvoiceRoute } from './routes/pay-invoice-route';
import { publicRouteTree } from './routes/public-routes';
import { rootRoute } from './routes/root-route';
import { salesChannelRoutes } from './routes/sales-channels-routes';
import { sourcingHomeRoute } from './routes/sourcing-home-route';
import { subscriptionRoutes } from './routes/subscription-routes';
import { supplierProfileRoutes } from './routes/supplier-profile-routes';

// The site's address itself opens the homebase (and through it /login without a session).
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => redirect({ href: paths.homebase, replace: true, throw: true }),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.notFound,
  component: NotFoundPage,
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  notFoundRoute,
  publicRouteTree,
  partnerLoginRoute,
  partnerAcceptInviteRoute,
  partnerWorkspaceRouteTree,
  appLayoutRoute.addChildren([
    homebaseRoute,
    ...subscriptionRoutes,
    accountInfoRoute,
    sourcingHomeRoute,
    browseSuppliersRoute,
    catalogItemRoute,
    ...supplierProfileRoutes,
    favoritesRoute,
    customProjectRoute,
    manageShopRoute,
    fulfillmentHomeRoute,
    fulfillmentReportsRoute,
    copilotRoute,
    ordersRoute,
    orderDetailsRoute,
    customersRoute,
    checkoutRoute,
    payInvoiceRoute,
    addShippingAddressRoute,
    leaveReviewRoute,
    inventoryRoute,
    newProductRoute,
    productRoute,
    shippingLabelsRoute,
    newShippingLabelRoute,
    receivingsRoute,
    newReceivingRoute,
    receivingDetailsRoute,
    returnSettingsRoute,
    kittingRoute,
    fulfillmentRulesRoute,
    ...bookingRoutes,
    ...salesChannelRoutes,
    ...inboxRoutes,
    ...analyticsRoutes,
    ...moduleRoutes,
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: false,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundPage,
  // Each page's code is its own chunk, loaded on the first visit (issue 10).
  defaultPendingComponent: PagePending,
});

// The API client's redirects (401, 403) become in-app navigations once the router exists.
setApiNavigator((href) => void router.navigate({ href }));

// <html data-router-status="pending|idle">: whether a navigation still loads a page's code or
// data, so browser journeys act on the new page only once it has rendered (issue 10).
const setRouterStatus = (status: 'pending' | 'idle') => {
  document.documentElement.dataset.routerStatus = status;
};
router.subscribe('onBeforeLoad', () => setRouterStatus('pending'));
router.subscribe('onResolved', () => setRouterStatus('idle'));

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
