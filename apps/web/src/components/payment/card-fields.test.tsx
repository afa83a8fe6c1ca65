// @vitest-environment happy-dom
import { loadStripe } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeStripe } from '@/testing/fake-stripe-js';
import { render } from '@/testing/render';
import { CardFields, fillTestCard, useCardForm } from './card-fields';
import type { CardPaymentMethod } from './card-form';
import { TEST_SAVED_CARDS_TEXT, TestProviderNotice } from './test-provider-notice';

// Stripe.js is never fetched in tests: `loadStripe` answers a fake instead.
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn() }));
const loadStripeMock = vi.mocked(loadStripe);

const testCards = [
  { number: '4242 4242 4242 4242', label: 'Succeeds' },
  { number: '4000 0000 0000 0002', label: 'Declined: "Your card was declined."' },
];

type HarnessProps = { onSubmit: (card: CardPaymentMethod) => void; publishableKey?: string };

/** A card form as the checkout and /account-info build it: the test cards, the fields, a submit. */
const Harness = ({ onSubmit, publishableKey }: HarnessProps) => {
  const form = useCardForm();
  const stripe = publishableKey
    ? { publishableKey, error: null, onCardReady: vi.fn(), onCardChange: vi.fn() }
    : null;
  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate>
      <TestProviderNotice
        testCards={{ cards: testCards, onUse: (number) => fillTestCard(form, number) }}
      />
      <CardFields form={form} numberPlaceholder="4242 4242 4242 4242" stripe={stripe} />
      <button type="submit">Pay</button>
    </form>
  );
};

describe('CardFields', () => {
  it('lists the test cards; "Use" fills the card and puts the focus on its number', async () => {
    const onSubmit = vi.fn();
    const { user } = render(<Harness onSubmit={onSubmit} />);
    const list = screen.getByRole('list', { name: 'Test cards' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '4242 4242 4242 4242SucceedsUse',
      '4000 0000 0000 0002Declined: "Your card was declined."Use',
    ]);

    await user.click(screen.getByRole('button', { name: 'Use test card 4000 0000 0000 0002' }));
    const number = screen.getByRole('textbox', { name: 'Card number' });
    expect(number).toHaveProperty('value', '4000 0000 0000 0002');
    expect(document.activeElement).toBe(number);
    expect(screen.getByRole('textbox', { name: 'Expiry' })).toHaveProperty(
      'value',
      `12 / ${String((new Date().getFullYear() + 4) % 100).padStart(2, '0')}`,
    );
    expect(screen.getByRole('textbox', { name: 'CVC' })).toHaveProperty('value', '123');

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      type: 'test_card',
      number: '4000 0000 0000 0002',
      expMonth: 12,
      cvc: '123',
    });
  });

  it('keeps an expiry and CVC already typed, and drops the errors the test card fixed', async () => {
    const { user } = render(<Harness onSubmit={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '9');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Enter the card number.')).toBeTruthy();
    expect(screen.getByText('The month and year, as MM / YY.')).toBeTruthy();
    expect(screen.getByText('Three or four digits.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    await waitFor(() => expect(screen.queryByText('Enter the card number.')).toBeNull());
    expect(screen.queryByText('The month and year, as MM / YY.')).toBeNull();
    // The CVC typed stays, and so does what is wrong with it.
    expect(screen.getByRole('textbox', { name: 'CVC' })).toHaveProperty('value', '9');
    expect(screen.getByText('Three or four digits.')).toBeTruthy();
  });

  it('shows Stripe’s card field instead of the three inputs when Stripe takes cards', async () => {
    const fake = createFakeStripe();
    loadStripeMock.mockResolvedValue(fake.asStripe());
    render(<Harness onSubmit={vi.fn()} publishableKey="pk_test_atelier" />);
    expect(await screen.findByTestId('stripe-card')).toBeTruthy();
    expect(
      screen.getByText('Your card goes straight to Stripe, our payment processor.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(loadStripeMock).toHaveBeenCalledWith('pk_test_atelier');
  });
});

describe('TestProviderNotice', () => {
  it('says what the test provider does, with the text the form gives', () => {
    const { unmount } = render(<TestProviderNotice />);
    expect(screen.getByRole('note').textContent).toContain('no money moves');
    unmount();
    render(<TestProviderNotice text={TEST_SAVED_CARDS_TEXT} />);
    expect(screen.getByRole('note').textContent).toContain('nothing is charged');
    expect(screen.queryByRole('list', { name: 'Test cards' })).toBeNull();
  });
});
