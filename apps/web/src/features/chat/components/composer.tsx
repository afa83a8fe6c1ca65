import { ActionIcon, Box, FileButton, Group, Stack, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { ALLOWED_UPLOAD_EXTENSIONS } from '@atelier/contract/files/file-name';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import type { SendMessagePayload } from '@atelier/contract/chat/message';
import { useSendMessage } from '../api/message-queries';
import type { ChatClient } from '../chat-client';
import type { ChatShareSources } from '../share-sources';
import { otherPartyName } from '../chat-party';
import { useSendTyping } from '../realtime/use-connection-state';
import { useDraftAttachments } from '../use-draft-attachments';
import { AttachmentDropzone } from './attachment-dropzone';
import { ComposerMenu } from './composer-menu';
import { DraftAttachmentList } from './draft-attachment-list';

const ACCEPTED_FILES = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

type ComposerProps = {
  client: ChatClient;
  summary: ConversationSummary;
  shareSources?: ChatShareSources;
};

/**
 * The message being written: Enter sends, Shift+Enter starts a new line. Files upload as they
 * are attached (picker or drop); sending waits for them. Spec §5: an empty text is not sent.
 */
export const Composer = ({ client, summary, shareSources }: ComposerProps) => {
  const [text, setText] = useState('');
  const draft = useDraftAttachments(client);
  const send = useSendMessage(client, summary.sid);
  const sendTyping = useSendTyping(client, summary.sid);
  const otherName = otherPartyName(client.side, summary);
  const hasText = text.trim() !== '';
  const canSend = (hasText || draft.uploaded.length > 0) && !draft.isUploading;

  const handleSend = () => {
    if (!canSend) return;
    send(
      {
        body: text.trim(),
        payload: { type: 'TEXT' },
        fileIds: draft.uploaded.map((file) => file.id),
      },
      { fileNames: draft.uploaded.map((file) => file.name) },
    );
    setText('');
    draft.clear();
  };

  const handleSendPayload = (payload: SendMessagePayload, body = '') => {
    send({ body, payload, fileIds: [] });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    handleSend();
  };

  return (
    <Box
      p="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="composer"
    >
      <Stack gap="xs">
        <DraftAttachmentList attachments={draft.attachments} onRemove={draft.remove} />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <ComposerMenu
            client={client}
            summary={summary}
            shareSources={shareSources}
            onSend={handleSendPayload}
          />
          <FileButton onChange={(files) => draft.add(files)} accept={ACCEPTED_FILES} multiple>
            {(props) => (
              <Tooltip label="Attach files (or drop them here)" withArrow>
                <ActionIcon {...props} variant="default" size="lg" aria-label="Attach files">
                  <IconPaperclip size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <Textarea
            flex={1}
            autosize
            minRows={1}
            maxRows={6}
            value={text}
            aria-label={`Message to ${otherName}`}
            placeholder="Write a message…"
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (event.currentTarget.value.trim()) sendTyping();
            }}
            onKeyDown={handleKeyDown}
            data-testid="composer-input"
          />
          <Tooltip label={draft.isUploading ? 'Waiting for uploads' : 'Send (Enter)'} withArrow>
            <ActionIcon
              size="lg"
              aria-label="Send message"
              disabled={!canSend}
              onClick={handleSend}
              data-testid="send-message"
            >
              <IconSend size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
      <AttachmentDropzone otherName={otherName} onAdd={draft.add} />
    </Box>
  );
};
