import { Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AdjustmentReason, InventoryLevel } from '@atelier/contract/fulfillment/inventory';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useAdjustInventory } from '../api/inventory-queries';

const REASON_LABELS: Record<AdjustmentReason, string> = {
  CYCLE_COUNT: 'Cycle count',
  DAMAGED: 'Damaged',
  LOST: 'Lost',
  FOUND: 'Found',
  CORRECTION: 'Correction',
};

type AdjustStockModalProps = { level: InventoryLevel | null; onClose: () => void };

/**
 * Adjusts a variant's units on hand by hand (issue 15): a change (negative takes units away), a
 * reason and a note. The server refuses to leave fewer units than are reserved; its message is
 * shown under the field.
 */
export const AdjustStockModal = ({ level, onClose }: AdjustStockModalProps) => {
  const adjust = useAdjustInventory();
  const [change, setChange] = useState<number | string>('');
  const [reason, setReason] = useState<AdjustmentReason>('CYCLE_COUNT');
  const [note, setNote] = useState('');
  const fieldErrors = listFieldErrors(adjust.error);
  const close = () => {
    adjust.reset();
    setChange('');
    setNote('');
    onClose();
  };
  const amount = typeof change === 'number' ? change : Number.NaN;
  const isValid = Number.isInteger(amount) && amount !== 0;

  return (
    <Modal opened={level !== null} onClose={close} title="Adjust stock">
      {level ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!isValid) return;
            adjust.mutate(
              {
                variantId: level.variantId,
                change: amount,
                reason,
                ...(note.trim() ? { note: note.trim() } : {}),
              },
              {
                onSuccess: (movement) => {
                  notifications.show({
                    color: 'green',
                    message: `${level.sku ?? level.productTitle}: ${movement.onHandAfter} on hand.`,
                  });
                  close();
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {level.productTitle}
              {level.variantTitle ? ` · ${level.variantTitle}` : ''} ({level.sku ?? 'no SKU'}):{' '}
              {level.onHand} on hand, {level.reserved} reserved for orders.
            </Text>
            <NumberInput
              label="Change in units on hand"
              description="A negative number takes units away."
              value={change}
              onChange={setChange}
              allowDecimal={false}
              required
              data-autofocus
              error={
                fieldErrors.change ??
                (change !== '' && !isValid ? 'Enter a whole number other than 0.' : undefined)
              }
            />
            <Select
              label="Reason"
              data={Object.entries(REASON_LABELS).map(([value, label]) => ({ value, label }))}
              value={reason}
              onChange={(value) => value && setReason(value as AdjustmentReason)}
              allowDeselect={false}
            />
            <Textarea
              label="Note"
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            {adjust.error && !fieldErrors.change ? (
              <Text size="sm" c="red" role="alert">
                {isApiError(adjust.error)
                  ? adjust.error.message
                  : 'The stock could not be adjusted.'}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={adjust.isPending} disabled={!isValid}>
                Adjust
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
};
