// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createPartnerInvoice } from '@atelier/contract/orders/invoice';
import { errorResponse, handle } from '@/testing/handlers';
import { anInvoice } from '@/testing/partner-order-factories';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { SendInvoiceModal } from './send-invoice-modal';

const { requestsTo } = startMockServer();

const renderModal = () => {
  const onSent = vi.fn();
  const view = render(
    <SendInvoiceModal
      conversationId="cnv_1"
      storeTitle="Alice Apparel"
      onClose={() => undefined}
      onSent={onSent}
    />,
  );
  return { ...view, onSent };
};

/** Picks an option of one select (each line's category select has the same options). */
const choose = async (user: UserEvent, selectName: string, optionName: string) => {
  const select = screen.getByRole('combobox', { name: selectName });
  await user.click(select);
  const listbox = await waitFor(() => {
    const found = document.getElementById(select.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error(`${selectName} has no list of options`);
    return found;
  });
  await user.click(within(listbox).getByRole('option', { name: optionName, hidden: true }));
};

const total = () => screen.getByTestId('invoice-total').textContent;
const subtotal = () => screen.getByTestId('invoice-subtotal').textContent;

describe('SendInvoiceModal', () => {
  it('sends dollars as exact cents, with the totals shown live', async () => {
    server.use(handle(createPartnerInvoice, () => anInvoice()));
    const { user, onSent } = renderModal();
    await screen.findByRole('dialog', { name: 'Send an invoice to Alice Apparel' });

    await user.type(screen.getByRole('textbox', { name: 'Line 1 item' }), 'Merino beanie');
    const quantity = screen.getByRole('textbox', { name: 'Line 1 quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    // 4.35 × 100 is 434.99999… in floating point: the form reads the digits instead.
    await user.type(screen.getByRole('textbox', { name: 'Line 1 unit price' }), '4.35');
    expect(subtotal()).toBe('$13.05');

    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.type(screen.getByRole('textbox', { name: 'Line 2 item' }), 'Pattern work');
    await choose(user, 'Line 2 category', 'Design services');
    const quantity2 = screen.getByRole('textbox', { name: 'Line 2 quantity' });
    await user.clear(quantity2);
    await user.type(quantity2, '10');
    await user.type(screen.getByRole('textbox', { name: 'Line 2 unit price' }), '1,000.29');
    expect(subtotal()).toBe('$10,015.95');

    const shipping = screen.getByRole('textbox', { name: 'Shipping amount' });
    await user.clear(shipping);
    await user.type(shipping, '0.1');
    await user.type(screen.getByRole('textbox', { name: /Lead time/ }), '21');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Ships in two cartons.');
    expect(total()).toBe('$10,016.05');

    await user.click(screen.getByRole('button', { name: 'Send invoice' }));

    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(requestsTo('POST', createPartnerInvoice.path)[0]?.body).toEqual({
      conversationId: 'cnv_1',
      currencyCode: 'USD',
      lines: [
        {
          title: 'Merino beanie',
          category: 'PRODUCT',
          quantity: 3,
          unitPrice: 435,
          catalogItemId: null,
        },
        {
          title: 'Pattern work',
          category: 'DESIGN_SERVICE',
          quantity: 10,
          unitPrice: 100_029,
          catalogItemId: null,
        },
      ],
      shippingMode: 'SUPPLIER_SHIPPING',
      shippingAmount: 10,
      leadTimeDays: 21,
      notes: 'Ships in two cartons.',
    });
  });

  it('charges no shipping now with "No shipping needed", and removes a line', async () => {
    server.use(handle(createPartnerInvoice, () => anInvoice()));
    const { user, onSent } = renderModal();
    await screen.findByRole('dialog');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 item' }), 'Tote');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 unit price' }), '2.5');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.click(screen.getByRole('button', { name: 'Remove line 2' }));
    expect(screen.queryByRole('textbox', { name: 'Line 2 item' })).toBeNull();

    const shipping = screen.getByRole('textbox', { name: 'Shipping amount' });
    await user.clear(shipping);
    await user.type(shipping, '12');
    expect(total()).toBe('$14.50');
    await choose(user, 'Shipping', 'No shipping needed');
    expect(shipping).toHaveProperty('disabled', true);
    expect(shipping).toHaveProperty('value', '0.00');
    expect(total()).toBe('$2.50');

    await user.type(screen.getByRole('textbox', { name: /Lead time/ }), '0');
    await user.click(screen.getByRole('button', { name: 'Send invoice' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(requestsTo('POST', createPartnerInvoice.path)[0]?.body).toMatchObject({
      lines: [{ title: 'Tote', quantity: 1, unitPrice: 250 }],
      shippingMode: 'NO_SHIPPING_NEEDED',
      shippingAmount: 0,
      leadTimeDays: 0,
      notes: null,
    });
  });

  it('refuses an unreadable price or more than two decimals before sending', async () => {
    const { user } = renderModal();
    await screen.findByRole('dialog');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 item' }), 'Tote');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 unit price' }), '2.505');
    await user.click(screen.getByRole('button', { name: 'Send invoice' }));

    expect(await screen.findByText('At most 2 decimals.')).toBeTruthy();
    expect(screen.getByText('Enter the lead time in days.')).toBeTruthy();
    expect(requestsTo('POST', createPartnerInvoice.path)).toHaveLength(0);
  });

  it("puts the server's field errors on their fields", async () => {
    server.use(
      handle(createPartnerInvoice, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'Shipping is not charged now with this shipping mode.',
          details: [
            { field: 'body.lines.0.title', message: 'Give the line a clearer title.' },
            { field: 'shippingAmount', message: 'Must be 0 when shipping is charged later.' },
          ],
        }),
      ),
    );
    const { user, onSent } = renderModal();
    const dialog = await screen.findByRole('dialog');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 item' }), 'Tote');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 unit price' }), '2');
    await user.type(screen.getByRole('textbox', { name: /Lead time/ }), '5');
    await user.click(screen.getByRole('button', { name: 'Send invoice' }));

    expect(await within(dialog).findByText('Give the line a clearer title.')).toBeTruthy();
    expect(within(dialog).getByText('Must be 0 when shipping is charged later.')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onSent).not.toHaveBeenCalled();
  });

  it('shows a refusal that names no field above the form', async () => {
    server.use(
      handle(createPartnerInvoice, () =>
        errorResponse(404, {
          code: 'not_found',
          message: 'There is no such conversation.',
          reason: 'conversation_not_found',
        }),
      ),
    );
    const { user } = renderModal();
    await screen.findByRole('dialog');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 item' }), 'Tote');
    await user.type(screen.getByRole('textbox', { name: 'Line 1 unit price' }), '2');
    await user.type(screen.getByRole('textbox', { name: /Lead time/ }), '5');
    await user.click(screen.getByRole('button', { name: 'Send invoice' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'There is no such conversation.',
    );
  });
});
