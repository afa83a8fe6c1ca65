import { ActionIcon, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFile, IconPhoto, IconX } from '@tabler/icons-react';
import { isImageFileName } from '@atelier/contract/chat/attachment';
import { formatFileSize } from '../chat-format';
import type { DraftAttachment } from '../use-draft-attachments';

type DraftAttachmentListProps = {
  attachments: readonly DraftAttachment[];
  onRemove: (key: string) => void;
};

/** The files of the message being written: upload progress, or why the server refused one. */
export const DraftAttachmentList = ({ attachments, onRemove }: DraftAttachmentListProps) => {
  if (attachments.length === 0) return null;
  return (
    <Group gap="xs" aria-label="Attached files" role="list">
      {attachments.map((item) => {
        const isRejected = item.status === 'rejected';
        return (
          <Paper
            key={item.key}
            role="listitem"
            withBorder
            radius="md"
            px="xs"
            py={6}
            w={220}
            bd={isRejected ? '1px solid var(--mantine-color-red-4)' : undefined}
            data-testid="draft-attachment"
          >
            <Stack gap={4}>
              <Group gap={6} wrap="nowrap">
                {isRejected ? (
                  <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-hidden />
                ) : isImageFileName(item.name) ? (
                  <IconPhoto size={16} aria-hidden />
                ) : (
                  <IconFile size={16} aria-hidden />
                )}
                <Text size="xs" fw={500} truncate flex={1}>
                  {item.name}
                </Text>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove ${item.name}`}
                  onClick={() => onRemove(item.key)}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
              {isRejected ? (
                <Text size="xs" c="red" role="alert">
                  {item.error}
                </Text>
              ) : item.status === 'uploading' ? (
                <Progress
                  value={Math.round(item.progress * 100)}
                  size="sm"
                  aria-label={`Uploading ${item.name}`}
                  animated
                />
              ) : (
                <Text size="xs" c="dimmed">
                  {formatFileSize(item.sizeBytes)} · ready
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Group>
  );
};
