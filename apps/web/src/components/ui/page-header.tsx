import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode };

export const PageHeader = ({ title, description, actions }: PageHeaderProps) => (
  <Group justify="space-between" align="flex-start" wrap="wrap" mb="lg">
    <Stack gap={4}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" maw={720}>
          {description}
        </Text>
      ) : null}
    </Stack>
    {actions}
  </Group>
);
