import { Box, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AnalyticsViewResult } from '@atelier/contract/analytics/views';
import { layoutOf } from '../chart-table';
import { AnalyticsChart } from './analytics-chart';
import { AnalyticsTable } from './analytics-table';
import { AnalyticsEmpty } from './analytics-view-states';
import { FigureCards } from './figure-cards';

type AnalyticsResultProps = {
  result: AnalyticsViewResult;
  /** At the foot of the figure card of that key (the signed-in dashboard's links). */
  figureFooters?: Readonly<Partial<Record<string, ReactNode>>>;
};

/**
 * A computed view, read-only: its headline figures, each chart with its table beside it, then
 * its other tables. The signed-in page and the public share page draw it alike.
 */
export const AnalyticsResult = ({ result, figureFooters }: AnalyticsResultProps) => {
  if (result.empty !== null) return <AnalyticsEmpty reason={result.empty} />;
  const { pairs, tables } = layoutOf(result);
  const tableProps = { view: result.view, range: result.range, currencyCode: result.currencyCode };
  return (
    <Stack gap="lg">
      <FigureCards
        figures={result.figures}
        currencyCode={result.currencyCode}
        hasCompare={result.compare !== null}
        footers={figureFooters}
      />
      {pairs.map(({ chart, table }) => (
        <SimpleGrid key={chart.key} cols={{ base: 1, lg: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md" component="figure" m={0}>
            <Title order={3} fz="md" mb="xs" component="figcaption">
              {chart.title}
            </Title>
            <Box>
              <AnalyticsChart chart={chart} currencyCode={result.currencyCode} />
            </Box>
          </Paper>
          <AnalyticsTable table={table} {...tableProps} />
        </SimpleGrid>
      ))}
      {tables.map((table) => (
        <AnalyticsTable key={table.key} table={table} {...tableProps} />
      ))}
    </Stack>
  );
};
