import type { Stripe } from '@stripe/stripe-js';
import { vi } from 'vitest';

type Handler = (event?: unknown) => void;

/**
 * A stand-in for Stripe.js's `Stripe` object in component tests (with `@stripe/stripe-js`'s
 * `loadStripe` mocked to answer it): Elements and a CardElement that mounts and says it is ready,
 * `createPaymentMethod` answering `pm_card_visa`, and `handleNextAction` passing 3-D Secure.
 * Nothing reaches the network. `emit` fires a CardElement event (`change`, `focus`).
 */
export const createFakeStripe = () => {
  const handlers = new Map<string, Set<Handler>>();
  const card = {
    mount: vi.fn(),
    destroy: vi.fn(),
    unmount: vi.fn(),
    update: vi.fn(),
    focus: vi.fn(),
    blur: vi.fn(),
    clear: vi.fn(),
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      // Stripe's element reports `ready` once its iframe is up.
      if (event === 'ready') queueMicrotask(() => handler({ elementType: 'card' }));
      return card;
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
      return card;
    },
  };
  const elements = { create: vi.fn(() => card), getElement: vi.fn(() => card), update: vi.fn() };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    confirmCardPayment: vi.fn(),
    createPaymentMethod: vi.fn(() =>
      Promise.resolve({ paymentMethod: { id: 'pm_card_visa' }, error: undefined }),
    ),
    handleNextAction: vi.fn(() =>
      Promise.resolve({ paymentIntent: { status: 'succeeded' }, error: undefined }),
    ),
  };
  return {
    stripe,
    elements,
    card,
    /** The fake as Stripe.js's type, for `loadStripe`'s mock. */
    asStripe: () => stripe as unknown as Stripe,
    emit: (event: string, payload?: unknown) => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
};
export type FakeStripe = ReturnType<typeof createFakeStripe>;
