import { EmptyState, Paper } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ComingSoonProps = {
  /** What the page is, e.g. "Supplier inbox". */
  title: string;
  /** What will be there, and which module brings it. */
  description: ReactNode;
  children?: ReactNode;
};

/**
 * The honest state of a page whose module is not built yet: it names what will be there and
 * shows no data of any kind.
 */
export const ComingSoon = ({ title, description, children }: ComingSoonProps) => (
  <Paper withBorder radius="md" p="xl" data-testid="coming-soon">
    <EmptyState
      icon={<IconHourglassEmpty size={28} stroke={1.5} />}
      variant="light"
      title={title}
      description={description}
    >
      {children}
    </EmptyState>
  </Paper>
);
