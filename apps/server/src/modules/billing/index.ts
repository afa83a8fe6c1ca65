import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_PLAN_PRICES, type PlanPrices } from '@atelier/contract/billing/plans';
import type { PlanType } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { Notifier } from '@/modules/notifications';
import type { PaymentProvider } from '../orders';
import { createBillingClock } from './billing-clock';
import { createBillingExportSources } from './billing.export';
import { createBillingEmail } from './billing-email';
import { createBillingCustomers } from './billing-customers';
import type { BillingGateway } from './billing-gateway';
import { createBillingInvoicesService } from './billing-invoices';
import { billingWebhookRoutes } from './billing-webhook.routes';
import { createBillingWebhooks } from './billing-webhooks';
import { billingPromotionCodes } from './billing.table';
import { createCreditsService } from './credits';
import { createEntitlementsService } from './entitlements';
import { createModulesService } from './modules';
import { createPaymentMethodsService } from './payment-methods';
import { createRenewals } from './renewals';
import { subscriptionRoutes } from './subscription.routes';
import {
  createSubscriptionCore,
  createSubscriptionsService,
  type BillingStoresPort,
} from './subscriptions';
import { billingWalletRoutes } from './wallet.routes';

export type { BillingStoresPort } from './subscriptions';
export type { BillingGateway } from './billing-gateway';
export { createLocalBillingGateway } from './billing-gateway';
export { createStripeBillingGateway } from './stripe-billing-gateway';
export type { CreditsService, EntitlementsService } from './billing.services';

export type BillingModuleDeps = {
  db: Database;
  clock: Clock;
  /** The orders module's PaymentProvider (orders and billing's card provider: local or Stripe). */
  provider: PaymentProvider;
  /**
   * How billing moves money: `createLocalBillingGateway` over `provider` (test cards), or
   * `createStripeBillingGateway` (Stripe Billing) when Stripe is configured.
   */
  gateway: BillingGateway;
  notifier: Notifier;
  publicUrl: string;
  findStoreEmail: (storeId: string) => Promise<string | undefined>;
  /** stores.plan_type and seats in use, from the identity module. */
  stores: BillingStoresPort;
  /** config BILLING_PLAN_PRICES; DEFAULT_PLAN_PRICES when unset. */
  planPrices?: Record<PlanType, PlanPrices>;
  log?: { warn(object: unknown, message: string): void };
};

/**
 * The promotion codes every install has (inserted when missing): WELCOME20 (20 % off one
 * invoice) and SUMMER2026 (expired 2026-09-01, to show the expired answer).
 */
export const DEFAULT_PROMOTION_CODES = [
  { code: 'WELCOME20', percentOff: 20, durationInvoices: 1, expiresAt: null, maxRedemptions: null },
  {
    code: 'SUMMER2026',
    percentOff: 25,
    durationInvoices: 3,
    expiresAt: new Date('2026-09-01T00:00:00.000Z'),
    maxRedemptions: null,
  },
];

/**
 * Billing module (issue 13; ARCHITECTURE.md §3 `billing`): plans, subscriptions, payment
 * methods, invoices and receipts, renewals and dunning, bundles, credits and the feature gates.
 * Other modules use `spendCredits` (AI work) and `entitlements` (server-side gates).
 */
export const createBillingModule = (deps: BillingModuleDeps) => {
  const { db, provider, gateway } = deps;
  const planPrices = deps.planPrices ?? DEFAULT_PLAN_PRICES;
  const clock = createBillingClock({ db, clock: deps.clock, isLocal: provider.isLocal });
  const credits = createCreditsService({ db });
  const modules = createModulesService({ db, credits });
  const entitlements = createEntitlementsService({ db, modules, clock });
  const customers = createBillingCustomers({ db, gateway, findStoreEmail: deps.findStoreEmail });
  const paymentMethods = createPaymentMethodsService({ db, clock, gateway, customers });
  const invoices = createBillingInvoicesService({
    db,
    gateway,
    customers,
    paymentMethods,
    log: deps.log,
  });
  const subscriptionDeps = {
    db,
    clock,
    invoices,
    paymentMethods,
    modules,
    credits,
    entitlements,
    stores: deps.stores,
    prices: planPrices,
    provider: { name: provider.name, isLocal: provider.isLocal },
  };
  const core = createSubscriptionCore(subscriptionDeps);
  const subscriptions = createSubscriptionsService(subscriptionDeps, core);
  const email = createBillingEmail({
    notifier: deps.notifier,
    findStoreEmail: deps.findStoreEmail,
    publicUrl: deps.publicUrl,
  });
  const renewals = createRenewals({
    db,
    clock,
    invoices,
    core,
    subscriptions,
    email,
    credits,
    log: deps.log,
  });
  const webhooks = createBillingWebhooks({
    db,
    serverClock: deps.clock,
    clock,
    gateway,
    core,
    paymentMethods,
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(
      subscriptionRoutes({ subscriptions, paymentMethods, invoices, clock, renewals }),
    );
    await app.register(billingWebhookRoutes(webhooks));
    await app.register(billingWalletRoutes({ db, credits, modules, invoices, clock, planPrices }));
  };
  return {
    routes,
    /** The store's billing tables in "Export my data". */
    exportSources: createBillingExportSources(db),
    clock,
    credits,
    modules,
    entitlements,
    subscriptions,
    invoices,
    paymentMethods,
    renewals,
    webhooks,
    /** Takes AI credits (409 `credits_insufficient`); idempotent per key. */
    spendCredits: credits.spendCredits.bind(credits),
    /** Inserts the default promotion codes that are missing (every start). */
    async ensurePromotionCodes() {
      await db.insert(billingPromotionCodes).values(DEFAULT_PROMOTION_CODES).onConflictDoNothing();
    },
  };
};
export type BillingModule = ReturnType<typeof createBillingModule>;
