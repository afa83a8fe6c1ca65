import { EmptyState, Paper } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type MissingRecordProps = { title: string; description: ReactNode; children?: ReactNode };

/** A page whose record does not exist (or is not the user's): what happened and where to go. */
export const MissingRecord = ({ title, description, children }: MissingRecordProps) => (
  <Paper withBorder radius="md" p="xl" data-testid="missing-record">
    <EmptyState
      icon={<IconMoodEmpty size={28} stroke={1.5} />}
      variant="light"
      title={title}
      description={description}
    >
      {children}
    </EmptyState>
  </Paper>
);
