// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventPurchase } from '@atelier/contract/orders/order-item-pricing';
import { setAnalyticsHook } from '@/lib/analytics-hook';
import { handle } from '@/testing/handlers';
import { anOrderItem, aPayment } from '@/testing/order-factories';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { PurchaseSuccess } from './purchase-success';

startMockServer();
afterEach(() => setAnalyticsHook({}));

describe('PurchaseSuccess', () => {
  it('sums up the purchase from its Transaction event and hands it to the analytics hook once', async () => {
    const items = [anOrderItem({ id: 'coi_1' }), anOrderItem({ id: 'coi_2', title: 'Tote' })];
    const payment = aPayment(items, { id: 'pay_7' });
    const event = {
      id: 'pay_7',
      price: payment.amount,
      currencyCode: 'USD',
      items: items.map((item) => ({
        name: item.title,
        perUnitPrice: item.unitPrice,
        quantity: item.quantity,
      })),
      storeId: 'sto_1',
      occurredAt: '2026-03-02T10:00:00.000Z',
    };
    server.use(handle(eventPurchase, ({ body }) => ({ ...event, id: body.paymentId })));
    const purchase = vi.fn();
    setAnalyticsHook({ purchase });
    const view = render(
      <PurchaseSuccess payment={payment} items={items} ordersHref="/o" sourcingHref="/s" />,
    );
    expect(await screen.findByText(/for 2 items$/)).toBeTruthy();
    expect(screen.getByTestId('purchase-summary').textContent).toMatch(
      /^Paid \$[\d,.]+ for 2 items$/,
    );
    view.rerender(
      <PurchaseSuccess payment={payment} items={items} ordersHref="/o" sourcingHref="/s" />,
    );
    expect(purchase).toHaveBeenCalledOnce();
    expect(purchase).toHaveBeenCalledWith(event);
  });
});
