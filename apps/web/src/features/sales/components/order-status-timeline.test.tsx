// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  listOrderOpStatusHistory,
  type OrderStatusChange,
} from '@atelier/contract/sales/order-operations';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { OrderStatusTimeline } from './order-status-timeline';

startMockServer();

/** The status order ord_1 was recorded with, 1 March 2026 at 15:00 UTC, or one change to it. */
const aChange = (overrides: Partial<OrderStatusChange> = {}): OrderStatusChange => ({
  id: 'ord_1:recorded',
  kind: 'RECORDED',
  fromStatus: null,
  toStatus: 'OUTSTANDING',
  note: null,
  changedBy: null,
  changedAt: '2026-03-01T15:00:00.000Z',
  canceledItem: null,
  cancelState: null,
  ...overrides,
});

describe('OrderStatusTimeline', () => {
  it('shows the recorded status, then each change with who, when and why', async () => {
    server.use(
      handle(listOrderOpStatusHistory, () => ({
        items: [
          aChange(),
          aChange({
            id: 'ose_1',
            kind: 'STATUS_CHANGED',
            fromStatus: 'OUTSTANDING',
            toStatus: 'ON_HOLD',
            note: 'Waiting for fabric',
            changedBy: 'Ada Lovelace',
            changedAt: '2026-03-02T14:30:00.000Z',
          }),
          aChange({
            id: 'ose_2',
            kind: 'LINE_ITEM_CANCELED',
            fromStatus: 'ON_HOLD',
            toStatus: 'ON_HOLD',
            note: 'Supplier out of stock',
            canceledItem: { lineId: 'oli_1', title: 'Boxy tee', sku: 'TEE-1', quantity: 2 },
            cancelState: 'CANCELED',
            changedBy: 'Ada Lovelace',
            changedAt: '2026-03-03T14:30:00.000Z',
          }),
        ],
      })),
    );
    render(<OrderStatusTimeline orderId="ord_1" timeZone="America/New_York" />);

    const list = await screen.findByRole('list', { name: 'Status changes, oldest first' });
    const [recorded, change, canceled] = within(list).getAllByRole('listitem');
    expect(recorded?.textContent).toContain('Recorded as Outstanding');
    // In the order's time zone: 15:00 UTC is 10:00 in New York.
    expect(recorded?.textContent).toContain('Mar 1, 2026, 10:00 AM');
    expect(change?.textContent).toContain('Outstanding → On hold');
    expect(change?.textContent).toContain('Mar 2, 2026, 9:30 AM · by Ada Lovelace');
    expect(change?.textContent).toContain('Waiting for fabric');
    // A canceled item says what and why, and that it canceled the order.
    expect(canceled?.textContent).toContain('Canceled 2 × Boxy tee · order canceled');
    expect(canceled?.textContent).toContain('Supplier out of stock');
  });

  it('says when the history cannot be loaded and tries again', async () => {
    server.use(
      handle(listOrderOpStatusHistory, () => HttpResponse.error(), { once: true }),
      handle(listOrderOpStatusHistory, () => ({
        items: [aChange({ toStatus: 'PROCESSING' })],
      })),
    );
    const { user } = render(<OrderStatusTimeline orderId="ord_1" timeZone="UTC" />);
    expect(screen.getByLabelText('Loading the status history')).toBeTruthy();

    await screen.findByText('The status history could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Recorded as Processing')).toBeTruthy();
  });
});
