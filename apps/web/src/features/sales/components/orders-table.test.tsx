// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreOrderSummary } from '@atelier/contract/sales/order';
import { changeOrdersOpStatus } from '@atelier/contract/sales/order-operations';
import type { OrderSort } from '@atelier/contract/sales/order-values';
import { aStoreOrder } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { OrderColumnsChooser, useOrderColumns } from './order-columns-chooser';
import { OrdersBulkBar } from './orders-bulk-bar';
import { OrdersTable } from './orders-table';

const { requestsTo } = startMockServer();

const orders: StoreOrderSummary[] = [1001, 1002, 1003, 1004].map((number, index) => ({
  ...aStoreOrder({
    id: `ord_${number}`,
    number,
    name: `#${number}`,
    total: { amount: 1_000 * (index + 1), currencyCode: 'USD' },
  }),
}));

/** /orders' table with its columns chooser and selection bar, as the page puts them together. */
const OrdersHarness = ({
  onSortChange = () => undefined,
  onExport = () => Promise.resolve(),
}: {
  onSortChange?: (sort: OrderSort) => void;
  onExport?: (ids: string[]) => Promise<void>;
}) => {
  const [sort, setSort] = useState<OrderSort>('-placedAt');
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [columns, setColumns] = useOrderColumns();
  const selected = Object.keys(selection).filter((id) => selection[id]);
  return (
    <MantineProvider env="test">
      <OrderColumnsChooser visibility={columns} onChange={setColumns} />
      {selected.length > 0 ? (
        <OrdersBulkBar
          selectedIds={selected}
          onExport={onExport}
          onClear={() => setSelection({})}
        />
      ) : null}
      <OrdersTable
        orders={orders}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          onSortChange(next);
        }}
        columnVisibility={columns}
        selection={selection}
        onSelectionChange={setSelection}
      />
    </MantineProvider>
  );
};

const headers = () =>
  within(screen.getByRole('table', { name: 'Orders' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

afterEach(() => window.localStorage.clear());

describe('OrdersTable', () => {
  it('sorts by a header, from the keyboard too, flipping the direction on the second press', async () => {
    const onSortChange = vi.fn();
    const { user } = render(<OrdersHarness onSortChange={onSortChange} />);
    const total = screen.getByRole('button', { name: 'Sort by Total' });
    total.focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith('-total');
    expect(total.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    await user.click(total);
    expect(onSortChange).toHaveBeenLastCalledWith('total');
    // A customer sort starts A to Z.
    await user.click(screen.getByRole('button', { name: 'Sort by Customer' }));
    expect(onSortChange).toHaveBeenLastCalledWith('customer');
    // Columns the API cannot sort by have no sort button.
    expect(screen.queryByRole('button', { name: 'Sort by Payment' })).toBeNull();
  });

  it('shows the columns chosen, remembers them in this browser, and resets them', async () => {
    const { user, unmount } = render(<OrdersHarness />);
    expect(headers()).not.toContain('Tags');
    expect(headers()).toContain('Payment');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const group = await screen.findByRole('group', { name: 'Columns shown' });
    await user.click(within(group).getByRole('checkbox', { name: 'Payment' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Tags' }));
    expect(headers()).not.toContain('Payment');
    expect(headers()).toContain('Tags');
    unmount();

    // A new visit in the same browser.
    const again = render(<OrdersHarness />);
    expect(headers()).not.toContain('Payment');
    expect(headers()).toContain('Tags');
    await again.user.click(screen.getByRole('button', { name: 'Columns' }));
    await again.user.click(await screen.findByRole('button', { name: 'Reset columns' }));
    expect(headers()).toContain('Payment');
    expect(headers()).not.toContain('Tags');
  });

  it('selects rows one by one, as a Shift range, or all shown, and clears them', async () => {
    const { user } = render(<OrdersHarness />);
    await user.click(screen.getByRole('checkbox', { name: 'Select order #1001' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select order #1003' }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    expect(within(bar).getByText('3 orders selected')).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select order #1004' }).checked,
    ).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Select every order shown' }));
    expect(within(bar).getByText('4 orders selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull();
  });

  it('exports the selected orders', async () => {
    const onExport = vi.fn(() => Promise.resolve());
    const { user } = render(<OrdersHarness onExport={onExport} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select order #1002' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #1004' }));
    await user.click(screen.getByRole('button', { name: 'Export selected' }));
    expect(onExport).toHaveBeenCalledWith(['ord_1002', 'ord_1004']);
  });

  it('changes the status of the selection after a confirmation and says what changed and what did not', async () => {
    server.use(
      handle(changeOrdersOpStatus, ({ body }) => ({
        changed: [{ id: body.orderIds[0]!, name: '#1001', fromStatus: 'OUTSTANDING' as const }],
        refused: [
          {
            id: body.orderIds[1]!,
            name: '#1002',
            reason: 'order_canceled' as const,
            message: 'This order is canceled; it can no longer be changed.',
          },
        ],
      })),
    );
    const { user } = render(<OrdersHarness />);
    await user.click(screen.getByRole('checkbox', { name: 'Select order #1001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #1002' }));
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'On hold' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change 2 orders to On hold?' });
    // Nothing is sent before the confirmation; Cancel would leave everything as it was.
    expect(requestsTo('POST', changeOrdersOpStatus.path)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Fabric late');
    await user.click(within(dialog).getByRole('button', { name: 'Change 2 orders' }));

    const summary = await screen.findByRole('dialog', { name: 'Status changed' });
    expect(requestsTo('POST', changeOrdersOpStatus.path)[0]?.body).toEqual({
      orderIds: ['ord_1001', 'ord_1002'],
      status: 'ON_HOLD',
      note: 'Fabric late',
    });
    expect(summary.textContent).toContain('1 order changed to On hold.');
    expect(summary.textContent).toContain('1 order left as they were');
    expect(summary.textContent).toContain('#1002: canceled orders keep their status');
    await user.click(within(summary).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Selected orders' })).toBeNull(),
    );
  });
});
