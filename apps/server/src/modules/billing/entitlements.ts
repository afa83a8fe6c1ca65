import { and, eq, isNull } from 'drizzle-orm';
import {
  allFeatureAccess,
  featureAccess,
  type EntitlementInput,
  type FeatureAccess,
} from '@atelier/contract/billing/entitlements';
import { PLAN_SEATS } from '@atelier/contract/billing/plans';
import { isSubscriptionActive, isSubscriptionPaused } from '@atelier/contract/billing/subscription';
import { PLAN_NAMES } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import { stores } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { BillingClock, Db, EntitlementsService, ModulesService } from './billing.services';
import { billingSubscriptions } from './billing.table';

/**
 * What identity's team service asks billing before an invite (wired in app.ts, so identity does
 * not import billing). Throws 403 `feature_not_in_plan` when the plan (or a paused / UNPAID
 * subscription) has no team members, 409 `team_seats_full` when every seat is taken.
 */
export type TeamSeatsPort = {
  /**
   * `membersBesideOwner`: the store's other members, invited or accepted, before this invite.
   * `db`: the team service's open transaction (PGlite has one connection).
   */
  assertCanInvite(storeId: string, membersBesideOwner: number, db: Db): Promise<void>;
};

/** What the gates know about one store: its plan, whether paid features work, active bundles, seats. */
export type StoreEntitlements = EntitlementInput & {
  /** Seats the store has: PLAN_SEATS of its plan + the subscription's additional seats (owner counted). */
  seats: number;
};

/**
 * Issue 13 feature gates on the server (spec §6): the contract's `featureAccess` on what the
 * database says about the store. The plan is `stores.plan_type` (the subscription keeps it in
 * step); paid features stop while the current subscription is paused or not active (UNPAID,
 * INCOMPLETE…); a store without a subscription row uses its plan as set (the operator's
 * `store:set-plan`). Active modules come from the modules service at the store's billing time.
 */
export const createEntitlementsService = ({
  db,
  modules,
  clock,
}: {
  db: Database;
  modules: ModulesService;
  clock: BillingClock;
}): EntitlementsService & {
  /** The store's plan, usable flag, active modules and seats. `via`: a transaction to read in. */
  load(storeId: string, via?: Db): Promise<StoreEntitlements>;
  features(storeId: string, via?: Db): Promise<FeatureAccess[]>;
  teamSeats: TeamSeatsPort;
} => {
  const load = async (storeId: string, via: Db = db): Promise<StoreEntitlements> => {
    const [store] = await via
      .select({ planType: stores.planType })
      .from(stores)
      .where(eq(stores.id, storeId));
    if (!store) throw new AppError('not_found', 'Store not found.', { reason: 'store_not_found' });
    const [subscription] = await via
      .select({
        id: billingSubscriptions.id,
        status: billingSubscriptions.status,
        pausedAt: billingSubscriptions.pausedAt,
        additionalSeats: billingSubscriptions.additionalSeats,
      })
      .from(billingSubscriptions)
      .where(and(eq(billingSubscriptions.storeId, storeId), isNull(billingSubscriptions.endedAt)))
      .limit(1);
    const paidFeaturesUsable =
      !subscription ||
      (isSubscriptionActive(subscription) &&
        !isSubscriptionPaused({ pausedAt: subscription.pausedAt, status: subscription.status }));
    const now = await clock.now(storeId, via);
    return {
      planType: store.planType,
      paidFeaturesUsable,
      activeModules: await modules.activeNames(storeId, now, via),
      seats: PLAN_SEATS[store.planType] + (subscription?.additionalSeats ?? 0),
    };
  };

  const refuse = (access: FeatureAccess, input: EntitlementInput): AppError => {
    const paused = !input.paidFeaturesUsable;
    const target = access.upgradeTo
      ? `${PLAN_NAMES[access.upgradeTo]} plan (${access.upgradeTo})`
      : access.bundles.length > 0
        ? access.bundles.join(', ')
        : 'a working subscription';
    return new AppError(
      'forbidden',
      paused
        ? `${access.label} is not available while the subscription is paused or unpaid.`
        : `${access.label} needs ${access.requires}; this store is on the ${PLAN_NAMES[input.planType]} plan.`,
      {
        reason: 'feature_not_in_plan',
        details: [
          { field: 'feature', message: access.feature },
          { field: 'requires', message: access.requires },
          { field: 'upgradeTo', message: paused ? 'Resume or pay the subscription.' : target },
        ],
      },
    );
  };

  return {
    load,

    /** Every feature with allowed / requires / upgradeTo for the store (the web reads the same). */
    async features(storeId: string, via: Db = db) {
      return allFeatureAccess(await load(storeId, via));
    },

    /** Throws 403 `feature_not_in_plan` (details: feature, requires, upgradeTo) unless allowed. */
    async require(storeId, feature) {
      const input = await load(storeId);
      const access = featureAccess(feature, input);
      if (!access.allowed) throw refuse(access, input);
    },

    teamSeats: {
      async assertCanInvite(storeId, membersBesideOwner, via) {
        const input = await load(storeId, via);
        const access = featureAccess('team_members', input);
        if (!access.allowed) throw refuse(access, input);
        if (membersBesideOwner + 1 >= input.seats) {
          throw new AppError(
            'conflict',
            `Every seat is taken: the ${PLAN_NAMES[input.planType]} plan has ${input.seats} seats here, the owner counted. Add seats in Billing or remove a member first.`,
            { reason: 'team_seats_full' },
          );
        }
      },
    },
  };
};
