import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PartnerEntryCardProps = {
  title: string;
  /** A line under the title (who is being joined, what to do). */
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card. */
  footer?: ReactNode;
};

/** The supplier workspace's pages before a session: its brand and one card. */
export const PartnerEntryCard = ({ title, intro, children, footer }: PartnerEntryCardProps) => (
  <Center component="main" mih="100vh" p="md" bg="gray.0">
    <Stack w="100%" maw={440} gap="lg">
      <Stack gap={4} ta="center">
        <Text fw={800} fz={28} c="indigo.7">
          Atelier{' '}
          <Text span inherit c="dark.4" fw={600}>
            for suppliers
          </Text>
        </Text>
        <Text c="dimmed" size="sm">
          Talk with the stores that source from your company.
        </Text>
      </Stack>
      <Paper withBorder shadow="sm" radius="md" p="xl">
        <Title order={1} fz="h3" mb={intro ? 'xs' : 'lg'}>
          {title}
        </Title>
        {intro ? (
          <Text c="dimmed" size="sm" mb="lg">
            {intro}
          </Text>
        ) : null}
        {children}
      </Paper>
      {footer ? (
        <Text ta="center" size="sm">
          {footer}
        </Text>
      ) : null}
    </Stack>
  </Center>
);
