import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { publicLayoutRoute } from './public-layout-route';

export const SHARE_REPORT_PATH = '/share-report/$id';

/**
 * Spec §2 /share-report/{id} (issue 14): a snapshot of one analytics view that a store shared
 * by link, read-only, without login.
 */
export const shareReportRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: SHARE_REPORT_PATH,
  loader: async ({ context: { queryClient }, params }) => {
    const { publicShareQueryOptions } = await import('@/features/analytics/api/analytics-queries');
    void queryClient.prefetchQuery(publicShareQueryOptions(params.id));
  },
  component: lazyRouteComponent(() => import('./share-report-page'), 'ShareReportPage'),
});
