import type { BundleName, SubscriptionModule } from '@atelier/contract/billing/bundles';
import type { CreditEntry } from '@atelier/contract/billing/credits';
import type { FeatureAccess, FeatureKey } from '@atelier/contract/billing/entitlements';
import type { BillingInvoice, PaymentMethod } from '@atelier/contract/billing/billing-api';
import type { PlanType } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import type { BillingInvoiceLine } from './billing.table';

/**
 * Issue 13: the services of the billing module and how they call each other. Each is built in
 * its own file (named beside it); `index.ts` wires them. Money is integer minor units of
 * `currencyCode`; `now` is the store's billing time (`BillingClock.now(storeId)`).
 */

/** A transaction or the database: services take one so a caller can group writes. */
export type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** billing-clock.ts: the store's billing time (server time + the local test clock's offset). */
export interface BillingClock {
  /** Now for this store, moved forward by its test clock (0 offset with a real provider). */
  now(storeId: string, db?: Db): Promise<Date>;
  /** Local provider only: adds `days` to the store's offset; throws 409 `test_clock_unavailable` otherwise. */
  advance(storeId: string, days: number): Promise<Date>;
}

/** credits.ts: the credits ledger (issue 13). Balance = sum of entries, never negative. */
export interface CreditsService {
  /**
   * Adds `credits` (> 0) as a GRANT; the same `idempotencyKey` for the store records it once
   * (returns the first entry). `expiresAt`: when what is left of this grant expires.
   */
  grant(
    storeId: string,
    input: { credits: number; reason: string; idempotencyKey: string; expiresAt?: Date | null },
    db?: Db,
  ): Promise<CreditEntry>;
  /**
   * Takes `amount` (> 0) credits; 409 `credits_insufficient` (balance named in the message) when
   * the balance is lower, nothing written. Idempotent per key: a retry returns the first entry.
   * Other modules (AI generation) call this through the module's index.
   */
  spendCredits(
    storeId: string,
    amount: number,
    reason: string,
    idempotencyKey: string,
  ): Promise<CreditEntry>;
  /** Gives back a SPEND (by its idempotency key) as a REFUND entry, once. 404 when no such spend. */
  refundSpend(storeId: string, spendIdempotencyKey: string, reason: string): Promise<CreditEntry>;
  /** Writes EXPIRY entries for grants whose `expiresAt` ≤ now (what is left of them), once each. */
  expireDue(storeId: string, now: Date): Promise<number>;
  balance(storeId: string, db?: Db): Promise<number>;
  /** Newest first, keyset-paginated. */
  history(
    storeId: string,
    page: { cursor?: string; limit?: number },
  ): Promise<{ balance: number; entries: CreditEntry[]; nextCursor: string | null }>;
}

/** payment-methods.ts: saved cards (spec §7 attach, list, detach, default). */
export interface PaymentMethodsService {
  list(storeId: string): Promise<PaymentMethod[]>;
  /** The default card, or null. */
  findDefault(storeId: string, db?: Db): Promise<PaymentMethod | null>;
  /** One of the store's attached cards; 404 `payment_method_not_found` otherwise (another store's too). */
  get(storeId: string, id: string, db?: Db): Promise<PaymentMethod>;
  /** What the PaymentProvider charges for this card (`ChargeRequest['paymentMethod']`). */
  chargeInputOf(storeId: string, id: string, db?: Db): Promise<unknown>;
}

/** billing-invoices.ts: billing invoices and charging them. */
export interface BillingInvoicesService {
  /**
   * Creates an invoice (number ATL-NNNNNN) with `lines` (negative lines are credits), applies
   * `percentOff` to the positive part, and charges the total with `paymentMethodId` (the default
   * card when omitted) through the BillingGateway under idempotency keys derived from the
   * invoice id (with Stripe, a Stripe invoice with the same lines). A total of 0 is PAID at once. A decline leaves it OPEN with `attemptCount` 1 and
   * `failureReason`; it does not throw. 402-like failures are results; 409 `payment_method_required`
   * when there is no card at all.
   */
  createAndCharge(input: {
    storeId: string;
    subscriptionId: string | null;
    reason: BillingInvoice['reason'];
    lines: BillingInvoiceLine[];
    currencyCode: string;
    periodStart: Date | null;
    periodEnd: Date | null;
    percentOff?: number | null;
    discountLabel?: string | null;
    paymentMethodId?: string | null;
    now: Date;
  }): Promise<BillingInvoice>;
  /**
   * Charges an OPEN invoice again (spec §7 retry-invoice, and dunning); PAID or still OPEN. With
   * Stripe it pays the same Stripe invoice again, never a second one.
   */
  retry(storeId: string, invoiceId: string, now: Date): Promise<BillingInvoice>;
  /**
   * Sets an OPEN invoice's status by the failure handling (UNCOLLECTIBLE / VOID / DRAFT) and the
   * provider's invoice likewise (void / mark uncollectible; logged, not thrown, when it fails).
   */
  giveUp(
    storeId: string,
    invoiceId: string,
    handling: 'keep_as_draft' | 'mark_uncollectible' | 'void',
  ): Promise<void>;
  list(
    storeId: string,
    page: { cursor?: string; limit?: number },
  ): Promise<{ items: BillingInvoice[]; nextCursor: string | null }>;
}

/** modules.ts: subscription modules (bundles) and their status. */
export interface ModulesService {
  /** Every bundle with its status for the store (NOT_ACTIVE rows included). */
  list(storeId: string, now: Date, db?: Db): Promise<SubscriptionModule[]>;
  /** Names of ACTIVE modules (expired ones are EXPIRED by `now`). */
  activeNames(storeId: string, now: Date, db?: Db): Promise<BundleName[]>;
  /**
   * Sets the plan's included module (beginner for TIER_2/TIER_2_5, professional for TIER_3)
   * ACTIVE with source PLAN and the other PLAN-sourced one NOT_ACTIVE/EXPIRED; grants the welcome
   * credits the first time a bundle becomes ACTIVE for the store. `planType` TIER_1 or a paused /
   * UNPAID subscription: PLAN modules become EXPIRED.
   */
  syncPlanModules(
    storeId: string,
    planType: PlanType,
    usable: boolean,
    now: Date,
    db?: Db,
  ): Promise<void>;
}

/** entitlements.ts: the feature policy on the server (the same contract function the web reads). */
export interface EntitlementsService {
  features(storeId: string): Promise<FeatureAccess[]>;
  /** Throws 403 `feature_not_in_plan` with `details` naming what it needs when not allowed. */
  require(storeId: string, feature: FeatureKey): Promise<void>;
}
