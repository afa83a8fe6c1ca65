import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_ORDER_NOTE_LENGTH, type OrderNote } from '@atelier/contract/sales/order-operations';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { useAddOrderNote, useDeleteOrderNote, useOrderNotes } from '../api/order-queries';
import { formatPlacedAt } from './order-labels';
import { OrderSection } from './order-section';

type AddNoteFormProps = { orderId: string };

/** A note for the team: Add note (⌘/Ctrl+Enter). */
const AddNoteForm = ({ orderId }: AddNoteFormProps) => {
  const add = useAddOrderNote(orderId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleAdd = async () => {
    if (!body.trim() || add.isPending) return;
    setError(null);
    try {
      await add.mutateAsync(body.trim());
      setBody('');
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'The note could not be added. Try again.');
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void handleAdd();
      }}
      noValidate
      aria-label="Add a team note"
    >
      <Stack gap="xs">
        <FormErrorAlert message={error} />
        <Textarea
          aria-label="Team note"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          placeholder="Called the customer: ships Monday."
          description={`${body.length.toLocaleString('en-US')}/${MAX_ORDER_NOTE_LENGTH.toLocaleString('en-US')} · ⌘/Ctrl+Enter adds it`}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={MAX_ORDER_NOTE_LENGTH}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          onKeyDown={getHotkeyHandler([['mod+Enter', () => void handleAdd()]])}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={add.isPending} disabled={!body.trim()}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type OrderNotesPanelProps = { orderId: string; timeZone: string };

/**
 * Spec §7 order-notes: the team's dated notes on the order, newest first, each with its author;
 * one's own notes can be deleted (confirmed). Notes stay possible on sent and canceled orders.
 */
export const OrderNotesPanel = ({ orderId, timeZone }: OrderNotesPanelProps) => {
  const notes = useOrderNotes(orderId);
  const remove = useDeleteOrderNote(orderId);
  const [deleting, setDeleting] = useState<OrderNote | null>(null);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const handleDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting.id);
      setIsConfirmOpen(false);
    } catch (caught) {
      if (isApiError(caught) && caught.reason === 'order_note_not_found') {
        setIsConfirmOpen(false);
        return;
      }
      setDeleteError(
        isApiError(caught) ? caught.message : 'The note could not be deleted. Try again.',
      );
    }
  };

  return (
    <OrderSection title="Team notes">
      <Stack gap="md">
        <AddNoteForm orderId={orderId} />
        {notes.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading the team notes">
            <Skeleton height={16} width="60%" />
            <Skeleton height={16} width="80%" />
          </Stack>
        ) : notes.isError ? (
          <LoadError
            message="The team notes could not be loaded."
            onRetry={() => void notes.refetch()}
          />
        ) : notes.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No team notes yet: what you add here is dated and signed, for your team only.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" aria-label="Team notes, newest first" m={0} p={0}>
            {notes.data.items.map((note) => (
              <Stack
                key={note.id}
                gap={2}
                component="li"
                style={{ listStyle: 'none' }}
                aria-label={`Note by ${note.authorName}`}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="xs" c="dimmed">
                    {note.authorName} · {formatPlacedAt(note.createdAt, timeZone)}
                  </Text>
                  {note.isOwn ? (
                    <Tooltip label="Delete this note" withArrow>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        aria-label="Delete this note"
                        onClick={() => {
                          setDeleteError(null);
                          setDeleting(note);
                          setIsConfirmOpen(true);
                        }}
                      >
                        <IconTrash size={14} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {note.body}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        title="Delete this note?"
        centered
      >
        <Stack gap="md">
          <FormErrorAlert message={deleteError} />
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{deleting?.body}”
          </Text>
          <Text size="sm" c="dimmed">
            Your team will no longer see it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsConfirmOpen(false)} data-autofocus>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void handleDelete()}>
              Delete note
            </Button>
          </Group>
        </Stack>
      </Modal>
    </OrderSection>
  );
};
