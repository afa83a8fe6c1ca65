import { Stack, Table, Text } from '@mantine/core';
import { formatMoney } from '@atelier/contract/common/money';
import type { Invoice } from '@atelier/contract/orders/invoice';
import { PostalAddressLines } from '@/components/ui/postal-address-lines';
import { formatDay } from '../partner-orders-format';
import { EditLinePricesButton } from './edit-line-prices-modal';
import { InvoiceStatusBadge } from './status-badges';

type PartnerInvoicesTableProps = { invoices: readonly Invoice[] };

/** An invoice named by its first line ("Heavy tee, and 2 more"). */
const invoiceTitleOf = (invoice: Invoice): string => {
  const [first, ...rest] = invoice.lines;
  if (!first) return 'Invoice';
  return rest.length === 0 ? first.title : `${first.title}, and ${rest.length} more`;
};

/**
 * The company's invoices, newest first: what, for which store (and where its goods go, once the
 * store added a shipping address), status, total, when.
 */
export const PartnerInvoicesTable = ({ invoices }: PartnerInvoicesTableProps) => (
  <Table.ScrollContainer minWidth={880}>
    <Table verticalSpacing="sm" highlightOnHover aria-label="Invoices">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Invoice</Table.Th>
          <Table.Th>Store</Table.Th>
          <Table.Th>Ship to</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th>Created</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.map((invoice) => (
          <Table.Tr key={invoice.id} data-testid="invoice-row">
            <Table.Td maw={360}>
              <Stack gap={0}>
                <Text size="sm" fw={500} lineClamp={1} title={invoiceTitleOf(invoice)}>
                  {invoiceTitleOf(invoice)}
                </Text>
                <Text size="xs" c="dimmed">
                  {invoice.lines.length === 1 ? '1 line' : `${invoice.lines.length} lines`} · lead
                  time {invoice.leadTimeDays} {invoice.leadTimeDays === 1 ? 'day' : 'days'}
                </Text>
                {invoice.status === 'OPEN' ? (
                  <EditLinePricesButton invoice={invoice} label={invoiceTitleOf(invoice)} />
                ) : null}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{invoice.storeTitle}</Text>
            </Table.Td>
            <Table.Td maw={240} data-testid="invoice-ship-to">
              {invoice.shippingAddress ? (
                <PostalAddressLines address={invoice.shippingAddress} size="xs" />
              ) : (
                <Text size="xs" c="dimmed">
                  {invoice.shippingMode === 'NO_SHIPPING_NEEDED'
                    ? 'No shipping needed'
                    : 'No address yet'}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <InvoiceStatusBadge status={invoice.status} />
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney({ amount: invoice.total, currencyCode: invoice.currencyCode })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDay(invoice.createdAt)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
