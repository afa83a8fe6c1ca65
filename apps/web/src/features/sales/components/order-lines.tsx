import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatMoney } from '@atelier/contract/common/money';
import type { OrderLine, StoreOrder } from '@atelier/contract/sales/order';
import {
  CancelLineItemInputSchema,
  type LineItemCancelResult,
} from '@atelier/contract/sales/order-operations';
import { lineCancelValueOf } from '@atelier/contract/sales/order-totals';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useCancelLineItem } from '../api/order-queries';
import { OrderSection } from './order-section';

const REASON_MAX = 500;

type CancelFormValues = z.input<typeof CancelLineItemInputSchema>;

/** Payment states in which canceling gives money back (the server's rule). */
const isPaid = (order: StoreOrder) =>
  order.financialStatus === 'PAID' || order.financialStatus === 'PARTIALLY_REFUNDED';

/** Whether canceling `units` of `line` leaves no unit on the order (it is canceled whole). */
const isLastUnits = (order: StoreOrder, line: OrderLine, units: number) =>
  order.lines.every(
    (candidate) =>
      candidate.quantity - candidate.canceledQuantity - (candidate.id === line.id ? units : 0) ===
      0,
  );

/** What the cancel would give back: the server computes the same (`cancelLineItem`). */
const refundPreview = (order: StoreOrder, line: OrderLine, units: number): number | null => {
  if (!isPaid(order)) return null;
  const refunded = order.refunds.reduce((sum, refund) => sum + refund.amount.amount, 0);
  const refundable = Math.max(0, order.total.amount - refunded);
  if (isLastUnits(order, line, units)) return refundable;
  const value = lineCancelValueOf(
    {
      subtotal: order.subtotal.amount,
      discountTotal: order.discountTotal.amount,
      taxesIncluded: order.taxesIncluded,
    },
    {
      quantity: line.quantity,
      unitPrice: line.unitPrice.amount,
      discount: line.discount.amount,
      tax: line.tax.amount,
      canceledQuantity: line.canceledQuantity,
    },
    units,
  );
  return Math.min(refundable, value);
};

type CancelLineFormProps = {
  order: StoreOrder;
  line: OrderLine;
  onCancel: () => void;
  onDone: (result: LineItemCancelResult) => void;
};

/** Units (all left unless changed) and a reason, with the money it gives back, then Confirm. */
const CancelLineForm = ({ order, line, onCancel, onDone }: CancelLineFormProps) => {
  const left = line.quantity - line.canceledQuantity;
  const cancel = useCancelLineItem(order.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CancelFormValues, unknown, z.output<typeof CancelLineItemInputSchema>>({
    resolver: zodResolver(CancelLineItemInputSchema),
    defaultValues: { quantity: left, reason: '' },
  });
  const quantity = useWatch({ control: form.control, name: 'quantity' });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const units =
    typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1 && quantity <= left
      ? quantity
      : null;
  const refund = units === null ? null : refundPreview(order, line, units);

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onDone(await cancel.mutateAsync({ lineId: line.id, ...values }));
    } catch (error) {
      setFormError(applyServerErrors(error, ['quantity', 'reason'], form.setError));
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Text size="sm">
          {line.title}
          {line.sku ? ` (${line.sku})` : ''}: {left} of {line.quantity} left to cancel.
        </Text>
        <Controller
          control={form.control}
          name="quantity"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Units to cancel"
              min={1}
              max={left}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              value={field.value ?? ''}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
              onBlur={field.onBlur}
              error={
                fieldState.error?.message ??
                (typeof field.value === 'number' && field.value > left
                  ? `At most ${left}.`
                  : undefined)
              }
              w={160}
            />
          )}
        />
        <Textarea
          label="Reason"
          description={`For the order’s history (${reason.length}/${REASON_MAX})`}
          placeholder="Out of stock"
          withAsterisk
          autosize
          minRows={2}
          maxLength={REASON_MAX}
          data-autofocus
          {...form.register('reason')}
          error={form.formState.errors.reason?.message}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {refund !== null
            ? `${formatMoney({ amount: refund, currencyCode: order.currencyCode })} will be recorded as refunded.`
            : isPaid(order)
              ? null
              : 'No payment was taken for this order: no refund is recorded.'}
          {units !== null && isLastUnits(order, line, units)
            ? ' Nothing else is left: the whole order will be canceled.'
            : null}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Keep the item
          </Button>
          <Button type="submit" color="red" loading={cancel.isPending} disabled={units === null}>
            Cancel {units ?? ''} {units === 1 ? 'unit' : 'units'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** What the last cancel did, in words. */
const resultText = (result: LineItemCancelResult, title: string): string => {
  const parts = [`Canceled ${result.quantity} × ${title}.`];
  if (result.refund) parts.push(`${formatMoney(result.refund.amount)} recorded as refunded.`);
  parts.push(
    result.order.cancelState === 'CANCELED'
      ? 'The order is canceled.'
      : 'The order is partly canceled.',
  );
  return parts.join(' ');
};

type OrderLinesProps = { order: StoreOrder };

/**
 * The order's items, and spec §7 line-item cancel: "Cancel item" on each line with units left,
 * until the order is sent or canceled; confirmed in a dialog (units, reason) and the result said.
 */
export const OrderLines = ({ order }: OrderLinesProps) => {
  const [canceling, setCanceling] = useState<OrderLine | null>(null);
  const [isModalOpen, setIsModalOpen] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const canCancel = order.cancelState !== 'CANCELED' && order.fulfillmentState === 'NONE';

  return (
    <OrderSection title={`Items (${order.itemCount.toLocaleString('en-US')})`}>
      <Stack gap="sm">
        {result ? (
          <Alert
            color="teal"
            role="status"
            title="Item canceled"
            withCloseButton={false}
            styles={{ body: { gap: 4 } }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm">{result}</Text>
              <CloseButton size="sm" aria-label="Dismiss" onClick={() => setResult(null)} />
            </Group>
          </Alert>
        ) : null}
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="order-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Unit price
                </Table.Th>
                <Table.Th ta="right">Subtotal</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((line) => {
                const left = line.quantity - line.canceledQuantity;
                return (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      <Text size="sm">{line.title}</Text>
                      {line.variantTitle ? (
                        <Text size="xs" c="dimmed">
                          {line.variantTitle}
                        </Text>
                      ) : null}
                      {line.canceledQuantity > 0 ? (
                        <Text size="xs" c="red.8">
                          {line.canceledQuantity === line.quantity
                            ? 'Canceled'
                            : `${line.canceledQuantity} of ${line.quantity} canceled`}
                        </Text>
                      ) : null}
                      {/* Under the item, not in a column of its own: in reach on a phone too. */}
                      {canCancel && left > 0 ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          ml={-6}
                          mt={2}
                          aria-label={`Cancel ${line.title}`}
                          onClick={() => {
                            setResult(null);
                            setCanceling(line);
                            setIsModalOpen(true);
                          }}
                        >
                          Cancel item
                        </Button>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {line.sku ?? '–'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{line.quantity.toLocaleString('en-US')}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.unitPrice)}</Table.Td>
                    <Table.Td ta="right">
                      {formatMoney(line.subtotal)}
                      {line.discount.amount > 0 ? (
                        <Text size="xs" c="dimmed">
                          after {formatMoney(line.discount)} off
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Modal
        opened={isModalOpen}
        onClose={() => setIsModalOpen(false)}
        title={canceling ? `Cancel ${canceling.title}?` : 'Cancel item?'}
        centered
      >
        {canceling ? (
          <CancelLineForm
            // A fresh form for each line.
            key={canceling.id}
            order={order}
            line={canceling}
            onCancel={() => setIsModalOpen(false)}
            onDone={(done) => {
              setResult(resultText(done, canceling.title));
              setIsModalOpen(false);
            }}
          />
        ) : null}
      </Modal>
    </OrderSection>
  );
};
