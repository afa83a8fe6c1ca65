import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type OrderSectionProps = {
  title: string;
  /** Beside the title, e.g. an Edit button. */
  action?: ReactNode;
  children: ReactNode;
};

/** One panel of /order-details: a titled box. */
export const OrderSection = ({ title, action, children }: OrderSectionProps) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
    {/* As tall as an xs button, so a title keeps its place when its action comes or goes. */}
    <Group justify="space-between" align="center" mb="sm" gap="xs" wrap="nowrap" mih={30}>
      <Title order={2} fz="h5">
        {title}
      </Title>
      {action}
    </Group>
    {children}
  </Paper>
);
