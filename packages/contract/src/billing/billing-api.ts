import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { IdSchema } from '../common/validation';
import { PlanTypeSchema } from '../identity/plans';
import { BundleNameSchema, SubscriptionModuleSchema } from './bundles';
import { CancellationAnswersSchema, CancellationOutcomeSchema } from './cancellation';
import { CreditsSchema, MAX_CREDITS_PER_ENTRY } from './credits';
import { FeatureAccessSchema } from './entitlements';
import { BillingIntervalSchema, PlanSchema, PlatformFeeSchema } from './plans';
import {
  BillingInvoiceReasonSchema,
  BillingInvoiceStatusSchema,
  MAX_PAUSE_MONTHS,
  SubscriptionStatusSchema,
} from './subscription';

/**
 * Issue 13 billing calls (spec §7 payments: subscription get/pause/resume/cancel, promotion code,
 * payment methods attach/list/detach/default, retry-invoice). Every call is the signed-in store's
 * own; money is integer minor units of `currencyCode`; times are ISO 8601. Only the store's OWNER
 * and ADMINs change billing (403 otherwise); a preview account cannot change it (403
 * `preview_mode`, "Preview mode can't take this action.").
 */

const Money = z.number().int();
const Iso = z.iso.datetime();

/** A saved card. `provider` is the PaymentProvider that holds it (`local` test cards by default). */
export const PaymentMethodSchema = z.object({
  id: z.string(),
  provider: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  createdAt: Iso,
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** One line of a billing invoice (plan, proration credit, seats, bundle, discount). */
export const BillingInvoiceLineSchema = z.object({
  description: z.string(),
  /** Negative for credits and discounts. */
  amount: Money,
  periodStart: Iso.nullable(),
  periodEnd: Iso.nullable(),
});

export const BillingInvoiceSchema = z.object({
  id: z.string(),
  /** Human number, e.g. "ATL-000042". */
  number: z.string(),
  status: BillingInvoiceStatusSchema,
  reason: BillingInvoiceReasonSchema,
  lines: z.array(BillingInvoiceLineSchema),
  subtotal: Money,
  discount: Money,
  total: Money,
  amountPaid: Money,
  currencyCode: z.string(),
  periodStart: Iso.nullable(),
  periodEnd: Iso.nullable(),
  attemptCount: z.number().int(),
  nextPaymentAttemptAt: Iso.nullable(),
  paidAt: Iso.nullable(),
  createdAt: Iso,
  /** `GET …/invoices/:id/receipt.pdf` once paid, else null. */
  receiptUrl: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof BillingInvoiceSchema>;

export const SubscriptionSchema = z.object({
  id: z.string(),
  planType: PlanTypeSchema,
  interval: BillingIntervalSchema,
  status: SubscriptionStatusSchema,
  /** Price of one period for the plan and seats, before discount. */
  unitAmount: Money,
  currencyCode: z.string(),
  trialEndsAt: Iso.nullable(),
  currentPeriodStart: Iso,
  currentPeriodEnd: Iso,
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: Iso.nullable(),
  endedAt: Iso.nullable(),
  pausedAt: Iso.nullable(),
  resumesAt: Iso.nullable(),
  /** A downgrade or cycle change waiting for the period's end. */
  pendingChange: z
    .object({ planType: PlanTypeSchema, interval: BillingIntervalSchema, effectiveAt: Iso })
    .nullable(),
  /** A discount on the next invoices (the 40 % offer or a promotion code). */
  discount: z
    .object({ code: z.string(), percentOff: z.number().int(), invoicesRemaining: z.number().int() })
    .nullable(),
  additionalSeats: z.number().int(),
  defaultPaymentMethodId: z.string().nullable(),
  /** The spec §4 rules, computed by the contract's functions. */
  isActive: z.boolean(),
  isPaused: z.boolean(),
  hasPaymentProblem: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** GET /api/web/billing: everything /account-info's billing section shows. */
export const BillingOverviewSchema = z.object({
  planType: PlanTypeSchema,
  /** The store's subscription (the latest, also when canceled); null when it never had one. */
  subscription: SubscriptionSchema.nullable(),
  /** The next invoice if nothing changes (null on Free, when canceling, or paused). */
  upcomingInvoice: z.object({ amountDue: Money, currencyCode: z.string(), date: Iso }).nullable(),
  seats: z.object({
    included: z.number().int(),
    additional: z.number().int(),
    inUse: z.number().int(),
  }),
  modules: z.array(SubscriptionModuleSchema),
  creditsBalance: z.number().int(),
  features: z.array(FeatureAccessSchema),
  /** The payment provider: `isLocal` means test cards and a test clock (nothing real is charged). */
  provider: z.object({ name: z.string(), isLocal: z.boolean() }),
  /** The store's billing time: now, moved forward by the test clock (local provider only). */
  now: Iso,
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

/** What a plan change costs now (proration) and when it takes effect. */
export const PlanChangePreviewSchema = z.object({
  planType: PlanTypeSchema,
  interval: BillingIntervalSchema,
  kind: z.enum(['START', 'UPGRADE', 'DOWNGRADE', 'CYCLE_CHANGE', 'NONE']),
  /** Charged now (START without trial, UPGRADE); 0 when it waits for the period's end. */
  amountDueNow: Money,
  credit: Money,
  charge: Money,
  /**
   * The subscription's discount on what is charged now (`amountDueNow` = charge − credit −
   * amount); null when nothing is discounted. An upgrade's proration does not use up one of the
   * discount's invoices.
   */
  discount: z.object({ code: z.string(), percentOff: z.number().int(), amount: Money }).nullable(),
  currencyCode: z.string(),
  effectiveAt: Iso,
  /** START only: days of trial before the first charge (0 when the store had a trial before). */
  trialDays: z.number().int(),
  /** Why it cannot be done (e.g. seats in use above the new plan's), null when it can. */
  blockedReason: z.string().nullable(),
});
export type PlanChangePreview = z.infer<typeof PlanChangePreviewSchema>;

const CodeSchema = z.string().trim().min(1).max(64);

export const ChangePlanBodySchema = z.object({
  planType: PlanTypeSchema,
  interval: BillingIntervalSchema,
  /** A saved payment method; the default one when omitted. Required to start a paid plan. */
  paymentMethodId: IdSchema.optional(),
  promotionCode: CodeSchema.optional(),
});

export const PauseBodySchema = z.object({
  months: z.number().int().min(1).max(MAX_PAUSE_MONTHS),
});

/** A card to save: a local test card, or a Stripe PaymentMethod id from Stripe.js. */
export const AttachPaymentMethodBodySchema = z.object({
  paymentMethod: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('test_card'),
      number: z.string().trim().min(12).max(23),
      expMonth: z.number().int().min(1).max(12),
      expYear: z.number().int().min(2000).max(2100),
      cvc: z
        .string()
        .trim()
        .regex(/^\d{3,4}$/),
    }),
    z.object({ type: z.literal('stripe'), paymentMethodId: z.string().trim().min(3).max(255) }),
  ]),
  makeDefault: z.boolean().optional(),
});

export const CancellationResponseSchema = z.object({
  outcome: CancellationOutcomeSchema,
  subscription: SubscriptionSchema,
});

const IdParams = z.object({ id: IdSchema });
const OkSchema = z.object({ ok: z.literal(true) });

export const billingEndpoints = {
  plans: defineEndpoint({
    method: 'GET',
    path: '/api/public/billing/plans',
    auth: 'public',
    response: z.object({ plans: z.array(PlanSchema), fees: z.array(PlatformFeeSchema) }),
    summary: 'The pricing page: every plan, price and fee (no login).',
    tags: ['billing'],
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/web/billing',
    response: BillingOverviewSchema,
    summary:
      'Spec §7 subscription get: plan, status, next invoice, seats, modules, credits, gates.',
    tags: ['billing'],
  }),
  previewChange: defineEndpoint({
    method: 'GET',
    path: '/api/web/billing/subscription/preview',
    query: z.object({ planType: PlanTypeSchema, interval: BillingIntervalSchema }),
    response: PlanChangePreviewSchema,
    tags: ['billing'],
  }),
  changePlan: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/subscription',
    body: ChangePlanBodySchema,
    response: z.object({
      subscription: SubscriptionSchema,
      invoice: BillingInvoiceSchema.nullable(),
    }),
    summary:
      'Start a paid plan (trial first time), upgrade now (prorated, charged), downgrade or change cycle at the period end. Optional Idempotency-Key: the first answer is replayed for 24 h; the key with another body is 409 idempotency_key_reused, while the first runs 409 idempotency_in_progress; a refusal keeps nothing.',
    tags: ['billing'],
  }),
  pause: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/subscription/pause',
    body: PauseBodySchema,
    response: SubscriptionSchema,
    tags: ['billing'],
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/subscription/resume',
    response: SubscriptionSchema,
    tags: ['billing'],
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/subscription/cancel',
    body: z.object({ answers: CancellationAnswersSchema }),
    response: CancellationResponseSchema,
    summary:
      "The questionnaire's end: stores the answers; BOOK_A_CALL changes nothing, OFFER_TAKEN applies 40 % off, CANCELED cancels at the period end.",
    tags: ['billing'],
  }),
  undoCancel: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/subscription/undo-cancel',
    response: SubscriptionSchema,
    summary: 'Keep a subscription that is set to cancel at the period end.',
    tags: ['billing'],
  }),
  reactivate: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/subscription/reactivate',
    body: z.object({ code: CodeSchema }),
    response: z.object({
      subscription: SubscriptionSchema,
      invoice: BillingInvoiceSchema.nullable(),
    }),
    summary:
      'Reactivate a plan canceled in the last days, charged now. Optional Idempotency-Key, as for changePlan.',
    tags: ['billing'],
  }),
  promotionCode: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/subscription/promotion-code',
    body: z.object({ code: CodeSchema }),
    response: SubscriptionSchema,
    tags: ['billing'],
  }),
  seats: defineEndpoint({
    method: 'PUT',
    path: '/api/web/billing/subscription/seats',
    body: z.object({ additionalSeats: z.number().int().min(0).max(500) }),
    response: z.object({
      subscription: SubscriptionSchema,
      invoice: BillingInvoiceSchema.nullable(),
    }),
    summary:
      'Set the additional seats; more are charged now, prorated. Optional Idempotency-Key, as for changePlan.',
    tags: ['billing'],
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/api/web/billing/invoices',
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
    response: z.object({ items: z.array(BillingInvoiceSchema), nextCursor: z.string().nullable() }),
    tags: ['billing'],
  }),
  retryInvoice: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/invoices/:id/retry',
    params: IdParams,
    response: BillingInvoiceSchema,
    summary: 'Spec §7 retry-invoice: charge an OPEN invoice again with the default payment method.',
    tags: ['billing'],
  }),
  paymentMethods: defineEndpoint({
    method: 'GET',
    path: '/api/web/billing/payment-methods',
    response: z.object({ items: z.array(PaymentMethodSchema) }),
    tags: ['billing'],
  }),
  attachPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/payment-methods',
    body: AttachPaymentMethodBodySchema,
    response: PaymentMethodSchema,
    successStatus: 201,
    tags: ['billing'],
  }),
  detachPaymentMethod: defineEndpoint({
    method: 'DELETE',
    path: '/api/web/billing/payment-methods/:id',
    params: IdParams,
    response: OkSchema,
    tags: ['billing'],
  }),
  defaultPaymentMethod: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/payment-methods/:id/default',
    params: IdParams,
    response: PaymentMethodSchema,
    tags: ['billing'],
  }),
  buyBundle: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/bundles/:name/purchase',
    params: z.object({ name: BundleNameSchema }),
    body: z.object({
      credits: z.number().int().min(1).max(MAX_CREDITS_PER_ENTRY),
      paymentMethodId: IdSchema.optional(),
    }),
    response: z.object({ module: SubscriptionModuleSchema, invoice: BillingInvoiceSchema }),
    summary: 'Buy credits of a bundle, charged now. Optional Idempotency-Key, as for changePlan.',
    tags: ['billing'],
  }),
  credits: defineEndpoint({
    method: 'GET',
    path: '/api/web/billing/credits',
    query: z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
    response: CreditsSchema,
    tags: ['billing'],
  }),
  advanceTestClock: defineEndpoint({
    method: 'POST',
    path: '/api/web/billing/test-clock/advance',
    body: z.object({ days: z.number().int().min(1).max(400) }),
    response: BillingOverviewSchema,
    summary:
      "Local provider only (409 `test_clock_unavailable` otherwise): moves the store's billing time forward and runs what falls due (renewals, trial end, dunning retries, pause end).",
    tags: ['billing'],
  }),
} as const;
