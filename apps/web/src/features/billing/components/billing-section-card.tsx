import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type BillingSectionCardProps = {
  id: string;
  title: string;
  description?: ReactNode;
  /** Beside the title: the section's main action. */
  action?: ReactNode;
  children: ReactNode;
};

// An anchor's scroll stops below the app's fixed header, not under it.
const SCROLL_MARGIN_TOP = 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-md))';

/** One titled section of /account-info's billing, reachable by its anchor (`#id`). */
export const BillingSectionCard = ({
  id,
  title,
  description,
  action,
  children,
}: BillingSectionCardProps) => (
  <Paper
    withBorder
    radius="md"
    p="lg"
    component="section"
    id={id}
    aria-labelledby={`${id}-title`}
    style={{ scrollMarginTop: SCROLL_MARGIN_TOP }}
  >
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="h4" id={`${id}-title`}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {action ? <div style={{ flexShrink: 0 }}>{action}</div> : null}
      </Group>
      {children}
    </Stack>
  </Paper>
);
