import { Text } from '@mantine/core';
import type { ChatClient } from '../chat-client';

type ChatWorkspaceProps = { client: ChatClient; conversationId?: string };

/** The inbox of one side: conversation list and the open conversation. */
export const ChatWorkspace = ({ client, conversationId }: ChatWorkspaceProps) => (
  <Text c="dimmed">
    {client.side} {conversationId ?? ''}
  </Text>
);
