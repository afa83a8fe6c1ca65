// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  getInvoice,
  type Invoice,
  saveInvoiceShippingAddress,
} from '@atelier/contract/orders/invoice';
import { listCountries, listStatesOfCountry } from '@atelier/contract/reference/geography';
import { errorResponse, handle } from '@/testing/handlers';
import { anInvoice } from '@/testing/order-factories';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { AddShippingAddress } from './add-shipping-address-page';

// The page follows the invoice live over the chat's socket; no socket in these tests.
vi.mock('./use-store-orders-realtime', () => ({ useStoreOrdersRealtime: () => undefined }));

const { requestsTo } = startMockServer();

const SAVE_PATH = '/api/web/creator-invoices/inv_1/shipping-address';

const ADDRESS = {
  name: 'Ada Maker',
  company: null,
  line1: '1 Main St',
  line2: null,
  city: 'Raleigh',
  stateCode: 'NC',
  postalCode: '27601',
  countryCode: 'US',
  phone: null,
};

const useReference = () =>
  server.use(
    handle(listCountries, () => ({
      items: [
        {
          code: 'US',
          iso3: 'USA',
          name: 'United States',
          regionCode: 'NA' as const,
          subregion: null,
          phoneCode: '1',
          currencyCode: 'USD',
          emoji: null,
          postalCodeRegex: '^\\d{5}(-\\d{4})?$',
        },
      ],
    })),
    handle(listStatesOfCountry, () => ({
      items: [
        {
          id: 'st_nc',
          countryCode: 'US',
          name: 'North Carolina',
          code: 'NC',
          isoCode: 'US-NC',
          type: 'state',
        },
      ],
    })),
  );

/** The invoice the server holds: the answer of GET, and of PUT once saved. */
const useInvoiceOnServer = (initial: Invoice) => {
  let invoice = initial;
  server.use(
    handle(getInvoice, () => invoice),
    handle(saveInvoiceShippingAddress, ({ body }) => {
      invoice = {
        ...invoice,
        shippingAddress: body,
        shippingAddressAddedAt: '2026-03-02T10:00:00.000Z',
      };
      return invoice;
    }),
  );
};

// env "test": happy-dom has no layout, so floating-ui would hide the selects' dropdowns.
const renderPage = (invoiceId = 'inv_1') =>
  renderAtRoute({
    path: '/add-shipping-address/$invoiceId',
    initialEntry: `/add-shipping-address/${invoiceId}`,
    component: () => (
      <MantineProvider env="test">
        <AddShippingAddress invoiceId={invoiceId} />
      </MantineProvider>
    ),
  });

type User = ReturnType<typeof renderPage>['user'];

const phaseOf = () => screen.getByTestId('address-phase').dataset.phase;

const fillAddress = async (user: User, postalCode: string) => {
  await user.type(await screen.findByRole('textbox', { name: /Recipient’s name/ }), 'Ada Maker');
  await user.type(screen.getByRole('textbox', { name: /Street address/ }), '1 Main St');
  await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Raleigh');
  const state = screen.getByRole('combobox', { name: /State or province/ });
  await waitFor(() => expect(state).toHaveProperty('disabled', false));
  await user.click(state);
  await user.click(await screen.findByRole('option', { name: 'North Carolina', hidden: true }));
  await user.type(screen.getByRole('textbox', { name: /ZIP code/ }), postalCode);
};

describe('AddShippingAddressPage', () => {
  it('goes from the invoice to the form to the confirmation, checking the postal code first', async () => {
    useReference();
    useInvoiceOnServer(anInvoice({ shippingMode: 'CHARGE_SHIPPING_LATER', shippingAmount: 0 }));
    const { user } = renderPage();

    // PREVIEW: supplier, lines, shipping mode, no address yet.
    expect(
      await screen.findByRole('heading', { name: 'Invoice from Lakeside Knitwear' }),
    ).toBeTruthy();
    expect(phaseOf()).toBe('PREVIEW');
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByText('Heavyweight tee, black')).toBeTruthy();
    expect(within(lines).getByText('Shipping charged later')).toBeTruthy();
    expect(within(lines).getByText('Quoted later')).toBeTruthy();
    expect(screen.getByText(/No shipping address yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add shipping address' }));

    // FORM: the first field has the focus; a ZIP code the country's pattern refuses is said at
    // its field, and nothing is sent.
    expect(phaseOf()).toBe('FORM');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('textbox', { name: /Recipient’s name/ }),
      ),
    );
    await fillAddress(user, '2760');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('2760 is not a postal code of United States.')).toBeTruthy();
    expect(requestsTo('PUT', SAVE_PATH)).toHaveLength(0);

    const zip = screen.getByRole('textbox', { name: /ZIP code/ });
    await user.clear(zip);
    await user.type(zip, '27601{Enter}');

    // COMPLETE: saved, with the way to pay it or back to the invoices.
    const done = await screen.findByTestId('address-saved');
    expect(phaseOf()).toBe('COMPLETE');
    expect(
      within(done).getByText('Address saved — Lakeside Knitwear will use it to quote shipping'),
    ).toBeTruthy();
    expect(within(done).getByText(/1 Main St/)).toBeTruthy();
    expect(
      within(done)
        .getByRole('link', { name: /Pay the invoice/ })
        .getAttribute('href'),
    ).toBe('/pay-invoice/inv_1');
    expect(within(done).getByRole('link', { name: 'Back to Invoices' }).getAttribute('href')).toBe(
      '/inbox/needs-payment',
    );
    expect(requestsTo('PUT', SAVE_PATH).map((request) => request.body)).toEqual([ADDRESS]);
  }, 20_000);

  it('edits a saved address, and shows the server’s refusal at its field', async () => {
    useReference();
    useInvoiceOnServer(
      anInvoice({ shippingAddress: ADDRESS, shippingAddressAddedAt: '2026-03-01T12:00:00.000Z' }),
    );
    server.use(
      handle(saveInvoiceShippingAddress, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'Check the shipping address.',
          details: [{ field: 'city', message: 'Enter the city.' }],
        }),
      ),
    );
    const { user } = renderPage();

    expect(await screen.findByText(/Raleigh NC 27601/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit address' }));
    const street = await screen.findByRole('textbox', { name: /Street address/ });
    expect(street).toHaveProperty('value', '1 Main St');
    await user.clear(street);
    await user.type(street, '2 Oak Ave');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Enter the city.')).toBeTruthy();
    expect(phaseOf()).toBe('FORM');
    expect((requestsTo('PUT', SAVE_PATH)[0]?.body as { line1: string }).line1).toBe('2 Oak Ave');

    // Cancel goes back to the invoice, whose address is unchanged.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(phaseOf()).toBe('PREVIEW');
    expect(screen.getByText(/1 Main St/)).toBeTruthy();
  }, 20_000);

  it('says why when the invoice was paid meanwhile', async () => {
    useReference();
    useInvoiceOnServer(anInvoice());
    server.use(
      handle(saveInvoiceShippingAddress, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'This invoice is paid: its shipping address can no longer be changed.',
          reason: 'invoice_not_open',
        }),
      ),
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Add shipping address' }));
    await fillAddress(user, '27601');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This invoice is paid');
  }, 20_000);

  it('shows a paid invoice’s address read-only', async () => {
    useReference();
    useInvoiceOnServer(
      anInvoice({
        status: 'PAID',
        paidAt: '2026-03-02T10:00:00.000Z',
        shippingAddress: ADDRESS,
        shippingAddressAddedAt: '2026-03-01T12:00:00.000Z',
      }),
    );
    renderPage();

    expect(await screen.findByText(/Raleigh NC 27601/)).toBeTruthy();
    expect(screen.getByText(/This invoice is paid/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add shipping address' })).toBeNull();
  });

  it('says clearly when the invoice is not the store’s', async () => {
    server.use(
      handle(getInvoice, () =>
        errorResponse(404, {
          code: 'not_found',
          message: 'There is no such invoice in this store.',
          reason: 'invoice_not_found',
        }),
      ),
    );
    renderPage('inv_other');

    expect(await screen.findByText('This invoice isn’t here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your invoices' }).getAttribute('href')).toBe(
      '/inbox/needs-payment',
    );
  });
});
