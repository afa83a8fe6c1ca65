// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  checkout,
  confirmPayment,
  getInvoice,
  type Invoice,
  paymentConfig,
} from '@atelier/contract/orders/invoice';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import { getShoppingCart } from '@atelier/contract/orders/order-item-api';
import { errorResponse, handle } from '@/testing/handlers';
import { aCart, anInvoice, anOrderItem, aPayment } from '@/testing/order-factories';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { CheckoutWizard } from './checkout-wizard';
import type { AddressReference } from './shipping-address-fields';

const { requestsTo } = startMockServer();

const PAY_PATH = '/api/web/creator-invoice-payments';
const CART_PATH = '/api/web/creator-order-items/shopping-cart';

// Reference data as the catalog feature's queries answer it: the US, without states here so
// the address needs none chosen.
const reference: AddressReference = {
  useCountries: () =>
    useQuery({
      queryKey: ['test', 'countries'],
      queryFn: () =>
        Promise.resolve({
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
        }),
    }),
  useStates: (countryCode) =>
    useQuery({
      queryKey: ['test', 'states', countryCode],
      queryFn: () => Promise.resolve({ items: [] }),
    }),
};

const tees = anOrderItem({ id: 'coi_1', shippingAmount: 15_000 });
const sample = anOrderItem({
  id: 'coi_2',
  kind: 'SAMPLE',
  title: 'Sample: Boxy tee',
  quantity: 1,
  unitPrice: 2_500,
  invoiceId: null,
});
const designOnly = anOrderItem({
  id: 'coi_3',
  title: 'Logo design',
  category: 'DESIGN_SERVICE',
  quantity: 1,
  unitPrice: 40_000,
  shippingMode: 'NO_SHIPPING_NEEDED',
});

const useCartOf = (items: OrderItem[], invoice: Invoice = anInvoice()) =>
  server.use(
    // The invoice of the items: the shipping step starts from its saved address, if any.
    handle(getInvoice, () => invoice),
    handle(getShoppingCart, ({ query }) =>
      aCart(items, {
        discountCode: query.discountCode ?? null,
        shippingAssurance: query.shippingAssurance,
        sampleAssurance: query.sampleAssurance,
      }),
    ),
    handle(paymentConfig, () => ({
      provider: 'local' as const,
      publishableKey: null,
      testCards: [
        { number: '4242 4242 4242 4242', label: 'Succeeds', outcome: 'COMPLETED' },
        {
          number: '4000 0000 0000 0002',
          label: 'Declined: "Your card was declined."',
          outcome: 'INSTRUMENT_DECLINED',
        },
        {
          number: '4000 0025 0000 3155',
          label: 'Asks the buyer to authenticate, then succeeds',
          outcome: 'REQUIRES_ACTION',
        },
      ],
    })),
  );

// env "test": happy-dom has no layout, so floating-ui would hide the selects' dropdowns.
const renderCheckout = (preselectedIds?: string[]) =>
  renderAtRoute({
    path: '/checkout',
    initialEntry: '/checkout',
    component: () => (
      <MantineProvider env="test">
        <CheckoutWizard
          preselectedIds={preselectedIds}
          reference={reference}
          ordersHref="/inbox/orders"
          sourcingHref="/home"
        />
      </MantineProvider>
    ),
  });

/** The rows of the totals table, label → amount. */
const totalsRows = async () => {
  const table = await screen.findByRole('table', { name: 'Order total' });
  return within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
};

const goToPayment = async (user: ReturnType<typeof renderCheckout>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Continue to shipping' }));
  await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
  await screen.findByRole('heading', { name: 'Payment' });
};

const payWith = async (user: ReturnType<typeof renderCheckout>['user'], number: string) => {
  await user.click(await screen.findByRole('button', { name: `Use test card ${number}` }));
  await user.click(screen.getByRole('button', { name: /^Pay / }));
};

const payRequests = () => requestsTo('POST', PAY_PATH);
const keyOf = (index: number) => payRequests()[index]?.headers.get('idempotency-key');

describe('CheckoutWizard', () => {
  it('shows the cart’s totals with each fee, and prices the choices with the server', async () => {
    useCartOf([tees, sample]);
    const { user } = renderCheckout();

    expect(
      await screen.findByText('PRODUCTS10: 10 % off products; DESIGN50: 50 % off design services'),
    ).toBeTruthy();
    // $2,550 of tees and a $25 sample, $150 shipping; 3 % processing on $2,725.
    expect(await totalsRows()).toEqual([
      'Subtotal$2,575.00',
      'Shipping$150.00',
      'Payment processing fee (3 % of $2,725.00)$81.75',
      'Total$2,806.75',
    ]);

    await user.click(screen.getByRole('checkbox', { name: /Shipping assurance/ }));
    await user.click(screen.getByRole('checkbox', { name: /Sample assurance/ }));
    await waitFor(async () =>
      expect(await totalsRows()).toEqual([
        'Subtotal$2,575.00',
        'Shipping$150.00',
        'Shipping assurance (3 % of $2,725.00)$81.75',
        'Sample assurance (10 % of $25.00)$2.50',
        'Payment processing fee (3 % of $2,809.25)$84.28',
        'Total$2,893.53',
      ]),
    );
    const lastCartQuery = requestsTo('GET', CART_PATH).at(-1)?.query;
    expect(lastCartQuery?.get('shippingAssurance')).toBe('true');
    expect(lastCartQuery?.get('sampleAssurance')).toBe('true');

    await user.type(screen.getByRole('textbox', { name: 'Discount code' }), 'products10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(async () =>
      expect(await totalsRows()).toContain('Discount (PRODUCTS10)−$257.50'),
    );
    expect(requestsTo('GET', CART_PATH).at(-1)?.query.get('discountCode')).toBe('products10');
  });

  it('says why a code does not fit the chosen items, and keeps it off the totals', async () => {
    useCartOf([tees, sample]);
    const { user } = renderCheckout();
    await user.type(await screen.findByRole('textbox', { name: 'Discount code' }), 'DESIGN50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('DESIGN50 takes 50 % off design services; this cart has none.'),
    ).toBeTruthy();
    expect((await totalsRows()).some((row) => row?.startsWith('Discount'))).toBe(false);
  });

  it('keeps the cart after a decline and shows why; paying again is a new attempt', async () => {
    useCartOf([designOnly]);
    server.use(
      handle(checkout, ({ body }) =>
        aPayment([designOnly], {
          status: 'DECLINED',
          result: 'INSTRUMENT_DECLINED',
          failureReason: 'Your card was declined.',
          cardBrand: null,
          cardLast4: null,
          itemIds: body.itemIds,
        }),
      ),
    );
    const { user } = renderCheckout();
    await goToPayment(user);
    await payWith(user, '4000 0000 0000 0002');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Payment declined');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(alert.textContent).toContain('your cart is as it was');
    expect(payRequests()[0]?.body).toMatchObject({
      itemIds: ['coi_3'],
      shippingAddress: null,
      paymentMethod: { type: 'test_card', number: '4000 0000 0000 0002', cvc: '123' },
    });
    // Still on the payment step; the cart is read again and still holds the item.
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    await waitFor(() => expect(requestsTo('GET', CART_PATH).length).toBeGreaterThan(1));

    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(payRequests()).toHaveLength(2));
    expect(keyOf(1)).not.toBe(keyOf(0));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Logo design')).toBeTruthy();
  });

  it('retries a payment that got no answer with the same Idempotency-Key', async () => {
    useCartOf([designOnly]);
    server.use(
      handle(checkout, () => HttpResponse.error(), { once: true }),
      handle(checkout, ({ body }) => aPayment([designOnly], { itemIds: body.itemIds })),
    );
    const { user } = renderCheckout();
    await goToPayment(user);
    await payWith(user, '4242 4242 4242 4242');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('a retry of the same payment never charges twice');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Paid $412.00' })).toBeTruthy();
    expect(payRequests()).toHaveLength(2);
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(payRequests()[1]?.body).toEqual(payRequests()[0]?.body);
    expect(screen.getByRole('link', { name: 'Go to Orders & Shipments' })).toBeTruthy();
  });

  it('completes a payment that asks for authentication', async () => {
    useCartOf([designOnly]);
    const waiting = aPayment([designOnly], {
      status: 'REQUIRES_ACTION',
      result: null,
      cardBrand: null,
      cardLast4: null,
    });
    server.use(
      handle(checkout, () => waiting),
      handle(confirmPayment, () => aPayment([designOnly], { cardLast4: '3155' })),
    );
    const { user } = renderCheckout();
    await goToPayment(user);
    await payWith(user, '4000 0025 0000 3155');

    const step = await screen.findByTestId('authentication-step');
    await user.click(within(step).getByRole('button', { name: 'Complete authentication' }));
    expect(await screen.findByRole('heading', { name: 'Paid $412.00' })).toBeTruthy();
    expect(requestsTo('POST', '/api/web/creator-invoice-payments/pay_1/confirm')).toHaveLength(1);
    expect(screen.getByText(/Visa ending in 3155/)).toBeTruthy();
  });

  it('takes the server’s address refusal back to the shipping step, on its field', async () => {
    useCartOf([tees]);
    server.use(
      handle(checkout, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'Check the shipping address.',
          details: [
            {
              field: 'shippingAddress.postalCode',
              message: '2760 is not a postal code of United States.',
            },
          ],
        }),
      ),
    );
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Continue to shipping' }));
    await user.type(screen.getByRole('textbox', { name: /Recipient’s name/ }), 'Ada Maker');
    await user.type(screen.getByRole('textbox', { name: /Street address/ }), '1 Main Street');
    await user.type(screen.getByRole('textbox', { name: /City/ }), 'Raleigh');
    await user.type(screen.getByRole('textbox', { name: /ZIP code/ }), '2760');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await payWith(user, '4242 4242 4242 4242');

    expect(await screen.findByRole('heading', { name: 'Shipping details' })).toBeTruthy();
    expect(await screen.findByText('2760 is not a postal code of United States.')).toBeTruthy();
    expect(payRequests()[0]?.body).toMatchObject({
      shippingAddress: {
        name: 'Ada Maker',
        line1: '1 Main Street',
        city: 'Raleigh',
        countryCode: 'US',
        postalCode: '2760',
        stateCode: null,
      },
    });
  });

  it('starts the shipping step from the invoice’s saved address', async () => {
    const address = {
      name: 'Ada Maker',
      company: null,
      line1: '1 Main Street',
      line2: null,
      city: 'Raleigh',
      stateCode: null,
      postalCode: '27601',
      countryCode: 'US',
      phone: null,
    };
    useCartOf([tees], anInvoice({ shippingAddress: address }));
    server.use(handle(checkout, () => aPayment([tees])));
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Continue to shipping' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveProperty(
        'value',
        '1 Main Street',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await payWith(user, '4242 4242 4242 4242');
    await screen.findByTestId('purchase-success');
    expect(payRequests()[0]?.body).toMatchObject({ shippingAddress: address });
  });

  it('chooses the items it was asked to, and pays for those only', async () => {
    useCartOf([tees, designOnly]);
    server.use(handle(checkout, ({ body }) => aPayment([designOnly], { itemIds: body.itemIds })));
    const { user } = renderCheckout(['coi_3']);
    expect(await screen.findByText('Items (1 of 2 chosen)')).toBeTruthy();
    expect((await totalsRows()).at(-1)).toBe('Total$412.00');
    await goToPayment(user);
    await payWith(user, '4242 4242 4242 4242');
    await screen.findByTestId('purchase-success');
    expect(payRequests()[0]?.body).toMatchObject({ itemIds: ['coi_3'] });
  });
});
