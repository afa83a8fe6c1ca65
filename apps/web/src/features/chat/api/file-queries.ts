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
      typeof data === 'string' &&
      data.startsWith('blob:')
    ) {
      URL.revokeObjectURL(data);
    }
  });
};

const readAsDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('The file could not be read.'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });

/**
 * Where the page shows a fetched image from. An SVG is a document: a blob: URL carries the
 * app's origin, so one opened in its own tab ("Open image in new tab") could run a script of a
 * file stored before SVGs were sanitised with the session at hand. A data: URL gets an origin of
 * its own (or is not opened at all), so SVGs use that; raster images use an object URL.
 */
const displayUrlOf = async (blob: Blob): Promise<string> =>
  blob.type.split(';')[0]?.trim().toLowerCase() === 'image/svg+xml'
    ? readAsDataUrl(blob)
    : URL.createObjectURL(blob);

/**
 * An attachment shown in the page (an image), as an object URL (a data: URL for SVG) of bytes
 * fetched with the token.
 */
export const useChatFileUrl = (client: ChatClient, url: string) => {
  const queryClient = useQueryClient();
  revokeDroppedFileUrls(queryClient);
  const file = useQuery({
    queryKey: chatKeys.file(client.side, url),
    queryFn: async ({ signal }) => displayUrlOf(await fetchChatFile(client, url, signal)),
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
