// @vitest-environment happy-dom
import { loadStripe } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingEndpoints } from '@atelier/contract/billing/billing-api';
import { paymentConfig } from '@atelier/contract/orders/invoice';
import { aPaymentMethod } from '@/testing/billing-overview-factories';
import { createFakeStripe } from '@/testing/fake-stripe-js';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { PaymentMethodsSection } from './payment-methods-section';

// Stripe.js is never fetched in tests: `loadStripe` answers a fake instead.
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn() }));
const loadStripeMock = vi.mocked(loadStripe);

const { requestsTo } = startMockServer();

const testCards = [
  { number: '4242 4242 4242 4242', label: 'Succeeds', outcome: 'COMPLETED' },
  {
    number: '4000 0000 0000 0002',
    label: 'Declined: "Your card was declined."',
    outcome: 'INSTRUMENT_DECLINED',
  },
];

const useLocalProvider = (items = [aPaymentMethod()]) =>
  server.use(
    handle(billingEndpoints.paymentMethods, () => ({ items })),
    handle(paymentConfig, () => ({
      provider: 'local' as const,
      publishableKey: null,
      testCards,
    })),
  );

describe('PaymentMethodsSection', () => {
  it('lists the saved cards with the default one marked', async () => {
    useLocalProvider([
      aPaymentMethod(),
      aPaymentMethod({
        id: 'pm_2',
        brand: 'mastercard',
        last4: '4444',
        expMonth: 3,
        expYear: 2031,
        isDefault: false,
      }),
    ]);
    render(<PaymentMethodsSection canManage />);
    const visa = await screen.findByRole('listitem', { name: 'Visa •••• 4242' });
    expect(visa.textContent).toContain('Expires 12 / 30');
    expect(within(visa).getByText('Default')).toBeTruthy();
    expect(within(visa).queryByRole('button', { name: /Make .* the default/ })).toBeNull();
    const mastercard = screen.getByRole('listitem', { name: 'Mastercard •••• 4444' });
    expect(mastercard.textContent).toContain('Expires 03 / 31');
    expect(within(mastercard).queryByText('Default')).toBeNull();
  });

  it('adds a test card picked from the list', async () => {
    useLocalProvider([]);
    server.use(handle(billingEndpoints.attachPaymentMethod, () => aPaymentMethod({ id: 'pm_9' })));
    const { user } = render(<PaymentMethodsSection canManage />);
    expect(await screen.findByText(/No card saved yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    const list = await screen.findByRole('list', { name: 'Test cards' });
    expect(list.textContent).toContain('Declined: "Your card was declined."');
    await user.click(
      within(list).getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }),
    );
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveProperty(
      'value',
      '4242 4242 4242 4242',
    );
    expect(screen.getByRole('form', { name: 'Add a card' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(requestsTo('POST', billingEndpoints.attachPaymentMethod.path)).toHaveLength(1),
    );
    const [request] = requestsTo('POST', billingEndpoints.attachPaymentMethod.path);
    expect(request?.body).toMatchObject({
      paymentMethod: { type: 'test_card', number: '4242 4242 4242 4242', cvc: '123', expMonth: 12 },
      // The first card is the default.
      makeDefault: true,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add a card' })).toBeNull());
  });

  it('shows the fields to fix, on the form and from the server', async () => {
    useLocalProvider([]);
    server.use(
      handle(billingEndpoints.attachPaymentMethod, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'Your card was declined.',
          reason: 'card_declined',
          details: [{ field: 'body.paymentMethod.number', message: 'Your card was declined.' }],
        }),
      ),
    );
    const { user } = render(<PaymentMethodsSection canManage />);
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    await user.click(await screen.findByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Enter the card number.')).toBeTruthy();
    expect(screen.getByText('The month and year, as MM / YY.')).toBeTruthy();
    expect(requestsTo('POST', billingEndpoints.attachPaymentMethod.path)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4000 0000 0000 0002');
    await user.type(screen.getByRole('textbox', { name: 'Expiry' }), '12 / 30');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    const number = screen.getByRole('textbox', { name: 'Card number' });
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
  });

  it('adds a card with Stripe: the PaymentMethod Stripe.js made is attached', async () => {
    const fake = createFakeStripe();
    loadStripeMock.mockResolvedValue(fake.asStripe());
    server.use(
      handle(billingEndpoints.paymentMethods, () => ({ items: [aPaymentMethod()] })),
      handle(paymentConfig, () => ({
        provider: 'stripe' as const,
        publishableKey: 'pk_test_atelier',
        testCards: [],
      })),
      handle(billingEndpoints.attachPaymentMethod, () =>
        aPaymentMethod({ id: 'pm_9', provider: 'stripe', isDefault: false }),
      ),
    );
    const { user } = render(<PaymentMethodsSection canManage />);
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    await screen.findByTestId('stripe-card');
    expect(screen.queryByRole('list', { name: 'Test cards' })).toBeNull();
    expect(loadStripeMock).toHaveBeenCalledWith('pk_test_atelier');
    await waitFor(() => expect(fake.card.mount).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(requestsTo('POST', billingEndpoints.attachPaymentMethod.path)[0]?.body).toEqual({
        paymentMethod: { type: 'stripe', paymentMethodId: 'pm_card_visa' },
        makeDefault: false,
      }),
    );
  });

  it('removes a card only once confirmed', async () => {
    useLocalProvider([
      aPaymentMethod(),
      aPaymentMethod({ id: 'pm_2', last4: '1881', isDefault: false }),
    ]);
    server.use(handle(billingEndpoints.detachPaymentMethod, () => ({ ok: true as const })));
    const { user } = render(<PaymentMethodsSection canManage />);
    await user.click(await screen.findByRole('button', { name: 'Remove Visa •••• 1881' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(dialog.textContent).toContain('Visa •••• 1881 will no longer be charged');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('DELETE', '/api/web/billing/payment-methods/pm_2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Visa •••• 1881' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() =>
      expect(requestsTo('DELETE', '/api/web/billing/payment-methods/pm_2')).toHaveLength(1),
    );
  });

  it('says why the card that pays the plan cannot be removed', async () => {
    useLocalProvider();
    server.use(
      handle(billingEndpoints.detachPaymentMethod, () =>
        errorResponse(409, {
          code: 'conflict',
          message: 'This card pays for your plan. Add another card before removing it.',
          reason: 'payment_method_in_use',
        }),
      ),
    );
    const { user } = render(<PaymentMethodsSection canManage />);
    await user.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(
      await within(dialog).findByText(
        'This card pays for your plan. Add another card before removing it.',
      ),
    ).toBeTruthy();
  });

  it('makes another card the default', async () => {
    useLocalProvider([
      aPaymentMethod(),
      aPaymentMethod({ id: 'pm_2', last4: '1881', isDefault: false }),
    ]);
    server.use(
      handle(billingEndpoints.defaultPaymentMethod, () =>
        aPaymentMethod({ id: 'pm_2', last4: '1881' }),
      ),
    );
    const { user } = render(<PaymentMethodsSection canManage />);
    await user.click(
      await screen.findByRole('button', { name: 'Make Visa •••• 1881 the default' }),
    );
    await waitFor(() =>
      expect(requestsTo('POST', '/api/web/billing/payment-methods/pm_2/default')).toHaveLength(1),
    );
  });

  it('offers no changes to a member', async () => {
    useLocalProvider();
    render(<PaymentMethodsSection canManage={false} />);
    expect(await screen.findByRole('listitem', { name: 'Visa •••• 4242' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add card' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});
