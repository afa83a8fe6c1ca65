import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { formatMoney } from '@atelier/contract/common/money';
import type { Invoice } from '@atelier/contract/orders/invoice';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreatePartnerInvoice } from '../api/partner-invoice-queries';
import {
  BLANK_INVOICE,
  INVOICE_CURRENCY,
  InvoiceFormSchema,
  invoiceFieldsOf,
  toCreateInvoiceInput,
  type InvoiceFormOutput,
  type InvoiceFormValues,
} from '../invoice-form';
import {
  amountOrZero,
  invoiceTotalsOf,
  isShippingFree,
  SHIPPING_MODE_OPTIONS,
} from '../partner-orders-format';
import { InvoiceLinesFields } from './invoice-lines-fields';

type InvoiceForm = UseFormReturn<InvoiceFormValues, unknown, InvoiceFormOutput>;

type SendInvoiceModalProps = {
  conversationId: string;
  /** The store the invoice is for (the conversation's other side). */
  storeTitle: string;
  onClose: () => void;
  onSent: (invoice: Invoice) => void;
};

const money = (amount: number) => formatMoney({ amount, currencyCode: INVOICE_CURRENCY });

/** Subtotal, shipping and total of what is typed so far. */
const InvoiceTotals = ({ form }: { form: InvoiceForm }) => {
  const [lines, shippingAmount] = useWatch({
    control: form.control,
    name: ['lines', 'shippingAmount'],
  });
  const totals = invoiceTotalsOf(
    lines.map((line) => ({
      quantity: line.quantity ?? 0,
      unitPrice: amountOrZero(line.unitPrice, INVOICE_CURRENCY),
    })),
    amountOrZero(shippingAmount, INVOICE_CURRENCY),
  );
  return (
    <Stack gap={2} miw={240} ml="auto" aria-label="Invoice totals" data-testid="invoice-totals">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Subtotal
        </Text>
        <Text size="sm" data-testid="invoice-subtotal">
          {money(totals.subtotal)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Shipping
        </Text>
        <Text size="sm">{money(totals.shippingAmount)}</Text>
      </Group>
      <Divider my={4} />
      <Group justify="space-between">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid="invoice-total">
          {money(totals.total)}
        </Text>
      </Group>
    </Stack>
  );
};

/** Shipping mode, its amount (none now for two modes) and the lead time. */
const ShippingFields = ({ form }: { form: InvoiceForm }) => {
  const { errors } = form.formState;
  const shippingMode = useWatch({ control: form.control, name: 'shippingMode' });
  const isFree = isShippingFree(shippingMode ?? 'SUPPLIER_SHIPPING');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Controller
        control={form.control}
        name="shippingMode"
        render={({ field }) => (
          <Select
            label="Shipping"
            data={SHIPPING_MODE_OPTIONS}
            allowDeselect={false}
            value={field.value ?? 'SUPPLIER_SHIPPING'}
            onChange={(value) => {
              const mode = value ?? 'SUPPLIER_SHIPPING';
              field.onChange(mode);
              if (isShippingFree(mode)) {
                form.setValue('shippingAmount', '0.00', {
                  shouldValidate: form.formState.isSubmitted,
                });
              }
            }}
            onBlur={field.onBlur}
            error={errors.shippingMode?.message}
          />
        )}
      />
      <TextInput
        label="Shipping amount"
        leftSection="$"
        inputMode="decimal"
        disabled={isFree}
        description={isFree ? 'None charged now with this mode.' : undefined}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.register('shippingAmount')}
        error={errors.shippingAmount?.message}
      />
      <Controller
        control={form.control}
        name="leadTimeDays"
        render={({ field }) => (
          <NumberInput
            label="Lead time"
            suffix=" days"
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            placeholder="e.g. 21 days"
            value={field.value ?? ''}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.leadTimeDays?.message}
          />
        )}
      />
    </SimpleGrid>
  );
};

/**
 * The supplier invoices the store of a conversation (issue 12): lines, shipping, lead time and
 * notes, the totals live as typed; amounts typed in dollars are sent in exact cents. The
 * server's field errors land on their fields; once sent, its card shows in the conversation.
 */
export const SendInvoiceModal = ({
  conversationId,
  storeTitle,
  onClose,
  onSent,
}: SendInvoiceModalProps) => {
  const createInvoice = useCreatePartnerInvoice();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InvoiceFormValues, unknown, InvoiceFormOutput>({
    resolver: zodResolver(InvoiceFormSchema),
    defaultValues: BLANK_INVOICE,
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSent(await createInvoice.mutateAsync(toCreateInvoiceInput(conversationId, values)));
    } catch (error) {
      setFormError(applyServerErrors(error, invoiceFieldsOf(values.lines.length), form.setError));
    }
  });

  return (
    <Modal opened onClose={onClose} title={`Send an invoice to ${storeTitle}`} size={880}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Send invoice">
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <InvoiceLinesFields form={form} />
          <ShippingFields form={form} />
          <Textarea
            label="Notes"
            placeholder="Anything the store should know: materials, packing, payment terms…"
            autosize
            minRows={2}
            maxRows={6}
            {...form.register('notes')}
            error={errors.notes?.message}
          />
          <InvoiceTotals form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={createInvoice.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={createInvoice.isPending}>
              Send invoice
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
