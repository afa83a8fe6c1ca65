/**
 * The local fake of Stripe's API (orders' payments and billing's Stripe Billing), for tests of
 * any module: start it, point `STRIPE_API_BASE_URL` at its `url`. Never the network.
 */
export {
  signStripeWebhook,
  startStripeFake,
  type StripeFake,
  type StripeFakeEvent,
} from '@/modules/orders/payments/stripe-fake';
