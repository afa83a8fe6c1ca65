import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { FulfillmentReportSchema } from '@atelier/contract/fulfillment/fees';
import { paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

/**
 * Issue 15 reports (fulfillment home tiles "Outbound and returns reports" and "Financial
 * report"): `?report=financial|outbound` picks the first report shown.
 */
export const fulfillmentReportsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.fulfillmentReports,
  validateSearch: (search: Record<string, unknown>) => {
    const report = FulfillmentReportSchema.safeParse(search.report);
    return report.success ? { report: report.data } : {};
  },
  component: lazyRouteComponent(
    () => import('./fulfillment-reports-page'),
    'FulfillmentReportsPage',
  ),
});
