// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  confirmPartnerOrderItemCancel,
  declinePartnerOrderItemCancel,
  listPartnerOrderItems,
  shipPartnerOrderItem,
} from '@atelier/contract/orders/order-item-api';
import { errorResponse, handle } from '@/testing/handlers';
import { aPartnerOrderItem } from '@/testing/partner-order-factories';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { usePartnerOrderItems } from '../api/partner-order-item-queries';
import { PartnerOrderItemsTable } from './partner-order-items-table';

const { requestsTo } = startMockServer();

const InProduction = () => {
  const items = usePartnerOrderItems('IN_PRODUCTION');
  return items.data ? <PartnerOrderItemsTable items={items.data.items} /> : null;
};

const beanie = aPartnerOrderItem();
const SHIP_PATH = '/api/partner/order-items/coi_1/ship';
const CONFIRM_CANCEL_PATH = '/api/partner/order-items/coi_1/confirm-cancel';
const DECLINE_CANCEL_PATH = '/api/partner/order-items/coi_1/decline-cancel';

const openShipModal = async () => {
  server.use(handle(listPartnerOrderItems, () => ({ items: [beanie] })));
  const view = render(<InProduction />);
  const row = await screen.findByRole('row', { name: /Merino beanie/ });
  expect(within(row).getByText('Alice Apparel')).toBeTruthy();
  expect(within(row).getByText('100 units')).toBeTruthy();
  expect(within(row).getByText('$1,200.00')).toBeTruthy();
  expect(within(row).getByText('In production')).toBeTruthy();
  expect(within(row).queryByText('Cancel requested')).toBeNull();
  await view.user.click(within(row).getByRole('button', { name: 'Mark Merino beanie shipped' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
  await view.user.type(within(dialog).getByRole('textbox', { name: /Carrier/ }), 'UPS');
  await view.user.type(within(dialog).getByRole('textbox', { name: /Tracking number/ }), '1Z999');
  return { ...view, dialog };
};

describe('PartnerOrderItemsTable', () => {
  it('ships an item with its carrier and tracking number, and shows its row shipped', async () => {
    server.use(
      handle(shipPartnerOrderItem, ({ params, body }) =>
        aPartnerOrderItem({ id: params.id, status: 'SHIPPED', ...body }),
      ),
    );
    const { user, dialog } = await openShipModal();
    expect(within(dialog).getByText(/for Alice Apparel/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('POST', SHIP_PATH).map((request) => request.body)).toEqual([
      { trackingNumber: '1Z999', carrier: 'UPS', quantity: 100 },
    ]);
    const row = screen.getByRole('row', { name: /Merino beanie/ });
    expect(within(row).getByText('Shipped')).toBeTruthy();
    expect(within(row).getByText('UPS 1Z999')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Mark .* shipped/ })).toBeNull();
  });

  it('ships part of an item: the parcel’s units, no more than remain, then shipped of total', async () => {
    server.use(
      handle(shipPartnerOrderItem, ({ params, body }) =>
        aPartnerOrderItem({
          id: params.id,
          shippedQuantity: body.quantity ?? 100,
          trackingNumber: body.trackingNumber,
          carrier: body.carrier,
        }),
      ),
    );
    const { user, dialog } = await openShipModal();
    const units = within(dialog).getByRole('textbox', { name: /Units in this parcel/ });
    expect((units as HTMLInputElement).value).toBe('100');
    await user.clear(units);
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByText('Enter the number of units.')).toBeTruthy();
    await user.type(units, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('POST', SHIP_PATH).map((request) => request.body)).toEqual([
      { trackingNumber: '1Z999', carrier: 'UPS', quantity: 40 },
    ]);
    const row = screen.getByRole('row', { name: /Merino beanie/ });
    expect(within(row).getByText('40 of 100 shipped')).toBeTruthy();
    expect(within(row).getByText('Partially shipped')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Mark Merino beanie shipped' })).toBeTruthy();
  });

  it('shows what has shipped in the dialog, and puts a refusal on the quantity (400)', async () => {
    server.use(
      handle(listPartnerOrderItems, () => ({
        items: [aPartnerOrderItem({ shippedQuantity: 40, trackingNumber: '1Z40', carrier: 'UPS' })],
      })),
      handle(shipPartnerOrderItem, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'Only 20 of 100 units remain to ship.',
          reason: 'shipment_quantity_exceeds_remaining',
          details: [{ field: 'quantity', message: 'Only 20 of 100 units remain to ship.' }],
        }),
      ),
    );
    const { user } = render(<InProduction />);
    const row = await screen.findByRole('row', { name: /Merino beanie/ });
    await user.click(within(row).getByRole('button', { name: 'Mark Merino beanie shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    expect(within(dialog).getByTestId('shipped-so-far').textContent).toBe(
      '40 of 100 shipped · 60 units to go',
    );
    const units = within(dialog).getByRole('textbox', { name: /Units in this parcel/ });
    expect((units as HTMLInputElement).value).toBe('60');
    await user.type(within(dialog).getByRole('textbox', { name: /Carrier/ }), 'UPS');
    await user.type(within(dialog).getByRole('textbox', { name: /Tracking number/ }), '1Z60');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByText('Only 20 of 100 units remain to ship.')).toBeTruthy();
  });

  it("shows the server's message when the item can no longer ship (409)", async () => {
    server.use(
      handle(shipPartnerOrderItem, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'An order item cannot go from Canceled (CANCELED) to Shipped (SHIPPED).',
          reason: 'invalid_order_item_transition',
        }),
      ),
    );
    const { user, dialog } = await openShipModal();
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'An order item cannot go from Canceled (CANCELED) to Shipped (SHIPPED).',
    );
    expect(screen.getByRole('dialog', { name: 'Mark shipped' })).toBeTruthy();
  });
});

describe('PartnerOrderItemsTable: a store asks to cancel', () => {
  const requested = aPartnerOrderItem({
    cancelRequestedAt: '2026-11-24T09:00:00.000Z',
    cancelReason: 'We ordered the wrong colour.',
  });

  const renderRequested = async () => {
    server.use(handle(listPartnerOrderItems, () => ({ items: [requested] })));
    const view = render(<InProduction />);
    const row = await screen.findByRole('row', { name: /Merino beanie/ });
    return { ...view, row };
  };

  it('shows the request and its reason on the row, with its two answers instead of shipping', async () => {
    const { row } = await renderRequested();
    expect(within(row).getByText('In production')).toBeTruthy();
    expect(within(row).getByText('Cancel requested')).toBeTruthy();
    expect(within(row).getByText(/We ordered the wrong colour\./).textContent).toBe(
      'Store’s reason (Nov 24, 2026): “We ordered the wrong colour.”',
    );
    expect(within(row).getByRole('button', { name: /^Decline/ })).toBeTruthy();
    expect(within(row).getByRole('button', { name: /^Confirm cancel and refund/ })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Mark .* shipped/ })).toBeNull();
  });

  it('confirms the cancel after saying the store is refunded, then shows the row canceled with its refund', async () => {
    server.use(
      handle(confirmPartnerOrderItemCancel, ({ params }) =>
        aPartnerOrderItem({
          ...requested,
          id: params.id,
          status: 'CANCELED',
          refundedAmount: 118_450,
        }),
      ),
    );
    const { user, row } = await renderRequested();
    await user.click(
      within(row).getByRole('button', { name: 'Confirm cancel and refund of Merino beanie' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel and refund this item?' });
    expect(dialog.textContent).toContain('refunds Alice Apparel its share of the payment');
    expect(within(dialog).getByText('We ordered the wrong colour.')).toBeTruthy();
    expect(requestsTo('POST', CONFIRM_CANCEL_PATH)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancel and refund' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('POST', CONFIRM_CANCEL_PATH)).toHaveLength(1);
    const canceled = screen.getByRole('row', { name: /Merino beanie/ });
    expect(within(canceled).getByText('Canceled')).toBeTruthy();
    expect(within(canceled).getByText('Refunded $1,184.50')).toBeTruthy();
    expect(within(canceled).queryByText('Cancel requested')).toBeNull();
    expect(within(canceled).queryByRole('button')).toBeNull();
    expect(
      await screen.findByText('Merino beanie is canceled; Alice Apparel is refunded $1,184.50.'),
    ).toBeTruthy();
  });

  it("keeps the dialog open with the server's message when the cancel is refused (409)", async () => {
    server.use(
      handle(confirmPartnerOrderItemCancel, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'Your card was declined for the refund.',
          reason: 'refund_failed',
        }),
      ),
    );
    const { user, row } = await renderRequested();
    await user.click(within(row).getByRole('button', { name: /^Confirm cancel and refund/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel and refund this item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancel and refund' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Your card was declined for the refund.',
    );
    expect(
      within(screen.getByRole('row', { name: /Merino beanie/ })).getByText('Cancel requested'),
    ).toBeTruthy();
  });

  it('declines the request: production goes on and the row can ship again', async () => {
    server.use(
      handle(declinePartnerOrderItemCancel, ({ params }) =>
        aPartnerOrderItem({ id: params.id, cancelRequestedAt: null, cancelReason: null }),
      ),
    );
    const { user, row } = await renderRequested();
    await user.click(
      within(row).getByRole('button', { name: 'Decline the cancel request for Merino beanie' }),
    );

    await waitFor(() => expect(requestsTo('POST', DECLINE_CANCEL_PATH)).toHaveLength(1));
    expect(requestsTo('POST', CONFIRM_CANCEL_PATH)).toHaveLength(0);
    const after = screen.getByRole('row', { name: /Merino beanie/ });
    await waitFor(() => expect(within(after).queryByText('Cancel requested')).toBeNull());
    expect(within(after).getByText('In production')).toBeTruthy();
    expect(within(after).getByRole('button', { name: 'Mark Merino beanie shipped' })).toBeTruthy();
  });
});
