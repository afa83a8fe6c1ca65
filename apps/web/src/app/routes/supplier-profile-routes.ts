import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { supplierQueryOptions } from '@/features/catalog/api/supplier-queries';
import { appLayoutRoute } from './app-layout-route';
import { SupplierProfileSearchSchema } from './supplier-profile-search';

const SupplierProfilePage = lazyRouteComponent(
  () => import('./supplier-profile-page'),
  'SupplierProfilePage',
);

/** Spec §2 has the signed-in profile at two addresses; both show the same page. */
export const supplierProfileRoutes = [
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: `${paths.browseSuppliers}/supplier-profile/$supplierId`,
    validateSearch: SupplierProfileSearchSchema,
    loader: ({ context: { queryClient }, params }) =>
      void queryClient.prefetchQuery(supplierQueryOptions(params.supplierId)),
    component: SupplierProfilePage,
  }),
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/supplier-profile/$supplierId',
    validateSearch: SupplierProfileSearchSchema,
    loader: ({ context: { queryClient }, params }) =>
      void queryClient.prefetchQuery(supplierQueryOptions(params.supplierId)),
    component: SupplierProfilePage,
  }),
];
