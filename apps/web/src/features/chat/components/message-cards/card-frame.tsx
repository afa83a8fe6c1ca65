import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type CardFrameProps = {
  icon: ReactNode;
  /** What kind of card this is ("Catalog item", "Meeting request"). */
  label: string;
  children: ReactNode;
};

/** The common frame of a structured message: a small bordered card with its kind on top. */
export const CardFrame = ({ icon, label, children }: CardFrameProps) => (
  <Paper withBorder radius="md" p="sm" w={300} maw="100%" bg="var(--mantine-color-body)">
    <Stack gap={6}>
      <Group gap={6} c="dimmed" wrap="nowrap">
        {icon}
        <Text size="xs" fw={600} tt="uppercase" c="dimmed">
          {label}
        </Text>
      </Group>
      {children}
    </Stack>
  </Paper>
);
