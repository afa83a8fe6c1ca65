// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { updatePartnerInvoiceLinePrice } from '@atelier/contract/orders/order-item-pricing';
import { errorResponse, handle } from '@/testing/handlers';
import { anInvoice } from '@/testing/partner-order-factories';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { EditLinePricesModal } from './edit-line-prices-modal';

const { requestsTo } = startMockServer();

describe('EditLinePricesModal', () => {
  it('shows the new total against the old, then sends the new price in cents', async () => {
    server.use(handle(updatePartnerInvoiceLinePrice, () => anInvoice()));
    const onClose = vi.fn();
    const { user } = render(<EditLinePricesModal invoice={anInvoice()} onClose={onClose} />);
    const price = await screen.findByRole('textbox', { name: 'Merino beanie unit price' });
    expect(screen.getByTestId('new-total').textContent).toBe('Total $1,225.00');
    await user.clear(price);
    await user.type(price, '13.50{Enter}');
    expect(screen.getByTestId('new-total').textContent).toBe('New total $1,375.00 (was $1,225.00)');
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const [request] = requestsTo('PUT', '/api/partner/invoices/inv_1/items/ivl_1');
    expect(request!.body).toEqual({ unitPrice: 1350 });
  });

  it('keeps a paid line read-only and shows the server’s refusal', async () => {
    server.use(
      handle(updatePartnerInvoiceLinePrice, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'The store has paid (or is paying) this line.',
          reason: 'invoice_item_paid',
        }),
      ),
    );
    const invoice = anInvoice();
    const paid = {
      ...invoice.lines[0]!,
      id: 'ivl_2',
      title: 'Tote',
      orderItemStatus: 'IN_PRODUCTION',
    };
    const { user } = render(
      <EditLinePricesModal
        invoice={{ ...invoice, lines: [...invoice.lines, paid] }}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByRole('textbox', { name: 'Tote unit price' })).toBeNull();
    const price = await screen.findByRole('textbox', { name: 'Merino beanie unit price' });
    await user.clear(price);
    await user.type(price, '12.999');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('At most 2 decimals.')).toBeTruthy();
    await user.clear(price);
    await user.type(price, '11');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The store has paid');
  });
});
