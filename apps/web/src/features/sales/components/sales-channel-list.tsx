import { Skeleton, Stack } from '@mantine/core';
import type { SalesChannelName } from '@atelier/contract/sales/channel';
import { LoadError } from '@/components/ui/load-error';
import { useSalesChannels } from '../api/channel-queries';
import { type RenderChannelSync, SalesChannelCard } from './sales-channel-card';

type SalesChannelListProps = {
  focusedChannel?: SalesChannelName | undefined;
  /** A connected shop's sync panel, composed by the page. */
  renderSync?: RenderChannelSync | undefined;
};

/** Every sales channel of /ecommerce-services with its state, one card each. */
export const SalesChannelList = ({ focusedChannel, renderSync }: SalesChannelListProps) => {
  const channels = useSalesChannels();
  if (channels.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading sales channels">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={120} radius="md" />
        ))}
      </Stack>
    );
  }
  if (channels.isError) {
    return (
      <LoadError
        message="The sales channels could not be loaded."
        onRetry={() => void channels.refetch()}
      />
    );
  }
  return (
    <Stack gap="md" maw={880}>
      {channels.data.items.map((channel) => (
        <SalesChannelCard
          key={channel.channel}
          channel={channel}
          isFocused={channel.channel === focusedChannel}
          renderSync={renderSync}
        />
      ))}
    </Stack>
  );
};
