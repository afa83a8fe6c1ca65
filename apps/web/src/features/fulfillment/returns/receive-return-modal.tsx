import { Button, Group, Modal, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  UNIT_CONDITION_LABELS,
  UNIT_CONDITIONS,
  type Return,
  type UnitCondition,
} from '@atelier/contract/fulfillment/returns';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError } from '@/lib/api-error';
import { useReceiveReturn } from '../api/return-queries';

type Unit = { lineId: string; label: string; condition: UnitCondition; note: string };

const unitsOf = (entry: Return): Unit[] =>
  entry.lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, index) => ({
      lineId: line.id,
      label: `${line.sku ?? line.title} · unit ${index + 1} of ${line.quantity}`,
      condition: 'GOOD',
      note: '',
    })),
  );

type ReceiveReturnModalProps = { entry: Return; onClose: () => void };

/**
 * The return arrived: the condition of every unit (GOOD goes back to stock; DAMAGED, DEFECTIVE
 * are kept out; MISSING was not in the parcel and is not refunded), with an optional note each.
 */
export const ReceiveReturnModal = ({ entry, onClose }: ReceiveReturnModalProps) => {
  const receive = useReceiveReturn(entry.handle);
  const [units, setUnits] = useState<Unit[]>(() => unitsOf(entry));
  const [formError, setFormError] = useState<string | null>(null);
  const good = units.filter((unit) => unit.condition === 'GOOD').length;
  const change = (index: number, patch: Partial<Unit>) =>
    setUnits((current) => current.map((unit, at) => (at === index ? { ...unit, ...patch } : unit)));

  const submit = async () => {
    setFormError(null);
    try {
      const received = await receive.mutateAsync({
        units: units.map((unit) => ({
          lineId: unit.lineId,
          condition: unit.condition,
          ...(unit.note.trim() ? { note: unit.note.trim() } : {}),
        })),
      });
      notifications.show({
        color: 'green',
        message: received.receipt ?? `${entry.handle} received.`,
      });
      onClose();
    } catch (error) {
      setFormError(isApiError(error) ? error.message : 'The inspection could not be saved.');
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Receive ${entry.handle}`} size="lg">
      <form
        aria-label="Inspect the returned units"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Inspect every unit. Good units go back to your stock; the others are kept out of it.
          </Text>
          <FormErrorAlert message={formError} />
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {units.map((unit, index) => (
                <Table.Tr key={`${unit.lineId}-${index}`}>
                  <Table.Td>
                    <Text size="sm">{unit.label}</Text>
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      aria-label={`Condition of ${unit.label}`}
                      data={UNIT_CONDITIONS.map((value) => ({
                        value,
                        label: UNIT_CONDITION_LABELS[value],
                      }))}
                      value={unit.condition}
                      onChange={(event) =>
                        change(index, { condition: event.currentTarget.value as UnitCondition })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Note on ${unit.label}`}
                      placeholder="Note (optional)"
                      maxLength={500}
                      value={unit.note}
                      onChange={(event) => change(index, { note: event.currentTarget.value })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {good} of {units.length} back to stock
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={onClose} disabled={receive.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={receive.isPending}>
                Receive return
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
