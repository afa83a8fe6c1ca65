// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getOrderItem,
  type OrderItem,
  requestOrderItemCancel,
} from '@atelier/contract/orders/order-item-api';
import { errorResponse, handle } from '@/testing/handlers';
import { anOrderItem } from '@/testing/order-factories';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { OrderItemDrawer } from './order-item-drawer';

const { requestsTo } = startMockServer();

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
    renderDrawer(anOrderItem({ status: 'SHIPPED', trackingNumber: '1Z999' }));
    expect(await screen.findByRole('button', { name: 'Mark received' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Leave a review' })).toBeNull();
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
