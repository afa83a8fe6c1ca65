import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';

import { appLayoutRoute } from './app-layout-route';
import { validateSupplierProfileSearch } from './supplier-profile-search';

const SupplierProfilePage = lazyRouteComponent(
  () => import('./supplier-profile-page'),
  'SupplierProfilePage',
);

const prefetchSupplier = async (queryClient: QueryClient, supplierId: string) => {
  const { supplierQueryOptions } = await import('@/features/catalog/api/supplier-queries');
  void queryClient.prefetchQuery(supplierQueryOptions(supplierId));
};

/** Spec §2 has the signed-in profile at two addresses; both show the same page. */
export const supplierProfileRoutes = [
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: `${paths.browseSuppliers}/supplier-profile/$supplierId`,
    validateSearch: validateSupplierProfileSearch,
    loader: ({ context: { queryClient }, params }) =>
      prefetchSupplier(queryClient, params.supplierId),
    component: SupplierProfilePage,
  }),
  createRoute({
    getParentRoute: () => appLayoutRoute,
    path: '/supplier-profile/$supplierId',
    validateSearch: validateSupplierProfileSearch,
    loader: ({ context: { queryClient }, params }) =>
      prefetchSupplier(queryClient, params.supplierId),
    component: SupplierProfilePage,
  }),
];
