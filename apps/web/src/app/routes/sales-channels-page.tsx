import { Alert } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ChannelConnection, SalesChannelName } from '@atelier/contract/sales/channel';
import { SHOPIFY_SYNC_JOB_KIND } from '@atelier/contract/sales/channel-sync';
import { PageHeader } from '@/components/ui/page-header';
import { jobKeys, useLatestJob } from '@/features/jobs/api/job-queries';
import { FollowedJob } from '@/features/jobs/components/followed-job';
import { useJobUpdates } from '@/features/jobs/realtime/job-updates';
import { channelKeys } from '@/features/sales/api/channel-queries';
import { salesKeys } from '@/features/sales/api/order-queries';
import { ChannelSyncPanel } from '@/features/sales/components/channel-sync-panel';
import { SalesChannelList } from '@/features/sales/components/sales-channel-list';

/** A connected shop's sync: the jobs feature's latest sync job, followed live while it runs. */
const ShopifySync = ({ connection }: { connection: ChannelConnection }) => {
  const queryClient = useQueryClient();
  const isLive = useJobUpdates(true);
  const latest = useLatestJob(SHOPIFY_SYNC_JOB_KIND, isLive);
  // A sync that ends (followed here or not) may have brought orders and changed the connection.
  const wasActive = useRef(false);
  const status = latest.data?.status;
  useEffect(() => {
    const isActive = status === 'QUEUED' || status === 'RUNNING';
    if (wasActive.current && !isActive) {
      void queryClient.invalidateQueries({ queryKey: channelKeys.all });
      void queryClient.invalidateQueries({ queryKey: salesKeys.orders() });
    }
    wasActive.current = isActive;
  }, [status, queryClient]);
  return (
    <ChannelSyncPanel
      connection={connection}
      latestJob={latest.isPending ? undefined : (latest.data ?? null)}
      renderJob={(props) => <FollowedJob {...props} />}
      onBusy={() => void latest.refetch()}
      onEnded={() => {
        void queryClient.invalidateQueries({ queryKey: channelKeys.all });
        void queryClient.invalidateQueries({ queryKey: salesKeys.orders() });
        void queryClient.invalidateQueries({ queryKey: jobKeys.latest(SHOPIFY_SYNC_JOB_KIND) });
      }}
    />
  );
};

type InstallResult = { isConnected: true } | { isConnected: false; error: string } | null;

/**
 * The outcome of a shop install, read once from the address the callback sent the browser to.
 * The address is cleaned right after, so a reload or a shared link does not repeat it.
 */
const useInstallResultOnce = (): [InstallResult, () => void] => {
  const search: { connected?: string; error?: string } = useSearch({ strict: false });
  const navigate = useNavigate();
  const [result, setResult] = useState<InstallResult>(() => {
    if (search.error) return { isConnected: false, error: search.error };
    return search.connected ? { isConnected: true } : null;
  });
  const hasQuery = Boolean(search.connected ?? search.error);
  useEffect(() => {
    if (hasQuery) void navigate({ to: '.', search: {}, replace: true });
  }, [hasQuery, navigate]);
  return [result, () => setResult(null)];
};

type SalesChannelsPageProps = {
  /** The channel the address asked to connect (/fulfillment-services/connect-shopify). */
  focusedChannel?: SalesChannelName;
};

/** Spec §2 /ecommerce-services: the store's sales channels and their connections (issue 11). */
export const SalesChannelsPage = ({ focusedChannel }: SalesChannelsPageProps) => {
  useDocumentTitle('Sales channels · Atelier');
  const [installResult, dismissInstallResult] = useInstallResultOnce();

  return (
    <>
      <PageHeader
        title="Sales channels"
        description="Connect the shops you sell on: their new orders arrive in Orders, ready to fulfill."
      />
      {installResult ? (
        <Alert
          mb="md"
          maw={880}
          role={installResult.isConnected ? 'status' : 'alert'}
          color={installResult.isConnected ? 'teal' : 'red'}
          icon={
            installResult.isConnected ? (
              <IconCircleCheck size={18} aria-hidden />
            ) : (
              <IconAlertCircle size={18} aria-hidden />
            )
          }
          title={installResult.isConnected ? 'Shopify is connected' : 'Shopify was not connected'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={dismissInstallResult}
        >
          {installResult.isConnected
            ? 'Its products, customers and orders are being brought in below; new orders then arrive as Shopify sends them.'
            : installResult.error}
        </Alert>
      ) : null}
      <SalesChannelList
        focusedChannel={focusedChannel}
        renderSync={(connection) => <ShopifySync connection={connection} />}
      />
    </>
  );
};
