import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ReportStartForm } from '@/features/fulfillment/reports/report-start-form';
import { FollowedJob } from '@/features/jobs/components/followed-job';

const reportsRoute = getRouteApi('/app/fulfillment-services/reports');

/**
 * Issue 15 reports of the fulfillment center: start the financial or outbound report for a
 * period and follow its job (progress bar, Cancel) until its CSV downloads.
 */
export const FulfillmentReportsPage = () => {
  useDocumentTitle('Fulfillment reports · Atelier');
  const { report } = reportsRoute.useSearch();
  return (
    <>
      <PageHeader
        title="Fulfillment reports"
        description="What left the fulfillment center and what it charged, as CSV files or Excel workbooks."
      />
      <ReportStartForm
        {...(report ? { initialReport: report } : {})}
        renderJob={(props) => <FollowedJob key={props.startedJob.id} {...props} />}
      />
    </>
  );
};
