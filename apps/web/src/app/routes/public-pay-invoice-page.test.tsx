// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { loadStripe } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  getPublicInvoice,
  type Payment,
  payPublicInvoice,
  publicPaymentConfig,
  type PublicInvoice,
} from '@atelier/contract/orders/invoice';
import { listCountries, listStatesOfCountry } from '@atelier/contract/reference/geography';
import { createFakeStripe } from '@/testing/fake-stripe-js';
import { errorResponse, handle } from '@/testing/handlers';
import { anInvoice, anOrderItem, aPayment } from '@/testing/order-factories';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { PublicPayInvoice } from './public-pay-invoice-page';

// Stripe.js is never fetched in tests: `loadStripe` answers a fake instead.
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn() }));
const loadStripeMock = vi.mocked(loadStripe);

const { requestsTo } = startMockServer();

const SN = '0123456789abcdef0123456789abcdef';
const PAY_PATH = `/api/public/invoices/${SN}/payments`;

const publicInvoice = (overrides: Partial<PublicInvoice> = {}): PublicInvoice => {
  const { storeId: _store, companyId: _company, ...shown } = anInvoice(overrides);
  return shown;
};

// The invoice's lines as the order items its payment charges: $2,670 + $150 shipping + 3 %.
const paidItems = [
  anOrderItem({ id: 'coi_1', quantity: 300, unitPrice: 850, shippingAmount: 15_000 }),
  anOrderItem({
    id: 'coi_2',
    title: 'Tech pack revision',
    category: 'DESIGN_SERVICE',
    quantity: 1,
    unitPrice: 12_000,
    shippingAmount: 0,
  }),
];
const completed = (overrides: Partial<Payment> = {}) => aPayment(paidItems, overrides);
const declined = () =>
  completed({
    status: 'DECLINED',
    result: 'INSTRUMENT_DECLINED',
    failureReason: 'Your card was declined.',
    cardBrand: null,
    cardLast4: null,
  });

const useReference = (provider: 'local' | 'stripe' = 'local') =>
  server.use(
    handle(publicPaymentConfig, () => ({
      provider,
      publishableKey: provider === 'stripe' ? 'pk_test_atelier' : null,
      testCards: [],
    })),
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

const useInvoice = (invoice: PublicInvoice | (() => PublicInvoice)) =>
  server.use(handle(getPublicInvoice, () => (typeof invoice === 'function' ? invoice() : invoice)));

// env "test": happy-dom has no layout, so floating-ui would hide the selects' dropdowns.
const renderPage = (sn = SN) =>
  renderAtRoute({
    path: '/public-pay-invoice/$sn',
    initialEntry: `/public-pay-invoice/${sn}`,
    component: () => (
      <MantineProvider env="test">
        <PublicPayInvoice sn={sn} />
      </MantineProvider>
    ),
  });

type User = ReturnType<typeof renderPage>['user'];

const fillAddress = async (user: User) => {
  await user.type(await screen.findByRole('textbox', { name: /Recipient’s name/ }), 'Ada Maker');
  await user.type(screen.getByRole('textbox', { name: /Street address/ }), '1 Main St');
  await user.type(screen.getByRole('textbox', { name: /^City/ }), 'Raleigh');
  const state = screen.getByRole('combobox', { name: /State or province/ });
  // Enabled once the country's states are in.
  await waitFor(() => expect(state).toHaveProperty('disabled', false));
  await user.click(state);
  await user.click(await screen.findByRole('option', { name: 'North Carolina', hidden: true }));
  await user.type(screen.getByRole('textbox', { name: /ZIP code/ }), '27601');
};

const fillCard = async (user: User, number: string) => {
  const field = await screen.findByRole('textbox', { name: /Card number/ });
  await user.clear(field);
  await user.type(field, number);
  const expiry = screen.getByRole('textbox', { name: /Expiry/ });
  if (!(expiry as HTMLInputElement).value) await user.type(expiry, '12 / 30');
  const cvc = screen.getByRole('textbox', { name: /CVC/ });
  if (!(cvc as HTMLInputElement).value) await user.type(cvc, '123');
};

const payRequests = () => requestsTo('POST', PAY_PATH);
const keyOf = (index: number) => payRequests()[index]?.headers.get('idempotency-key');

describe('PublicPayInvoicePage', () => {
  it('shows the invoice: supplier, billed store, lines, shipping, total with its fee, lead time, notes', async () => {
    useReference();
    useInvoice(publicInvoice());
    renderPage();

    expect(
      await screen.findByRole('heading', { name: 'Invoice from Lakeside Knitwear' }),
    ).toBeTruthy();
    expect(screen.getByText(/Billed to Maker Goods/)).toBeTruthy();
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByText('Heavyweight tee, black')).toBeTruthy();
    expect(within(lines).getByText('Tech pack revision')).toBeTruthy();
    expect(screen.getByText('30 days after payment')).toBeTruthy();
    expect(screen.getByText('Supplier shipping')).toBeTruthy();
    expect(screen.getByText('Terms as agreed in chat.')).toBeTruthy();
    // $2,670 of lines, $150 shipping, 3 % processing on $2,820: what the payment charges.
    const totals = screen.getByRole('table', { name: 'Amount to pay' });
    expect(
      within(totals)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Products$2,550.00',
      'Design services$120.00',
      'Subtotal$2,670.00',
      'Shipping$150.00',
      'Payment processing fee (3 % of $2,820.00)$84.60',
      'Total$2,904.60',
    ]);
    expect(await screen.findByRole('button', { name: 'Pay $2,904.60' })).toBeTruthy();
    // No session: the signed-in payment config is never asked for, nor Stripe.js loaded.
    expect(requestsTo('GET', '/api/web/payments/config')).toHaveLength(0);
    expect(loadStripeMock).not.toHaveBeenCalled();
  });

  it('pays with the address and the card, and says the supplier has been told', async () => {
    useReference();
    let status: PublicInvoice['status'] = 'OPEN';
    useInvoice(() => publicInvoice({ status }));
    server.use(
      handle(payPublicInvoice, () => {
        status = 'PAID';
        return completed();
      }),
    );
    const { user } = renderPage();

    await fillAddress(user);
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    const done = await screen.findByTestId('payment-done');
    expect(within(done).getByRole('heading', { name: /^Paid \$/ })).toBeTruthy();
    expect(within(done).getByText(/Charged to Visa ending in 4242/)).toBeTruthy();
    expect(within(done).getByText(/Lakeside Knitwear has been told/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();

    const [request] = payRequests();
    expect(request?.headers.get('idempotency-key')).toBeTruthy();
    expect(request?.body).toEqual({
      shippingAddress: {
        name: 'Ada Maker',
        company: null,
        line1: '1 Main St',
        line2: null,
        city: 'Raleigh',
        stateCode: 'NC',
        postalCode: '27601',
        countryCode: 'US',
        phone: null,
      },
      discountCode: null,
      shippingAssurance: false,
      sampleAssurance: false,
      paymentMethod: {
        type: 'test_card',
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      },
    });
  });

  it('asks for the address and the card before sending anything', async () => {
    useReference();
    useInvoice(publicInvoice());
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: /^Pay / }));

    expect(await screen.findByText('Enter the recipient’s name.')).toBeTruthy();
    expect(screen.getByText('Enter the card number.')).toBeTruthy();
    expect(payRequests()).toHaveLength(0);
  });

  it('keeps the form after a decline and pays the next card as a new attempt', async () => {
    useReference();
    useInvoice(publicInvoice());
    server.use(
      handle(payPublicInvoice, ({ body }) =>
        body.paymentMethod.type === 'test_card' && body.paymentMethod.number.startsWith('4000')
          ? declined()
          : completed(),
      ),
    );
    const { user } = renderPage();

    await fillAddress(user);
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment declined');
    expect(alert.textContent).toContain('Your card was declined.');
    // The address stays as typed; now the provider is known to be the local test one.
    expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveProperty(
      'value',
      '1 Main St',
    );
    expect(screen.getByTestId('test-provider-notice')).toBeTruthy();

    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByTestId('payment-done');

    expect(payRequests()).toHaveLength(2);
    expect(keyOf(0)).toBeTruthy();
    expect(keyOf(1)).toBeTruthy();
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('sends the same attempt again with its key when no answer came', async () => {
    useReference();
    useInvoice(publicInvoice());
    server.use(
      handle(payPublicInvoice, () => HttpResponse.error(), { once: true }),
      handle(payPublicInvoice, () => completed()),
    );
    const { user } = renderPage();

    await fillAddress(user);
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No answer from the payment');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('payment-done');
    expect(payRequests()).toHaveLength(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('says when the card needs authentication the link cannot give', async () => {
    useReference();
    useInvoice(publicInvoice());
    server.use(
      handle(payPublicInvoice, () =>
        completed({ status: 'REQUIRES_ACTION', result: null, cardBrand: null, cardLast4: null }),
      ),
    );
    const { user } = renderPage();

    await fillAddress(user);
    await fillCard(user, '4000 0025 0000 3155');
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    const notice = await screen.findByTestId('authentication-needed');
    expect(notice.textContent).toContain('This card needs authentication');
    expect(within(notice).getByRole('link', { name: 'Sign in to Atelier' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
  });

  it('with Stripe: takes the card in Stripe’s form and pays with its PaymentMethod', async () => {
    const fake = createFakeStripe();
    loadStripeMock.mockResolvedValue(fake.asStripe());
    useReference('stripe');
    useInvoice(publicInvoice({ shippingMode: 'NO_SHIPPING_NEEDED', shippingAmount: 0 }));
    server.use(handle(payPublicInvoice, () => completed({ provider: 'stripe' })));
    const { user } = renderPage();

    await screen.findByTestId('stripe-card');
    await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    await screen.findByTestId('payment-done');
    expect(loadStripeMock).toHaveBeenCalledWith('pk_test_atelier');
    expect(payRequests()[0]?.body).toMatchObject({
      paymentMethod: { type: 'stripe', paymentMethodId: 'pm_card_visa' },
    });
  });

  it('with Stripe: runs 3-D Secure in Stripe.js and waits for Stripe to pay the invoice', async () => {
    const fake = createFakeStripe();
    loadStripeMock.mockResolvedValue(fake.asStripe());
    useReference('stripe');
    useInvoice(publicInvoice({ shippingMode: 'NO_SHIPPING_NEEDED', shippingAmount: 0 }));
    server.use(
      handle(payPublicInvoice, () =>
        completed({
          status: 'REQUIRES_ACTION',
          result: null,
          provider: 'stripe',
          cardBrand: null,
          cardLast4: null,
          nextAction: { type: 'use_stripe_sdk', url: null, clientSecret: 'pi_1_secret_abc' },
        }),
      ),
    );
    const { user } = renderPage();

    await screen.findByTestId('stripe-card');
    await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    expect(await screen.findByTestId('stripe-authenticated')).toBeTruthy();
    expect(fake.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_abc' });
    expect(screen.queryByTestId('authentication-needed')).toBeNull();
  });

  it('shows a paid invoice as paid, without the form', async () => {
    useReference();
    useInvoice(publicInvoice({ status: 'PAID', paidAt: '2026-03-02T10:00:00.000Z' }));
    renderPage();

    expect(await screen.findByText('This invoice is paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
  });

  it('needs no address for an invoice without shipping', async () => {
    useReference();
    useInvoice(publicInvoice({ shippingMode: 'NO_SHIPPING_NEEDED', shippingAmount: 0 }));
    server.use(handle(payPublicInvoice, () => completed()));
    const { user } = renderPage();

    await screen.findByRole('heading', { name: 'Invoice from Lakeside Knitwear' });
    expect(screen.queryByRole('textbox', { name: /Street address/ })).toBeNull();
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await screen.findByTestId('payment-done');
    expect((payRequests()[0]?.body as { shippingAddress: unknown }).shippingAddress).toBeNull();
  });

  it('says clearly when the link leads to no invoice', async () => {
    useInvoice(publicInvoice());
    server.use(
      handle(getPublicInvoice, () =>
        errorResponse(404, {
          code: 'not_found',
          message: 'There is no such invoice in this store.',
          reason: 'invoice_not_found',
        }),
      ),
    );
    renderPage();

    expect(await screen.findByText('No invoice at this link')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('asks nothing of the server for a link that cannot be one', async () => {
    renderPage('SN-1');
    expect(await screen.findByText('No invoice at this link')).toBeTruthy();
    await waitFor(() => expect(requestsTo('GET', '/api/public/invoices/SN-1')).toHaveLength(0));
  });
});
