import { useMutation, useQueryClient } from '@tanstack/react-query';
import { syncSalesChannel } from '@atelier/contract/sales/channel-sync';
import { callApi } from '@/lib/api-client';
import { channelKeys } from './channel-queries';

/**
 * Re-sync: starts the connection's sync job and answers it (202). A sync already running is a
 * 409 `channel_sync_running`, which the panel answers by showing that one: no toast.
 */
export const useStartChannelSync = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(syncSalesChannel, { params: { id }, shouldToastError: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
};
