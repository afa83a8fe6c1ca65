import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import type { AnalyticsFigure } from '@atelier/contract/analytics/views';
import { changeOf, formatHeadline, formatValue } from '../analytics-format';

const SPARK_WIDTH = 120;
const SPARK_HEIGHT = 32;

/** A figure's recent course as a line; gaps (no data) break it. Decorative: the value is beside it. */
const Sparkline = ({ values }: { values: readonly (number | null)[] }) => {
  const known = values.filter((value): value is number => value !== null);
  if (known.length < 2) return null;
  const min = Math.min(...known);
  const span = Math.max(...known) - min || 1;
  const step = SPARK_WIDTH / Math.max(1, values.length - 1);
  const segments: string[] = [];
  let current = '';
  values.forEach((value, index) => {
    if (value === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    const x = (index * step).toFixed(1);
    const y = (SPARK_HEIGHT - 2 - ((value - min) / span) * (SPARK_HEIGHT - 4)).toFixed(1);
    current += `${current ? 'L' : 'M'}${x},${y}`;
  });
  if (current) segments.push(current);
  return (
    <svg
      width={SPARK_WIDTH}
      height={SPARK_HEIGHT}
      viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
      aria-hidden="true"
      data-testid="sparkline"
    >
      <path
        d={segments.join('')}
        fill="none"
        stroke="var(--mantine-color-indigo-6)"
        strokeWidth={1.5}
      />
    </svg>
  );
};

const CHANGE_ICONS = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconArrowRight };

type FigureCardProps = {
  figure: AnalyticsFigure;
  currencyCode: string;
  hasCompare: boolean;
  footer: ReactNode;
};

/** A figure as a card writes it, short when long ("£9.73M"), and its full value for a tooltip. */
const headlineOf = (
  value: number | null,
  format: AnalyticsFigure['format'],
  currencyCode: string,
): { text: string; title: string | undefined } => {
  const text = formatHeadline(value, format, currencyCode);
  const full = formatValue(value, format, currencyCode);
  return { text, title: text === full ? undefined : full };
};

const FigureCard = ({ figure, currencyCode, hasCompare, footer }: FigureCardProps) => {
  const change = changeOf(figure.value, figure.compareValue, figure.format);
  const ChangeIcon = change ? CHANGE_ICONS[change.direction] : null;
  const shown = headlineOf(figure.value, figure.format, currencyCode);
  const compareShown = headlineOf(figure.compareValue, figure.format, currencyCode);
  return (
    <Paper withBorder radius="md" p="md" data-testid={`figure-${figure.key}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {figure.label}
      </Text>
      {/* The sparkline goes under the value when the card is too narrow for both. */}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Text fz={26} fw={700} lh={1.3} style={{ whiteSpace: 'nowrap' }} title={shown.title}>
          {shown.text}
        </Text>
        {figure.sparkline ? <Sparkline values={figure.sparkline} /> : null}
      </Group>
      {hasCompare ? (
        <Group gap={4} mt={4} wrap="wrap">
          {change && ChangeIcon ? (
            <>
              <ChangeIcon size={14} aria-hidden="true" />
              <Text size="sm" fw={600} data-testid="figure-change">
                {change.text}
              </Text>
            </>
          ) : null}
          <Text size="sm" c="dimmed" title={compareShown.title}>
            vs {compareShown.text}
          </Text>
        </Group>
      ) : null}
      {footer ? (
        <Text size="sm" mt={6}>
          {footer}
        </Text>
      ) : null}
    </Paper>
  );
};

type FigureCardsProps = {
  figures: readonly AnalyticsFigure[];
  currencyCode: string;
  hasCompare: boolean;
  /** Shown at the foot of the card of the figure with that key (a link to more about it). */
  footers?: Readonly<Partial<Record<string, ReactNode>>>;
};

/** The headline figures of a view, each with its change against the comparison period. */
export const FigureCards = ({ figures, currencyCode, hasCompare, footers }: FigureCardsProps) =>
  figures.length === 0 ? null : (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(4, figures.length) }} spacing="md">
      {figures.map((figure) => (
        <FigureCard
          key={figure.key}
          figure={figure}
          currencyCode={currencyCode}
          hasCompare={hasCompare}
          footer={footers?.[figure.key]}
        />
      ))}
    </SimpleGrid>
  );
