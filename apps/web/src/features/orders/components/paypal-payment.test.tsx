// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { capturePaypalPayment, checkout, paymentConfig } from '@atelier/contract/orders/invoice';
import { getShoppingCart } from '@atelier/contract/orders/order-item-api';
import { handle } from '@/testing/handlers';
import { aCart, anOrderItem, aPayment } from '@/testing/order-factories';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { CheckoutWizard } from './checkout-wizard';
import { paypalNextStepOf } from './paypal-payment';
import type { AddressReference } from './shipping-address-fields';

const { requestsTo } = startMockServer();

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

const designOnly = anOrderItem({
  id: 'coi_3',
  title: 'Logo design',
  category: 'DESIGN_SERVICE',
  quantity: 1,
  unitPrice: 40_000,
  shippingMode: 'NO_SHIPPING_NEEDED',
});

const waiting = aPayment([designOnly], {
  status: 'REQUIRES_ACTION',
  result: null,
  provider: 'local_paypal',
  cardBrand: null,
  cardLast4: null,
  nextAction: { type: 'redirect', url: null, clientSecret: null },
});

const useServer = (capture: (outcome: string) => ReturnType<typeof aPayment>) =>
  server.use(
    handle(getShoppingCart, () => aCart([designOnly])),
    handle(paymentConfig, () => ({
      provider: 'local' as const,
      publishableKey: null,
      testCards: [{ number: '4242 4242 4242 4242', label: 'Succeeds', outcome: 'COMPLETED' }],
      paypal: { isLocal: true },
    })),
    handle(checkout, () => waiting),
    handle(capturePaypalPayment, ({ body }) => capture(body.outcome)),
  );

const renderCheckout = () =>
  renderAtRoute({
    path: '/checkout',
    initialEntry: '/checkout',
    component: () => (
      <MantineProvider env="test">
        <CheckoutWizard reference={reference} ordersHref="/inbox/orders" sourcingHref="/home" />
      </MantineProvider>
    ),
  });

const payWithPaypal = async (user: ReturnType<typeof renderCheckout>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Continue to shipping' }));
  await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
  await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
  expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
  expect(screen.getByTestId('paypal-panel').textContent).toContain('simulated');
  await user.click(screen.getByRole('button', { name: /^Pay .* with PayPal$/ }));
  return screen.findByTestId('paypal-approval');
};

describe('Paying with PayPal at checkout', () => {
  it('sends a PayPal payment, approves it in the simulated step and captures it', async () => {
    useServer(() =>
      aPayment([designOnly], { provider: 'local_paypal', cardBrand: null, cardLast4: null }),
    );
    const { user } = renderCheckout();
    const approval = await payWithPaypal(user);
    expect(requestsTo('POST', checkout.path)[0]?.body).toMatchObject({
      paymentMethod: { type: 'paypal', returnPath: '/checkout' },
    });
    await user.click(within(approval).getByRole('button', { name: 'Approve payment' }));
    expect(await screen.findByRole('heading', { name: /Paid \$412\.00/ })).toBeTruthy();
    const captures = requestsTo('POST', '/api/web/creator-invoice-payments/pay_1/paypal-capture');
    expect(captures.map((request) => request.body)).toEqual([{ outcome: 'approved' }]);
    expect(screen.getByText(/your PayPal account/)).toBeTruthy();
  });

  it('a cancel in the simulated step leaves the cart as it was and says so', async () => {
    useServer(() =>
      aPayment([designOnly], {
        status: 'DECLINED',
        result: 'INSTRUMENT_DECLINED',
        provider: 'local_paypal',
        failureReason: 'You canceled the payment at PayPal; nothing was charged.',
        cardBrand: null,
        cardLast4: null,
      }),
    );
    const { user } = renderCheckout();
    const approval = await payWithPaypal(user);
    await user.click(within(approval).getByRole('button', { name: 'Cancel payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You canceled the payment at PayPal');
    expect(alert.textContent).toContain('pay again, with PayPal or a card');
    expect(
      requestsTo('POST', '/api/web/creator-invoice-payments/pay_1/paypal-capture')[0]?.body,
    ).toEqual({ outcome: 'cancelled' });
  });

  it('goes to PayPal when the server gives its approval page', () => {
    expect(
      paypalNextStepOf({
        provider: 'paypal',
        nextAction: {
          type: 'redirect',
          url: 'https://www.paypal.com/checkoutnow?token=X',
          clientSecret: null,
        },
      }),
    ).toEqual({ kind: 'redirect', url: 'https://www.paypal.com/checkoutnow?token=X' });
    expect(paypalNextStepOf({ provider: 'local_paypal', nextAction: null })).toEqual({
      kind: 'simulated',
    });
  });
});
