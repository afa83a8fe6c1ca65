import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconColumns } from '@tabler/icons-react';
import type { ColumnVisibilityState } from '@tanstack/react-table';
import { DEFAULT_ORDER_COLUMNS, ORDER_TABLE_COLUMNS } from './orders-table';

const STORAGE_KEY = 'atelier.orders.columns';

/** The /orders columns shown, remembered in this browser (local storage). */
export const useOrderColumns = () =>
  useLocalStorage<ColumnVisibilityState>({
    key: STORAGE_KEY,
    defaultValue: DEFAULT_ORDER_COLUMNS,
    getInitialValueInEffect: false,
  });

type OrderColumnsChooserProps = {
  visibility: ColumnVisibilityState;
  onChange: (visibility: ColumnVisibilityState) => void;
};

/** "Columns": a checkbox per column of the orders table (the order number always shows). */
export const OrderColumnsChooser = ({ visibility, onChange }: OrderColumnsChooserProps) => (
  <Popover position="bottom-end" shadow="md" withArrow trapFocus>
    <Popover.Target>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconColumns size={14} aria-hidden />}
        style={{ flexShrink: 0 }}
      >
        Columns
      </Button>
    </Popover.Target>
    <Popover.Dropdown>
      <Stack gap={8} role="group" aria-label="Columns shown">
        <Text size="xs" c="dimmed">
          Remembered in this browser
        </Text>
        {ORDER_TABLE_COLUMNS.map((column) => (
          <Checkbox
            key={column.id}
            size="xs"
            label={column.label}
            checked={visibility[column.id] !== false}
            onChange={(event) =>
              onChange({ ...visibility, [column.id]: event.currentTarget.checked })
            }
          />
        ))}
        <Button variant="subtle" size="compact-xs" onClick={() => onChange(DEFAULT_ORDER_COLUMNS)}>
          Reset columns
        </Button>
      </Stack>
    </Popover.Dropdown>
  </Popover>
);
