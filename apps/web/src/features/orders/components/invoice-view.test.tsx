// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addInvoiceToCart, removeInvoiceItem } from '@atelier/contract/orders/invoice';
import { errorResponse, handle } from '@/testing/handlers';
import { anInvoice } from '@/testing/order-factories';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { InvoiceView } from './invoice-view';

const { requestsTo } = startMockServer();

const renderInvoice = (invoice = anInvoice(), onCheckout = vi.fn()) => {
  const result = renderAtRoute({
    path: '/pay-invoice/$invoiceId',
    initialEntry: `/pay-invoice/${invoice.id}`,
    component: () => (
      <InvoiceView invoice={invoice} onCheckout={onCheckout} ordersHref="/inbox/orders" />
    ),
  });
  return { ...result, onCheckout };
};

const inCart = anInvoice({
  lines: anInvoice().lines.map((line, index) => ({
    ...line,
    orderItemId: `coi_${index + 1}`,
    orderItemStatus: 'IN_SHOPPING_CART',
  })),
});

describe('InvoiceView', () => {
  it('shows the invoice and adds its lines to the cart, then checks out just those', async () => {
    server.use(handle(addInvoiceToCart, () => inCart));
    const { user, onCheckout } = renderInvoice();
    expect(await screen.findByText('30 days after payment')).toBeTruthy();
    expect(screen.getByText('Terms as agreed in chat.')).toBeTruthy();
    const total = screen.getByRole('table', { name: 'Invoice total' });
    expect(
      within(total)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Subtotal$2,670.00', 'Shipping$150.00', 'Total$2,820.00']);

    await user.click(screen.getByRole('button', { name: 'Add to cart and pay' }));
    await waitFor(() => expect(onCheckout).toHaveBeenCalledWith(['coi_1', 'coi_2']));
    expect(requestsTo('POST', addInvoiceToCart.path)[0]?.body).toEqual({ invoiceId: 'inv_1' });
  });

  it('removes a line only once confirmed', async () => {
    server.use(
      handle(removeInvoiceItem, () => anInvoice({ lines: anInvoice().lines.slice(0, 1) })),
    );
    const { user } = renderInvoice();
    await user.click(
      await screen.findByRole('button', { name: 'Remove Tech pack revision from the invoice' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this line?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove line' }));
    await waitFor(() =>
      expect(requestsTo('DELETE', '/api/web/creator-invoice-items/ili_2')).toHaveLength(1),
    );
  });

  it('says a paid invoice is paid, with nothing to pay or remove', async () => {
    renderInvoice(
      anInvoice({
        status: 'PAID',
        paidAt: '2026-03-02T10:00:00.000Z',
        lines: inCart.lines.map((line) => ({ ...line, orderItemStatus: 'IN_PRODUCTION' })),
      }),
    );
    expect(await screen.findByText(/You paid this invoice on Mar 2, 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to cart and pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it('shows why the invoice could not be added', async () => {
    server.use(
      handle(addInvoiceToCart, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'This invoice is voided: it cannot be added to the cart.',
          reason: 'invoice_not_open',
        }),
      ),
    );
    const { user, onCheckout } = renderInvoice();
    await user.click(await screen.findByRole('button', { name: 'Add to cart and pay' }));
    // The earlier test's toast may still be up (the toasts' store is the app's); find ours.
    expect(
      (await screen.findByText(/This invoice is voided/)).closest('[role="alert"]'),
    ).toBeTruthy();
    expect(onCheckout).not.toHaveBeenCalled();
  });
});
