import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { knownParams, readText } from '@/lib/search-params';
import { appLayoutRoute } from './app-layout-route';

const validateCustomProjectSearch = (raw: Record<string, unknown>) =>
  knownParams({ supplierId: readText(raw.supplierId, { pattern: /^cmp_[a-z0-9]+$/ }) });

/** Spec §2 /create-custom-project/{rfpId?}: a new request, or the draft with this id. */
export const customProjectRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: `${paths.createCustomProject}/{-$rfpId}`,
  validateSearch: validateCustomProjectSearch,
  loader: async ({ context: { queryClient }, params: { rfpId } }) => {
    if (!rfpId) return;
    const { customProjectQueryOptions } =
      await import('@/features/sourcing/api/custom-project-queries');
    void queryClient.prefetchQuery(customProjectQueryOptions(rfpId));
  },
  component: lazyRouteComponent(() => import('./custom-project-page'), 'CustomProjectPage'),
});
