import { ScrollArea, Table, Text } from '@mantine/core';
import type { OrderImportIssue as ImportIssue } from '@atelier/contract/sales/order-import';

/** The server keeps the first 100 problems of an import (OrderImportResult.issues). */
const MAX_ISSUES_SHOWN = 100;

type ImportIssuesProps = {
  issues: readonly ImportIssue[];
  /** How many problems there are in all, when more than `issues` (a finished import's count). */
  total?: number;
  /** Names the table for screen readers ("Problems in the file"). */
  label: string;
};

/**
 * Problems of an import file (orders, products) by row number (row 1 is the header), with the
 * column each is in.
 */
export const ImportIssues = ({ issues, total = issues.length, label }: ImportIssuesProps) => {
  // Checks find problems order by order, not row by row: the list reads top to bottom.
  const shown = [...issues].sort((a, b) => a.row - b.row).slice(0, MAX_ISSUES_SHOWN);
  const more = Math.max(total - shown.length, 0);
  return (
    <>
      <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
        <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="1%">Row</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((issue, index) => (
              <Table.Tr
                key={`${issue.row}-${issue.field}-${index}`}
                style={{ verticalAlign: 'top' }}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {issue.row.toLocaleString('en-US')}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{issue.field}</Table.Td>
                {/* A message may quote a whole unreadable line: it wraps anywhere. */}
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{issue.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {more > 0 ? (
        <Text size="sm" c="dimmed">
          And {more.toLocaleString('en-US')} more {more === 1 ? 'problem' : 'problems'} not listed.
        </Text>
      ) : null}
    </>
  );
};
