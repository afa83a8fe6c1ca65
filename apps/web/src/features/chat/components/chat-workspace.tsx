import { Box, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import type { ChatClient } from '../chat-client';
import { useChatRealtime, useConnectionStatus } from '../realtime/use-chat-realtime';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';

/** Below this width the workspace shows the list or the conversation, not both. */
const TWO_PANE_MIN_WIDTH = 700;
const LIST_WIDTH = 320;

type ChatWorkspaceProps = {
  client: ChatClient;
  conversationId?: string;
  /** CSS height of the workspace; it fills the viewport below the page header by default. */
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
  height = 'max(480px, calc(100dvh - 240px))',
}: ChatWorkspaceProps) => {
  useChatRealtime(client);
  const { ref, width } = useElementSize<HTMLDivElement>();
  const isNarrow = width > 0 && width < TWO_PANE_MIN_WIDTH;
  const showsList = !isNarrow || !conversationId;
  const showsConversation = !isNarrow || conversationId !== undefined;

  return (
    <Paper
      withBorder
      radius="md"
      h={height}
      style={{ overflow: 'hidden' }}
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
