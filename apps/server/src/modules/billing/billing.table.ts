import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { jsonb } from '../../db/jsonb';
import type { PlanType } from '@atelier/contract/identity/plans';
import type { BillingInterval } from '@atelier/contract/billing/plans';
import type {
  BillingInvoiceStatus,
  SubscriptionStatus,
} from '@atelier/contract/billing/subscription';
import type { BundleName, ModuleStatus } from '@atelier/contract/billing/bundles';
import type { CreditEntryKind } from '@atelier/contract/billing/credits';
import type {
  CancellationAnswers,
  CancellationOutcome,
} from '@atelier/contract/billing/cancellation';
import { createdAt, timestampAt, updatedAt } from '@/db/columns';

const at = timestampAt;

/**
 * Issue 13: a store's billing account. `clockOffsetMs` is the local test clock (how far the
 * store's billing time runs ahead of the server's, ms; always 0 with a real provider);
 * `trialUsedAt` is set the first time the store starts a trial (one trial per store).
 */
export const billingAccounts = pgTable('billing_accounts', {
  storeId: text('store_id').primaryKey(),
  clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull().default(0),
  trialUsedAt: at('trial_used_at'),
  /** The provider's customer id (Stripe `cus_…`), null for the local provider. */
  providerCustomerId: text('provider_customer_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Issue 13, spec §4: a store's plan subscription. At most one per store has `endedAt` null.
 * Money in integer minor units of `currencyCode`. `unitAmount` is the plan's price for one
 * `interval` plus the additional seats'.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    planType: text('plan_type').$type<PlanType>().notNull(),
    interval: text('interval').$type<BillingInterval>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    unitAmount: bigint('unit_amount', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    trialEndsAt: at('trial_ends_at'),
    currentPeriodStart: at('current_period_start').notNull(),
    currentPeriodEnd: at('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: at('canceled_at'),
    endedAt: at('ended_at'),
    pausedAt: at('paused_at'),
    resumesAt: at('resumes_at'),
    pendingPlanType: text('pending_plan_type').$type<PlanType>(),
    pendingInterval: text('pending_interval').$type<BillingInterval>(),
    discountCode: text('discount_code'),
    discountPercentOff: integer('discount_percent_off'),
    discountInvoicesRemaining: integer('discount_invoices_remaining'),
    additionalSeats: integer('additional_seats').notNull().default(0),
    defaultPaymentMethodId: text('default_payment_method_id'),
    /** The provider's subscription id (Stripe `sub_…`), null for the local engine. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** When the "trial ending soon" e-mail went out for this trial (once per subscription). */
    trialReminderSentAt: at('trial_reminder_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('billing_subscriptions_one_current')
      .on(table.storeId)
      .where(sql`${table.endedAt} is null`),
    index('billing_subscriptions_store').on(table.storeId, table.createdAt),
    index('billing_subscriptions_period_end').on(table.currentPeriodEnd),
  ],
);

export type BillingInvoiceLine = {
  description: string;
  amount: number;
  periodStart: string | null;
  periodEnd: string | null;
};

/** Issue 13: a billing invoice (plan periods, prorations, seats, bundles). */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    subscriptionId: text('subscription_id'),
    number: text('number').notNull(),
    status: text('status').$type<BillingInvoiceStatus>().notNull(),
    reason: text('reason')
      .$type<
        'SUBSCRIPTION_CREATE' | 'SUBSCRIPTION_CYCLE' | 'SUBSCRIPTION_UPDATE' | 'BUNDLE' | 'SEATS'
      >()
      .notNull(),
    lines: jsonb('lines').$type<BillingInvoiceLine[]>().notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    currencyCode: text('currency_code').notNull(),
    periodStart: at('period_start'),
    periodEnd: at('period_end'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextPaymentAttemptAt: at('next_payment_attempt_at'),
    paymentMethodId: text('payment_method_id'),
    providerChargeId: text('provider_charge_id'),
    /** The provider's invoice (Stripe Billing `in_…`), null with the local provider. */
    providerInvoiceId: text('provider_invoice_id'),
    failureReason: text('failure_reason'),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('billing_invoices_number').on(table.number),
    index('billing_invoices_provider_invoice').on(table.providerInvoiceId),
    index('billing_invoices_store').on(table.storeId, table.createdAt),
    index('billing_invoices_next_attempt').on(table.nextPaymentAttemptAt),
  ],
);

/**
 * Issue 13 payment methods (spec §7 attach, list, detach, default). `providerPaymentMethodId`
 * is what the provider charges: Stripe `pm_…`, or the local provider's `pm_local_<test card>`
 * (test cards only: the local provider refuses every real number).
 */
export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    provider: text('provider').notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    detachedAt: at('detached_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('billing_payment_methods_store').on(table.storeId),
    uniqueIndex('billing_payment_methods_one_default')
      .on(table.storeId)
      .where(sql`${table.isDefault} and ${table.detachedAt} is null`),
  ],
);

/** Issue 13 subscription modules (bundles), spec §4 module status, one row per store and bundle. */
export const billingModules = pgTable(
  'billing_modules',
  {
    storeId: text('store_id').notNull(),
    name: text('name').$type<BundleName>().notNull(),
    status: text('status').$type<ModuleStatus>().notNull(),
    source: text('source').$type<'PLAN' | 'PURCHASE'>().notNull(),
    activatedAt: at('activated_at'),
    expiresAt: at('expires_at'),
    /** Set once the bundle's welcome credits were granted (once per store and bundle). */
    welcomeCreditsGrantedAt: at('welcome_credits_granted_at'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.storeId, table.name] })],
);

/**
 * Issue 13 credits: the running balance per store (the row a spend locks) and the ledger of every
 * change. The balance equals the sum of the entries' `credits` and never goes below 0.
 */
export const creditBalances = pgTable('credit_balances', {
  storeId: text('store_id').primaryKey(),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

export const creditEntries = pgTable(
  'credit_entries',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    kind: text('kind').$type<CreditEntryKind>().notNull(),
    /** Signed credits: + for GRANT and REFUND, − for SPEND and EXPIRY. */
    credits: bigint('credits', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The caller's key: the same key twice records one entry. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** GRANT only: when what is left of it expires. */
    expiresAt: at('expires_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('credit_entries_idempotency').on(table.storeId, table.idempotencyKey),
    index('credit_entries_store').on(table.storeId, table.createdAt),
  ],
);

/** Issue 13 promotion codes: percent off the next `durationInvoices` invoices. */
export const billingPromotionCodes = pgTable('billing_promotion_codes', {
  code: text('code').primaryKey(),
  percentOff: integer('percent_off').notNull(),
  durationInvoices: integer('duration_invoices').notNull(),
  expiresAt: at('expires_at'),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  createdAt: createdAt(),
});

/** Issue 13, spec §4: the cancellation questionnaire's answers, kept for the platform team. */
export const billingCancellationAnswers = pgTable(
  'billing_cancellation_answers',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    userId: text('user_id').notNull(),
    answers: jsonb('answers').$type<CancellationAnswers>().notNull(),
    outcome: text('outcome').$type<CancellationOutcome>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('billing_cancellation_answers_created').on(table.createdAt)],
);

/** Billing webhooks already processed, by the provider's event id (delivered at least once). */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull(),
});
