// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStoreOrder, type StoreOrder } from '@atelier/contract/sales/order';
import { cancelOrderLineItem } from '@atelier/contract/sales/order-operations';
import { aStoreOrder } from '@/testing/factories';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { useOrder } from '../api/order-queries';
import { OrderLines } from './order-lines';

const { requestsTo } = startMockServer();

const CANCEL_PATH = '/api/web/orders/ord_1/line-items/oli_1/cancel';

/** The items of /order-details on the cached order. */
const Lines = () => {
  const order = useOrder('ord_1');
  return order.data ? <OrderLines order={order.data} /> : null;
};

const usd = (amount: number) => ({ amount, currencyCode: 'USD' });

/** 2 tees at $25.00 and a $18.00 mug, paid, $5.00 shipping. */
const anOrder = (overrides: Partial<StoreOrder> = {}) => {
  const base = aStoreOrder();
  return aStoreOrder({
    subtotal: usd(6_800),
    total: usd(7_300),
    lines: [
      base.lines[0]!,
      {
        ...base.lines[0]!,
        id: 'oli_2',
        sku: 'MUG-1',
        title: 'Stoneware mug',
        quantity: 1,
        unitPrice: usd(1_800),
        subtotal: usd(1_800),
      },
    ],
    ...overrides,
  });
};

describe('OrderLines (spec §7 line-item cancel)', () => {
  it('cancels units with a reason after showing the refund, and says what happened', async () => {
    const canceled = anOrder({ cancelState: 'PARTIAL', financialStatus: 'PARTIALLY_REFUNDED' });
    canceled.lines[0]!.canceledQuantity = 1;
    server.use(
      handle(getStoreOrder, () => anOrder()),
      handle(cancelOrderLineItem, () => ({
        order: canceled,
        quantity: 1,
        refund: {
          id: 'ref_1',
          createdAt: '2026-03-02T10:00:00.000Z',
          amount: usd(2_500),
          note: 'Canceled 1 × Boxy tee: Out of stock',
          lines: [{ lineId: 'oli_1', quantity: 1 }],
        },
      })),
    );
    const { user } = render(<Lines />);
    await user.click(await screen.findByRole('button', { name: 'Cancel Boxy tee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Boxy tee?' });
    // Every unit left by default: the refund of both.
    expect(dialog.textContent).toContain('$50.00 will be recorded as refunded.');
    const units = within(dialog).getByRole('textbox', { name: 'Units to cancel' });
    await user.clear(units);
    await user.type(units, '1');
    expect(dialog.textContent).toContain('$25.00 will be recorded as refunded.');

    // No reason, no cancel.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 1 unit' }));
    expect(await within(dialog).findByText('Say why the item is canceled.')).toBeTruthy();
    expect(requestsTo('POST', CANCEL_PATH)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 1 unit' }));
    await waitFor(() => expect(requestsTo('POST', CANCEL_PATH)).toHaveLength(1));
    expect(requestsTo('POST', CANCEL_PATH)[0]?.body).toEqual({
      quantity: 1,
      reason: 'Out of stock',
    });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(
      'Canceled 1 × Boxy tee. $25.00 recorded as refunded. The order is partly canceled.',
    );
    expect(screen.getByText('1 of 2 canceled')).toBeTruthy();
  });

  it('says the whole order goes when the last units do, and shows a refusal in the dialog', async () => {
    const mugOnlyLeft = anOrder();
    mugOnlyLeft.lines[0]!.canceledQuantity = 2;
    server.use(
      handle(getStoreOrder, () => mugOnlyLeft),
      handle(cancelOrderLineItem, () =>
        errorResponse(409, {
          code: 'conflict',
          message:
            'This order has been sent (in part or whole); its items can no longer be canceled.',
          reason: 'order_fulfilled',
        }),
      ),
    );
    const { user } = render(<Lines />);
    // A line with nothing left offers no cancel.
    expect(await screen.findByRole('button', { name: 'Cancel Stoneware mug' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Boxy tee' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel Stoneware mug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Stoneware mug?' });
    // Everything not refunded yet goes back, shipping included.
    expect(dialog.textContent).toContain('$73.00 will be recorded as refunded.');
    expect(dialog.textContent).toContain('the whole order will be canceled');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Customer asked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 1 unit' }));
    expect(
      await within(dialog).findByText(
        'This order has been sent (in part or whole); its items can no longer be canceled.',
      ),
    ).toBeTruthy();
  });

  it('offers no cancel on a sent order', async () => {
    server.use(handle(getStoreOrder, () => anOrder({ fulfillmentState: 'PARTIAL' })));
    render(<Lines />);
    expect(await screen.findByText('Stoneware mug')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
  });
});
