import { Badge, Text } from '@mantine/core';
import { IconFlask2 } from '@tabler/icons-react';
import type { ValueSource } from '@atelier/contract/catalog/supplier';
import { DeferredTooltip } from '@/components/ui/deferred-tooltip';

const fieldList = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * The names (from `labels`, in its order) of the fields whose source is `demo`. Fields a supplier,
 * the registry, an import or reviews set are left out, so the demo badge never covers them.
 */
export const demoFieldsOf = (
  fieldSources: Record<string, ValueSource>,
  labels: Record<string, string>,
): string[] => [
  ...new Set(
    Object.entries(labels).flatMap(([key, label]) => (fieldSources[key] === 'demo' ? [label] : [])),
  ),
];

/** What the badge's tooltip says: which values are generated, and that they are not real. */
export const demoValuesText = (fields: readonly string[]): string =>
  fields.length === 0
    ? 'Demo value: generated for this catalog, not a figure from the supplier. Confirm it with them.'
    : `Demo values: ${fieldList.format(fields)}. Generated for this catalog, not figures from the supplier; confirm them with the supplier.`;

/**
 * Issue 10: one "Demo data" badge per card or section that holds generated values, instead of a
 * mark after each number. Hovering or focusing it (it is in the tab order) names the values.
 * Renders nothing when `fields` is empty.
 */
export const DemoBadge = ({ fields }: { fields: readonly string[] }) =>
  fields.length === 0 ? null : (
    <DeferredTooltip
      label={demoValuesText(fields)}
      multiline
      w={260}
      withArrow
      openDelay={150}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Badge
        component="span"
        tabIndex={0}
        variant="light"
        color="orange"
        size="sm"
        radius="sm"
        leftSection={<IconFlask2 size={12} stroke={1.8} aria-hidden />}
        data-demo-value
        style={{
          cursor: 'help',
          flexShrink: 0,
          textTransform: 'none',
          // The variant's orange is 3.3:1 on its own tint; the theme's demo orange reads at 6:1.
          '--badge-color': 'var(--atelier-color-demo)',
        }}
      >
        Demo data
      </Badge>
    </DeferredTooltip>
  );

/**
 * The demo badge of a section holding one value (a description, a capability list): shown when
 * `source` is `demo`, with `label` naming the value in its tooltip.
 */
export const DemoMarker = ({
  source,
  label,
}: {
  source: ValueSource | undefined;
  label?: string;
}) => (source === 'demo' ? <DemoBadge fields={label ? [label] : []} /> : null);

/** The note on pages that list generated values: what the "Demo data" badge means. */
export const DemoLegend = () => (
  <Text size="xs" c="dimmed">
    Cards and sections marked “Demo data” hold generated values, not figures from the supplier:
    hover or focus the badge to see which. Names, addresses and locations of registry factories are
    real.
  </Text>
);
