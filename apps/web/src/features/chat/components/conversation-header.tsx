import { ActionIcon, Badge, Box, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import { AppAnchor } from '@/components/ui/app-anchor';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { hrefs } from '@/config/paths';
import type { ChatClient } from '../chat-client';
import { otherPartyName } from '../chat-party';
import { PartyAvatar } from './party-avatar';

type ConversationHeaderProps = {
  client: ChatClient;
  summary: ConversationSummary;
  /** On a narrow screen the list is hidden: a back link returns to it. */
  hasBackLink: boolean;
  /** Buttons at the header's end (from the route: another feature's, such as "Send invoice"). */
  actions?: ReactNode;
};

/** Who the conversation is with; the store side links to the supplier's profile. */
export const ConversationHeader = ({
  client,
  summary,
  hasBackLink,
  actions,
}: ConversationHeaderProps) => {
  const navigateTo = useHrefNavigation();
  const name = otherPartyName(client.side, summary);
  const listHref = client.hrefOf();
  return (
    <Group
      gap="sm"
      px="md"
      py="sm"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {hasBackLink ? (
        <ActionIcon
          component="a"
          href={listHref}
          onClick={navigateTo(listHref)}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Back to conversations"
        >
          <IconArrowLeft size={18} />
        </ActionIcon>
      ) : null}
      <PartyAvatar side={client.side} summary={summary} />
      <Box miw={0} flex={1}>
        <Group gap={6} wrap="nowrap">
          {client.side === 'STORE' ? (
            <AppAnchor
              href={hrefs.supplierProfile(summary.supplierId)}
              fw={600}
              c="var(--mantine-color-text)"
              truncate
            >
              {name}
            </AppAnchor>
          ) : (
            <Text fw={600} truncate>
              {name}
            </Text>
          )}
          {summary.isConciergeRecommended && client.side === 'STORE' ? (
            <Badge
              size="xs"
              variant="light"
              leftSection={<IconStarFilled size={10} aria-hidden />}
              style={{ flexShrink: 0 }}
            >
              Concierge recommended
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {client.side === 'STORE' ? 'Supplier' : 'Store'}
        </Text>
      </Box>
      {actions}
    </Group>
  );
};
