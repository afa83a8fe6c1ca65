import { Box, Group, Text, Tooltip } from '@mantine/core';
import { IconFlask2 } from '@tabler/icons-react';
import type { ValueSource } from '@atelier/contract/catalog/supplier';

export const DEMO_VALUE_TEXT =
  'Demo value: generated for this catalog, not a figure from the supplier. Confirm it with them.';

/**
 * Marks a value whose source is `demo` (issue #3): generated values are never presented as
 * real. Renders nothing for values from the registry, the supplier, an import or reviews.
 */
export const DemoMarker = ({ source }: { source: ValueSource | undefined }) =>
  source === 'demo' ? (
    <Tooltip label={DEMO_VALUE_TEXT} multiline w={260} withArrow openDelay={150}>
      <Box
        component="span"
        role="img"
        aria-label="Demo value"
        tabIndex={0}
        data-demo-value
        c="orange.7"
        style={{ display: 'inline-flex', verticalAlign: 'middle', cursor: 'help', lineHeight: 1 }}
      >
        <IconFlask2 size={13} stroke={1.8} aria-hidden />
      </Box>
    </Tooltip>
  ) : null;

/** The legend of the demo marker, shown once per page that lists generated values. */
export const DemoLegend = () => (
  <Group gap={6} wrap="nowrap" align="center">
    <Box c="orange.7" style={{ display: 'inline-flex' }}>
      <IconFlask2 size={14} stroke={1.8} aria-hidden />
    </Box>
    <Text size="xs" c="dimmed">
      Demo value: generated, not from the supplier. Names, addresses and locations of registry
      factories are real.
    </Text>
  </Group>
);
