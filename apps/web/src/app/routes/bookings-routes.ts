import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { validateFreightBookingsSearch } from '@/features/fulfillment/bookings/search-params';
import { appLayoutRoute } from './app-layout-route';

/** Spec §2 /fulfillment-services/book-freight-shipment (issue 15): freight to the center. */
export const freightBookingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.freightBookings,
  validateSearch: validateFreightBookingsSearch,
  component: lazyRouteComponent(() => import('./bookings-pages'), 'FreightBookingsPage'),
});

/** Issue 15 fulfillment tile "book quality check": /homebase/quality-control. */
export const qualityControlRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.qualityControl,
  component: lazyRouteComponent(() => import('./bookings-pages'), 'QualityControlPage'),
});

/** Issue 15 fulfillment tile "set up a pre sale". */
export const preSalesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.preSales,
  component: lazyRouteComponent(() => import('./bookings-pages'), 'PreSalesPage'),
});

/** Issue 15 warehouse support tickets (spec §3 categories). */
export const supportTicketsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.supportTickets,
  component: lazyRouteComponent(() => import('./bookings-pages'), 'SupportTicketsPage'),
});

/** Spec §2 /order-packaging/{packagingCategory} (issue 15): the center's packaging. */
export const orderPackagingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: `${paths.orderPackaging}/$packagingCategory`,
  component: lazyRouteComponent(() => import('./bookings-pages'), 'OrderPackagingPage'),
});

export const bookingRoutes = [
  freightBookingsRoute,
  qualityControlRoute,
  preSalesRoute,
  supportTicketsRoute,
  orderPackagingRoute,
] as const;
