import { Alert, Button, Center, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { memo, type ReactNode, useDeferredValue, useEffect, useRef } from 'react';

type Page<T> = { items: T[]; nextCursor: string | null };

type ResultGridProps<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  renderItem: (item: T) => ReactNode;
  getKey: (item: T) => string;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  /** What the grid lists, for screen readers ("Suppliers"). */
  label: string;
  /** Columns by the width of the grid itself (container queries), e.g. `{ base: 1, '560px': 2 }`. */
  cols?: Record<string, number>;
  skeletonHeight?: number;
  /** Whether the next page loads by itself when the end of the list scrolls into view. */
  autoLoad?: boolean;
};

const DEFAULT_COLS = { base: 1, '540px': 2, '860px': 3 };

type PageCardsProps<T> = Pick<ResultGridProps<T>, 'renderItem' | 'getKey'> & { items: T[] };

/**
 * The cards of one page. Memoised: a page already shown is not rendered again when the next
 * one arrives or starts loading (with 150 supplier cards that took seconds, issue 10), as long
 * as `renderItem` and `getKey` keep their identity (module-level functions).
 */
const PageCards = memo(function PageCards<T>({ items, renderItem, getKey }: PageCardsProps<T>) {
  return items.map((item) => (
    <div key={getKey(item)} role="listitem">
      {renderItem(item)}
    </div>
  ));
}) as <T>(props: PageCardsProps<T>) => ReactNode;

/** A grid of keyset pages: skeletons first, then cards, more on scroll or "Load more". */
export const ResultGrid = <T,>({
  query,
  renderItem,
  getKey,
  empty,
  label,
  cols = DEFAULT_COLS,
  skeletonHeight = 190,
  autoLoad = true,
}: ResultGridProps<T>) => {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: '600px 0px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetching, isError } = query;
  // Each report of the observer loads at most one page: the end coming into view. A report
  // stays "visible" until the observer's next one, after the new cards have pushed the end
  // away, so acting on the state itself loaded a second page behind every first (issue 10).
  const usedEntry = useRef<IntersectionObserverEntry | null>(null);
  // Cards render in a deferred render, which React splits into short tasks, so a page of 50
  // cards never blocks input (issue 10: Total Blocking Time); skeletons or the cards already
  // shown stay meanwhile. `null` until the first such render.
  const pages = useDeferredValue<Page<T>[] | undefined | null>(query.data?.pages, null);

  useEffect(() => {
    if (!autoLoad || !entry || entry === usedEntry.current) return;
    usedEntry.current = entry;
    if (entry.isIntersecting && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [autoLoad, entry, hasNextPage, isFetching, isError, fetchNextPage]);

  // A click while a page is on its way waits for it rather than asking again.
  const loadMore = () => {
    if (!isFetching) void fetchNextPage({ cancelRefetch: false });
  };

  if (query.isError && !query.data) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        title={`${label} could not be loaded`}
      >
        <Group justify="space-between">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!pages) {
    return (
      <SimpleGrid
        type="container"
        cols={cols}
        spacing="md"
        aria-label={`Loading ${label.toLowerCase()}`}
        role="status"
      >
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={skeletonHeight} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const items = pages.flatMap((page) => page.items);
  if (items.length === 0) return <>{empty}</>;

  return (
    <Stack gap="md">
      <SimpleGrid
        type="container"
        cols={cols}
        spacing="md"
        role="list"
        aria-label={label}
        aria-busy={query.isFetching}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        {pages.map((page, index) => (
          <PageCards key={index} items={page.items} renderItem={renderItem} getKey={getKey} />
        ))}
        {isFetchingNextPage
          ? Array.from({ length: 2 }, (_, index) => (
              <Skeleton key={`more-${index}`} h={skeletonHeight} radius="md" />
            ))
          : null}
      </SimpleGrid>
      <Center ref={ref} mih={40}>
        {hasNextPage ? (
          <Button variant="default" onClick={loadMore} loading={isFetchingNextPage}>
            Load more
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {items.length === 1 ? 'That is the only result.' : `All ${items.length} shown.`}
          </Text>
        )}
      </Center>
    </Stack>
  );
};
