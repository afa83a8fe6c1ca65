import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { knownParams, readText } from '@/lib/search-params';
import { publicLayoutRoute } from './public-layout-route';
import { validateSupplierProfileSearch } from './supplier-profile-search';

const importPages = () => import('./catalog-public-pages');
const importSupplierQueries = () => import('@/features/catalog/api/supplier-queries');

export const previewSupplierRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/preview-supplier-profile/$supplierId',
  validateSearch: validateSupplierProfileSearch,
  loader: async ({ context: { queryClient }, params }) => {
    const { publicSupplierQueryOptions } = await importSupplierQueries();
    void queryClient.prefetchQuery(publicSupplierQueryOptions(params.supplierId));
  },
  component: lazyRouteComponent(importPages, 'PreviewSupplierPage'),
});

export const previewCatalogItemRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/preview-catalog-item/$itemId',
  loader: async ({ context: { queryClient }, params }) => {
    const { publicCatalogItemQueryOptions } = await import('@/features/catalog/api/item-queries');
    void queryClient.prefetchQuery(publicCatalogItemQueryOptions(params.itemId));
  },
  component: lazyRouteComponent(importPages, 'PreviewCatalogItemPage'),
});

export const postReviewRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/supplier-profile/$supplierId/post-review',
  loader: async ({ context: { queryClient }, params }) => {
    const { publicSupplierQueryOptions } = await importSupplierQueries();
    void queryClient.prefetchQuery(publicSupplierQueryOptions(params.supplierId));
  },
  component: lazyRouteComponent(importPages, 'PostReviewPage'),
});

/** Issue 9: the link e-mailed to a public reviewer, `/confirm-review?token=…`. */
export const confirmReviewRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: paths.confirmReview,
  validateSearch: (raw: Record<string, unknown>) => knownParams({ token: readText(raw.token) }),
  component: lazyRouteComponent(importPages, 'ConfirmReviewPage'),
});

/** Spec §2 public catalog pages: shared previews, the review link and its confirmation. */
export const catalogPublicRoutes = [
  previewSupplierRoute,
  previewCatalogItemRoute,
  postReviewRoute,
  confirmReviewRoute,
];
