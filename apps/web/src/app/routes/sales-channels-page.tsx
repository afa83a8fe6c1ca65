import { Alert, Paper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '@atelier/contract/common/money';
import type { ChannelConnection, SalesChannelName } from '@atelier/contract/sales/channel';
import {
  SALES_CHANNEL_FEE_BASIS_POINTS,
  SALES_CHANNEL_LISTING_FEE,
  salesChannelFeeOf,
} from '@atelier/contract/sales/channel-fees';
import { SHOPIFY_SYNC_JOB_KIND } from '@atelier/contract/sales/channel-sync';
import { PageHeader } from '@/components/ui/page-header';
import { jobKeys, useJob, useLatestJob } from '@/features/jobs/api/job-queries';
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

const SINGULAR: Record<string, string> = {
  orders: 'order',
  products: 'product',
  customers: 'customer',
  skipped: 'left out',
};

/** "3 orders · 2 products · 1 customer (6 new or changed)" from a sync's counts. */
const formatSyncCounts = (counts: Record<string, number>) => {
  const read = Object.entries(counts)
    .filter(([name]) => !name.endsWith(' changed'))
    .map(([name, value]) =>
      name === 'skipped'
        ? `${value.toLocaleString()} left out`
        : `${value.toLocaleString()} ${value === 1 ? (SINGULAR[name] ?? name) : name}`,
    );
  const changed = Object.entries(counts)
    .filter(([name]) => name.endsWith(' changed'))
    .reduce((sum, [, value]) => sum + value, 0);
  if (read.length === 0) return '';
  return `${read.join(' · ')} (${changed > 0 ? `${changed.toLocaleString()} new or changed` : 'nothing changed'})`;
};

/**
 * A connection's sync job, followed live: its progress bar and Cancel while it runs, its counts
 * once done. The channel list is read again when it ends (last sync, last error).
 */
const ChannelSyncJob = ({ jobId, label }: { jobId: string; label: string }) => {
  const queryClient = useQueryClient();
  const job = useJob(jobId);
  if (!job.data) return null;
  return (
    <FollowedJob
      key={jobId}
      startedJob={job.data}
      label={label}
      formatCounts={formatSyncCounts}
      onEnded={() => {
        void queryClient.invalidateQueries({ queryKey: channelKeys.all });
        void queryClient.invalidateQueries({ queryKey: salesKeys.orders() });
      }}
    />
  );
};

const EXAMPLE_ORDER = { amount: 5_000, currencyCode: 'USD' };

/** Spec §9 sales channel fees, said where channels are connected: nothing is hidden. */
const ChannelFees = () => (
  <Paper withBorder radius="md" p="md" mt="lg" maw={880} component="section" aria-label="Fees">
    <Title order={3} size="h5" mb={4}>
      Fees
    </Title>
    <Text size="sm">
      Listing products on a channel: {formatMoney(SALES_CHANNEL_LISTING_FEE)}. Orders that arrive
      from a connected channel: {SALES_CHANNEL_FEE_BASIS_POINTS / 100}% of the order total (a{' '}
      {formatMoney(EXAMPLE_ORDER)} order: {formatMoney(salesChannelFeeOf(EXAMPLE_ORDER))}).
    </Text>
    <Text size="sm" c="dimmed" mt={4}>
      Imported orders and orders you enter by hand carry no fee. This server does not charge
      anything yet: the fee will appear with your plan's invoices once billing is set up.
    </Text>
  </Paper>
);

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
        renderSyncJob={(props) => <ChannelSyncJob key={props.jobId} {...props} />}
      />
      <ChannelFees />
    </>
  );
};
