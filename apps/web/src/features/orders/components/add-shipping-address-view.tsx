import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconCreditCard,
  IconLock,
  IconMapPin,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Invoice } from '@atelier/contract/orders/invoice';
import { SHIPPING_MODE_LABELS, type ShippingMode } from '@atelier/contract/orders/order-item';
import { FormErrorAlert } from '@/components/ui/form-error-alert';
import { LinkButton } from '@/components/ui/link-button';
import { PostalAddressLines } from '@/components/ui/postal-address-lines';
import { isApiError, listFieldErrors } from '@/lib/api-error';
import { useSaveInvoiceShippingAddress } from '../api/invoice-queries';
import { formatAmount, formatDateTime } from '../orders-format';
import {
  ADDRESS_PARTS,
  postalCodeIssue,
  ShippingAddressFormSchema,
  type ShippingAddressFormOutput,
  type ShippingAddressFormValues,
  toShippingAddressFormValues,
} from '../shipping-address-form';
import { InvoiceStatusBadge } from './order-badges';
import { type AddressReference, ShippingAddressFields } from './shipping-address-fields';

/** Spec §4 form phase: the invoice and its address, the address form, the confirmation. */
export const ADDRESS_FORM_PHASES = ['PREVIEW', 'FORM', 'COMPLETE'] as const;
export type AddressFormPhase = (typeof ADDRESS_FORM_PHASES)[number];

const shippingModeLabel = (mode: string) =>
  SHIPPING_MODE_LABELS[mode as ShippingMode] ?? mode.toLowerCase().replace(/_/g, ' ');

/** Why a saved invoice's address is read-only, or null while it can change. */
const lockedReasonOf = (invoice: Invoice): string | null => {
  if (invoice.status === 'PAID') {
    return `This invoice is paid${invoice.paidAt ? ` (${formatDateTime(invoice.paidAt)})` : ''}: its shipping address can no longer be changed.`;
  }
  if (invoice.status === 'VOIDED') {
    return 'The supplier voided this invoice: its shipping address can no longer be changed.';
  }
  return null;
};

const InvoiceSummary = ({ invoice }: { invoice: Invoice }) => {
  const money = (amount: number) => formatAmount(amount, invoice.currencyCode);
  return (
    <Stack gap="sm">
      <Table
        withRowBorders={false}
        verticalSpacing={4}
        horizontalSpacing={0}
        aria-label="Invoice lines"
      >
        <Table.Tbody>
          {invoice.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.quantity.toLocaleString('en-US')} × {money(line.unitPrice)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                <Text size="sm">{money(line.amount)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Table.Td>
              <Text size="sm">{shippingModeLabel(invoice.shippingMode)}</Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">
                {invoice.shippingMode === 'CHARGE_SHIPPING_LATER'
                  ? 'Quoted later'
                  : money(invoice.shippingAmount)}
              </Text>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>
              <Text size="sm" fw={700}>
                Total
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" fw={700}>
                {money(invoice.total)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {invoice.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Every line of this invoice was removed.
        </Text>
      ) : null}
    </Stack>
  );
};

type PreviewProps = { invoice: Invoice; onEdit: () => void };

const Preview = ({ invoice, onEdit }: PreviewProps) => {
  const address = invoice.shippingAddress;
  const lockedReason = lockedReasonOf(invoice);
  return (
    <Stack gap="lg">
      <InvoiceSummary invoice={invoice} />
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
        <Stack gap="sm">
          <Group gap="xs">
            <IconMapPin size={18} aria-hidden />
            <Title order={3} fz="h5">
              Ship to
            </Title>
          </Group>
          {address ? (
            <>
              <PostalAddressLines address={address} />
              {invoice.shippingAddressAddedAt ? (
                <Text size="xs" c="dimmed">
                  Saved {formatDateTime(invoice.shippingAddressAddedAt)}
                </Text>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No shipping address yet.{' '}
              {lockedReason
                ? null
                : `${invoice.supplierName} needs one to ship your goods${invoice.shippingMode === 'CHARGE_SHIPPING_LATER' ? ' and quote their shipping' : ''}.`}
            </Text>
          )}
          {invoice.shippingMode === 'NO_SHIPPING_NEEDED' && !lockedReason ? (
            <Text size="xs" c="dimmed">
              The supplier says this invoice needs no shipping; add an address only if it should
              still go somewhere.
            </Text>
          ) : null}
        </Stack>
      </Paper>
      {lockedReason ? (
        <Alert color="gray" icon={<IconLock size={18} />} role="status">
          {lockedReason}
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button
            leftSection={
              address ? <IconPencil size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />
            }
            onClick={onEdit}
          >
            {address ? 'Edit address' : 'Add shipping address'}
          </Button>
        </Group>
      )}
    </Stack>
  );
};

type AddressFormProps = {
  invoice: Invoice;
  reference: AddressReference;
  onCancel: () => void;
  onSaved: () => void;
};

const AddressForm = ({ invoice, reference, onCancel, onSaved }: AddressFormProps) => {
  const save = useSaveInvoiceShippingAddress();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<ShippingAddressFormValues, unknown, ShippingAddressFormOutput>({
    resolver: zodResolver(ShippingAddressFormSchema),
    defaultValues: toShippingAddressFormValues(invoice.shippingAddress),
  });
  const countryCode = useWatch({ control: form.control, name: 'shippingAddress.countryCode' });
  const countries = reference.useCountries();
  const states = reference.useStates(countryCode || null);

  useEffect(() => form.setFocus('shippingAddress.name'), [form]);

  /** What the reference data says of the state and the postal code, at their fields. */
  const hasReferenceIssues = (): boolean => {
    const values = form.getValues('shippingAddress');
    let hasIssue = false;
    if ((states.data?.items.length ?? 0) > 0 && !values.stateCode) {
      form.setError('shippingAddress.stateCode', {
        type: 'required',
        message: 'Choose the state or province.',
      });
      hasIssue = true;
    }
    const country = countries.data?.items.find((item) => item.code === values.countryCode);
    const postalIssue = country ? postalCodeIssue(country, values.postalCode) : null;
    if (postalIssue) {
      form.setError('shippingAddress.postalCode', { type: 'pattern', message: postalIssue });
      hasIssue = true;
    }
    return hasIssue;
  };

  /** The server names the address's parts (`postalCode`); the form nests them. */
  const showServerErrors = (error: unknown) => {
    const fields = listFieldErrors(error);
    let isShownOnField = false;
    for (const part of ADDRESS_PARTS) {
      const message = fields[part] ?? fields[`shippingAddress.${part}`];
      if (!message) continue;
      form.setError(
        `shippingAddress.${part}`,
        { type: 'server', message },
        { shouldFocus: !isShownOnField },
      );
      isShownOnField = true;
    }
    if (!isShownOnField) {
      setNotice(isApiError(error) ? error.message : 'The address could not be saved. Try again.');
    }
  };

  const handleSubmit = form.handleSubmit(
    ({ shippingAddress }) => {
      setNotice(null);
      if (hasReferenceIssues()) {
        const firstError = form.formState.errors.shippingAddress?.stateCode
          ? 'shippingAddress.stateCode'
          : 'shippingAddress.postalCode';
        form.setFocus(firstError);
        return;
      }
      save.mutate(
        { invoiceId: invoice.id, address: shippingAddress },
        { onSuccess: () => onSaved(), onError: showServerErrors },
      );
    },
    () => void hasReferenceIssues(),
  );

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Shipping address">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Where {invoice.supplierName} should send the goods of this invoice. Fields marked * are
          needed; the postal code is checked against the country’s format.
        </Text>
        <FormErrorAlert message={notice} />
        <ShippingAddressFields form={form} reference={reference} />
        <Group justify="space-between">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save address
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type CompleteProps = {
  invoice: Invoice;
  payHref: string;
  invoicesHref: string;
  onEdit: () => void;
};

const Complete = ({ invoice, payHref, invoicesHref, onEdit }: CompleteProps) => (
  <Stack gap="md" data-testid="address-saved">
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon color="green" variant="light" radius="xl" size="lg" aria-hidden>
        <IconCircleCheck size={20} />
      </ThemeIcon>
      <Stack gap={2}>
        <Text fw={600}>Address saved — {invoice.supplierName} will use it to quote shipping</Text>
        <Text size="sm" c="dimmed">
          It is on the invoice now, and your checkout starts from it when you pay.
        </Text>
      </Stack>
    </Group>
    {invoice.shippingAddress ? (
      <Paper withBorder radius="md" p="md">
        <PostalAddressLines address={invoice.shippingAddress} />
      </Paper>
    ) : null}
    <Group justify="space-between" gap="sm">
      {invoice.status === 'OPEN' ? (
        <Button
          variant="subtle"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={onEdit}
        >
          Edit address
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm">
        <LinkButton href={invoicesHref} variant="default">
          Back to Invoices
        </LinkButton>
        {invoice.status === 'OPEN' ? (
          <LinkButton href={payHref} leftSection={<IconCreditCard size={16} aria-hidden />}>
            Pay the invoice
          </LinkButton>
        ) : null}
      </Group>
    </Group>
  </Stack>
);

const HEADINGS: Readonly<Record<AddressFormPhase, string>> = {
  PREVIEW: 'Shipping address',
  FORM: 'Where should the goods go?',
  COMPLETE: 'Address saved',
};

type AddShippingAddressViewProps = {
  invoice: Invoice;
  reference: AddressReference;
  /** The invoice's page, to pay it (/pay-invoice/{id}). */
  payHref: string;
  /** The store's Invoices tab. */
  invoicesHref: string;
};

/**
 * Spec §2 /add-shipping-address/{invoiceId} in the three phases of spec §4: PREVIEW (the
 * invoice and its saved address, "Edit address" or "Add shipping address"), FORM (checkout's
 * address form, checked against the country's states and postal code pattern, the server's
 * refusals at their fields) and COMPLETE (saved: pay the invoice or go back to Invoices). A paid
 * or voided invoice shows its address read-only.
 */
export const AddShippingAddressView = ({
  invoice,
  reference,
  payHref,
  invoicesHref,
}: AddShippingAddressViewProps) => {
  const [phase, setPhase] = useState<AddressFormPhase>('PREVIEW');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isLocked = lockedReasonOf(invoice) !== null;
  // Paid or voided while the form was open (the page follows the invoice live).
  if (isLocked && phase === 'FORM') setPhase('PREVIEW');

  // Each new phase is announced: its heading takes the focus (not on the first render), except
  // the form, whose first field does.
  const shownPhase = useRef(phase);
  useEffect(() => {
    if (shownPhase.current === phase) return;
    shownPhase.current = phase;
    if (phase !== 'FORM') headingRef.current?.focus();
  }, [phase]);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="h3">
              Invoice from {invoice.supplierName}
            </Title>
            <Text size="sm" c="dimmed">
              Sent {formatDateTime(invoice.createdAt)} · lead time {invoice.leadTimeDays}{' '}
              {invoice.leadTimeDays === 1 ? 'day' : 'days'}
            </Text>
          </Stack>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
      </Paper>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        data-phase={phase}
        data-testid="address-phase"
      >
        <Title order={2} fz="h4" mb="md" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {HEADINGS[phase]}
        </Title>
        {phase === 'FORM' ? (
          <AddressForm
            invoice={invoice}
            reference={reference}
            onCancel={() => setPhase('PREVIEW')}
            onSaved={() => setPhase('COMPLETE')}
          />
        ) : phase === 'COMPLETE' ? (
          <Complete
            invoice={invoice}
            payHref={payHref}
            invoicesHref={invoicesHref}
            onEdit={() => setPhase('FORM')}
          />
        ) : (
          <Preview invoice={invoice} onEdit={() => setPhase('FORM')} />
        )}
      </Paper>
    </Stack>
  );
};

/** The page while its invoice loads. */
export const AddShippingAddressSkeleton = () => (
  <Stack gap="lg" role="status" aria-label="Loading the invoice">
    <Skeleton h={88} radius="md" />
    <Skeleton h={260} radius="md" />
  </Stack>
);
