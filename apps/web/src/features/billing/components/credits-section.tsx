import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { LoadError } from '@/components/ui/load-error';
import { useCredits } from '../api/billing-queries';
import {
  CREDIT_ENTRY_KIND_LABELS,
  formatBillingDate,
  formatCredits,
  formatSignedCredits,
} from '../billing-format';
import { CursorPager } from './billing-invoices-section';
import { useCursorPages } from './billing-invoices-section-pages';
import { BillingSectionCard } from './billing-section-card';

/**
 * The store's AI credits on /account-info: the balance and the ledger (kind, signed credits, the
 * balance after, the reason, the date), newest first, in pages of ten.
 */
export const CreditsSection = () => {
  const pages = useCursorPages();
  const credits = useCredits({ cursor: pages.cursor });

  return (
    <BillingSectionCard
      id="billing-credits"
      title="AI credits"
      description="Bundles grant credits; AI features spend them."
    >
      {credits.isPending ? (
        <Stack gap="xs" aria-label="Loading the credits">
          <Skeleton h={32} w={160} />
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : credits.isError ? (
        <LoadError
          message="Your credits could not be loaded."
          onRetry={() => void credits.refetch()}
        />
      ) : (
        <Stack gap="sm">
          <Stack gap={0}>
            <Text size="xs" tt="uppercase" fw={600} c="dimmed">
              Balance
            </Text>
            <Text fz="xl" fw={600} data-testid="credits-balance">
              {formatCredits(credits.data.balance)} credits
            </Text>
          </Stack>
          {credits.data.entries.length === 0 && pages.pageIndex === 0 ? (
            <Text size="sm" c="dimmed">
              No credits yet. Buying a bundle grants credits.
            </Text>
          ) : (
            <>
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="xs" aria-label="Credits history">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Kind</Table.Th>
                      <Table.Th ta="right">Credits</Table.Th>
                      <Table.Th ta="right">Balance after</Table.Th>
                      <Table.Th>Reason</Table.Th>
                      <Table.Th>Date</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody style={{ opacity: credits.isPlaceholderData ? 0.6 : 1 }}>
                    {credits.data.entries.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td>{CREDIT_ENTRY_KIND_LABELS[entry.kind]}</Table.Td>
                        <Table.Td ta="right" c={entry.credits < 0 ? 'red' : 'green'}>
                          {formatSignedCredits(entry.credits)}
                        </Table.Td>
                        <Table.Td ta="right">{formatCredits(entry.balanceAfter)}</Table.Td>
                        <Table.Td>{entry.reason}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {formatBillingDate(entry.createdAt)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <CursorPager
                pageIndex={pages.pageIndex}
                hasNext={credits.data.nextCursor !== null}
                isBusy={credits.isFetching}
                onPrevious={pages.previous}
                onNext={() => pages.next(credits.data.nextCursor)}
                label="Credits pages"
              />
            </>
          )}
        </Stack>
      )}
    </BillingSectionCard>
  );
};
