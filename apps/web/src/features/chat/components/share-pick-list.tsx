import { Button, Group, ScrollArea, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type SharePickListProps = { maxHeight: number; children: ReactNode };

/** The scrolling list of a "send into the conversation" picker. */
export const SharePickList = ({ maxHeight, children }: SharePickListProps) => (
  <ScrollArea.Autosize mah={maxHeight} type="auto">
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  </ScrollArea.Autosize>
);

type SharePickRowProps = {
  /** What the row sends, for the button's name ("Send Denim jacket"). */
  name: string;
  onSend: () => void;
  children: ReactNode;
};

/** One thing to send: its details, and the Send button beside them. */
export const SharePickRow = ({ name, onSend, children }: SharePickRowProps) => (
  <Group
    component="li"
    justify="space-between"
    wrap="nowrap"
    py={6}
    style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
  >
    {children}
    <Button size="xs" variant="light" aria-label={`Send ${name}`} onClick={onSend}>
      Send
    </Button>
  </Group>
);
