import { Alert, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useBillingOverview } from '@/features/billing/api/billing-queries';
import { SubscriptionSummary } from '@/features/billing/components/manage-plan-modal-summary';

/**
 * Spec §2 /homebase/subscription-updated: the confirmation of the store's subscription as it is
 * now (plan, status, next invoice), with the way to its invoices and cards.
 */
export const SubscriptionUpdatedPage = () => {
  useDocumentTitle('Plan updated · Atelier');
  const overview = useBillingOverview();
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Your plan is updated" />
      {overview.isPending ? (
        <Skeleton h={220} data-testid="subscription-updated-loading" />
      ) : overview.isError ? (
        <LoadError message={overview.error.message} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <Alert color="green" icon={<IconCircleCheck size={18} />}>
            This is your subscription now.
          </Alert>
          <Paper withBorder radius="md" p="lg">
            <SubscriptionSummary overview={overview.data} />
          </Paper>
        </>
      )}
      <Group gap="lg">
        <AppAnchor href={`${paths.accountInfo}#billing`}>Invoices, cards and billing</AppAnchor>
        <AppAnchor href={paths.pricing}>Compare plans and fees</AppAnchor>
      </Group>
    </Stack>
  );
};
