import {
  Badge,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileInvoice } from '@tabler/icons-react';
import type { Invoice } from '@atelier/contract/orders/invoice';
import { AppAnchor } from '@/components/ui/app-anchor';
import { LoadError } from '@/components/ui/load-error';
import { useInvoices } from '../api/invoice-queries';
import { formatAmount, formatDate } from '../orders-format';
import { InvoiceStatusBadge } from './order-badges';

const linesText = (invoice: Invoice) =>
  `${invoice.lines.length} line${invoice.lines.length === 1 ? '' : 's'}`;

type InvoiceListProps = { hrefOf: (invoiceId: string) => string };

const InvoiceLink = ({ invoice, hrefOf }: { invoice: Invoice } & InvoiceListProps) => (
  <AppAnchor href={hrefOf(invoice.id)} fw={500} size="sm">
    {invoice.status === 'OPEN' ? 'Review and pay' : 'View'}
    <VisuallyHidden>
      {` the invoice from ${invoice.supplierName} of ${formatDate(invoice.createdAt)}`}
    </VisuallyHidden>
  </AppAnchor>
);

/** Issue 10: on phones each invoice is a card, so nothing is cut off at the screen's edge. */
const InvoiceCard = ({ invoice, hrefOf }: { invoice: Invoice } & InvoiceListProps) => (
  <Paper component="li" withBorder radius="md" p="sm" data-testid="invoice-card">
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Text fw={500} size="sm">
          {invoice.supplierName}
        </Text>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {formatDate(invoice.createdAt)} · {linesText(invoice)} ·{' '}
        {formatAmount(invoice.total, invoice.currencyCode)}
      </Text>
      <Group justify="flex-end">
        <InvoiceLink invoice={invoice} hrefOf={hrefOf} />
      </Group>
    </Stack>
  </Paper>
);

/**
 * Spec §2 /inbox/needs-payment (Invoices): the invoices suppliers sent the store, newest first,
 * with how many wait for payment. A table on wider screens, cards on phones.
 */
export const InvoiceList = ({ hrefOf }: InvoiceListProps) => {
  const invoices = useInvoices();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  if (invoices.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading invoices">
        <Skeleton h={44} />
        <Skeleton h={44} />
        <Skeleton h={44} />
      </Stack>
    );
  }
  if (invoices.isError) {
    return (
      <Paper withBorder radius="md" p="lg">
        <LoadError
          message="The invoices could not be loaded."
          onRetry={() => void invoices.refetch()}
          isStacked
        />
      </Paper>
    );
  }
  const { items, openCount } = invoices.data;
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconFileInvoice size={28} stroke={1.5} />}
          variant="light"
          title="No invoices yet"
          description="When a supplier sends you an invoice in a conversation, it shows here to review and pay."
        />
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge
          variant="light"
          color={openCount > 0 ? 'orange' : 'gray'}
          tt="none"
          data-testid="open-invoice-count"
        >
          {openCount === 0 ? 'Nothing to pay' : `${openCount} to pay`}
        </Badge>
        <Text size="sm" c="dimmed">
          {items.length} invoice{items.length === 1 ? '' : 's'} in all
        </Text>
      </Group>
      {isPhone ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((invoice) => (
            <InvoiceCard key={invoice.id} invoice={invoice} hrefOf={hrefOf} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" highlightOnHover aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Supplier</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Lines</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Open</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {invoice.supplierName}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDate(invoice.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{linesText(invoice)}</Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatAmount(invoice.total, invoice.currencyCode)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge status={invoice.status} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <InvoiceLink invoice={invoice} hrefOf={hrefOf} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
};
