import {
  Badge,
  Box,
  Group,
  Loader,
  NavLink,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessages, IconSearch, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LoadError } from '@/components/ui/load-error';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { paths } from '@/config/paths';
import { useConversationList } from '../api/conversation-queries';
import type { ChatClient } from '../chat-client';
import { formatListTime } from '../chat-format';
import { otherPartyName } from '../chat-party';
import { PartyAvatar } from './party-avatar';

/** The last message's text; a card or file without text still says that something came. */
const previewOf = (summary: ConversationSummary): string =>
  summary.lastMessagePreview ||
  (summary.lastMessageIndex === null ? 'No messages yet' : 'Sent a card');

type ConversationListProps = { client: ChatClient; activeId: string | undefined };

/** Re-renders every minute, so "5 min ago" stays true. */
const useNow = (): Date => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

type ConversationLinkProps = {
  client: ChatClient;
  summary: ConversationSummary;
  isActive: boolean;
  now: Date;
};

const ConversationLink = ({ client, summary, isActive, now }: ConversationLinkProps) => {
  const navigateTo = useHrefNavigation();
  const href = client.hrefOf(summary.sid);
  const name = otherPartyName(client.side, summary);
  const isUnread = summary.unreadCount > 0;
  return (
    <NavLink
      component="a"
      href={href}
      onClick={navigateTo(href)}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      variant="light"
      py="sm"
      leftSection={<PartyAvatar side={client.side} summary={summary} />}
      label={
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={4} wrap="nowrap" miw={0}>
            <Text size="sm" fw={isUnread ? 700 : 600} truncate>
              {name}
            </Text>
            {summary.isConciergeRecommended && client.side === 'STORE' ? (
              <IconStarFilled
                size={12}
                color="var(--mantine-color-yellow-6)"
                aria-label="Concierge recommended"
                style={{ flexShrink: 0 }}
              />
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            <time dateTime={summary.lastTime}>{formatListTime(summary.lastTime, now)}</time>
          </Text>
        </Group>
      }
      description={
        <Group justify="space-between" wrap="nowrap" gap="xs" component="span">
          <Text
            component="span"
            size="xs"
            c={isUnread ? 'var(--mantine-color-text)' : 'dimmed'}
            fw={isUnread ? 600 : 400}
            truncate
          >
            {previewOf(summary)}
          </Text>
          {isUnread ? (
            <Badge
              size="sm"
              circle
              aria-label={`${summary.unreadCount} unread`}
              style={{ flexShrink: 0 }}
            >
              {summary.unreadCount > 99 ? '99+' : summary.unreadCount}
            </Badge>
          ) : null}
        </Group>
      }
      styles={{ body: { minWidth: 0 } }}
      data-testid="conversation-link"
    />
  );
};

const ListSkeleton = () => (
  <Stack gap="md" p="md" role="status" aria-label="Loading conversations">
    {[0, 1, 2, 3, 4].map((row) => (
      <Group key={row} gap="sm" wrap="nowrap">
        <Skeleton h={38} w={38} circle />
        <Stack gap={6} flex={1}>
          <Skeleton h={10} w="60%" />
          <Skeleton h={8} w="85%" />
        </Stack>
      </Group>
    ))}
  </Stack>
);

const EmptyList = ({ client, searchKey }: { client: ChatClient; searchKey: string }) => (
  <Stack align="center" gap="xs" p="lg" ta="center">
    <IconMessages size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
    {searchKey ? (
      <Text size="sm" c="dimmed">
        No conversation matches “{searchKey}”.
      </Text>
    ) : client.side === 'STORE' ? (
      <>
        <Text size="sm" c="dimmed">
          No conversations yet — message a supplier from its profile.
        </Text>
        <AppAnchor href={paths.browseSuppliers} size="sm">
          Browse suppliers
        </AppAnchor>
      </>
    ) : (
      <Text size="sm" c="dimmed">
        No conversations yet — stores that message you show up here.
      </Text>
    )}
  </Stack>
);

/** The side's conversations, newest first, searchable by name and message text. */
export const ConversationList = ({ client, activeId }: ConversationListProps) => {
  const [search, setSearch] = useState('');
  const [searchKey] = useDebouncedValue(search.trim(), 300);
  const list = useConversationList(client, searchKey);
  const now = useNow();

  return (
    <Stack gap={0} h="100%">
      <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <TextInput
          aria-label="Search conversations"
          placeholder={
            client.side === 'STORE' ? 'Search suppliers and messages' : 'Search stores and messages'
          }
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={list.isFetching && searchKey ? <Loader size="xs" /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
        />
      </Box>
      <Box flex={1} mih={0} style={{ overflowY: 'auto' }}>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <Box p="md">
            <LoadError
              message="Your conversations could not be loaded."
              onRetry={() => void list.refetch()}
            />
          </Box>
        ) : list.data.items.length === 0 ? (
          <EmptyList client={client} searchKey={searchKey} />
        ) : (
          <Box component="nav" aria-label="Conversations">
            <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.data.items.map((summary) => (
                <li key={summary.sid}>
                  <ConversationLink
                    client={client}
                    summary={summary}
                    isActive={summary.sid === activeId}
                    now={now}
                  />
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Box>
    </Stack>
  );
};
