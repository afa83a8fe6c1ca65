// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  addOrderNote,
  deleteOrderNote,
  listOrderNotes,
  type OrderNote,
} from '@atelier/contract/sales/order-operations';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { OrderNotesPanel } from './order-notes-panel';

const { requestsTo } = startMockServer();

const NOTES_PATH = '/api/web/orders/ord_1/order-notes';

const aNote = (overrides: Partial<OrderNote>): OrderNote => ({
  id: 'ont_1',
  body: 'Called the customer.',
  authorName: 'Ada Lovelace',
  isOwn: true,
  createdAt: '2026-03-01T15:00:00.000Z',
  ...overrides,
});

describe('OrderNotesPanel (spec §7 order-notes)', () => {
  it('adds a note from the keyboard and deletes one’s own after a confirmation', async () => {
    let notes = [aNote({ id: 'ont_2', body: 'Gift box packed.', authorName: 'Bo', isOwn: false })];
    server.use(
      handle(listOrderNotes, () => ({ items: notes })),
      handle(addOrderNote, ({ body }) => {
        const note = aNote({ id: 'ont_3', body: body.body });
        notes = [note, ...notes];
        return note;
      }),
      handle(deleteOrderNote, ({ params }) => {
        notes = notes.filter((note) => note.id !== params.noteId);
        return { ok: true as const };
      }),
    );
    const { user } = render(<OrderNotesPanel orderId="ord_1" timeZone="America/New_York" />);
    const list = await screen.findByRole('list', { name: 'Team notes, newest first' });
    // A teammate's note cannot be deleted here.
    expect(within(list).queryByRole('button', { name: 'Delete this note' })).toBeNull();
    expect(list.textContent).toContain('Bo · Mar 1, 2026, 10:00 AM');

    await user.type(screen.getByRole('textbox', { name: 'Team note' }), 'Ships Monday.');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(requestsTo('POST', NOTES_PATH)).toHaveLength(1));
    expect(requestsTo('POST', NOTES_PATH)[0]?.body).toEqual({ body: 'Ships Monday.' });
    expect(await within(list).findByText('Ships Monday.')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Team note' }).value).toBe('');

    await user.click(within(list).getByRole('button', { name: 'Delete this note' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(requestsTo('DELETE', `${NOTES_PATH}/ont_3`)).toHaveLength(0);
    await user.click(within(list).getByRole('button', { name: 'Delete this note' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this note?' })).getByRole('button', {
        name: 'Delete note',
      }),
    );
    await waitFor(() => expect(within(list).queryByText('Ships Monday.')).toBeNull());
    expect(requestsTo('DELETE', `${NOTES_PATH}/ont_3`)).toHaveLength(1);
  });

  it('says when there are no notes yet', async () => {
    server.use(handle(listOrderNotes, () => ({ items: [] })));
    render(<OrderNotesPanel orderId="ord_1" timeZone="UTC" />);
    expect(await screen.findByText(/No team notes yet/)).toBeTruthy();
  });
});
