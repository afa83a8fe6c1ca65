import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import {
  BUNDLE_ACTIVE_DAYS,
  BUNDLE_CREDIT_SIZES,
  BUNDLE_LABELS,
  bundlePrice,
  type BundleName,
} from '@atelier/contract/billing/bundles';
import { PLATFORM_FEES, planCatalogue, type PlanPrices } from '@atelier/contract/billing/plans';
import type { PlanType } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import { requireRole, type Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import { routeOptions } from '@/lib/endpoint';
import type {
  BillingClock,
  BillingInvoicesService,
  CreditsService,
  ModulesService,
} from './billing.services';
import { createBillingIdempotency, idempotencyKeyOf } from './billing-idempotency';
import { activatePurchasedModule } from './modules';

export type BillingWalletRoutesDeps = {
  db: Database;
  credits: CreditsService;
  modules: ModulesService;
  invoices: BillingInvoicesService;
  clock: BillingClock;
  /** config BILLING_PLAN_PRICES (DEFAULT_PLAN_PRICES when unset). */
  planPrices: Record<PlanType, PlanPrices>;
};

const DAY_MS = 86_400_000;

/**
 * Issue 13, spec §9: buys `credits` of bundle `name` for the actor's store. The size must be one
 * of BUNDLE_CREDIT_SIZES[name] (400 at `body.credits`); only OWNER/ADMIN (403). Charges
 * `bundlePrice` (US cents) with the card given or the default one through the invoices service
 * (reason BUNDLE). Paid: the module is ACTIVE (source PURCHASE, BUNDLE_ACTIVE_DAYS; the plan's
 * own module stays PLAN), the credits are granted expiring with it, and the bundle's welcome
 * credits the first time. Declined: the invoice is voided and nothing else changes, 409
 * `payment_declined`. 409 `payment_method_required` when the store has no card.
 */
export const buyBundle = async (
  { db, credits, invoices, clock }: BillingWalletRoutesDeps,
  actor: Actor,
  name: BundleName,
  body: { credits: number; paymentMethodId?: string | undefined },
) => {
  requireRole(actor, 'OWNER', 'ADMIN');
  const sizes = BUNDLE_CREDIT_SIZES[name];
  if (!sizes.includes(body.credits)) {
    throw new AppError(
      'bad_request',
      `The ${BUNDLE_LABELS[name]} is sold in ${sizes.join(', ')} credits.`,
      {
        reason: 'bundle_size_invalid',
        details: [{ field: 'body.credits', message: `One of ${sizes.join(', ')}.` }],
      },
    );
  }
  const { storeId } = actor;
  const now = await clock.now(storeId);
  const until = new Date(now.getTime() + BUNDLE_ACTIVE_DAYS * DAY_MS);
  const price = bundlePrice(name, body.credits);
  const invoice = await invoices.createAndCharge({
    storeId,
    subscriptionId: null,
    reason: 'BUNDLE',
    lines: [
      {
        description: `${BUNDLE_LABELS[name]}: ${body.credits.toLocaleString('en-US')} credits`,
        amount: price,
        periodStart: now.toISOString(),
        periodEnd: until.toISOString(),
      },
    ],
    currencyCode: 'USD',
    periodStart: now,
    periodEnd: until,
    paymentMethodId: body.paymentMethodId ?? null,
    now,
  });
  if (invoice.status !== 'PAID') {
    // Nothing was bought: the open invoice must not be retried into a bundle later.
    await invoices.giveUp(storeId, invoice.id, 'void');
    throw new AppError('conflict', 'The card was declined; nothing was bought. Try another card.', {
      reason: 'payment_declined',
    });
  }
  const module = await db.transaction(async (tx) => {
    const activated = await activatePurchasedModule(tx, credits, storeId, name, now);
    const expiresAt = activated.module.expiresAt
      ? new Date(activated.module.expiresAt)
      : activated.creditsExpireAt;
    await credits.grant(
      storeId,
      {
        credits: body.credits,
        reason: `${BUNDLE_LABELS[name]} (invoice ${invoice.number})`,
        idempotencyKey: `bundle:${invoice.id}`,
        expiresAt,
      },
      tx,
    );
    return activated.module;
  });
  return { module, invoice };
};

/**
 * Issue 13 wallet routes: the store's credits history (any member; newest first, cursor
 * paginated), buying a bundle (see `buyBundle`; an optional `Idempotency-Key` is honoured as
 * billing-idempotency.ts says: one charge per key, the first answer replayed for 24 h), and the
 * public plan catalogue with every platform fee (no login).
 */
export const billingWalletRoutes =
  (deps: BillingWalletRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const idempotency = createBillingIdempotency({ db: deps.db });
    app.get(api.credits.path, routeOptions(api.credits), async (request) =>
      deps.credits.history(request.actor.storeId, request.query),
    );
    app.post(api.buyBundle.path, routeOptions(api.buyBundle), async (request) =>
      idempotency.run(
        request.actor.storeId,
        idempotencyKeyOf(request.headers),
        'billing.buy_bundle',
        { name: request.params.name, ...request.body },
        () => buyBundle(deps, request.actor, request.params.name, request.body),
      ),
    );
    app.get(api.plans.path, routeOptions(api.plans), async () => ({
      plans: planCatalogue(deps.planPrices),
      fees: PLATFORM_FEES,
    }));
  };
