import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type {
  BillingInvoice,
  BillingOverview,
  PlanChangePreview,
  Subscription,
} from '@atelier/contract/billing/billing-api';
import {
  cancellationOutcomeOf,
  type CancellationAnswers,
  type CancellationOutcome,
} from '@atelier/contract/billing/cancellation';
import {
  ADDITIONAL_SEAT_PRICE_PER_MONTH,
  PLAN_SEATS,
  TRIAL_DAYS,
  planRank,
  type BillingInterval,
  type PlanPrices,
} from '@atelier/contract/billing/plans';
import {
  CANCELLATION_OFFER_INVOICES,
  CANCELLATION_OFFER_PERCENT_OFF,
  REACTIVATE_CODE,
  REACTIVATE_WINDOW_DAYS,
  addInterval,
  billingInvoiceTotals,
  discountOnInvoice,
  hasPaymentProblem,
  isSubscriptionActive,
  isSubscriptionPaused,
  prorate,
  type BillingInvoiceReason,
} from '@atelier/contract/billing/subscription';
import { PLAN_NAMES, type PlanType } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import { stores } from '@/db/schema';
import { requireRole, type Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import { newId } from '@/lib/ids';
import type { BillingClockService } from './billing-clock';
import { createBillingIdempotency } from './billing-idempotency';
import type { BillingInvoices } from './billing-invoices';
import type { CreditsService, Db, EntitlementsService, ModulesService } from './billing.services';
import {
  billingAccounts,
  billingCancellationAnswers,
  billingPromotionCodes,
  billingSubscriptions,
} from './billing.table';
import type { BillingPaymentMethods } from './payment-methods';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

const DAY_MS = 86_400_000;

/** What billing needs from the identity module (passed from app.ts). */
export type BillingStoresPort = {
  /** Writes stores.plan_type (every gate of the app reads it) and forgets cached sessions. */
  setPlanType(storeId: string, planType: PlanType, db?: Db): Promise<void>;
  /** Seats taken: the owner and every other member, invited or accepted. */
  countSeatsInUse(storeId: string): Promise<number>;
};

export type SubscriptionsDeps = {
  db: Database;
  clock: BillingClockService;
  invoices: BillingInvoices;
  paymentMethods: BillingPaymentMethods;
  modules: ModulesService;
  credits: CreditsService;
  entitlements: EntitlementsService;
  stores: BillingStoresPort;
  prices: Record<PlanType, PlanPrices>;
  provider: { name: string; isLocal: boolean };
};

/** Plans that can buy seats beyond the included ones. */
export const allowsAdditionalSeats = (planType: PlanType) =>
  planType === 'TIER_2_5' || planType === 'TIER_3';

/** The plan the rest of the app sees for a subscription (Free without one that counts). */
export const effectivePlanType = (row: SubscriptionRow | null): PlanType =>
  row && row.endedAt === null && isSubscriptionActive(row) ? row.planType : 'TIER_1';

/** Whether paid features work: an active subscription that is not paused. */
export const paidFeaturesUsable = (row: SubscriptionRow | null): boolean =>
  row !== null &&
  row.endedAt === null &&
  isSubscriptionActive(row) &&
  !isSubscriptionPaused({ pausedAt: row.pausedAt, status: row.status });

/**
 * The subscription's discount on one of its invoices (the contract's `discountOnInvoice`): the
 * percent, the invoice line's label, and whether the invoice uses up one of the discount's.
 */
export const discountOf = (row: SubscriptionRow, reason: BillingInvoiceReason) => {
  const { percentOff, usesInvoice } = discountOnInvoice(
    { percentOff: row.discountPercentOff, invoicesRemaining: row.discountInvoicesRemaining },
    reason,
  );
  return {
    percentOff,
    usesInvoice,
    discountLabel: percentOff > 0 ? `${row.discountCode}: ${percentOff}% off` : null,
  };
};

/** What `row` renews to at its trial's or period's end: the plan, the cycle, the seats it keeps. */
export const renewalOf = (row: SubscriptionRow) => {
  const planType = row.pendingPlanType ?? row.planType;
  return {
    planType,
    interval: row.pendingInterval ?? row.interval,
    additionalSeats: allowsAdditionalSeats(planType) ? row.additionalSeats : 0,
  };
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The API shape of a subscription row with the §4 rules computed by the contract. */
export const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  planType: row.planType,
  interval: row.interval,
  status: row.status,
  unitAmount: row.unitAmount,
  currencyCode: row.currencyCode,
  trialEndsAt: iso(row.trialEndsAt),
  currentPeriodStart: row.currentPeriodStart.toISOString(),
  currentPeriodEnd: row.currentPeriodEnd.toISOString(),
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  canceledAt: iso(row.canceledAt),
  endedAt: iso(row.endedAt),
  pausedAt: iso(row.pausedAt),
  resumesAt: iso(row.resumesAt),
  pendingChange: row.pendingPlanType
    ? {
        planType: row.pendingPlanType,
        interval: row.pendingInterval ?? row.interval,
        effectiveAt: row.currentPeriodEnd.toISOString(),
      }
    : null,
  discount:
    row.discountCode && (row.discountInvoicesRemaining ?? 0) > 0
      ? {
          code: row.discountCode,
          percentOff: row.discountPercentOff ?? 0,
          invoicesRemaining: row.discountInvoicesRemaining ?? 0,
        }
      : null,
  additionalSeats: row.additionalSeats,
  defaultPaymentMethodId: row.defaultPaymentMethodId,
  isActive: isSubscriptionActive(row),
  isPaused: isSubscriptionPaused({ pausedAt: row.pausedAt, status: row.status }),
  hasPaymentProblem: hasPaymentProblem(row.status),
});

const conflict = (reason: string, message: string) => new AppError('conflict', message, { reason });
const badField = (field: string, reason: string, message: string) =>
  new AppError('bad_request', message, { reason, details: [{ field, message }] });
const declined = (reason: string | null) =>
  new AppError('conflict', `The payment was declined: ${reason ?? 'no reason given'}`, {
    reason: 'payment_declined',
    details: [{ field: 'body.paymentMethodId', message: reason ?? 'The card was declined.' }],
  });

const locks = new Map<string, Promise<unknown>>();
/** Runs `task` after every earlier task of the same store in this process (one change at a time). */
export const withStoreLock = async <T>(storeId: string, task: () => Promise<T>): Promise<T> => {
  const previous = locks.get(storeId) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(task);
  locks.set(storeId, run);
  try {
    return await run;
  } finally {
    if (locks.get(storeId) === run) locks.delete(storeId);
  }
};

/**
 * The subscription rows and the plan bookkeeping shared by the service and the renewals
 * (subscriptions.ts and renewals.ts): read, write, keep stores.plan_type and the plan's modules
 * in step after every change.
 */
export const createSubscriptionCore = (deps: SubscriptionsDeps) => {
  const { db, stores, modules, prices } = deps;
  const core = {
    unitAmountOf(planType: PlanType, interval: BillingInterval, additionalSeats: number): number {
      const seatMonths = interval === 'YEAR' ? 12 : 1;
      return (
        prices[planType][interval] + additionalSeats * ADDITIONAL_SEAT_PRICE_PER_MONTH * seatMonths
      );
    },
    /** The lines of one plan period's invoice: the plan, then the additional seats if any. */
    periodLines(
      planType: PlanType,
      interval: BillingInterval,
      additionalSeats: number,
      period: { start: Date; end: Date } | null = null,
    ) {
      const dates = {
        periodStart: period ? period.start.toISOString() : null,
        periodEnd: period ? period.end.toISOString() : null,
      };
      const plan = core.unitAmountOf(planType, interval, 0);
      return [
        {
          description: `${PLAN_NAMES[planType]} plan (${interval === 'YEAR' ? 'yearly' : 'monthly'})`,
          amount: plan,
          ...dates,
        },
        ...(additionalSeats > 0
          ? [
              {
                description: `${additionalSeats} additional seat(s)`,
                amount: core.unitAmountOf(planType, interval, additionalSeats) - plan,
                ...dates,
              },
            ]
          : []),
      ];
    },
    /** The next plan-period invoice of `row` (at its trial's or period's end), discount included. */
    periodTotals(row: SubscriptionRow) {
      const next = renewalOf(row);
      const lines = core.periodLines(next.planType, next.interval, next.additionalSeats);
      const discount = discountOf(row, 'SUBSCRIPTION_CYCLE');
      return {
        ...next,
        ...discount,
        ...billingInvoiceTotals(
          lines.map((line) => line.amount),
          discount.percentOff,
        ),
      };
    },
    /** The card renewals charge (the store's default), or null. */
    async findDefaultCard(storeId: string) {
      return deps.paymentMethods.findDefault(storeId);
    },
    /** The store's current subscription (endedAt null), or null. */
    async current(storeId: string, handle: Db = db): Promise<SubscriptionRow | null> {
      const [row] = await handle
        .select()
        .from(billingSubscriptions)
        .where(
          and(eq(billingSubscriptions.storeId, storeId), isNull(billingSubscriptions.endedAt)),
        );
      return row ?? null;
    },
    /** The store's latest subscription, also an ended one. */
    async latest(storeId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.storeId, storeId))
        .orderBy(desc(billingSubscriptions.createdAt), desc(billingSubscriptions.id))
        .limit(1);
      return row ?? null;
    },
    async update(
      row: SubscriptionRow,
      values: Partial<typeof billingSubscriptions.$inferInsert>,
      handle: Db = db,
    ): Promise<SubscriptionRow> {
      const [updated] = await handle
        .update(billingSubscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(eq(billingSubscriptions.id, row.id), eq(billingSubscriptions.storeId, row.storeId)),
        )
        .returning();
      return updated!;
    },
    /** Keeps stores.plan_type and the plan's modules in step with the subscription. */
    async settle(storeId: string, row: SubscriptionRow | null, now: Date): Promise<void> {
      const planType = effectivePlanType(row);
      await stores.setPlanType(storeId, planType);
      await modules.syncPlanModules(storeId, planType, paidFeaturesUsable(row), now);
    },
  };
  return core;
};
export type SubscriptionCore = ReturnType<typeof createSubscriptionCore>;

/**
 * After one of the store's invoices was paid (retry-invoice, or the provider's `invoice.paid`
 * webhook): a PAST_DUE or UNPAID current subscription is ACTIVE again, its plan and modules
 * settled at `now`. Anything else is left as it is.
 */
export const reopenAfterPayment = async (
  core: SubscriptionCore,
  storeId: string,
  now: Date,
): Promise<void> => {
  const row = await core.current(storeId);
  if (row && hasPaymentProblem(row.status)) {
    const reopened = await core.update(row, { status: 'ACTIVE' });
    await core.settle(storeId, reopened, now);
  }
};

type ChangeKind = PlanChangePreview['kind'];

/**
 * Issue 13 subscriptions (spec §4 plan management, §7 subscription get/pause/resume/cancel,
 * promotion code): every change is the caller's store's; only OWNER and ADMIN change billing
 * (403 `role_not_allowed`; preview accounts are refused earlier with `preview_mode`). Money in
 * integer minor units; times are the store's billing time (`BillingClock`).
 */
export const createSubscriptionsService = (deps: SubscriptionsDeps, core: SubscriptionCore) => {
  const { db, clock, invoices, paymentMethods } = deps;
  const admin = (actor: Actor) => requireRole(actor, 'OWNER', 'ADMIN');

  const requireCurrent = async (storeId: string) => {
    const row = await core.current(storeId);
    if (!row || !isSubscriptionActive(row)) {
      throw conflict('no_active_subscription', 'This store has no active paid plan.');
    }
    return row;
  };
  const requireNotPaused = (row: SubscriptionRow) => {
    if (row.pausedAt) {
      throw conflict('subscription_paused', 'Resume the subscription first: it is paused.');
    }
  };

  const seatsBlock = async (storeId: string, planType: PlanType, additionalSeats: number) => {
    const inUse = await deps.stores.countSeatsInUse(storeId);
    const available =
      PLAN_SEATS[planType] + (allowsAdditionalSeats(planType) ? additionalSeats : 0);
    return inUse > available
      ? `${inUse} seats are in use; ${PLAN_NAMES[planType]} has ${available}. Remove members first.`
      : null;
  };

  const kindOf = (
    row: SubscriptionRow | null,
    planType: PlanType,
    interval: BillingInterval,
  ): ChangeKind => {
    if (!row || !isSubscriptionActive(row)) return planType === 'TIER_1' ? 'NONE' : 'START';
    if (planType === 'TIER_1') return 'DOWNGRADE';
    if (planRank(planType) > planRank(row.planType)) return 'UPGRADE';
    if (planRank(planType) < planRank(row.planType)) return 'DOWNGRADE';
    return interval === row.interval ? 'NONE' : 'CYCLE_CHANGE';
  };

  /**
   * The invoice of an upgrade now: the proration (the current interval; a new interval waits for
   * the period's end) with the subscription's discount. `totals` is null when nothing is due (a
   * trial, or no difference to pay): no invoice is made. The preview shows exactly this.
   */
  const upgradeInvoice = (row: SubscriptionRow, planType: PlanType, now: Date) => {
    const amounts =
      row.status === 'TRIALING'
        ? { credit: 0, charge: 0, amountDue: 0 }
        : prorate({
            fromAmount: row.unitAmount,
            toAmount: core.unitAmountOf(planType, row.interval, row.additionalSeats),
            periodStart: row.currentPeriodStart,
            periodEnd: row.currentPeriodEnd,
            at: now,
          });
    const period = {
      periodStart: now.toISOString(),
      periodEnd: row.currentPeriodEnd.toISOString(),
    };
    const lines = [
      {
        description: `Unused time on ${PLAN_NAMES[row.planType]}`,
        amount: -amounts.credit,
        ...period,
      },
      {
        description: `Remaining time on ${PLAN_NAMES[planType]}`,
        amount: amounts.charge,
        ...period,
      },
    ];
    const discount = discountOf(row, 'SUBSCRIPTION_UPDATE');
    const totals =
      amounts.amountDue > 0
        ? billingInvoiceTotals(
            lines.map((line) => line.amount),
            discount.percentOff,
          )
        : null;
    return { ...amounts, lines, discount, totals };
  };

  const trialAvailable = async (storeId: string) => {
    const [account] = await db
      .select({ trialUsedAt: billingAccounts.trialUsedAt })
      .from(billingAccounts)
      .where(eq(billingAccounts.storeId, storeId));
    return !account?.trialUsedAt;
  };

  const cardFor = async (storeId: string, paymentMethodId: string | undefined) => {
    if (paymentMethodId) return (await paymentMethods.get(storeId, paymentMethodId)).id;
    const card = await paymentMethods.findDefault(storeId);
    if (!card) {
      throw conflict('payment_method_required', 'Add a card first: a paid plan needs one.');
    }
    return card.id;
  };

  /** Looks a promotion code up (400 at `body.code`: not found, expired, used up). */
  const findPromotion = async (code: string, now: Date) => {
    const normalized = code.trim().toUpperCase();
    const [promo] = await db
      .select()
      .from(billingPromotionCodes)
      .where(eq(billingPromotionCodes.code, normalized));
    if (!promo) {
      throw badField(
        'body.code',
        'promotion_code_not_found',
        'This promotion code does not exist.',
      );
    }
    if (promo.expiresAt && promo.expiresAt.getTime() <= now.getTime()) {
      throw badField('body.code', 'promotion_code_expired', 'This promotion code has expired.');
    }
    if (promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions) {
      throw badField(
        'body.code',
        'promotion_code_used_up',
        'This promotion code has been used up.',
      );
    }
    return promo;
  };

  /** Counts one redemption of `code`; 400 `promotion_code_used_up` when none is left. */
  const redeem = async (code: string, handle: Db) => {
    const claimed = await handle
      .update(billingPromotionCodes)
      .set({ redemptions: sql`${billingPromotionCodes.redemptions} + 1` })
      .where(
        and(
          eq(billingPromotionCodes.code, code),
          sql`(${billingPromotionCodes.maxRedemptions} is null or ${billingPromotionCodes.redemptions} < ${billingPromotionCodes.maxRedemptions})`,
        ),
      )
      .returning();
    if (claimed.length === 0) {
      throw badField(
        'body.code',
        'promotion_code_used_up',
        'This promotion code has been used up.',
      );
    }
  };

  /** Looks a code up and takes one redemption before a charge that uses it (see `releasePromotion`). */
  const claimPromotion = async (code: string, now: Date) => {
    const promo = await findPromotion(code, now);
    await redeem(promo.code, db);
    return promo;
  };

  /** Gives back the redemption of a charge that was declined. */
  const releasePromotion = async (code: string) => {
    await db
      .update(billingPromotionCodes)
      .set({ redemptions: sql`greatest(${billingPromotionCodes.redemptions} - 1, 0)` })
      .where(eq(billingPromotionCodes.code, code));
  };

  /** stores.plan_type, what every gate reads (Free for an unknown store). */
  const storePlanType = async (storeId: string): Promise<PlanType> => {
    const [store] = await db
      .select({ planType: stores.planType })
      .from(stores)
      .where(eq(stores.id, storeId));
    return store?.planType ?? 'TIER_1';
  };

  const applyPromotion = async (row: SubscriptionRow, code: string, now: Date) => {
    const promo = await findPromotion(code, now);
    if (row.discountCode === promo.code && (row.discountInvoicesRemaining ?? 0) > 0) {
      throw conflict('promotion_code_already_applied', 'This code is already applied.');
    }
    return db.transaction(async (tx) => {
      await redeem(promo.code, tx);
      return core.update(
        row,
        {
          discountCode: promo.code,
          discountPercentOff: promo.percentOff,
          discountInvoicesRemaining: promo.durationInvoices,
        },
        tx,
      );
    });
  };

  /** Starts a paid plan: a trial the first time, otherwise charged now (declined: nothing made). */
  const start = async (
    actor: Actor,
    input: {
      planType: PlanType;
      interval: BillingInterval;
      paymentMethodId?: string;
      promotionCode?: string;
    },
    now: Date,
    options: {
      allowTrial: boolean;
      reason: BillingInvoice['reason'];
      additionalSeats?: number;
      /** A current subscription that is no longer active (UNPAID…): ended once the new one is paid for. */
      replacing?: SubscriptionRow | null;
    },
  ) => {
    const storeId = actor.storeId;
    const cardId = await cardFor(storeId, input.paymentMethodId);
    const additionalSeats = allowsAdditionalSeats(input.planType)
      ? (options.additionalSeats ?? 0)
      : 0;
    const unitAmount = core.unitAmountOf(input.planType, input.interval, additionalSeats);
    const id = newId('bsub');
    const trial = options.allowTrial && (await trialAvailable(storeId));
    let invoice: BillingInvoice | null = null;
    const periodEnd = trial
      ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS)
      : addInterval(now, input.interval);
    // Charged now, a promotion code takes its percent off this first invoice (one of its
    // invoices); after a trial, the first invoice at the trial's end gets it.
    const promotion =
      !trial && input.promotionCode ? await claimPromotion(input.promotionCode, now) : null;
    if (!trial) {
      const charged = await invoices.createAndChargeDetailed({
        storeId,
        subscriptionId: id,
        reason: options.reason,
        lines: [
          {
            description: `${PLAN_NAMES[input.planType]} plan (${input.interval === 'YEAR' ? 'yearly' : 'monthly'})`,
            amount: unitAmount,
            periodStart: now.toISOString(),
            periodEnd: periodEnd.toISOString(),
          },
        ],
        currencyCode: 'USD',
        periodStart: now,
        periodEnd,
        paymentMethodId: cardId,
        percentOff: promotion?.percentOff ?? null,
        discountLabel: promotion ? `${promotion.code}: ${promotion.percentOff}% off` : null,
        now,
      });
      if (charged.invoice.status !== 'PAID') {
        await invoices.discardDeclined(storeId, charged.invoice.id);
        if (promotion) await releasePromotion(promotion.code);
        throw declined(charged.failureReason);
      }
      invoice = charged.invoice;
    }
    const row = await db.transaction(async (tx) => {
      await clock.ensureAccount(storeId, tx);
      if (options.replacing) {
        await core.update(
          options.replacing,
          { status: 'CANCELED', endedAt: now, canceledAt: now },
          tx,
        );
      }
      if (trial) {
        await tx
          .update(billingAccounts)
          .set({ trialUsedAt: now, updatedAt: now })
          .where(eq(billingAccounts.storeId, storeId));
      }
      const inserted = await tx
        .insert(billingSubscriptions)
        .values({
          id,
          storeId,
          planType: input.planType,
          interval: input.interval,
          status: trial ? 'TRIALING' : 'ACTIVE',
          unitAmount,
          currencyCode: 'USD',
          trialEndsAt: trial ? periodEnd : null,
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
          additionalSeats,
          defaultPaymentMethodId: cardId,
          ...(promotion && {
            discountCode: promotion.code,
            discountPercentOff: promotion.percentOff,
            discountInvoicesRemaining: promotion.durationInvoices - 1,
          }),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted[0]) {
        // Another request started a plan at the same moment (one current subscription per store).
        throw conflict('subscription_exists', 'This store already has a plan; reload to see it.');
      }
      return inserted[0];
    });
    await core.settle(storeId, row, now);
    return { row, invoice };
  };

  const service = {
    core,
    /**
     * The Idempotency-Key answers of the routes that move money (change plan, seats, reactivate):
     * billing-idempotency.ts.
     */
    idempotency: createBillingIdempotency({ db }),

    /** GET /api/web/billing: plan, subscription, next invoice, seats, modules, credits, gates. */
    async overview(storeId: string): Promise<BillingOverview> {
      const now = await clock.now(storeId);
      const row = await core.latest(storeId);
      const current = row && row.endedAt === null ? row : null;
      // No current subscription: the plan an operator set (`store:set-plan`, complimentary).
      const planType = current ? effectivePlanType(current) : await storePlanType(storeId);
      const usable = paidFeaturesUsable(current);
      const upcoming =
        current &&
        usable &&
        !current.cancelAtPeriodEnd &&
        (current.status === 'ACTIVE' || current.status === 'TRIALING')
          ? {
              amountDue: core.periodTotals(current).total,
              currencyCode: current.currencyCode,
              date: current.currentPeriodEnd.toISOString(),
            }
          : null;
      const [modules, creditsBalance, features, inUse] = [
        await deps.modules.list(storeId, now),
        await deps.credits.balance(storeId),
        await deps.entitlements.features(storeId),
        await deps.stores.countSeatsInUse(storeId),
      ];
      return {
        planType,
        subscription: row ? toSubscription(row) : null,
        upcomingInvoice: upcoming,
        seats: {
          included: PLAN_SEATS[planType],
          additional: current && allowsAdditionalSeats(planType) ? current.additionalSeats : 0,
          inUse,
        },
        modules,
        creditsBalance,
        features,
        provider: { name: deps.provider.name, isLocal: deps.provider.isLocal },
        now: now.toISOString(),
      };
    },

    /** What a change to `planType`/`interval` would cost now and when it takes effect. */
    async preview(
      storeId: string,
      query: { planType: PlanType; interval: BillingInterval },
    ): Promise<PlanChangePreview> {
      const now = await clock.now(storeId);
      const row = await core.current(storeId);
      const kind = kindOf(row, query.planType, query.interval);
      const base = {
        planType: query.planType,
        interval: query.interval,
        kind,
        currencyCode: 'USD',
        trialDays: 0,
        blockedReason: null as string | null,
        discount: null,
      };
      if (kind === 'START') {
        const trial = await trialAvailable(storeId);
        const amount = core.unitAmountOf(query.planType, query.interval, 0);
        return {
          ...base,
          amountDueNow: trial ? 0 : amount,
          credit: 0,
          charge: trial ? 0 : amount,
          effectiveAt: now.toISOString(),
          trialDays: trial ? TRIAL_DAYS : 0,
        };
      }
      if (!row || kind === 'NONE') {
        return {
          ...base,
          amountDueNow: 0,
          credit: 0,
          charge: 0,
          effectiveAt: now.toISOString(),
        };
      }
      const blockedReason = row.pausedAt
        ? 'The subscription is paused: resume it first.'
        : hasPaymentProblem(row.status)
          ? 'An invoice is unpaid: pay it first.'
          : kind === 'DOWNGRADE'
            ? await seatsBlock(storeId, query.planType, row.additionalSeats)
            : null;
      if (kind === 'UPGRADE') {
        const upgrade = upgradeInvoice(row, query.planType, now);
        const discounted = upgrade.totals?.discount ?? 0;
        return {
          ...base,
          blockedReason,
          amountDueNow: upgrade.totals?.total ?? 0,
          credit: upgrade.credit,
          charge: upgrade.charge,
          discount:
            discounted > 0
              ? {
                  code: row.discountCode ?? '',
                  percentOff: upgrade.discount.percentOff,
                  amount: discounted,
                }
              : null,
          effectiveAt: now.toISOString(),
        };
      }
      return {
        ...base,
        blockedReason,
        amountDueNow: 0,
        credit: 0,
        charge: 0,
        effectiveAt: row.currentPeriodEnd.toISOString(),
      };
    },

    /**
     * POST /api/web/billing/subscription. START (trial the first time, a card required: 409
     * `payment_method_required`), UPGRADE now (prorated and charged; declined: 409
     * `payment_declined`, nothing changed), DOWNGRADE and CYCLE_CHANGE at the period's end
     * (409 `seats_in_use` below the members in use), TIER_1 = cancel at the period's end.
     */
    async changePlan(
      actor: Actor,
      body: {
        planType: PlanType;
        interval: BillingInterval;
        paymentMethodId?: string;
        promotionCode?: string;
      },
    ): Promise<{ subscription: Subscription; invoice: BillingInvoice | null }> {
      admin(actor);
      return withStoreLock(actor.storeId, async () => {
        const storeId = actor.storeId;
        const now = await clock.now(storeId);
        if (body.promotionCode) await findPromotion(body.promotionCode, now);
        if (body.paymentMethodId) await paymentMethods.get(storeId, body.paymentMethodId);
        let row = await core.current(storeId);
        const kind = kindOf(row, body.planType, body.interval);
        let invoice: BillingInvoice | null = null;
        let promotionApplied = false;
        if (kind === 'START') {
          // An UNPAID (or otherwise inactive) current subscription is replaced by the new one.
          const started = await start(actor, body, now, {
            allowTrial: true,
            reason: 'SUBSCRIPTION_CREATE',
            replacing: row,
          });
          row = started.row;
          invoice = started.invoice;
          // Charged at once, the code came off that invoice and is on the subscription.
          if (invoice) promotionApplied = true;
        } else if (!row || !isSubscriptionActive(row)) {
          throw conflict('plan_unchanged', 'This store is already on the Free plan.');
        } else {
          requireNotPaused(row);
          if (body.paymentMethodId) {
            row = await core.update(row, { defaultPaymentMethodId: body.paymentMethodId });
          }
          if (kind === 'NONE') {
            if (!row.pendingPlanType && !row.cancelAtPeriodEnd && !body.promotionCode) {
              throw conflict('plan_unchanged', 'This is already your plan.');
            }
            row = await core.update(row, {
              pendingPlanType: null,
              pendingInterval: null,
              cancelAtPeriodEnd: false,
              canceledAt: null,
            });
          } else if (body.planType === 'TIER_1') {
            row = await core.update(row, { cancelAtPeriodEnd: true, canceledAt: now });
          } else if (kind === 'UPGRADE') {
            if (hasPaymentProblem(row.status)) {
              throw conflict('payment_problem', 'Pay the open invoice before changing the plan.');
            }
            const upgrade = upgradeInvoice(row, body.planType, now);
            if (upgrade.totals) {
              // The discount applies; a proration does not use up one of its invoices.
              const charged = await invoices.createAndChargeDetailed({
                storeId,
                subscriptionId: row.id,
                reason: 'SUBSCRIPTION_UPDATE',
                lines: upgrade.lines,
                currencyCode: row.currencyCode,
                periodStart: now,
                periodEnd: row.currentPeriodEnd,
                percentOff: upgrade.discount.percentOff,
                discountLabel: upgrade.discount.discountLabel,
                paymentMethodId: row.defaultPaymentMethodId,
                now,
              });
              if (charged.invoice.status !== 'PAID') {
                await invoices.discardDeclined(storeId, charged.invoice.id);
                throw declined(charged.failureReason);
              }
              invoice = charged.invoice;
            }
            const intervalChanges = body.interval !== row.interval;
            row = await core.update(row, {
              planType: body.planType,
              unitAmount: core.unitAmountOf(body.planType, row.interval, row.additionalSeats),
              pendingPlanType: intervalChanges ? body.planType : null,
              pendingInterval: intervalChanges ? body.interval : null,
            });
          } else {
            const blocked =
              kind === 'DOWNGRADE'
                ? await seatsBlock(storeId, body.planType, row.additionalSeats)
                : null;
            if (blocked) throw conflict('seats_in_use', blocked);
            row = await core.update(row, {
              pendingPlanType: body.planType,
              pendingInterval: body.interval,
            });
          }
          await core.settle(storeId, row, now);
        }
        if (body.promotionCode && !promotionApplied) {
          row = await applyPromotion(row, body.promotionCode, now);
        }
        return { subscription: toSubscription(row), invoice };
      });
    },

    /** Pauses for 1..MAX_PAUSE_MONTHS months: no invoices, paid features off, the period extended on resume. */
    async pause(actor: Actor, months: number): Promise<Subscription> {
      admin(actor);
      return withStoreLock(actor.storeId, async () => {
        const now = await clock.now(actor.storeId);
        const row = await requireCurrent(actor.storeId);
        requireNotPaused(row);
        if (row.status !== 'ACTIVE') {
          throw conflict(
            'subscription_not_pausable',
            row.status === 'TRIALING'
              ? 'A trial cannot be paused; cancel it instead.'
              : 'Pay the open invoice before pausing.',
          );
        }
        const updated = await core.update(row, {
          pausedAt: now,
          resumesAt: addInterval(now, 'MONTH', months),
        });
        await core.settle(actor.storeId, updated, now);
        return toSubscription(updated);
      });
    },

    /** Ends a pause now; the period is extended by the time it was paused. 409 `subscription_not_paused`. */
    async resume(actor: Actor): Promise<Subscription> {
      admin(actor);
      return withStoreLock(actor.storeId, async () => {
        const now = await clock.now(actor.storeId);
        const row = await core.current(actor.storeId);
        if (!row?.pausedAt) {
          throw conflict('subscription_not_paused', 'The subscription is not paused.');
        }
        const updated = await service.resumeAt(row, now);
        return toSubscription(updated);
      });
    },

    /** Resumes a paused row at `at` (renewals call it at `resumesAt`). */
    async resumeAt(row: SubscriptionRow, at: Date): Promise<SubscriptionRow> {
      const pausedMs = Math.max(0, at.getTime() - (row.pausedAt ?? at).getTime());
      const updated = await core.update(row, {
        pausedAt: null,
        resumesAt: null,
        currentPeriodEnd: new Date(row.currentPeriodEnd.getTime() + pausedMs),
      });
      await core.settle(row.storeId, updated, at);
      return updated;
    },

    /**
     * The questionnaire's end: stores the answers; BOOK_A_CALL changes nothing, OFFER_TAKEN sets
     * CANCEL40 (40 % off the next CANCELLATION_OFFER_INVOICES invoices), CANCELED cancels at the
     * period's end. 409 `no_active_subscription` without a paid plan.
     */
    async cancel(
      actor: Actor,
      answers: CancellationAnswers,
    ): Promise<{ outcome: CancellationOutcome; subscription: Subscription }> {
      admin(actor);
      return withStoreLock(actor.storeId, async () => {
        const now = await clock.now(actor.storeId);
        const row = await requireCurrent(actor.storeId);
        const outcome = cancellationOutcomeOf(answers);
        return db.transaction(async (tx) => {
          await tx.insert(billingCancellationAnswers).values({
            id: newId('bcan'),
            storeId: actor.storeId,
            subscriptionId: row.id,
            userId: actor.userId,
            answers,
            outcome,
            createdAt: now,
          });
          const updated =
            outcome === 'BOOK_A_CALL'
              ? row
              : outcome === 'OFFER_TAKEN'
                ? await core.update(
                    row,
                    {
                      discountCode: 'CANCEL40',
                      discountPercentOff: CANCELLATION_OFFER_PERCENT_OFF,
                      discountInvoicesRemaining: CANCELLATION_OFFER_INVOICES,
                    },
                    tx,
                  )
                : await core.update(row, { cancelAtPeriodEnd: true, canceledAt: now }, tx);
          return { outcome, subscription: toSubscription(updated) };
        });
      });
    },

    /** Keeps a subscription set to cancel at the period's end. 409 `subscription_not_canceling`. */
    async undoCancel(actor: Actor): Promise<Subscription> {
      admin(actor);
      return withStoreLock(actor.storeId, async () => {
        const row = await requireCurrent(actor.storeId);
        if (!row.cancelAtPeriodEnd) {
          throw conflict('subscription_not_canceling', 'The subscription is not set to cancel.');
        }
        const updated = await core.update(row, { cancelAtPeriodEnd: false, canceledAt: null });
        return toSubscription(updated);
      });
    },

    /**
     * REACTIVATE within REACTIVATE_WINDOW_DAYS of the end: a new subscription on the same plan,
     * charged now. 400 at `body.code` for another code; 409 `subscription_active`,
     * `no_canceled_subscription`, `reactivate_window_passed`, `payment_declined`.
     */
    async reactivate(
      actor: Actor,
      code: string,
    ): Promise<{ subscription: Subscription; invoice: BillingInvoice | null }> {
      admin(actor);
      if (code.trim().toUpperCase() !== REACTIVATE_CODE) {
        throw badField(
          'body.code',
          'reactivate_code_invalid',
          'This code does not reactivate a plan.',
        );
      }
      return withStoreLock(actor.storeId, async () => {
        const now = await clock.now(actor.storeId);
        const current = await core.current(actor.storeId);
        if (current && isSubscriptionActive(current)) {
          throw conflict('subscription_active', 'The subscription is still active.');
        }
        const last = await core.latest(actor.storeId);
        if (!last || last.status !== 'CANCELED' || !last.endedAt) {
          throw conflict('no_canceled_subscription', 'There is no canceled plan to reactivate.');
        }
        if (now.getTime() - last.endedAt.getTime() > REACTIVATE_WINDOW_DAYS * DAY_MS) {
          throw conflict(
            'reactivate_window_passed',
            `A plan can be reactivated up to ${REACTIVATE_WINDOW_DAYS} days after it ended.`,
          );
        }
        const started = await start(
          actor,
          { planType: last.planType, interval: last.interval },
          now,
          {
            allowTrial: false,
            reason: 'SUBSCRIPTION_CREATE',
            additionalSeats: last.additionalSeats,
            replacing: current,
          },
        );
        return { subscription: toSubscription(started.row), invoice: started.invoice };
      });
    },

    /** Applies a promotion code to the next invoices (400 at `body.code` when unknown/expired/used up). */
    async promotionCode(actor: Actor, code: string): Promise<Subscription> {
      admin(actor);
      return withStoreLock(actor.storeId, async () => {
        const now = await clock.now(actor.storeId);
        await findPromotion(code, now);
        const row = await requireCurrent(actor.storeId);
        return toSubscription(await applyPromotion(row, code, now));
      });
    },

    /**
     * Sets the additional seats (Scaling and Professional only: 409
     * `plan_has_no_additional_seats`). More seats are charged now, prorated; fewer take effect at
     * once (no refund) unless members use them (409 `seats_in_use`).
     */
    async setSeats(
      actor: Actor,
      additionalSeats: number,
    ): Promise<{ subscription: Subscription; invoice: BillingInvoice | null }> {
      admin(actor);
      return withStoreLock(actor.storeId, async () => {
        const storeId = actor.storeId;
        const now = await clock.now(storeId);
        const row = await requireCurrent(storeId);
        requireNotPaused(row);
        if (!allowsAdditionalSeats(row.planType)) {
          throw conflict(
            'plan_has_no_additional_seats',
            'Additional seats come with the Scaling and Professional plans.',
          );
        }
        if (hasPaymentProblem(row.status)) {
          throw conflict('payment_problem', 'Pay the open invoice before adding seats.');
        }
        if (additionalSeats === row.additionalSeats) {
          return { subscription: toSubscription(row), invoice: null };
        }
        const blocked = await seatsBlock(storeId, row.planType, additionalSeats);
        if (blocked) throw conflict('seats_in_use', blocked);
        const unitAmount = core.unitAmountOf(row.planType, row.interval, additionalSeats);
        let invoice: BillingInvoice | null = null;
        if (additionalSeats > row.additionalSeats && row.status !== 'TRIALING') {
          const amounts = prorate({
            fromAmount: row.unitAmount,
            toAmount: unitAmount,
            periodStart: row.currentPeriodStart,
            periodEnd: row.currentPeriodEnd,
            at: now,
          });
          if (amounts.amountDue > 0) {
            // The discount applies; a seats invoice does not use up one of its invoices.
            const discount = discountOf(row, 'SEATS');
            const charged = await invoices.createAndChargeDetailed({
              storeId,
              subscriptionId: row.id,
              reason: 'SEATS',
              lines: [
                {
                  description: `${additionalSeats - row.additionalSeats} additional seat(s), rest of the period`,
                  amount: amounts.amountDue,
                  periodStart: now.toISOString(),
                  periodEnd: row.currentPeriodEnd.toISOString(),
                },
              ],
              currencyCode: row.currencyCode,
              periodStart: now,
              periodEnd: row.currentPeriodEnd,
              percentOff: discount.percentOff,
              discountLabel: discount.discountLabel,
              paymentMethodId: row.defaultPaymentMethodId,
              now,
            });
            if (charged.invoice.status !== 'PAID') {
              await invoices.discardDeclined(storeId, charged.invoice.id);
              throw declined(charged.failureReason);
            }
            invoice = charged.invoice;
          }
        }
        const updated = await core.update(row, { additionalSeats, unitAmount });
        return { subscription: toSubscription(updated), invoice };
      });
    },

    /**
     * Spec §7 retry-invoice: charges an OPEN invoice again with the default card. When it pays
     * the subscription's open invoice, PAST_DUE or UNPAID becomes ACTIVE again.
     */
    async retryInvoice(actor: Actor, invoiceId: string): Promise<BillingInvoice> {
      admin(actor);
      return withStoreLock(actor.storeId, async () => {
        const now = await clock.now(actor.storeId);
        const { invoice } = await invoices.retryDetailed(actor.storeId, invoiceId, now);
        if (invoice.status === 'PAID') await reopenAfterPayment(core, actor.storeId, now);
        return invoice;
      });
    },
  };
  return service;
};
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
