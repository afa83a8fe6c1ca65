import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { StoreOrder } from '@atelier/contract/sales/order';
import { UpdateOrderNoteInputSchema } from '@atelier/contract/sales/order-operations';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdateOrderNote } from '../api/order-queries';
import { OrderSection } from './order-section';

const NOTE_MAX = 5_000;

type NoteFormValues = z.input<typeof UpdateOrderNoteInputSchema>;

type NoteFormProps = { orderId: string; note: string | null; onDone: () => void };

/** The note in a textarea: Save (⌘/Ctrl+Enter) or Cancel (Esc). Saving it empty clears it. */
const NoteForm = ({ orderId, note, onDone }: NoteFormProps) => {
  const update = useUpdateOrderNote(orderId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NoteFormValues, unknown, z.output<typeof UpdateOrderNoteInputSchema>>({
    resolver: zodResolver(UpdateOrderNoteInputSchema),
    defaultValues: { note: note ?? '' },
  });
  const text = useWatch({ control: form.control, name: 'note' }) ?? '';

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values.note || null);
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(error, ['note'], form.setError));
    }
  });

  const handleKeyDown = getHotkeyHandler([
    ['mod+Enter', () => void handleSubmit()],
    ['Escape', onDone],
  ]);

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Edit the note">
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <Textarea
          // The section's title names the field already.
          aria-label="Note"
          description={`${text.length.toLocaleString('en-US')}/${NOTE_MAX.toLocaleString('en-US')} · ⌘/Ctrl+Enter saves, Esc cancels`}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={NOTE_MAX}
          // Opened by the Edit button: the keyboard goes straight to the text.
          autoFocus
          {...form.register('note')}
          onKeyDown={handleKeyDown}
          error={form.formState.errors.note?.message}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type OrderNoteEditorProps = { order: Pick<StoreOrder, 'id' | 'note' | 'cancelState'> };

/** Spec §7 notes: the store's note on the order, shown always and edited in place. */
export const OrderNoteEditor = ({ order }: OrderNoteEditorProps) => {
  const [isEditing, setIsEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const isCanceled = order.cancelState === 'CANCELED';

  // Leaving the editor puts the keyboard back on the Edit button.
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <OrderSection
      title="Note"
      action={
        isEditing || isCanceled ? null : (
          <Button
            ref={editButton}
            size="xs"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setIsEditing(true)}
            aria-label="Edit the note"
          >
            Edit
          </Button>
        )
      }
    >
      {isEditing ? (
        <NoteForm orderId={order.id} note={order.note} onDone={() => setIsEditing(false)} />
      ) : (
        <Stack gap={4}>
          {order.note ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {order.note}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              No note
            </Text>
          )}
          {isCanceled ? (
            <Text size="xs" c="dimmed">
              A canceled order’s note no longer changes.
            </Text>
          ) : null}
        </Stack>
      )}
    </OrderSection>
  );
};
