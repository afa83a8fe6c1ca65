import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type Return,
  type ReturnReason,
  type ReturnResolution,
} from '@atelier/contract/fulfillment/returns';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useInventoryLevels } from '../api/inventory-queries';
import { useCreateReturn } from '../api/return-queries';

/** A shipped line of the order: what can come back. */
export type ReturnableLine = { lineId: string; sku: string | null; quantity: number };

type LineDraft = {
  quantity: number | string;
  reason: ReturnReason;
  resolution: ReturnResolution;
  exchangeVariantId: string;
};

type CreateReturnModalProps = {
  orderId: string;
  lines: ReturnableLine[];
  onClose: () => void;
  onCreated: (created: Return) => void;
};

/**
 * Issue 15: a customer sends back units of a shipped order. Per shipped line, how many units,
 * why, and whether they want the money or another variant in exchange.
 */
export const CreateReturnModal = ({
  orderId,
  lines,
  onClose,
  onCreated,
}: CreateReturnModalProps) => {
  const create = useCreateReturn();
  const variants = useInventoryLevels('');
  const options = (variants.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (level) => level.sku,
  );
  const [drafts, setDrafts] = useState<Record<string, LineDraft>>(() =>
    Object.fromEntries(
      lines.map((line) => [
        line.lineId,
        {
          quantity: lines.length === 1 ? line.quantity : 0,
          reason: 'OTHER',
          resolution: 'REFUND',
          exchangeVariantId: '',
        },
      ]),
    ),
  );
  const chosen = lines.filter((line) => Number(drafts[line.lineId]?.quantity) > 0);
  const errors = listFieldErrors(create.error);
  const errorOf = (index: number, field: string) => errors[`lines.${index}.${field}`];
  const otherError =
    create.error && !Object.keys(errors).some((key) => key.startsWith('lines.'))
      ? isApiError(create.error)
        ? create.error.message
        : 'The return could not be created.'
      : null;
  const set = (lineId: string, patch: Partial<LineDraft>) =>
    setDrafts((current) => ({ ...current, [lineId]: { ...current[lineId]!, ...patch } }));

  return (
    <Modal opened onClose={onClose} title="Create a return" size="xl">
      <form
        aria-label="Create a return"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            {
              orderId,
              lines: chosen.map((line) => {
                const draft = drafts[line.lineId]!;
                return {
                  orderLineId: line.lineId,
                  quantity: Number(draft.quantity),
                  reason: draft.reason,
                  resolution: draft.resolution,
                  ...(draft.resolution === 'EXCHANGE' && draft.exchangeVariantId
                    ? { exchangeVariantId: draft.exchangeVariantId }
                    : {}),
                };
              }),
            },
            {
              onSuccess: (created) => {
                notifications.show({ color: 'green', message: `${created.handle} created.` });
                onCreated(created);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Choose what comes back. Every unit is inspected when it arrives; good ones go back to
            your stock.
          </Text>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>Units</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Customer wants</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => {
                const draft = drafts[line.lineId]!;
                const index = chosen.indexOf(line);
                const name = line.sku ?? 'No SKU';
                return (
                  <Table.Tr key={line.lineId}>
                    <Table.Td>
                      <Text size="sm">{name}</Text>
                      <Text size="xs" c="dimmed">
                        {line.quantity} shipped
                      </Text>
                    </Table.Td>
                    <Table.Td w={110}>
                      <NumberInput
                        aria-label={`Units of ${name} to return`}
                        min={0}
                        max={line.quantity}
                        allowDecimal={false}
                        allowNegative={false}
                        value={draft.quantity}
                        onChange={(value) => set(line.lineId, { quantity: value })}
                        error={index >= 0 ? errorOf(index, 'quantity') : undefined}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={`Why ${name} comes back`}
                        data={RETURN_REASONS.map((value) => ({
                          value,
                          label: RETURN_REASON_LABELS[value],
                        }))}
                        value={draft.reason}
                        onChange={(event) =>
                          set(line.lineId, { reason: event.currentTarget.value as ReturnReason })
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        <NativeSelect
                          aria-label={`What the customer wants for ${name}`}
                          data={[
                            { value: 'REFUND', label: 'A refund' },
                            { value: 'EXCHANGE', label: 'An exchange' },
                          ]}
                          value={draft.resolution}
                          onChange={(event) =>
                            set(line.lineId, {
                              resolution: event.currentTarget.value as ReturnResolution,
                            })
                          }
                          error={index >= 0 ? errorOf(index, 'resolution') : undefined}
                        />
                        {draft.resolution === 'EXCHANGE' ? (
                          <NativeSelect
                            aria-label={`Variant to send instead of ${name}`}
                            data={[
                              { value: '', label: 'Choose a variant…' },
                              ...options.map((level) => ({
                                value: level.variantId,
                                label: `${level.sku} · ${level.productTitle}${level.variantTitle ? ` (${level.variantTitle})` : ''}`,
                              })),
                            ]}
                            value={draft.exchangeVariantId}
                            onChange={(event) =>
                              set(line.lineId, { exchangeVariantId: event.currentTarget.value })
                            }
                            error={index >= 0 ? errorOf(index, 'exchangeVariantId') : undefined}
                          />
                        ) : null}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {otherError ? (
            <Text size="sm" c="red" role="alert">
              {otherError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={chosen.length === 0} loading={create.isPending}>
              Create return
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
