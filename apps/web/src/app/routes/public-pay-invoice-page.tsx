import {
  Alert,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  type CheckoutTotals,
  computeCheckoutTotals,
} from '@atelier/contract/orders/checkout-totals';
import type { Payment, PublicInvoice } from '@atelier/contract/orders/invoice';
import { SHIPPING_MODE_LABELS, type ShippingMode } from '@atelier/contract/orders/order-item';
import { LoadError } from '@/components/ui/load-error';
import { MissingRecord } from '@/components/ui/missing-record';
import { useCountries, useStatesOfCountry } from '@/features/catalog/api/country-queries';
import { CheckoutTotalsTable } from '@/features/orders/components/checkout-totals-table';
import { InvoiceStatusBadge } from '@/features/orders/components/order-badges';
import type { AddressReference } from '@/features/orders/components/shipping-address-fields';
import {
  formatAmount,
  formatDateTime,
  INVOICE_LINE_CATEGORY_LABELS,
} from '@/features/orders/orders-format';
import { isApiError } from '@/lib/api-error';
import { PublicPayForm } from './public-pay-invoice-form';
import { isInvoiceLink, usePublicInvoice } from './public-pay-invoice-queries';

const publicPayInvoiceRoute = getRouteApi('/public/public-pay-invoice/$sn');

const addressReference: AddressReference = {
  useCountries,
  useStates: useStatesOfCountry,
};

/**
 * What paying the whole invoice costs, as the server prices the pay link's payment: its lines
 * (production orders), its shipping, no discount or assurance, and the processing fee.
 */
const totalsOf = (invoice: PublicInvoice): CheckoutTotals | null => {
  try {
    return computeCheckoutTotals({
      currencyCode: invoice.currencyCode,
      lines: invoice.lines.map(({ category, quantity, unitPrice }) => ({
        kind: 'PRODUCTION' as const,
        category,
        quantity,
        unitPrice,
      })),
      shipping: invoice.shippingAmount,
      handling: 0,
      shippingAssurance: false,
      sampleAssurance: false,
      discountCode: null,
    });
  } catch {
    return null;
  }
};

const leadTimeText = (days: number) =>
  days === 0 ? 'Ready at once' : `${days} day${days === 1 ? '' : 's'} after payment`;

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm" component="div">
      {children}
    </Text>
  </Stack>
);

type InvoiceLine = PublicInvoice['lines'][number];

const LinesTable = ({ invoice }: { invoice: PublicInvoice }) => {
  const money = (amount: number) => formatAmount(amount, invoice.currencyCode);
  return (
    <Table verticalSpacing="sm" aria-label="Invoice lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
          <Table.Th ta="right">Unit price</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoice.lines.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {line.title}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{INVOICE_LINE_CATEGORY_LABELS[line.category]}</Text>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{line.quantity.toLocaleString('en-US')}</Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{money(line.unitPrice)}</Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" fw={500}>
                {money(line.amount)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

/** On phones each line is a card, so nothing is cut off at the screen's edge. */
const LinesList = ({ invoice }: { invoice: PublicInvoice }) => (
  <Stack
    component="ul"
    gap="xs"
    p={0}
    m={0}
    style={{ listStyle: 'none' }}
    aria-label="Invoice lines"
  >
    {invoice.lines.map((line: InvoiceLine) => (
      <Paper component="li" key={line.id} withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {line.title}
            </Text>
            <Text size="xs" c="dimmed">
              {INVOICE_LINE_CATEGORY_LABELS[line.category]} ·{' '}
              {line.quantity.toLocaleString('en-US')} ×{' '}
              {formatAmount(line.unitPrice, invoice.currencyCode)}
            </Text>
          </Stack>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatAmount(line.amount, invoice.currencyCode)}
          </Text>
        </Group>
      </Paper>
    ))}
  </Stack>
);

const InvoiceSummary = ({
  invoice,
  totals,
}: {
  invoice: PublicInvoice;
  totals: CheckoutTotals | null;
}) => {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const shippingMode = invoice.shippingMode as ShippingMode;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
            <Title order={1} fz={{ base: 'h4', sm: 'h3' }} style={{ overflowWrap: 'anywhere' }}>
              Invoice from {invoice.supplierName}
            </Title>
            <Text size="sm" c="dimmed">
              Billed to {invoice.storeTitle} · sent {formatDateTime(invoice.createdAt)}
            </Text>
          </Stack>
          <InvoiceStatusBadge status={invoice.status} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="Lead time">{leadTimeText(invoice.leadTimeDays)}</Fact>
          <Fact label="Shipping">{SHIPPING_MODE_LABELS[shippingMode] ?? invoice.shippingMode}</Fact>
          <Fact label="Currency">{invoice.currencyCode}</Fact>
        </SimpleGrid>
        {invoice.notes ? (
          <Fact label="Notes from the supplier">
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {invoice.notes}
            </Text>
          </Fact>
        ) : null}
        {isPhone ? <LinesList invoice={invoice} /> : <LinesTable invoice={invoice} />}
        <Stack gap={4} w="100%" maw={{ sm: 400 }} ml="auto">
          {totals ? (
            <CheckoutTotalsTable totals={totals} caption="Amount to pay" />
          ) : (
            <Text size="sm" fw={700} ta="right">
              Total {formatAmount(invoice.total, invoice.currencyCode)}
            </Text>
          )}
          {invoice.shippingMode === 'CHARGE_SHIPPING_LATER' ? (
            <Text size="xs" c="dimmed" ta="right">
              Shipping is charged later, once the supplier knows what it costs.
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
};

const cardOf = (payment: Payment) =>
  payment.cardLast4
    ? `${payment.cardBrand ? `${payment.cardBrand[0]?.toUpperCase()}${payment.cardBrand.slice(1)} ` : 'the card '}ending in ${payment.cardLast4}`
    : 'the card';

/** The answer of a completed payment: what was charged, to which card, and who knows. */
const PaymentDone = ({ payment, invoice }: { payment: Payment; invoice: PublicInvoice }) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="payment-done">
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="green" variant="light" size="xl" radius="xl">
          <IconCircleCheck size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} role="status">
          <Title order={2} fz="h4">
            Paid {formatAmount(payment.amount, payment.currencyCode)}
          </Title>
          <Text size="sm">
            Charged to {cardOf(payment)} on {formatDateTime(payment.createdAt)}.{' '}
            {invoice.supplierName} has been told and starts work on the order.
          </Text>
        </Stack>
      </Group>
      <CheckoutTotalsTable totals={payment.totals} caption="Paid" />
    </Stack>
  </Paper>
);

const NotFound = () => (
  <MissingRecord
    title="No invoice at this link"
    description="This pay link leads to no invoice. Check that it was copied in full, or ask the supplier who sent it for a new one."
  />
);

/**
 * Spec §2 /public-pay-invoice/{sn} (no login): a supplier's invoice shared by link. Anyone with
 * the link reads it (supplier, billed store, lines, shipping, total, lead time, notes) and pays
 * it with an address and a card; a paid or voided invoice says so.
 */
export const PublicPayInvoice = ({ sn }: { sn: string }) => {
  const isLink = isInvoiceLink(sn);
  const invoice = usePublicInvoice(sn);
  const [payment, setPayment] = useState<Payment | null>(null);
  useDocumentTitle(
    invoice.data
      ? `Invoice from ${invoice.data.supplierName} · Atelier`
      : 'Pay an invoice · Atelier',
  );
  const isMissing =
    !isLink || (invoice.isError && isApiError(invoice.error) && invoice.error.status === 404);

  if (isMissing) {
    return (
      <Stack maw={880} mx="auto">
        <NotFound />
      </Stack>
    );
  }
  if (invoice.isPending) {
    return (
      <Stack gap="lg" maw={880} mx="auto" role="status" aria-label="Loading the invoice">
        <Skeleton h={260} radius="md" />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  if (!invoice.data) {
    return (
      <Paper withBorder p="lg" maw={880} mx="auto">
        <LoadError
          message="This invoice could not be loaded."
          onRetry={() => void invoice.refetch()}
        />
      </Paper>
    );
  }

  const data = invoice.data;
  const totals = totalsOf(data);
  return (
    <Stack gap="lg" maw={880} mx="auto">
      <InvoiceSummary invoice={data} totals={totals} />
      {payment ? (
        <PaymentDone payment={payment} invoice={data} />
      ) : data.status === 'PAID' ? (
        <Alert
          color="green"
          icon={<IconCircleCheck size={18} />}
          title="This invoice is paid"
          role="status"
        >
          {data.paidAt ? `It was paid on ${formatDateTime(data.paidAt)}. ` : ''}There is nothing
          left to pay; {data.supplierName} has been told.
        </Alert>
      ) : data.status === 'VOIDED' ? (
        <Alert color="gray" title="This invoice was voided" role="status">
          {data.supplierName} voided this invoice: there is nothing to pay.
        </Alert>
      ) : (
        <PublicPayForm
          sn={sn}
          invoice={data}
          amountText={formatAmount(totals?.total ?? data.total, data.currencyCode)}
          reference={addressReference}
          onPaid={setPayment}
          onNotOpen={() => void invoice.refetch()}
        />
      )}
    </Stack>
  );
};

/** The route's page: the pay link of the address's `sn`. */
export const PublicPayInvoicePage = () => {
  const { sn } = publicPayInvoiceRoute.useParams();
  return <PublicPayInvoice sn={sn} />;
};
