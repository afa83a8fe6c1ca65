import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { BillingInvoice } from '@atelier/contract/billing/billing-api';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import {
  downloadInvoiceReceipt,
  useBillingInvoices,
  useRetryInvoice,
} from '../api/billing-queries';
import {
  BILLING_INVOICE_STATUS_COLORS,
  BILLING_INVOICE_STATUS_LABELS,
  formatAmount,
  formatBillingDate,
  formatPeriod,
} from '../billing-format';
import { BillingSectionCard } from './billing-section-card';
import { useCursorPages } from './billing-invoices-section-pages';

type ReceiptLinkProps = {
  invoice: { number: string; receiptUrl: string };
  onError: (message: string) => void;
};

/** A paid invoice's receipt: a link, fetched with the session (the PDF needs it). */
const ReceiptLink = ({ invoice, onError }: ReceiptLinkProps) => (
  <Anchor
    href={invoice.receiptUrl}
    size="sm"
    aria-label={`Receipt (PDF) of ${invoice.number}`}
    onClick={(event) => {
      event.preventDefault();
      downloadInvoiceReceipt(invoice).catch(() =>
        onError(`The receipt of ${invoice.number} could not be downloaded.`),
      );
    }}
  >
    Receipt (PDF)
  </Anchor>
);

type RetryButtonProps = { invoice: BillingInvoice; onOutcome: (message: string) => void };

/** Spec §7 retry-invoice: charges an open invoice again with the default card. */
const RetryButton = ({ invoice, onOutcome }: RetryButtonProps) => {
  const retry = useRetryInvoice();
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={retry.isPending}
      aria-label={`Retry payment of ${invoice.number}`}
      onClick={() =>
        retry.mutate(invoice.id, {
          onSuccess: (answer) => {
            if (answer.status === 'PAID') showSuccessToast(`${answer.number} is paid.`);
            else onOutcome(`${answer.number}: the payment failed again.`);
          },
          onError: (error) =>
            onOutcome(isApiError(error) ? error.message : 'The payment was not retried.'),
        })
      }
    >
      Retry
    </Button>
  );
};

type BillingInvoicesSectionProps = { canManage: boolean };

/**
 * The store's billing invoices on /account-info, newest first: number, date, period, total,
 * status, the receipt (PDF) of a paid one and a retry of an open one; pages of ten.
 */
export const BillingInvoicesSection = ({ canManage }: BillingInvoicesSectionProps) => {
  const pages = useCursorPages();
  const invoices = useBillingInvoices({ cursor: pages.cursor });
  const [outcome, setOutcome] = useState<string | null>(null);

  return (
    <BillingSectionCard id="billing-invoices" title="Invoices">
      {invoices.isPending ? (
        <Stack gap="xs" aria-label="Loading the invoices">
          <Skeleton h={28} />
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : invoices.isError ? (
        <LoadError
          message="Your invoices could not be loaded."
          onRetry={() => void invoices.refetch()}
        />
      ) : invoices.data.items.length === 0 && pages.pageIndex === 0 ? (
        <Text size="sm" c="dimmed">
          No invoices yet. They appear here once you start a paid plan or buy a bundle.
        </Text>
      ) : (
        <Stack gap="sm">
          {outcome ? (
            <Text size="sm" c="red" role="alert">
              {outcome}
            </Text>
          ) : null}
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label="Invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: invoices.isPlaceholderData ? 0.6 : 1 }}>
                {invoices.data.items.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{invoice.number}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatBillingDate(invoice.createdAt)}
                    </Table.Td>
                    <Table.Td>{formatPeriod(invoice.periodStart, invoice.periodEnd)}</Table.Td>
                    <Table.Td ta="right">
                      {formatAmount(invoice.total, invoice.currencyCode)}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={BILLING_INVOICE_STATUS_COLORS[invoice.status]}
                        tt="none"
                        miw="max-content"
                      >
                        {BILLING_INVOICE_STATUS_LABELS[invoice.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {invoice.status === 'PAID' && invoice.receiptUrl ? (
                        <ReceiptLink
                          invoice={{ number: invoice.number, receiptUrl: invoice.receiptUrl }}
                          onError={setOutcome}
                        />
                      ) : invoice.status === 'OPEN' && canManage ? (
                        <RetryButton invoice={invoice} onOutcome={setOutcome} />
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <CursorPager
            pageIndex={pages.pageIndex}
            hasNext={invoices.data.nextCursor !== null}
            isBusy={invoices.isFetching}
            onPrevious={pages.previous}
            onNext={() => pages.next(invoices.data.nextCursor)}
            label="Invoice pages"
          />
        </Stack>
      )}
    </BillingSectionCard>
  );
};

type CursorPagerProps = {
  pageIndex: number;
  hasNext: boolean;
  isBusy: boolean;
  onPrevious: () => void;
  onNext: () => void;
  label: string;
};

/** Previous / next through a cursor list; nothing when everything fits on the first page. */
export const CursorPager = ({
  pageIndex,
  hasNext,
  isBusy,
  onPrevious,
  onNext,
  label,
}: CursorPagerProps) =>
  pageIndex === 0 && !hasNext ? null : (
    <Group justify="space-between" aria-label={label} role="navigation">
      <Text size="sm" c="dimmed">
        Page {pageIndex + 1}
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" disabled={pageIndex === 0} onClick={onPrevious}>
          Previous
        </Button>
        <Button size="xs" variant="default" disabled={!hasNext || isBusy} onClick={onNext}>
          Next
        </Button>
      </Group>
    </Group>
  );
