import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { validateInventorySearch } from '@/features/products/search-params';
import { appLayoutRoute } from './app-layout-route';

/** Spec §2 /inventory (issue 11): the store's products (?status=ACTIVE|ARCHIVED, ?search=). */
export const inventoryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.inventory,
  validateSearch: validateInventorySearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { productsInfiniteQueryOptions } =
      await import('@/features/products/api/product-queries');
    void queryClient.prefetchInfiniteQuery(
      productsInfiniteQueryOptions({ status: deps.status ?? 'ACTIVE', search: deps.search ?? '' }),
    );
  },
  component: lazyRouteComponent(() => import('./inventory-page'), 'InventoryPage'),
});

/** A new product of the store, in the product editor. */
export const newProductRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.newProduct,
  component: lazyRouteComponent(() => import('./product-page'), 'NewProductPage'),
});

/** One product of the store with its variants, in the product editor. */
export const productRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: `${paths.inventory}/$productId`,
  loader: async ({ context: { queryClient }, params }) => {
    const { productQueryOptions } = await import('@/features/products/api/product-queries');
    void queryClient.prefetchQuery(productQueryOptions(params.productId));
  },
  component: lazyRouteComponent(() => import('./product-page'), 'ProductPage'),
});
