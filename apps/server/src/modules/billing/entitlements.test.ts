import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleName } from '@atelier/contract/billing/bundles';
import type { FeatureKey } from '@atelier/contract/billing/entitlements';
import type { SubscriptionStatus } from '@atelier/contract/billing/subscription';
import { inviteTeamMember } from '@atelier/contract/identity/team';
import type { PlanType } from '@atelier/contract/identity/plans';
import { billingModules, billingSubscriptions, creditEntries, stores } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { newId } from '@/lib/ids';
import { expectApiError } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => context.close());

const DAY_MS = 86_400_000;
const db = () => context.connection.db;
const billing = () => context.billing;

const aStore = async (planType: PlanType) => {
  const account = await registerAccount(context);
  await db().update(stores).set({ planType }).where(eq(stores.id, account.storeId));
  return account;
};

const addSubscription = async (
  storeId: string,
  planType: PlanType,
  fields: { status?: SubscriptionStatus; pausedAt?: Date | null; additionalSeats?: number } = {},
) => {
  const now = new Date();
  await db()
    .insert(billingSubscriptions)
    .values({
      id: newId('sub'),
      storeId,
      planType,
      interval: 'MONTH',
      status: fields.status ?? 'ACTIVE',
      unitAmount: 9_900,
      currencyCode: 'USD',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * DAY_MS),
      pausedAt: fields.pausedAt ?? null,
      additionalSeats: fields.additionalSeats ?? 0,
    });
};

const activate = async (storeId: string, name: BundleName, expiresAt: Date | null = null) => {
  await db().insert(billingModules).values({
    storeId,
    name,
    status: 'ACTIVE',
    source: 'PURCHASE',
    activatedAt: new Date(),
    expiresAt,
  });
};

const welcomeEntries = async (storeId: string) =>
  db()
    .select()
    .from(creditEntries)
    .where(and(eq(creditEntries.storeId, storeId), eq(creditEntries.kind, 'GRANT')));

const allowed = async (storeId: string, feature: FeatureKey) =>
  (await billing().entitlements.features(storeId)).find((access) => access.feature === feature)!
    .allowed;

describe('modules', () => {
  it('lists every bundle NOT_ACTIVE for a new store, with its sizes and welcome credits', async () => {
    const { storeId } = await aStore('TIER_1');
    const list = await billing().modules.list(storeId, new Date());
    expect(list.map((module) => [module.name, module.status, module.source])).toEqual([
      ['beginner', 'NOT_ACTIVE', null],
      ['professional', 'NOT_ACTIVE', null],
      ['launch', 'NOT_ACTIVE', null],
      ['design-and-sample', 'NOT_ACTIVE', null],
    ]);
    expect(list[0]!.sizes[0]).toEqual({ credits: 1_000, price: 1_000 });
    expect(list.map((module) => module.welcomeCredits)).toEqual([2_500, 5_000, 7_500, 10_000]);
  });

  it("follows the plan's included bundle and grants each bundle's welcome credits once", async () => {
    const { storeId } = await aStore('TIER_1');
    const now = new Date();
    const { modules } = billing();
    await modules.syncPlanModules(storeId, 'TIER_2', true, now);
    await modules.syncPlanModules(storeId, 'TIER_2_5', true, now);
    expect(await modules.activeNames(storeId, now)).toEqual(['beginner']);
    expect((await modules.list(storeId, now))[0]).toMatchObject({
      status: 'ACTIVE',
      source: 'PLAN',
    });
    expect(await billing().credits.balance(storeId)).toBe(2_500);

    await modules.syncPlanModules(storeId, 'TIER_3', true, now);
    expect(await modules.activeNames(storeId, now)).toEqual(['professional']);
    expect((await modules.list(storeId, now))[0]!.status).toBe('EXPIRED');
    expect(await billing().credits.balance(storeId)).toBe(7_500);

    // Back to Beginner: active again, no second welcome grant.
    await modules.syncPlanModules(storeId, 'TIER_2', true, now);
    expect(await modules.activeNames(storeId, now)).toEqual(['beginner']);
    expect(await billing().credits.balance(storeId)).toBe(7_500);
    expect(await welcomeEntries(storeId)).toHaveLength(2);

    // Paused (not usable) or Free: the plan's modules expire.
    await modules.syncPlanModules(storeId, 'TIER_2', false, now);
    expect(await modules.activeNames(storeId, now)).toEqual([]);
    await modules.syncPlanModules(storeId, 'TIER_2', true, now);
    await modules.syncPlanModules(storeId, 'TIER_1', true, now);
    expect((await modules.list(storeId, now)).map((module) => module.status)).toEqual([
      'EXPIRED',
      'EXPIRED',
      'NOT_ACTIVE',
      'NOT_ACTIVE',
    ]);
  });

  it('reads a bought bundle as EXPIRED once its expiresAt passed, and a plan sync leaves it alone', async () => {
    const { storeId } = await aStore('TIER_1');
    const now = new Date();
    await activate(storeId, 'launch', new Date(now.getTime() + 10 * DAY_MS));
    await activate(storeId, 'beginner', new Date(now.getTime() + 10 * DAY_MS));
    await billing().modules.syncPlanModules(storeId, 'TIER_1', true, now);
    expect(await billing().modules.activeNames(storeId, now)).toEqual(['beginner', 'launch']);
    const later = new Date(now.getTime() + 11 * DAY_MS);
    expect(await billing().modules.activeNames(storeId, later)).toEqual([]);
    const launch = (await billing().modules.list(storeId, later)).find((m) => m.name === 'launch');
    expect(launch).toMatchObject({ status: 'EXPIRED', source: 'PURCHASE' });
  });
});

describe('entitlements', () => {
  it.each<[PlanType, FeatureKey, boolean]>([
    ['TIER_1', 'sms_marketing', false],
    ['TIER_2', 'sms_marketing', true],
    ['TIER_2', 'analytics', false],
    ['TIER_2_5', 'analytics', true],
    ['TIER_2_5', 'premium_support', false],
    ['TIER_3', 'premium_support', true],
    ['TIER_3', 'fulfillment_metrics', true],
  ])('a %s store without a subscription: %s allowed = %s', async (planType, feature, expected) => {
    const { storeId } = await aStore(planType);
    expect(await allowed(storeId, feature)).toBe(expected);
  });

  it('needs an active bundle for a bundle feature, and a working subscription for every paid one', async () => {
    const { storeId } = await aStore('TIER_3');
    expect(await allowed(storeId, 'storefront')).toBe(false);
    await activate(storeId, 'launch');
    expect(await allowed(storeId, 'storefront')).toBe(true);
    expect(await allowed(storeId, 'product_design')).toBe(false);

    await addSubscription(storeId, 'TIER_3', { pausedAt: new Date() });
    expect(await allowed(storeId, 'storefront')).toBe(false);
    expect(await allowed(storeId, 'analytics')).toBe(false);
    await db()
      .update(billingSubscriptions)
      .set({ pausedAt: null, status: 'UNPAID' })
      .where(eq(billingSubscriptions.storeId, storeId));
    expect(await allowed(storeId, 'analytics')).toBe(false);
    await db()
      .update(billingSubscriptions)
      .set({ status: 'PAST_DUE' })
      .where(eq(billingSubscriptions.storeId, storeId));
    expect(await allowed(storeId, 'analytics')).toBe(true);
  });

  it('refuses a feature outside the plan with 403 feature_not_in_plan naming what it needs', async () => {
    const { storeId } = await aStore('TIER_2');
    await billing().entitlements.require(storeId, 'sms_marketing');
    const error = await billing()
      .entitlements.require(storeId, 'analytics')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'forbidden',
      reason: 'feature_not_in_plan',
      details: [
        { field: 'feature', message: 'analytics' },
        { field: 'requires', message: 'Scaling plan or higher' },
        { field: 'upgradeTo', message: expect.stringContaining('TIER_2_5') },
      ],
    });
  });
});

describe('team invites follow billing', () => {
  const invite = (headers: Record<string, string>, n: number) =>
    context.app.inject({
      method: 'POST',
      url: inviteTeamMember.path,
      headers,
      payload: { email: `seat${n}-${newId('x')}@example.com`, role: 'CX' },
    });

  it('allows the included seats (owner counted) plus the bought ones, then answers 409 team_seats_full', async () => {
    const owner = await aStore('TIER_2_5');
    await addSubscription(owner.storeId, 'TIER_2_5');
    // Scaling: 3 seats, the owner takes one.
    expect((await invite(owner.headers, 1)).statusCode).toBe(201);
    expect((await invite(owner.headers, 2)).statusCode).toBe(201);
    expectApiError(await invite(owner.headers, 3), 409, {
      code: 'conflict',
      reason: 'team_seats_full',
    });
    await db()
      .update(billingSubscriptions)
      .set({ additionalSeats: 1 })
      .where(eq(billingSubscriptions.storeId, owner.storeId));
    expect((await invite(owner.headers, 3)).statusCode).toBe(201);
    expectApiError(await invite(owner.headers, 4), 409, {
      code: 'conflict',
      reason: 'team_seats_full',
    });
  });

  it('refuses invites while the subscription is paused with 403 feature_not_in_plan', async () => {
    const owner = await aStore('TIER_3');
    await addSubscription(owner.storeId, 'TIER_3', { pausedAt: new Date() });
    expectApiError(await invite(owner.headers, 1), 403, {
      code: 'forbidden',
      reason: 'feature_not_in_plan',
    });
  });
});
