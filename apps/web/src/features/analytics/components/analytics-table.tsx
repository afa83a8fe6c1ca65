import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { AnalyticsTable as AnalyticsTableData } from '@atelier/contract/analytics/views';
import { csvFileNameOf, saveCsv, tableToCsv } from '../analytics-csv';
import { formatValue } from '../analytics-format';
import type { DayRange } from '../analytics-range';

/** Rows drawn before "Show all": a product table can run to thousands (the CSV has them all). */
const SHOWN_ROWS = 100;

const isNumeric = (format: string) => format !== 'text' && format !== 'date' && format !== 'month';

type AnalyticsTableProps = {
  table: AnalyticsTableData;
  view: string;
  range: DayRange;
  currencyCode: string;
};

/** One table of a view, with its CSV export (every row, formula-safe). */
export const AnalyticsTable = ({ table, view, range, currencyCode }: AnalyticsTableProps) => {
  const [isShowingAll, setIsShowingAll] = useState(false);
  const rows = isShowingAll ? table.rows : table.rows.slice(0, SHOWN_ROWS);
  const titleId = `analytics-table-${table.key}`;
  const handleExport = () =>
    saveCsv(csvFileNameOf(view, table, range), tableToCsv(table, currencyCode));

  return (
    // miw 0: beside a chart in a grid, a wide table scrolls in its box instead of widening the page.
    <Paper withBorder radius="md" p="md" miw={0}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} fz="md" id={titleId}>
          {table.title}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          onClick={handleExport}
          aria-label={`Export ${table.title} as CSV`}
          disabled={table.rows.length === 0}
          // A long title wraps; the button keeps its width.
          style={{ flexShrink: 0 }}
        >
          CSV
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={table.columns.length * 110} maxHeight={480}>
        <Table striped highlightOnHover stickyHeader aria-labelledby={titleId} fz="sm">
          <Table.Thead>
            <Table.Tr>
              {table.columns.map((column) => (
                <Table.Th key={column.key} ta={isNumeric(column.format) ? 'right' : 'left'}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              // Rows have no key of their own; their order is the server's and fixed.
              <Table.Tr key={index}>
                {table.columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    ta={isNumeric(column.format) ? 'right' : 'left'}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {formatValue(row[column.key], column.format, currencyCode)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {table.rows.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          No rows in this range.
        </Text>
      ) : null}
      {table.rows.length > SHOWN_ROWS ? (
        <Group justify="space-between" mt="xs">
          <Text size="sm" c="dimmed">
            {isShowingAll
              ? `All ${table.rows.length} rows.`
              : `The first ${SHOWN_ROWS} of ${table.rows.length} rows; the CSV has them all.`}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => setIsShowingAll((shown) => !shown)}>
            {isShowingAll ? `Show the first ${SHOWN_ROWS}` : 'Show all rows'}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
};
