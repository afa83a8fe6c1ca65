import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { publicSupplierQueryOptions } from '@/features/catalog/api/supplier-queries';
import { publicCatalogItemQueryOptions } from '@/features/catalog/api/item-queries';
import { publicLayoutRoute } from './public-layout-route';
import { SupplierProfileSearchSchema } from './supplier-profile-search';

const importPages = () => import('./catalog-public-pages');

export const previewSupplierRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/preview-supplier-profile/$supplierId',
  validateSearch: SupplierProfileSearchSchema,
  loader: ({ context: { queryClient }, params }) =>
    void queryClient.prefetchQuery(publicSupplierQueryOptions(params.supplierId)),
  component: lazyRouteComponent(importPages, 'PreviewSupplierPage'),
});

export const previewCatalogItemRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/preview-catalog-item/$itemId',
  loader: ({ context: { queryClient }, params }) =>
    void queryClient.prefetchQuery(publicCatalogItemQueryOptions(params.itemId)),
  component: lazyRouteComponent(importPages, 'PreviewCatalogItemPage'),
});

export const postReviewRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/supplier-profile/$supplierId/post-review',
  loader: ({ context: { queryClient }, params }) =>
    void queryClient.prefetchQuery(publicSupplierQueryOptions(params.supplierId)),
  component: lazyRouteComponent(importPages, 'PostReviewPage'),
});

/** Issue 9: the link e-mailed to a public reviewer, `/confirm-review?token=…`. */
export const confirmReviewRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: paths.confirmReview,
  validateSearch: z.object({ token: z.string().optional().catch(undefined) }),
  component: lazyRouteComponent(importPages, 'ConfirmReviewPage'),
});

/** Spec §2 public catalog pages: shared previews, the review link and its confirmation. */
export const catalogPublicRoutes = [
  previewSupplierRoute,
  previewCatalogItemRoute,
  postReviewRoute,
  confirmReviewRoute,
];
