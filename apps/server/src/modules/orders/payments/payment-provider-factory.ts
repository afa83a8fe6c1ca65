import { createLocalPaymentProvider, type RecoveredCharge } from './local-payment-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripePaymentProvider } from './stripe-payment-provider';
import { createLocalPaypalProvider } from './paypal-local-provider';
import { createPaypalPaymentProvider } from './paypal-payment-provider';

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

/** What `createPaypalProvider` needs; config.ts fills it from the environment. */
export type PaypalProviderOptions = {
  /** Set when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are configured; absent → simulated locally. */
  paypal?: { clientId: string; clientSecret: string; apiBaseUrl?: string };
  /** Where the web app is (PUBLIC_URL): PayPal sends the buyer back there. */
  publicUrl: string;
  /** Time source for the access token's expiry; defaults to the system clock. */
  now?: () => Date;
  /** The local PayPal provider's orders and captures made before a restart. */
  recoverLocalCharge?: (providerChargeId: string) => Promise<RecoveredCharge | undefined>;
};

/**
 * ARCHITECTURE.md §4 (issue 12; spec §7 paypal-capture): the PayPal adapter (Orders v2 REST API)
 * when PayPal credentials are given, else PayPal simulated locally (offline; the web shows its
 * own approval step).
 */
export const createPaypalProvider = (options: PaypalProviderOptions): PaymentProvider =>
  options.paypal
    ? createPaypalPaymentProvider({
        ...options.paypal,
        publicUrl: options.publicUrl,
        now: options.now,
      })
    : createLocalPaypalProvider({ recoverCharge: options.recoverLocalCharge });
