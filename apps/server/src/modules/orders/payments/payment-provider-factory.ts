import { createLocalPaymentProvider, type RecoveredCharge } from './local-payment-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe-payment-provider';

/** What `createPaymentProvider` needs; config.ts fills it from the environment. */
export type PaymentProviderOptions = {
  /** Set when `STRIPE_SECRET_KEY` is configured; absent → the local test provider. */
  stripe?: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiBaseUrl?: string;
  };
  /** Secret the local provider's webhooks are signed with. */
  localWebhookSecret: string;
  /** Time source for card expiry and webhook tolerance; defaults to the system clock. */
  now?: () => Date;
  /** The local provider's charges made before a restart, from the orders module's records. */
  recoverLocalCharge?: (providerChargeId: string) => Promise<RecoveredCharge | undefined>;
};

/**
 * ARCHITECTURE.md §4 (issue 12): the Stripe adapter when Stripe credentials are given, else the
 * local provider that takes test cards only and works offline.
 */
export const createPaymentProvider = (options: PaymentProviderOptions): PaymentProvider =>
  options.stripe
    ? createStripePaymentProvider({ ...options.stripe, now: options.now })
    : createLocalPaymentProvider({
        webhookSecret: options.localWebhookSecret,
        now: options.now,
        recoverCharge: options.recoverLocalCharge,
      });
