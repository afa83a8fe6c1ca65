import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney, minorDigitsOf } from '@atelier/contract/common/money';
import type { Invoice } from '@atelier/contract/orders/invoice';
import { updatePartnerInvoiceLinePrice } from '@atelier/contract/orders/order-item-pricing';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useUpdateInvoiceLinePrice } from '../api/invoice-price-queries';
import { readMajorUnits } from '../partner-orders-format';

/** Order item statuses of a line the store is paying or has paid: its price is final. */
const PAID_STATUSES = new Set([
  'CHARGE_PENDING',
  'IN_PRODUCTION',
  'IN_SUBSCRIPTION',
  'SHIPPED',
  'CANCELED',
]);

type Line = Invoice['lines'][number];
const isLinePaid = (line: Line) =>
  line.orderItemStatus !== null && PAID_STATUSES.has(line.orderItemStatus);

/** A typed price in minor units, or the reason it is not one (the contract's bounds). */
const readPrice = (text: string, currencyCode: string): { amount: number } | { error: string } => {
  const reading = readMajorUnits(text, currencyCode);
  if (!reading.isValid) return { error: reading.message };
  const parsed = updatePartnerInvoiceLinePrice.body.shape.unitPrice.safeParse(reading.amount);
  return parsed.success
    ? { amount: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Not a price.' };
};

const toText = (amount: number, currencyCode: string) => {
  const digits = minorDigitsOf(currencyCode);
  return (amount / 10 ** digits).toFixed(digits);
};

type EditLinePricesModalProps = { invoice: Invoice; onClose: () => void };

/**
 * The supplier changes unit prices of an unpaid invoice (issue 12): each line's price in dollars,
 * the new total against the old before saving. The store's cart items keep the old price until
 * the store accepts the new one; a line being paid or paid cannot change.
 */
export const EditLinePricesModal = ({ invoice, onClose }: EditLinePricesModalProps) => {
  const update = useUpdateInvoiceLinePrice();
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(
      invoice.lines.map((line) => [line.id, toText(line.unitPrice, invoice.currencyCode)]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const money = (amount: number) => formatMoney({ amount, currencyCode: invoice.currencyCode });

  const readings = invoice.lines.map((line) => ({
    line,
    reading: readPrice(texts[line.id] ?? '', invoice.currencyCode),
  }));
  const changes = readings.flatMap(({ line, reading }) =>
    'amount' in reading && reading.amount !== line.unitPrice
      ? [{ line, unitPrice: reading.amount }]
      : [],
  );
  const hasInvalid = readings.some(({ line, reading }) => !isLinePaid(line) && 'error' in reading);
  const newSubtotal = readings.reduce(
    (sum, { line, reading }) =>
      sum + line.quantity * ('amount' in reading ? reading.amount : line.unitPrice),
    0,
  );
  const newTotal = newSubtotal + invoice.shippingAmount;

  const handleSubmit = async () => {
    setFormError(null);
    const invalid = Object.fromEntries(
      readings.flatMap(({ line, reading }) =>
        !isLinePaid(line) && 'error' in reading ? [[line.id, reading.error]] : [],
      ),
    );
    setErrors(invalid);
    if (Object.keys(invalid).length > 0 || changes.length === 0) return;
    for (const { line, unitPrice } of changes) {
      try {
        await update.mutateAsync({ invoiceId: invoice.id, lineId: line.id, unitPrice });
      } catch (error) {
        const field = listFieldErrors(error)['body.unitPrice'] ?? listFieldErrors(error).unitPrice;
        if (field) setErrors({ [line.id]: field });
        else setFormError(isApiError(error) ? error.message : 'The price could not be saved.');
        return;
      }
    }
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title="Edit prices" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
        noValidate
        aria-label="Edit prices"
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {invoice.storeTitle} sees the new prices at once; items already in their cart wait for
            them to accept the change. Paid lines keep their price.
          </Text>
          <FormErrorAlert message={formError} />
          <Table verticalSpacing="xs" aria-label="Invoice lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th w={160}>Unit price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line, index) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {line.title}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{line.quantity.toLocaleString('en-US')}</Text>
                  </Table.Td>
                  <Table.Td>
                    {isLinePaid(line) ? (
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">{money(line.unitPrice)}</Text>
                        <Badge size="xs" variant="light" color="green">
                          Paid
                        </Badge>
                      </Group>
                    ) : (
                      <TextInput
                        aria-label={`${line.title} unit price`}
                        leftSection="$"
                        inputMode="decimal"
                        data-autofocus={index === 0 ? true : undefined}
                        value={texts[line.id] ?? ''}
                        onChange={(event) => {
                          const { value } = event.currentTarget;
                          setTexts((current) => ({ ...current, [line.id]: value }));
                          setErrors(({ [line.id]: _dropped, ...rest }) => rest);
                        }}
                        error={errors[line.id]}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Text size="sm" data-testid="new-total" aria-live="polite">
              {changes.length === 0 ? (
                <>Total {money(invoice.total)}</>
              ) : (
                <>
                  New total <b>{money(newTotal)}</b>{' '}
                  <Text span c="dimmed" size="sm">
                    (was {money(invoice.total)})
                  </Text>
                </>
              )}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button
                type="submit"
                loading={update.isPending}
                disabled={changes.length === 0 && !hasInvalid}
              >
                {changes.length > 1 ? `Save ${changes.length} prices` : 'Save price'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** "Edit prices" of an open invoice, and its modal. */
export const EditLinePricesButton = ({ invoice, label }: { invoice: Invoice; label: string }) => {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconPencil size={12} aria-hidden />}
        onClick={() => setIsOpen(true)}
        aria-label={`Edit prices of ${label}`}
        w="fit-content"
        px={4}
      >
        Edit prices
      </Button>
      {isOpen ? <EditLinePricesModal invoice={invoice} onClose={() => setIsOpen(false)} /> : null}
    </>
  );
};
