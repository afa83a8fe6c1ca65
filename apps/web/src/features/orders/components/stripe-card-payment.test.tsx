// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { loadStripe } from '@stripe/stripe-js';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CheckoutInput,
  checkout,
  confirmPayment,
  paymentConfig,
} from '@atelier/contract/orders/invoice';
import { createFakeStripe, type FakeStripe } from '@/testing/fake-stripe-js';
import { handle } from '@/testing/handlers';
import { anOrderItem, aPayment } from '@/testing/order-factories';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { createPaymentAttempts } from '../payment-attempts';
import { CheckoutPaymentStep } from './checkout-payment-step';

// Stripe.js is never fetched in tests: `loadStripe` answers a fake (or fails) instead.
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn() }));
const loadStripeMock = vi.mocked(loadStripe);

const { requestsTo } = startMockServer();

const item = anOrderItem({ id: 'coi_1', quantity: 1, unitPrice: 40_000 });
const CONFIRM_PATH = '/api/web/creator-invoice-payments/pay_1/confirm';

const stripeConfig = {
  provider: 'stripe' as const,
  publishableKey: 'pk_test_atelier',
  testCards: [],
};
const localConfig = {
  provider: 'local' as const,
  publishableKey: null,
  testCards: [{ number: '4242 4242 4242 4242', label: 'Succeeds', outcome: 'COMPLETED' }],
};

const waitingFor3ds = aPayment([item], {
  status: 'REQUIRES_ACTION',
  result: null,
  provider: 'stripe',
  cardBrand: null,
  cardLast4: null,
  nextAction: { type: 'use_stripe_sdk', url: null, clientSecret: 'pi_1_secret_abc' },
});

let fake: FakeStripe;
beforeEach(() => {
  fake = createFakeStripe();
  loadStripeMock.mockReset();
  loadStripeMock.mockResolvedValue(fake.asStripe());
});

const renderStep = () => {
  const onPaid = vi.fn();
  const buildBody = (paymentMethod: CheckoutInput['paymentMethod']): CheckoutInput => ({
    itemIds: [item.id],
    paymentMethod,
  });
  const result = render(
    <MantineProvider env="test">
      <CheckoutPaymentStep
        amountText="$412.00"
        buildBody={buildBody}
        attempts={createPaymentAttempts()}
        onPaid={onPaid}
        onRefused={() => false}
        onBack={() => undefined}
      />
    </MantineProvider>,
  );
  return { ...result, onPaid };
};

/** Waits for Stripe's CardElement to be mounted and ready, as the buyer sees it. */
const cardReady = async () => {
  await screen.findByTestId('stripe-card');
  await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('Checkout payment step with Stripe', () => {
  it('shows Stripe’s card form, no test-card fields, and pays with the PaymentMethod it made', async () => {
    server.use(
      handle(paymentConfig, () => stripeConfig),
      handle(checkout, () => aPayment([item], { provider: 'stripe' })),
    );
    const { user, onPaid } = renderStep();

    await cardReady();
    expect(loadStripeMock).toHaveBeenCalledWith('pk_test_atelier');
    expect(fake.stripe.elements).toHaveBeenCalled();
    expect(fake.elements.create).toHaveBeenCalledWith(
      'card',
      expect.objectContaining({ style: expect.any(Object) as unknown }),
    );
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect(screen.queryByTestId('test-provider-notice')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pay $412.00' }));

    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(fake.stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: fake.card });
    const [request] = requestsTo('POST', checkout.path);
    expect(request?.body).toEqual({
      itemIds: ['coi_1'],
      paymentMethod: { type: 'stripe', paymentMethodId: 'pm_card_visa' },
    });
    expect(request?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('shows Stripe’s message under the card and sends nothing when the card is incomplete', async () => {
    server.use(handle(paymentConfig, () => stripeConfig));
    fake.stripe.createPaymentMethod.mockResolvedValueOnce({
      paymentMethod: undefined as never,
      error: { message: 'Your card number is incomplete.' } as never,
    });
    const { user } = renderStep();
    await cardReady();

    await user.click(screen.getByRole('button', { name: 'Pay $412.00' }));

    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    expect(requestsTo('POST', checkout.path)).toHaveLength(0);
  });

  it('says card payments could not load when Stripe.js fails, and tries again', async () => {
    server.use(handle(paymentConfig, () => stripeConfig));
    loadStripeMock.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    const { user } = renderStep();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Card payments could not load; check your connection.');
    expect(screen.getByRole('button', { name: 'Pay $412.00' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await cardReady();
    expect(loadStripeMock).toHaveBeenCalledTimes(2);
  });

  it('runs 3-D Secure with the client secret, then confirms the payment', async () => {
    server.use(
      handle(paymentConfig, () => stripeConfig),
      handle(checkout, () => waitingFor3ds),
      handle(confirmPayment, () => {
        authenticationsBeforeConfirm = fake.stripe.handleNextAction.mock.calls.length;
        return aPayment([item], { provider: 'stripe' });
      }),
    );
    let authenticationsBeforeConfirm = -1;
    const { user, onPaid } = renderStep();
    await cardReady();

    await user.click(screen.getByRole('button', { name: 'Pay $412.00' }));

    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(fake.stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_abc' });
    expect(requestsTo('POST', CONFIRM_PATH)).toHaveLength(1);
    expect(authenticationsBeforeConfirm).toBe(1);
  });

  it('keeps the authentication step with Stripe’s message when the check did not pass', async () => {
    server.use(
      handle(paymentConfig, () => stripeConfig),
      handle(checkout, () => waitingFor3ds),
      handle(confirmPayment, () => waitingFor3ds),
    );
    fake.stripe.handleNextAction.mockResolvedValueOnce({
      paymentIntent: undefined as never,
      error: { message: 'The authentication window was closed.' } as never,
    });
    const { user } = renderStep();
    await cardReady();

    await user.click(screen.getByRole('button', { name: 'Pay $412.00' }));

    const step = await screen.findByTestId('authentication-step');
    expect(await screen.findByText('The authentication window was closed.')).toBeTruthy();
    expect(requestsTo('POST', CONFIRM_PATH)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Authenticate with your bank' }));
    await waitFor(() => expect(fake.stripe.handleNextAction).toHaveBeenCalledTimes(2));
    expect(step).toBeTruthy();
  });
});

describe('Checkout payment step with the local provider', () => {
  it('never loads Stripe.js and keeps the test-card fields', async () => {
    server.use(handle(paymentConfig, () => localConfig));
    renderStep();

    expect(await screen.findByTestId('test-provider-notice')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Card number/ })).toBeTruthy();
    expect(screen.queryByTestId('stripe-card')).toBeNull();
    expect(loadStripeMock).not.toHaveBeenCalled();
  });
});
