// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getOrderItem,
  markOrderItemReceived,
  type OrderItem,
  requestOrderItemCancel,
} from '@atelier/contract/orders/order-item-api';
import { errorResponse, handle } from '@/testing/handlers';
import { anOrderItem } from '@/testing/order-factories';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { OrderItemDrawer } from './order-item-drawer';

const { requestsTo } = startMockServer();

const parcel = (id: string, quantity: number) => ({
  id,
  quantity,
  carrier: 'UPS',
  trackingNumber: `1Z${quantity}`,
  trackingUrl: `https://www.ups.com/track?tracknum=1Z${quantity}`,
  shippedAt: '2026-03-05T10:00:00.000Z',
  receivedAt: null,
});

const inProduction = anOrderItem({
  id: 'coi_1',
  status: 'IN_PRODUCTION',
  paymentId: 'pay_1',
  history: [],
});

const renderDrawer = (item: OrderItem) => {
  server.use(handle(getOrderItem, () => item));
  return renderAtRoute({
    path: '/inbox/orders',
    initialEntry: '/inbox/orders',
    component: () => (
      <OrderItemDrawer
        itemId={item.id}
        onClose={() => {}}
        invoiceHrefOf={(id) => `/pay-invoice/${id}`}
        reviewHrefOf={(id) => `/leave-a-review/${id}`}
      />
    ),
  });
};

const drawer = () => screen.getByRole('dialog', { name: 'Order item' });

describe('OrderItemDrawer', () => {
  it('links a received item to its review, and has no cancel for it', async () => {
    renderDrawer(
      anOrderItem({ status: 'SHIPPED', receivingStatus: 'RECEIVED', trackingNumber: '1Z999' }),
    );
    const link = await screen.findByRole('link', { name: 'Leave a review' });
    expect(link.getAttribute('href')).toBe('/leave-a-review/coi_1');
    expect(screen.queryByRole('button', { name: 'Mark received' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request cancel' })).toBeNull();
  });

  it('has no review link before the item is received', async () => {
    renderDrawer(
      anOrderItem({
        status: 'SHIPPED',
        trackingNumber: '1Z999',
        carrier: 'UPS',
        shippedQuantity: 300,
        shipments: [{ ...parcel('shp_1', 300), trackingNumber: '1Z999' }],
      }),
    );
    expect(
      await screen.findByRole('button', { name: 'Mark received: 300 units, UPS 1Z999' }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Leave a review' })).toBeNull();
  });

  it('lists the parcels of a partial shipment, each received on its own', async () => {
    const partial = anOrderItem({
      status: 'IN_PRODUCTION',
      quantity: 100,
      shippedQuantity: 70,
      trackingNumber: '1Z30',
      carrier: 'UPS',
      shipments: [parcel('shp_1', 40), parcel('shp_2', 30)],
      history: [
        {
          fromStatus: 'IN_PRODUCTION',
          toStatus: 'IN_PRODUCTION',
          actorKind: 'supplier',
          actorName: 'Ana',
          note: 'Shipped 40 of 100 units · UPS 1Z40',
          at: '2026-03-05T10:00:00.000Z',
        },
      ],
    });
    server.use(
      handle(markOrderItemReceived, ({ body }) => ({
        ...partial,
        receivingStatus: 'PARTIAL' as const,
        receivedQuantity: 40,
        shipments: partial.shipments.map((shipment) =>
          shipment.id === body?.shipmentId
            ? { ...shipment, receivedAt: '2026-03-07T10:00:00.000Z' }
            : shipment,
        ),
      })),
    );
    const { user } = renderDrawer(partial);
    const parcels = await screen.findByRole('list', { name: 'Parcels' });
    expect(within(parcels).getAllByTestId('shipment')).toHaveLength(2);
    expect(within(drawer()).getByText('70 of 100 units shipped')).toBeTruthy();
    expect(within(drawer()).getByText('Partially shipped')).toBeTruthy();
    // A parcel shipped changes no status: the timeline says what happened.
    expect(within(drawer()).getByText('Shipped 40 of 100 units · UPS 1Z40')).toBeTruthy();
    // Parcels on their way: no cancel here.
    expect(screen.queryByRole('button', { name: 'Request cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark all 2 parcels received' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Mark received: 40 units, UPS 1Z40' }));
    await waitFor(() =>
      expect(
        requestsTo('POST', '/api/web/creator-order-items/coi_1/mark-received').map(
          (request) => request.body,
        ),
      ).toEqual([{ shipmentId: 'shp_1' }]),
    );
    expect(await within(parcels).findByText('Received')).toBeTruthy();
    expect(within(drawer()).getByText('Partially received')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Mark all/ })).toBeNull();
    // Something is in hand: the supplier can be reviewed.
    expect(screen.getByRole('link', { name: 'Leave a review' })).toBeTruthy();
  });

  it('asks the supplier to cancel a production run, with a reason, then says it waits', async () => {
    server.use(
      handle(requestOrderItemCancel, ({ body }) => ({
        ...inProduction,
        cancelRequestedAt: '2026-03-03T10:00:00.000Z',
        cancelReason: body.reason,
      })),
    );
    const { user } = renderDrawer(inProduction);
    await user.click(await screen.findByRole('button', { name: 'Request cancel' }));
    const modal = await screen.findByRole('dialog', { name: 'Request a cancel' });

    await user.type(within(modal).getByRole('textbox', { name: /Reason/ }), 'No');
    await user.click(within(modal).getByRole('button', { name: 'Request cancel' }));
    expect(await within(modal).findByText('Tell the supplier why.')).toBeTruthy();
    expect(requestsTo('POST', requestOrderItemCancel.path)).toHaveLength(0);

    await user.type(within(modal).getByRole('textbox', { name: /Reason/ }), 't the right colour.');
    await user.click(within(modal).getByRole('button', { name: 'Request cancel' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Request a cancel' })).toBeNull(),
    );
    expect(
      requestsTo('POST', '/api/web/creator-order-items/coi_1/cancel-request')[0]?.body,
    ).toEqual({ reason: 'Not the right colour.' });
    expect(
      await within(drawer()).findByText('Cancel requested — waiting for Lakeside Knitwear'),
    ).toBeTruthy();
    expect(within(drawer()).getByText('Not the right colour.')).toBeTruthy();
    expect(within(drawer()).queryByRole('button', { name: 'Request cancel' })).toBeNull();
  });

  it("shows the server's refusal of a cancel in the dialog", async () => {
    server.use(
      handle(requestOrderItemCancel, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'This item is shipped already: it cannot be canceled.',
          reason: 'invalid_transition',
        }),
      ),
    );
    const { user } = renderDrawer(inProduction);
    await user.click(await screen.findByRole('button', { name: 'Request cancel' }));
    const modal = await screen.findByRole('dialog', { name: 'Request a cancel' });
    await user.type(within(modal).getByRole('textbox', { name: /Reason/ }), 'Changed our mind.');
    await user.click(within(modal).getByRole('button', { name: 'Request cancel' }));

    expect((await within(modal).findByRole('alert')).textContent).toContain(
      'This item is shipped already: it cannot be canceled.',
    );
  });

  it('has no cancel for a paid sample, and says why', async () => {
    renderDrawer({ ...inProduction, kind: 'SAMPLE', quantity: 1, unitPrice: 2500, amount: 2500 });
    expect(await screen.findByText('Paid samples cannot be canceled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request cancel' })).toBeNull();
  });

  it('shows the refund of a canceled item', async () => {
    renderDrawer(anOrderItem({ status: 'CANCELED', refundedAmount: 255_000, paymentId: 'pay_1' }));
    expect(await screen.findByText('Refunded $2,550.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request cancel' })).toBeNull();
  });
});
