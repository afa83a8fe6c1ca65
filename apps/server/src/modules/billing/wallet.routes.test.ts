import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import type { Credits } from '@atelier/contract/billing/credits';
import type { SubscriptionModule } from '@atelier/contract/billing/bundles';
import { DEFAULT_PLAN_PRICES, PLATFORM_FEES, type Plan } from '@atelier/contract/billing/plans';
import { PlanTypeSchema } from '@atelier/contract/identity/plans';
import { billingInvoices, billingModules, creditEntries } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { testCard } from '@/testing/orders-fixtures';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { buyBundle } from './wallet.routes';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({
    BILLING_PLAN_PRICES: JSON.stringify({ TIER_2: { MONTH: 5_900, YEAR: 59_000 } }),
  });
});
afterAll(async () => context.close());

const PAYS = '4242424242424242';
const DECLINES = '4000000000000002';
const buyPath = (name: string) => api.buyBundle.path.replace(':name', name);

const addCard = async (account: StoreAccount, number: string) => {
  const response = await context.app.inject({
    method: 'POST',
    url: api.attachPaymentMethod.path,
    headers: account.headers,
    payload: { paymentMethod: testCard(number), makeDefault: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>();
};

const buy = (account: StoreAccount, name: string, payload: Record<string, unknown>) =>
  context.app.inject({ method: 'POST', url: buyPath(name), headers: account.headers, payload });

const creditsOf = async (account: StoreAccount, query = '') => {
  const response = await context.app.inject({
    method: 'GET',
    url: `${api.credits.path}${query}`,
    headers: account.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Credits>();
};

describe('GET /api/public/billing/plans', () => {
  it('shows every plan with the configured prices and every platform fee, without login', async () => {
    const response = await context.app.inject({ method: 'GET', url: api.plans.path });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ plans: Plan[]; fees: typeof PLATFORM_FEES }>();
    expect(body.plans.map((plan) => plan.planType)).toEqual(PlanTypeSchema.options);
    const byType = Object.fromEntries(body.plans.map((plan) => [plan.planType, plan]));
    expect(byType.TIER_2!.prices).toEqual({ MONTH: 5_900, YEAR: 59_000 });
    expect(byType.TIER_3!.prices).toEqual(DEFAULT_PLAN_PRICES.TIER_3);
    expect(body.fees.map((fee) => fee.key)).toEqual(PLATFORM_FEES.map((fee) => fee.key));
  });
});

describe('POST /api/web/billing/bundles/:name/purchase', () => {
  it('activates the bundle for a year, grants its credits expiring with it and the welcome credits once', async () => {
    const owner = await registerAccount(context);
    await addCard(owner, PAYS);
    const response = await buy(owner, 'launch', { credits: 3_500 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      module: SubscriptionModule;
      invoice: { status: string; total: number; reason: string };
    }>();
    expect(body.invoice).toMatchObject({ status: 'PAID', total: 3_500, reason: 'BUNDLE' });
    expect(body.module).toMatchObject({ name: 'launch', status: 'ACTIVE', source: 'PURCHASE' });
    const days =
      (new Date(body.module.expiresAt!).getTime() - new Date(body.module.activatedAt!).getTime()) /
      86_400_000;
    expect(days).toBe(365);

    const credits = await creditsOf(owner);
    // 3,500 bought + $75 welcome credits (7,500).
    expect(credits.balance).toBe(11_000);
    const bought = credits.entries.find((entry) => entry.credits === 3_500)!;
    expect(bought.expiresAt).toBe(body.module.expiresAt);

    // A second purchase: more credits, no second welcome grant.
    const again = await buy(owner, 'launch', { credits: 3_500 });
    expect(again.statusCode, again.body).toBe(200);
    const after = await creditsOf(owner);
    expect(after.balance).toBe(14_500);
    expect(after.entries.filter((entry) => entry.reason.startsWith('Welcome'))).toHaveLength(1);
  });

  it('writes off what is left of the bought credits once the bundle expires (test clock and sweeper)', async () => {
    const owner = await registerAccount(context);
    await addCard(owner, PAYS);
    expect((await buy(owner, 'launch', { credits: 3_500 })).statusCode).toBe(200);
    const spend = await context.billing.spendCredits(owner.storeId, 500, 'AI images', 'spend-1');
    expect(spend.balanceAfter).toBe(10_500);

    // 364 days on: nothing has expired yet.
    const advance = (days: number) =>
      context.app.inject({
        method: 'POST',
        url: api.advanceTestClock.path,
        headers: owner.headers,
        payload: { days },
      });
    expect((await advance(364)).statusCode).toBe(200);
    expect((await creditsOf(owner)).balance).toBe(10_500);

    // Past the year: what is left of the bought 3,500 expires, once. The spend took from the
    // credits expiring soonest, the bought ones, before the welcome credits (never expiring):
    // 3,000 are written off and the 7,500 welcome credits are whole.
    expect((await advance(2)).statusCode).toBe(200);
    const after = await creditsOf(owner);
    expect(after.balance).toBe(7_500);
    expect(after.entries.filter((entry) => entry.kind === 'EXPIRY').map((e) => e.credits)).toEqual([
      -3_000,
    ]);
    // The sweeper finds nothing more to write off for this store.
    expect(await context.billing.renewals.dueStoreIds(context.clock.now())).not.toContain(
      owner.storeId,
    );
    expect((await advance(1)).statusCode).toBe(200);
    expect((await creditsOf(owner)).balance).toBe(7_500);
  });

  it('changes nothing when the card is declined and answers 409 payment_declined', async () => {
    const owner = await registerAccount(context);
    await addCard(owner, DECLINES);
    const response = await buy(owner, 'beginner', { credits: 1_000 });
    expectApiError(response, 409, { code: 'conflict', reason: 'payment_declined' });
    expect((await creditsOf(owner)).entries).toEqual([]);
    const modules = await context.connection.db
      .select()
      .from(billingModules)
      .where(eq(billingModules.storeId, owner.storeId));
    expect(modules).toEqual([]);
    // The attempt is not left open for a later retry to charge.
    const invoices = await context.connection.db
      .select({ status: billingInvoices.status })
      .from(billingInvoices)
      .where(eq(billingInvoices.storeId, owner.storeId));
    expect(invoices.map((invoice) => invoice.status)).toEqual(['VOID']);
  });

  it('refuses a size the bundle is not sold in with 400 at credits, charging nothing', async () => {
    const owner = await registerAccount(context);
    await addCard(owner, PAYS);
    const error = expectApiError(await buy(owner, 'beginner', { credits: 1_234 }), 400, {
      code: 'bad_request',
    });
    expect(fieldsOf(error)).toEqual(['body.credits']);
    expectApiError(await buy(owner, 'beginner', { credits: 0 }), 400, { code: 'bad_request' });
    expectApiError(await buy(owner, 'no-such-bundle', { credits: 1_000 }), 400, {
      code: 'bad_request',
    });
    const invoices = await context.connection.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.storeId, owner.storeId));
    expect(invoices).toEqual([]);
  });

  it('refuses a CX member with 403 and charges nothing', async () => {
    const owner = await registerAccount(context);
    await addCard(owner, PAYS);
    const { credits, modules, invoices, clock } = context.billing;
    const deps = {
      db: context.connection.db,
      credits,
      modules,
      invoices,
      clock,
      planPrices: DEFAULT_PLAN_PRICES,
    };
    const actor = {
      userId: owner.userId,
      email: owner.input.email,
      name: 'CX',
      storeId: owner.storeId,
      storeTitle: owner.input.storeTitle,
      role: 'CX' as const,
      sessionId: 'ses_x',
      planType: 'TIER_1' as const,
      isPreviewAccount: false,
    };
    await expect(buyBundle(deps, actor, 'beginner', { credits: 1_000 })).rejects.toMatchObject({
      code: 'forbidden',
      reason: 'role_not_allowed',
    });
    const rows = await context.connection.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.storeId, owner.storeId));
    expect(rows).toEqual([]);
  });

  it('asks for a card first with 409 payment_method_required', async () => {
    const owner = await registerAccount(context);
    expectApiError(await buy(owner, 'beginner', { credits: 1_000 }), 409, {
      code: 'conflict',
      reason: 'payment_method_required',
    });
    expect((await creditsOf(owner)).balance).toBe(0);
  });
});

describe('GET /api/web/billing/credits', () => {
  it("pages a store's own history and never shows another store's", async () => {
    const owner = await registerAccount(context);
    const other = await registerAccount(context);
    await addCard(owner, PAYS);
    expect((await buy(owner, 'beginner', { credits: 1_000 })).statusCode).toBe(200);
    expect((await buy(owner, 'beginner', { credits: 2_000 })).statusCode).toBe(200);

    const first = await creditsOf(owner, '?limit=2');
    expect(first.entries.map((entry) => entry.credits)).toEqual([2_000, 1_000]);
    expect(first.nextCursor).not.toBeNull();
    const second = await creditsOf(owner, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((entry) => entry.credits)).toEqual([2_500]);
    expect(second.nextCursor).toBeNull();

    const theirs = await creditsOf(other);
    expect(theirs).toEqual({ balance: 0, entries: [], nextCursor: null });
    // Another store's cursor shows nothing of the first store either.
    const withCursor = await creditsOf(other, `?cursor=${first.nextCursor}`);
    expect(withCursor.entries).toEqual([]);
    const rows = await context.connection.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.storeId, other.storeId));
    expect(rows).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: api.credits.path });
    expectApiError(response, 401, { code: 'unauthenticated' });
  });
});

describe('"Export my data"', () => {
  it("holds the store's billing tables and nothing of another store", async () => {
    const owner = await registerAccount(context);
    const other = await registerAccount(context);
    await addCard(owner, PAYS);
    await addCard(other, PAYS);
    expect((await buy(owner, 'beginner', { credits: 1_000 })).statusCode).toBe(200);
    expect((await buy(other, 'professional', { credits: 5_000 })).statusCode).toBe(200);
    const rowsOf = async (table: string) => {
      const source = context.billing.exportSources.find((entry) => entry.table === table)!;
      return (await source.listRows(owner.storeId, null, 100)).rows;
    };
    expect((await rowsOf('credit_entries')).map((row) => row.credits)).toEqual(
      expect.arrayContaining([1_000, 2_500]),
    );
    expect(await rowsOf('credit_entries')).toHaveLength(2);
    expect(await rowsOf('billing_modules')).toEqual([
      expect.objectContaining({ name: 'beginner', status: 'ACTIVE', source: 'PURCHASE' }),
    ]);
    const [invoice] = await rowsOf('billing_invoices');
    expect(invoice).toMatchObject({ total: 1_000, status: 'PAID', reason: 'BUNDLE' });
    const cards = await rowsOf('billing_payment_methods');
    expect(cards).toHaveLength(1);
    expect(Object.keys(cards[0]!)).not.toContain('provider_payment_method_id');
    expect(context.billing.exportSources.map((source) => source.table)).toEqual([
      'billing_accounts',
      'billing_subscriptions',
      'billing_invoices',
      'billing_payment_methods',
      'billing_modules',
      'credit_entries',
      'billing_cancellation_answers',
    ]);
  });
});
