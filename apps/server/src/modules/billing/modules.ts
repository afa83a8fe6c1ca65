import { and, eq } from 'drizzle-orm';
import {
  BUNDLE_ACTIVE_DAYS,
  BUNDLE_CREDIT_SIZES,
  BUNDLE_LABELS,
  BundleNameSchema,
  CREDITS_PER_USD,
  WELCOME_CREDITS_USD,
  bundlePrice,
  type BundleName,
  type ModuleStatus,
  type SubscriptionModule,
} from '@atelier/contract/billing/bundles';
import type { PlanType } from '@atelier/contract/identity/plans';
import type { Database } from '@/db/client';
import type { CreditsService, Db, ModulesService } from './billing.services';
import { billingModules } from './billing.table';

/**
 * Issue 13, spec §4 module status: bundles as subscription modules, one `billing_modules` row per
 * store and bundle (no row = NOT_ACTIVE). An ACTIVE row whose `expiresAt` has passed reads as
 * EXPIRED. Rules:
 * - A plan's included bundle (beginner for TIER_2/TIER_2_5, professional for TIER_3) is ACTIVE
 *   with source PLAN and no expiry while the subscription is usable; `syncPlanModules` sets it.
 * - A bought bundle is ACTIVE with source PURCHASE for BUNDLE_ACTIVE_DAYS (a second purchase
 *   extends it). Buying the bundle the plan already includes keeps it PLAN (only credits added).
 *   `syncPlanModules` leaves an unexpired PURCHASE row alone (it has its own expiry).
 * - Welcome credits (WELCOME_CREDITS_USD × CREDITS_PER_USD) are granted the first time a bundle
 *   becomes ACTIVE for the store, once (key `welcome:<bundle>`, no expiry).
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type ModuleRow = typeof billingModules.$inferSelect;

const DAY_MS = 86_400_000;

/** Credits a bundle's welcome grant gives. */
export const welcomeCredits = (bundle: BundleName): number =>
  WELCOME_CREDITS_USD[bundle] * CREDITS_PER_USD;

/** The bundle a plan includes (null for Free). */
export const includedModule = (planType: PlanType): BundleName | null =>
  planType === 'TIER_1' ? null : planType === 'TIER_3' ? 'professional' : 'beginner';

/** A row's status at `now`: ACTIVE past its `expiresAt` is EXPIRED. */
const statusAt = (row: ModuleRow | undefined, now: Date): ModuleStatus => {
  if (!row) return 'NOT_ACTIVE';
  if (row.status === 'ACTIVE' && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    return 'EXPIRED';
  }
  return row.status;
};

const toModule = (name: BundleName, row: ModuleRow | undefined, now: Date): SubscriptionModule => {
  const status = statusAt(row, now);
  return {
    name,
    label: BUNDLE_LABELS[name],
    status,
    source: status === 'NOT_ACTIVE' || !row ? null : row.source,
    activatedAt: row?.activatedAt ? row.activatedAt.toISOString() : null,
    expiresAt: row?.expiresAt ? row.expiresAt.toISOString() : null,
    sizes: BUNDLE_CREDIT_SIZES[name].map((credits) => ({
      credits,
      price: bundlePrice(name, credits),
    })),
    welcomeCredits: welcomeCredits(name),
  };
};

const readRows = async (
  db: Db,
  storeId: string,
  lock = false,
): Promise<Map<BundleName, ModuleRow>> => {
  const query = db.select().from(billingModules).where(eq(billingModules.storeId, storeId));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.name, row]));
};

const upsert = async (
  tx: Tx,
  row: Omit<ModuleRow, 'updatedAt' | 'welcomeCreditsGrantedAt'>,
  now: Date,
): Promise<void> => {
  await tx
    .insert(billingModules)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [billingModules.storeId, billingModules.name],
      set: {
        status: row.status,
        source: row.source,
        activatedAt: row.activatedAt,
        expiresAt: row.expiresAt,
        updatedAt: now,
      },
    });
};

/** Grants the bundle's welcome credits unless the store had them (once per store and bundle). */
const grantWelcomeOnce = async (
  tx: Tx,
  credits: CreditsService,
  storeId: string,
  bundle: BundleName,
  now: Date,
): Promise<void> => {
  const [row] = await tx
    .select({ at: billingModules.welcomeCreditsGrantedAt })
    .from(billingModules)
    .where(and(eq(billingModules.storeId, storeId), eq(billingModules.name, bundle)));
  if (row?.at) return;
  await credits.grant(
    storeId,
    {
      credits: welcomeCredits(bundle),
      reason: `Welcome credits: ${BUNDLE_LABELS[bundle]}`,
      idempotencyKey: `welcome:${bundle}`,
    },
    tx,
  );
  await tx
    .update(billingModules)
    .set({ welcomeCreditsGrantedAt: now })
    .where(and(eq(billingModules.storeId, storeId), eq(billingModules.name, bundle)));
};

/**
 * A paid bundle purchase (wallet.routes.ts, inside its transaction `tx`): the module becomes
 * ACTIVE with source PURCHASE until `now` + BUNDLE_ACTIVE_DAYS (or later, when an earlier
 * purchase runs longer); a module the plan includes stays PLAN. Grants the welcome credits the
 * first time. Answers the module and when the purchase's credits expire (null: with the plan's
 * module, they expire BUNDLE_ACTIVE_DAYS after the purchase too).
 */
export const activatePurchasedModule = async (
  tx: Tx,
  credits: CreditsService,
  storeId: string,
  bundle: BundleName,
  now: Date,
): Promise<{ module: SubscriptionModule; creditsExpireAt: Date }> => {
  const rows = await readRows(tx, storeId, true);
  const current = rows.get(bundle);
  const until = new Date(now.getTime() + BUNDLE_ACTIVE_DAYS * DAY_MS);
  const status = statusAt(current, now);
  if (!(status === 'ACTIVE' && current?.source === 'PLAN')) {
    const stillActive = status === 'ACTIVE' && current?.expiresAt;
    const expiresAt =
      stillActive && current.expiresAt!.getTime() > until.getTime() ? current.expiresAt : until;
    await upsert(
      tx,
      {
        storeId,
        name: bundle,
        status: 'ACTIVE',
        source: 'PURCHASE',
        activatedAt: status === 'ACTIVE' ? (current?.activatedAt ?? now) : now,
        expiresAt,
      },
      now,
    );
  }
  await grantWelcomeOnce(tx, credits, storeId, bundle, now);
  const after = await readRows(tx, storeId);
  return { module: toModule(bundle, after.get(bundle), now), creditsExpireAt: until };
};

/**
 * The modules service (`ModulesService` in billing.services.ts). `now` is the store's billing
 * time. Writes run in one transaction (a savepoint when the caller passes its transaction).
 */
export const createModulesService = ({
  db,
  credits,
}: {
  db: Database;
  credits: CreditsService;
}): ModulesService => ({
  async list(storeId, now, via = db) {
    const rows = await readRows(via, storeId);
    return BundleNameSchema.options.map((name) => toModule(name, rows.get(name), now));
  },

  async activeNames(storeId, now, via = db) {
    const rows = await readRows(via, storeId);
    return BundleNameSchema.options.filter((name) => statusAt(rows.get(name), now) === 'ACTIVE');
  },

  async syncPlanModules(storeId, planType, usable, now, via = db) {
    await (via as Database).transaction(async (tx) => {
      const rows = await readRows(tx, storeId, true);
      const included = usable ? includedModule(planType) : null;
      for (const name of ['beginner', 'professional'] as const) {
        const row = rows.get(name);
        const status = statusAt(row, now);
        if (name === included) {
          const boughtAndRunning = status === 'ACTIVE' && row?.source === 'PURCHASE';
          const alreadyPlan = status === 'ACTIVE' && row?.source === 'PLAN';
          if (!boughtAndRunning && !alreadyPlan) {
            await upsert(
              tx,
              {
                storeId,
                name,
                status: 'ACTIVE',
                source: 'PLAN',
                activatedAt: now,
                expiresAt: null,
              },
              now,
            );
          }
          await grantWelcomeOnce(tx, credits, storeId, name, now);
        } else if (row && row.source === 'PLAN' && row.status === 'ACTIVE') {
          await upsert(tx, { ...row, status: 'EXPIRED', expiresAt: row.expiresAt ?? now }, now);
        }
      }
    });
  },
});
