import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { formatRelativeTime } from '@atelier/contract/common/format';
import type {
  ChannelConnection,
  ChannelState,
  SalesChannel,
} from '@atelier/contract/sales/channel';
import { showSuccessToast } from '@/lib/notify';
import { useSyncSalesChannel } from '../api/channel-queries';
import { ConnectWixForm } from './connect-wix-form';
import { ConnectWooCommerceForm } from './connect-woocommerce-form';
import { DisconnectChannelButton } from './disconnect-channel-button';

/** What shows a connection's sync job (the page composes the jobs feature's FollowedJob). */
export type RenderSyncJob = (props: { jobId: string; label: string }) => ReactNode;

const BADGES: Record<ChannelState, { label: string; color: string }> = {
  CONNECTED: { label: 'Connected', color: 'teal' },
  NOT_CONNECTED: { label: 'Not connected', color: 'gray' },
  DISCONNECTED: { label: 'Not connected', color: 'gray' },
  ERROR: { label: 'Error', color: 'red' },
  NOT_CONFIGURED: { label: 'Not configured', color: 'yellow' },
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </div>
);

const SHOP_LABEL = { woocommerce: 'Shop', wix: 'Site ID', shopify: 'Shop' } as const;

/** A connection's shop, since when, and its last sync. */
const Facts = ({ connection }: { connection: ChannelConnection }) => (
  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
    <Fact label={SHOP_LABEL[connection.channel]}>{connection.shop}</Fact>
    <Fact label="Connected since">{dateFormat.format(new Date(connection.createdAt))}</Fact>
    <Fact label="Last sync">
      {connection.lastSyncAt ? formatRelativeTime(connection.lastSyncAt) : 'Not synced yet'}
    </Fact>
  </SimpleGrid>
);

/** Wix posts events to one address per connection, set by hand in the Wix app. */
const WixWebhookAddress = ({ url }: { url: string }) => (
  <Stack gap={4}>
    <Text size="sm">
      For new orders to arrive as they are placed, set this address as your Wix app’s webhook for
      the eCommerce “Order Created” and “Order Updated” events:
    </Text>
    <Group gap="xs" wrap="nowrap">
      <Code style={{ overflowWrap: 'anywhere', flex: 1 }}>{url}</Code>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant="default"
            onClick={copy}
            leftSection={
              copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  </Stack>
);

const SyncButton = ({ connection }: { connection: ChannelConnection }) => {
  const sync = useSyncSalesChannel();
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={sync.isPending}
      onClick={() => sync.mutate(connection.id)}
    >
      Re-sync
    </Button>
  );
};

type CredentialChannelCardProps = {
  channel: SalesChannel;
  /** The page was opened to connect this channel (/fulfillment-services/connect-woocommerce). */
  isFocused: boolean;
  renderSyncJob?: RenderSyncJob | undefined;
};

/**
 * WooCommerce or Wix on /ecommerce-services (issue 11): the state, the connected shop with its
 * last sync and error, the sync's progress, re-sync and disconnect; else the connect form.
 */
export const CredentialChannelCard = ({
  channel,
  isFocused,
  renderSyncJob,
}: CredentialChannelCardProps) => {
  const frame = useRef<HTMLElement>(null);
  useEffect(() => {
    if (isFocused) frame.current?.scrollIntoView?.({ block: 'start' });
  }, [isFocused]);
  const badge = BADGES[channel.state];
  const live = channel.connections.find((connection) => connection.status !== 'DISCONNECTED');
  const last = channel.connections[0];
  const onConnected = () =>
    showSuccessToast(`${channel.label} is connected: its orders are being synced.`);
  const form =
    channel.channel === 'wix' ? (
      <ConnectWixForm
        defaultSiteId={(live ?? last)?.shop}
        isFocused={isFocused && !live}
        onConnected={onConnected}
      />
    ) : (
      <ConnectWooCommerceForm
        defaultStoreUrl={(live ?? last)?.shop}
        isFocused={isFocused && !live}
        onConnected={onConnected}
      />
    );

  let body: ReactNode;
  if (!channel.isConfigured) {
    body = (
      <Text size="sm">
        {channel.notConfiguredReason ?? `${channel.label} cannot be connected on this server.`}
      </Text>
    );
  } else if (live) {
    body = (
      <>
        <Facts connection={live} />
        {live.lastError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title="The last call to the shop failed"
          >
            {live.lastError}
          </Alert>
        ) : null}
        {live.syncJobId && renderSyncJob
          ? renderSyncJob({ jobId: live.syncJobId, label: `The sync of ${live.shop}` })
          : null}
        {channel.channel === 'wix' && live.webhookUrl ? (
          <WixWebhookAddress url={live.webhookUrl} />
        ) : channel.channel === 'woocommerce' ? (
          <Text size="sm" c="dimmed">
            New and changed orders, products and customers arrive as WooCommerce sends them; Re-sync
            reads the whole shop again.
          </Text>
        ) : null}
        {live.status === 'ERROR' ? (
          <>
            <Text size="sm">Connect again with a new key to replace the one kept.</Text>
            {form}
          </>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <SyncButton connection={live} />
          <DisconnectChannelButton connection={live} />
        </Group>
      </>
    );
  } else {
    body = (
      <>
        {last ? (
          <Text size="sm" c="dimmed">
            {last.shop} was disconnected{last.lastError ? `: ${last.lastError}` : '.'} Its orders
            already imported stay in Orders.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Connect your {channel.label} {channel.channel === 'wix' ? 'site' : 'shop'}: its orders,
            products and customers are synced into Atelier, and new orders follow.
          </Text>
        )}
        {form}
      </>
    );
  }

  return (
    <Paper
      ref={frame}
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={channel.label}
      data-testid={`channel-${channel.channel}`}
      style={isFocused ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Group justify="space-between" align="center" mb="sm" gap="xs" wrap="nowrap">
        <Title order={2} fz="h4">
          {channel.label}
        </Title>
        <Badge variant="light" color={badge.color} miw="max-content">
          {badge.label}
        </Badge>
      </Group>
      <Stack gap="sm">{body}</Stack>
    </Paper>
  );
};
