import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatClient } from '../chat-client';
import { chatKeys } from './chat-keys';
import { fetchChatFile } from './file-transfer';

const watchedCaches = new WeakSet<QueryClient>();

/** Object URLs live as long as their cached query: released when the cache drops it. */
const revokeDroppedFileUrls = (queryClient: QueryClient) => {
  if (watchedCaches.has(queryClient)) return;
  watchedCaches.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    const [scope, , kind] = event.query.queryKey as readonly unknown[];
    const data: unknown = event.query.state.data;
    if (
      event.type === 'removed' &&
      scope === 'chat' &&
      kind === 'file' &&
      typeof data === 'string'
    ) {
      URL.revokeObjectURL(data);
    }
  });
};

/** An attachment shown in the page (an image), as an object URL of bytes fetched with the token. */
export const useChatFileUrl = (client: ChatClient, url: string) => {
  const queryClient = useQueryClient();
  revokeDroppedFileUrls(queryClient);
  const file = useQuery({
    queryKey: chatKeys.file(client.side, url),
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchChatFile(client, url, signal)),
    staleTime: Infinity,
    retry: 1,
  });
  return {
    objectUrl: file.data ?? null,
    isPending: file.isPending,
    isError: file.isError,
    retry: () => void file.refetch(),
  };
};
