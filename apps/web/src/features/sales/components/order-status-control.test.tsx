// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStoreOrder } from '@atelier/contract/sales/order';
import { changeOrderOpStatus } from '@atelier/contract/sales/order-operations';
import { aStoreOrder } from '@/testing/factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { useOrder } from '../api/order-queries';
import { OrderStatusBadge } from './order-labels';
import { OrderStatusControl } from './order-status-control';

const { requestsTo } = startMockServer();

/** The header of /order-details: the badge and the control, both on the cached order. */
const OrderHeader = () => {
  const order = useOrder('ord_1');
  if (!order.data) return null;
  return (
    <div data-testid="header">
      <OrderStatusBadge order={order.data} />
      <OrderStatusControl order={order.data} />
    </div>
  );
};

// env "test": happy-dom has no layout, so floating-ui would take the button for detached and
// hide the menu's dropdown.
const renderHeader = () =>
  render(
    <MantineProvider env="test">
      <OrderHeader />
    </MantineProvider>,
  );

const CHANGE_PATH = '/api/web/orders/ord_1/change-op-status';

describe('OrderStatusControl', () => {
  it('changes the status with a note and the badge follows', async () => {
    server.use(
      handle(getStoreOrder, () => aStoreOrder()),
      handle(changeOrderOpStatus, ({ body }) => aStoreOrder({ productionStatus: body.status })),
    );
    const { user } = renderHeader();
    const header = await screen.findByTestId('header');
    expect(within(header).getByText('Outstanding')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Change status' }));
    // The order's own status is not offered.
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Processing', 'On hold', 'Finished']);
    await user.click(screen.getByRole('menuitem', { name: 'On hold' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change status to On hold' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Waiting for fabric');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(requestsTo('POST', CHANGE_PATH)).toHaveLength(1));
    expect(requestsTo('POST', CHANGE_PATH)[0]?.body).toEqual({
      status: 'ON_HOLD',
      note: 'Waiting for fabric',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(header).getByText('On hold')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Status changed to On hold.');
  });

  it('sends no note when none is given and shows a refusal in the modal', async () => {
    server.use(
      handle(getStoreOrder, () => aStoreOrder(), { once: true }),
      // Canceled meanwhile, in another tab.
      handle(getStoreOrder, () => aStoreOrder({ cancelState: 'CANCELED' })),
      handle(changeOrderOpStatus, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'This order is canceled; it can no longer be changed.',
          reason: 'order_canceled',
        }),
      ),
    );
    const { user } = renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Processing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change status to Processing' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This order is canceled; it can no longer be changed.',
    );
    expect(requestsTo('POST', CHANGE_PATH)[0]?.body).toEqual({ status: 'PROCESSING' });
    // The page reads the order again, as it is older than the server's; the modal stays.
    await waitFor(() => expect(requestsTo('GET', '/api/web/orders/ord_1')).toHaveLength(2));
    await screen.findByText('A canceled order keeps its status.');
    expect(within(dialog).getByRole('alert')).toBeTruthy();
  });

  it('starts every opening with an empty note', async () => {
    server.use(handle(getStoreOrder, () => aStoreOrder()));
    const { user } = renderHeader();
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'On hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change status to On hold' });
    expect(within(dialog).getByText(/From Outstanding to On hold/)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Not yet');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Finished' }));
    const next = await screen.findByRole('dialog', { name: 'Change status to Finished' });
    expect(within(next).getByRole<HTMLTextAreaElement>('textbox', { name: 'Note' }).value).toBe('');
    expect(requestsTo('POST', CHANGE_PATH)).toHaveLength(0);
  });

  it('offers no change for a canceled order and says why', async () => {
    render(<OrderStatusControl order={aStoreOrder({ cancelState: 'CANCELED' })} />);
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
    expect(screen.getByText('A canceled order keeps its status.')).toBeTruthy();
  });
});
