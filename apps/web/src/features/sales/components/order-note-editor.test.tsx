// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStoreOrder } from '@atelier/contract/sales/order';
import { updateOrderNote } from '@atelier/contract/sales/order-operations';
import { aStoreOrder } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { useOrder } from '../api/order-queries';
import { OrderNoteEditor } from './order-note-editor';

const { requestsTo } = startMockServer();

const NOTE_PATH = '/api/web/orders/ord_1/notes';

/** The editor on the cached order, as /order-details shows it. */
const NoteOfOrder = () => {
  const order = useOrder('ord_1');
  return order.data ? <OrderNoteEditor order={order.data} /> : null;
};

/** An order whose note the mock server keeps, as the server would. */
const withOrder = (note: string | null) => {
  let order = aStoreOrder({ note });
  server.use(
    handle(getStoreOrder, () => order),
    handle(updateOrderNote, ({ body }) => {
      order = { ...order, note: body.note || null };
      return order;
    }),
  );
};

describe('OrderNoteEditor', () => {
  it('says there is no note, then saves one written in place', async () => {
    withOrder(null);
    const { user } = render(<NoteOfOrder />);
    const section = await screen.findByRole('region', { name: 'Note' });
    expect(within(section).getByText('No note')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Edit the note' }));
    const textbox = within(section).getByRole('textbox', { name: 'Note' });
    expect(document.activeElement).toBe(textbox);
    await user.type(textbox, 'Gift wrap, no invoice in the parcel.');
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    await within(section).findByText('Gift wrap, no invoice in the parcel.');
    expect(requestsTo('PUT', NOTE_PATH).map((request) => request.body)).toEqual([
      { note: 'Gift wrap, no invoice in the parcel.' },
    ]);
    // The keyboard is back on the Edit button.
    expect(document.activeElement).toBe(
      within(section).getByRole('button', { name: 'Edit the note' }),
    );
  });

  it('clears the note when saved empty, with Ctrl+Enter', async () => {
    withOrder('Call before delivery');
    const { user } = render(<NoteOfOrder />);
    const section = await screen.findByRole('region', { name: 'Note' });
    await within(section).findByText('Call before delivery');

    await user.click(within(section).getByRole('button', { name: 'Edit the note' }));
    await user.clear(within(section).getByRole('textbox', { name: 'Note' }));
    await user.keyboard('{Control>}{Enter}{/Control}');

    await within(section).findByText('No note');
    expect(requestsTo('PUT', NOTE_PATH).map((request) => request.body)).toEqual([{ note: null }]);
  });

  it('drops the edit on Escape', async () => {
    withOrder('Call before delivery');
    const { user } = render(<NoteOfOrder />);
    const section = await screen.findByRole('region', { name: 'Note' });
    await user.click(await within(section).findByRole('button', { name: 'Edit the note' }));
    await user.type(within(section).getByRole('textbox', { name: 'Note' }), ' twice');
    await user.keyboard('{Escape}');

    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).getByText('Call before delivery')).toBeTruthy();
    await waitFor(() => expect(requestsTo('PUT', NOTE_PATH)).toHaveLength(0));
  });

  it('keeps the note of a canceled order as it is', () => {
    render(<OrderNoteEditor order={aStoreOrder({ cancelState: 'CANCELED', note: 'Refunded' })} />);
    expect(screen.queryByRole('button', { name: 'Edit the note' })).toBeNull();
    expect(screen.getByText('A canceled order’s note no longer changes.')).toBeTruthy();
  });
});
