import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatRelativeTime } from '@atelier/contract/common/format';
import type {
  ChannelConnection,
  ChannelState,
  SalesChannel,
} from '@atelier/contract/sales/channel';
import { ConnectShopifyForm } from './connect-shopify-form';
import { DisconnectChannelButton } from './disconnect-channel-button';

const STATE_BADGES: Record<ChannelState, { label: string; color: string }> = {
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

const ConnectionFacts = ({ connection }: { connection: ChannelConnection }) => (
  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
    <Fact label="Shop">{connection.shop}</Fact>
    <Fact label="Connected since">{dateFormat.format(new Date(connection.createdAt))}</Fact>
    <Fact label="Last sync">
      {connection.lastSyncAt ? formatRelativeTime(connection.lastSyncAt) : 'Not synced yet'}
    </Fact>
  </SimpleGrid>
);

const CardFrame = ({
  channel,
  badge,
  children,
}: {
  channel: SalesChannel;
  badge: { label: string; color: string };
  children: ReactNode;
}) => (
  <Paper
    withBorder
    radius="md"
    p="md"
    component="section"
    aria-label={channel.label}
    data-testid={`channel-${channel.channel}`}
  >
    <Group justify="space-between" align="center" mb="sm" gap="xs" wrap="nowrap">
      <Title order={2} fz="h4">
        {channel.label}
      </Title>
      <Badge variant="light" color={badge.color} miw="max-content">
        {badge.label}
      </Badge>
    </Group>
    <Stack gap="sm">{children}</Stack>
  </Paper>
);

/** What a connected shop shows about its sync (Re-sync, progress, last outcome), from the page. */
export type RenderChannelSync = (connection: ChannelConnection) => ReactNode;

/** Shopify: its state, the connected shop with its sync, and connect or disconnect. */
const ShopifyCard = ({
  channel,
  isFocused,
  renderSync,
}: {
  channel: SalesChannel;
  isFocused: boolean;
  renderSync?: RenderChannelSync | undefined;
}) => {
  const badge = STATE_BADGES[channel.state];
  if (!channel.isConfigured) {
    return (
      <CardFrame channel={channel} badge={badge}>
        <Text size="sm">
          {channel.notConfiguredReason ??
            'This server has no Shopify app credentials: its operator sets SHOPIFY_API_KEY and SHOPIFY_API_SECRET.'}
        </Text>
        <Text size="sm" c="dimmed">
          Once they are set and the server restarted, shops can be connected here.
        </Text>
      </CardFrame>
    );
  }
  const live = channel.connections.find((connection) => connection.status !== 'DISCONNECTED');
  if (live) {
    return (
      <CardFrame channel={channel} badge={badge}>
        <ConnectionFacts connection={live} />
        {live.lastError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title="The last call to the shop failed"
          >
            {live.lastError}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            New orders from this shop arrive in Orders as Shopify sends them.
          </Text>
        )}
        {renderSync?.(live)}
        {live.status === 'ERROR' ? (
          <>
            <Text size="sm">Connect the shop again to give Atelier a new access token.</Text>
            <ConnectShopifyForm defaultShop={live.shop} isFocused={isFocused} />
          </>
        ) : null}
        <Group justify="flex-end">
          <DisconnectChannelButton connection={live} />
        </Group>
      </CardFrame>
    );
  }
  const last = channel.connections[0];
  return (
    <CardFrame channel={channel} badge={badge}>
      {last ? (
        <Text size="sm" c="dimmed">
          {last.shop} was disconnected{last.lastError ? `: ${last.lastError}` : '.'} Its orders
          already imported stay in Orders.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Connect your Shopify shop and its new orders arrive in Orders.
        </Text>
      )}
      <ConnectShopifyForm defaultShop={last?.shop} isFocused={isFocused} />
    </CardFrame>
  );
};

type SalesChannelCardProps = {
  channel: SalesChannel;
  /** The page was opened to connect this channel (/fulfillment-services/connect-shopify). */
  isFocused?: boolean;
  renderSync?: RenderChannelSync | undefined;
};

/** One channel of /ecommerce-services. Only Shopify can be connected so far (issue 11). */
export const SalesChannelCard = ({
  channel,
  isFocused = false,
  renderSync,
}: SalesChannelCardProps) => {
  switch (channel.channel) {
    case 'shopify':
      return <ShopifyCard channel={channel} isFocused={isFocused} renderSync={renderSync} />;
    case 'woocommerce':
    case 'wix':
      return (
        <CardFrame channel={channel} badge={{ label: 'Coming later', color: 'gray' }}>
          <Text size="sm" c="dimmed">
            {channel.notConfiguredReason ??
              `The ${channel.label} connector is not available on this server yet.`}
          </Text>
        </CardFrame>
      );
  }
};
