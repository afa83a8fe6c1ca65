import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionCardProps = { id: string; title: string; description?: ReactNode; children: ReactNode };

/** One titled section of a settings page, reachable by its anchor (`#id`). */
export const SectionCard = ({ id, title, description, children }: SectionCardProps) => (
  <Paper withBorder radius="md" p="lg" component="section" id={id} aria-labelledby={`${id}-title`}>
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2} fz="h4" id={`${id}-title`}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  </Paper>
);
