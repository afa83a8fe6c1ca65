// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { OrderItemTab } from '@atelier/contract/orders/order-item';
import {
  getOrderItem,
  listOrderItems,
  markOrderItemReceived,
  orderItemTabCounts,
} from '@atelier/contract/orders/order-item-api';
import { handle } from '@/testing/handlers';
import { anOrderItem } from '@/testing/order-factories';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { OrderItemsView } from './order-items-view';

const { requestsTo } = startMockServer();

const PARCEL = {
  id: 'shp_1',
  quantity: 300,
  carrier: 'UPS',
  trackingNumber: '1Z999',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
  shippedAt: '2026-03-05T10:00:00.000Z',
  receivedAt: null,
};
const shipped = anOrderItem({
  id: 'coi_1',
  status: 'SHIPPED',
  trackingNumber: '1Z999',
  carrier: 'UPS',
  deliveryStatus: 'NOT_YET_DELIVERED',
  shippedQuantity: 300,
  shipments: [PARCEL],
});
const history = [
  {
    fromStatus: null,
    toStatus: 'IN_SHOPPING_CART' as const,
    actorKind: 'store',
    actorName: 'Maker',
    note: null,
    at: '2026-03-01T10:00:00.000Z',
  },
  {
    fromStatus: 'CHARGE_PENDING' as const,
    toStatus: 'IN_PRODUCTION' as const,
    actorKind: 'system',
    actorName: null,
    note: 'Paid',
    at: '2026-03-01T10:05:00.000Z',
  },
  {
    fromStatus: 'IN_PRODUCTION' as const,
    toStatus: 'SHIPPED' as const,
    actorKind: 'supplier',
    actorName: 'Ana of Lakeside',
    note: 'UPS 1Z999',
    at: '2026-03-05T10:00:00.000Z',
  },
];

const View = () => {
  const [tab, setTab] = useState<OrderItemTab>('ALL');
  const [itemId, setItemId] = useState<string | null>(null);
  return (
    <OrderItemsView
      tab={tab}
      onTabChange={setTab}
      itemId={itemId}
      onOpenItem={setItemId}
      invoiceHrefOf={(id) => `/pay-invoice/${id}`}
      reviewHrefOf={(id) => `/leave-a-review/${id}`}
    />
  );
};

describe('OrderItemsView', () => {
  it('lists a tab’s items with their counts, and marks a shipped item received', async () => {
    server.use(
      handle(orderItemTabCounts, () => ({
        counts: { ALL: 1, PAYMENT_PENDING: 0, IN_PRODUCTION: 0, SHIPPED: 1, CANCELED: 0 },
        inProduction: 0,
        cartCount: 2,
      })),
      handle(listOrderItems, ({ query }) => ({ items: query.tab === 'CANCELED' ? [] : [shipped] })),
      handle(getOrderItem, () => ({ ...shipped, history })),
      handle(markOrderItemReceived, () => ({
        ...shipped,
        receivingStatus: 'RECEIVED' as const,
        receivedQuantity: 300,
        shipments: [{ ...PARCEL, receivedAt: '2026-03-08T10:00:00.000Z' }],
        history,
      })),
    );
    const { user } = renderAtRoute({
      path: '/inbox/orders',
      initialEntry: '/inbox/orders',
      component: View,
    });

    const table = await screen.findByRole('table', { name: 'Order items' });
    expect(within(table).getByText('UPS 1Z999')).toBeTruthy();
    expect(within(table).getByText('Shipped')).toBeTruthy();
    expect((await screen.findByRole('tab', { name: /Shipped/ })).textContent).toBe('Shipped1');

    await user.click(screen.getByRole('button', { name: 'Open Heavyweight tee, black' }));
    const timeline = await screen.findByRole('list', { name: 'Status changes, oldest first' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('In cart'),
      expect.stringMatching(/Payment pending → In production.*by Atelier.*Paid/),
      expect.stringMatching(/In production → Shipped.*by Ana of Lakeside.*UPS 1Z999/),
    ]);
    const parcels = screen.getByRole('list', { name: 'Parcels' });
    expect(within(parcels).getByRole('link', { name: /1Z999/ }).getAttribute('href')).toBe(
      'https://www.ups.com/track?tracknum=1Z999',
    );
    await user.click(screen.getByRole('button', { name: 'Mark received: 300 units, UPS 1Z999' }));
    await waitFor(() =>
      expect(
        requestsTo('POST', '/api/web/creator-order-items/coi_1/mark-received').map(
          (request) => request.body,
        ),
      ).toEqual([{ shipmentId: 'shp_1' }]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Mark received/ })).toBeNull(),
    );
    // Received: its supplier can be reviewed.
    expect((await screen.findByRole('link', { name: 'Leave a review' })).getAttribute('href')).toBe(
      '/leave-a-review/coi_1',
    );

    await user.click(screen.getByRole('tab', { name: /Canceled/ }));
    expect(await screen.findByText('Nothing canceled')).toBeTruthy();
  });

  it('says which items are partially shipped or partially received', async () => {
    server.use(
      handle(listOrderItems, () => ({
        items: [
          anOrderItem({
            id: 'coi_2',
            title: 'Hoodie',
            status: 'IN_PRODUCTION',
            quantity: 100,
            shippedQuantity: 40,
            trackingNumber: '1Z40',
            carrier: 'UPS',
            shipments: [{ ...PARCEL, id: 'shp_2', quantity: 40, trackingNumber: '1Z40' }],
          }),
          anOrderItem({
            id: 'coi_3',
            title: 'Cap',
            status: 'SHIPPED',
            quantity: 100,
            shippedQuantity: 100,
            receivedQuantity: 60,
            receivingStatus: 'PARTIAL',
            trackingNumber: '1Z60',
            carrier: 'UPS',
            shipments: [
              { ...PARCEL, id: 'shp_3', quantity: 60, receivedAt: '2026-03-06T10:00:00.000Z' },
              { ...PARCEL, id: 'shp_4', quantity: 40, trackingNumber: '1Z60' },
            ],
          }),
        ],
      })),
    );
    renderAtRoute({ path: '/inbox/orders', initialEntry: '/inbox/orders', component: View });
    const hoodie = await screen.findByRole('row', { name: /Hoodie/ });
    expect(within(hoodie).getByText('Partially shipped')).toBeTruthy();
    expect(within(hoodie).getByText('40 of 100 units shipped')).toBeTruthy();
    const cap = screen.getByRole('row', { name: /Cap/ });
    expect(within(cap).getByText('Partially received')).toBeTruthy();
    expect(within(cap).getByText('60 of 100 units received')).toBeTruthy();
    expect(within(cap).getByText('UPS 1Z60 (+1 more)')).toBeTruthy();
  });
});
