import type {
  BillingInvoice,
  BillingOverview,
  PaymentMethod,
  Subscription,
} from '@atelier/contract/billing/billing-api';
import type { SubscriptionModule } from '@atelier/contract/billing/bundles';
import type { CreditEntry } from '@atelier/contract/billing/credits';

/** Issue 13: a monthly Scaling subscription, active, paid by card `pm_1` ($99.00 a month). */
export const aSubscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: 'sub_1',
  planType: 'TIER_2_5',
  interval: 'MONTH',
  status: 'ACTIVE',
  unitAmount: 9_900,
  currencyCode: 'USD',
  trialEndsAt: null,
  currentPeriodStart: '2026-03-01T00:00:00.000Z',
  currentPeriodEnd: '2026-04-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  endedAt: null,
  pausedAt: null,
  resumesAt: null,
  pendingChange: null,
  discount: null,
  additionalSeats: 0,
  defaultPaymentMethodId: 'pm_1',
  isActive: true,
  isPaused: false,
  hasPaymentProblem: false,
  ...overrides,
});

/** The Beginner bundle, not active, sold in two sizes. */
export const aBundle = (overrides: Partial<SubscriptionModule> = {}): SubscriptionModule => ({
  name: 'beginner',
  label: 'Beginner bundle',
  status: 'NOT_ACTIVE',
  source: null,
  activatedAt: null,
  expiresAt: null,
  sizes: [
    { credits: 1_000, price: 1_000 },
    { credits: 2_000, price: 2_000 },
  ],
  welcomeCredits: 2_500,
  ...overrides,
});

/** The overview of a store on that subscription, with the local (test) payment provider. */
export const aBillingOverview = (overrides: Partial<BillingOverview> = {}): BillingOverview => ({
  planType: 'TIER_2_5',
  subscription: aSubscription(),
  upcomingInvoice: { amountDue: 9_900, currencyCode: 'USD', date: '2026-04-01T00:00:00.000Z' },
  seats: { included: 3, additional: 0, inUse: 2 },
  modules: [aBundle()],
  creditsBalance: 0,
  features: [],
  provider: { name: 'local', isLocal: true },
  now: '2026-03-10T12:00:00.000Z',
  ...overrides,
});

/** A saved Visa test card, the default. */
export const aPaymentMethod = (overrides: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id: 'pm_1',
  provider: 'local',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  isDefault: true,
  createdAt: '2026-03-01T00:00:00.000Z',
  ...overrides,
});

/** A paid renewal invoice of $99.00. */
export const aBillingInvoice = (overrides: Partial<BillingInvoice> = {}): BillingInvoice => {
  const id = overrides.id ?? 'binv_1';
  const status = overrides.status ?? 'PAID';
  return {
    id,
    number: 'ATL-000001',
    status,
    reason: 'SUBSCRIPTION_CYCLE',
    lines: [
      {
        description: 'Scaling (monthly)',
        amount: 9_900,
        periodStart: '2026-03-01T00:00:00.000Z',
        periodEnd: '2026-04-01T00:00:00.000Z',
      },
    ],
    subtotal: 9_900,
    discount: 0,
    total: 9_900,
    amountPaid: status === 'PAID' ? 9_900 : 0,
    currencyCode: 'USD',
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    attemptCount: 1,
    nextPaymentAttemptAt: null,
    paidAt: status === 'PAID' ? '2026-03-01T00:00:00.000Z' : null,
    createdAt: '2026-03-01T00:00:00.000Z',
    receiptUrl: status === 'PAID' ? `/api/web/billing/invoices/${id}/receipt.pdf` : null,
    ...overrides,
  };
};

/** A grant of 1,000 credits from a bundle. */
export const aCreditEntry = (overrides: Partial<CreditEntry> = {}): CreditEntry => ({
  id: 'cre_1',
  kind: 'GRANT',
  credits: 1_000,
  balanceAfter: 1_000,
  reason: 'Beginner bundle',
  expiresAt: null,
  createdAt: '2026-03-02T00:00:00.000Z',
  ...overrides,
});
