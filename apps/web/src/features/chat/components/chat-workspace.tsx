import { Box, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';
import { IconMessageCircle } from '@tabler/icons-react';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { ChatClient } from '../chat-client';
import { useChatRealtime } from '../realtime/use-chat-realtime';
import { useConnectionStatus } from '../realtime/use-connection-state';
import type { ChatShareSources } from '../share-sources';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';

/** Below this width the workspace shows the list or the conversation, not both. */
const TWO_PANE_MIN_WIDTH = 700;
const LIST_WIDTH = 320;
const DEFAULT_HEIGHT = {
  base: 'max(420px, calc(100dvh - 76px))',
  sm: 'max(480px, calc(100dvh - 240px))',
};
const FULL_SCREEN_STYLE: CSSProperties = {
  position: 'fixed',
  inset: 'var(--app-shell-header-offset, 60px) 0 0 0',
  // Below the app shell's header and mobile menu (z-index 100 and up).
  zIndex: 99,
};

type ChatWorkspaceProps = {
  client: ChatClient;
  conversationId?: string;
  /** The store's custom projects and supplier items it can send (from their own features). */
  shareSources?: ChatShareSources;
  /** Actions of another feature in the open conversation's header (the supplier's "Send invoice"). */
  renderConversationActions?: (summary: ConversationSummary) => ReactNode;
  /**
   * CSS height of the workspace. By default it fills the viewport below a page header, and on a
   * phone the whole viewport below the app header.
   */
  height?: string;
};

const ReconnectingNotice = ({ client }: { client: ChatClient }) => {
  const status = useConnectionStatus(client);
  if (status !== 'reconnecting') return null;
  return (
    <Group
      gap="xs"
      px="md"
      py={4}
      bg="var(--mantine-color-yellow-light)"
      role="status"
      data-testid="reconnecting"
    >
      <Loader size={12} color="yellow" />
      <Text size="xs">Reconnecting… new messages will appear once the connection is back.</Text>
    </Group>
  );
};

const NoConversationSelected = () => (
  <Center h="100%">
    <Stack align="center" gap={4} c="dimmed">
      <IconMessageCircle size={36} stroke={1.5} aria-hidden />
      <Text size="sm">Pick a conversation to read and reply.</Text>
    </Stack>
  </Center>
);

/**
 * The inbox of one side (store or supplier): conversations on the left, the open conversation
 * on the right; one of the two on a narrow screen. Choosing a conversation navigates to
 * `client.hrefOf(id)`. Keeps the side's live connection open while shown.
 */
export const ChatWorkspace = ({
  client,
  conversationId,
  shareSources,
  renderConversationActions,
  height,
}: ChatWorkspaceProps) => {
  useChatRealtime(client);
  const { ref, width } = useElementSize<HTMLDivElement>();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const isNarrow = width > 0 && width < TWO_PANE_MIN_WIDTH;
  const showsList = !isNarrow || !conversationId;
  const showsConversation = !isNarrow || conversationId !== undefined;
  // On a phone an open conversation covers the page below the app header, like a chat app.
  const isFullScreen = isPhone && conversationId !== undefined;

  return (
    <Paper
      withBorder={!isFullScreen}
      radius={isFullScreen ? 0 : 'md'}
      h={isFullScreen ? 'auto' : (height ?? DEFAULT_HEIGHT)}
      style={{ overflow: 'hidden', ...(isFullScreen ? FULL_SCREEN_STYLE : {}) }}
      data-testid="chat-workspace"
    >
      <Stack gap={0} h="100%">
        <ReconnectingNotice client={client} />
        <Box ref={ref} flex={1} mih={0} display="flex">
          {showsList ? (
            <Box
              w={isNarrow ? '100%' : LIST_WIDTH}
              h="100%"
              style={{
                flexShrink: 0,
                borderRight: isNarrow ? undefined : '1px solid var(--mantine-color-default-border)',
              }}
            >
              <ConversationList client={client} activeId={conversationId} />
            </Box>
          ) : null}
          {showsConversation ? (
            <Box flex={1} miw={0} h="100%">
              {conversationId ? (
                <ConversationView
                  key={conversationId}
                  client={client}
                  shareSources={shareSources}
                  renderConversationActions={renderConversationActions}
                  conversationId={conversationId}
                  hasBackLink={isNarrow}
                />
              ) : (
                <NoConversationSelected />
              )}
            </Box>
          ) : null}
        </Box>
      </Stack>
    </Paper>
  );
};
