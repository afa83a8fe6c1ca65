import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import { registerAccount } from '@/testing/factories';
import { listEmails } from '@/testing/outbox';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { DAY_MS, DECLINES, PAYS, billingClient } from './billing-test-support';

let context: TestContext;
let billing: ReturnType<typeof billingClient>;

beforeAll(async () => {
  // The interval sweeper is off: the tests run the sweep themselves.
  // Sessions outlive the server clock's 14-day jump below.
  context = await createTestApp({
    BILLING_SWEEP_INTERVAL_MS: '0',
    SESSION_IDLE_TIMEOUT_MS: String(60 * DAY_MS),
  });
  billing = billingClient(context);
});
afterAll(async () => {
  await context.close();
});

describe('the renewals sweeper', () => {
  it('finds only stores with something due (server time + each store’s test clock) and runs it', async () => {
    const due = await registerAccount(context);
    await billing.addCard(due);
    await billing.changePlan(due, { planType: 'TIER_2', interval: 'MONTH' });
    const ahead = await registerAccount(context);
    await billing.addCard(ahead);
    await billing.changePlan(ahead, { planType: 'TIER_2', interval: 'MONTH' });
    // `ahead`'s own clock reaches its trial end; nothing ran for it yet.
    await context.billing.clock.advance(ahead.storeId, 14);
    const notYet = await registerAccount(context);
    await billing.addCard(notYet);
    await billing.changePlan(notYet, { planType: 'TIER_2', interval: 'MONTH' });

    const dueNow = await context.billing.renewals.dueStoreIds(context.clock.now());
    expect(dueNow).toContain(ahead.storeId);
    expect(dueNow).not.toContain(due.storeId);
    expect(dueNow).not.toContain(notYet.storeId);

    // The server's time passes 14 days: `due` and `notYet` (same start) fall due too.
    context.clock.advance(14 * DAY_MS);
    const handled = await context.billing.renewals.sweep(context.clock.now());
    expect(handled).toBeGreaterThanOrEqual(3);
    for (const account of [due, ahead, notYet]) {
      expect((await billing.overview(account)).subscription?.status).toBe('ACTIVE');
      expect(await billing.invoices(account)).toHaveLength(1);
    }
    // A second sweep finds nothing more for them and charges nothing twice.
    await context.billing.renewals.sweep(context.clock.now());
    expect(await billing.invoices(due)).toHaveLength(1);
    expect(
      await listEmails(context.connection.db, due.input.email, 'billing.trial_ended'),
    ).toHaveLength(1);
  });

  it('two runs at once charge a renewal once', async () => {
    const account = await billing.activeStore();
    const overview = await billing.overview(account);
    const days = Math.ceil(
      (new Date(overview.subscription!.currentPeriodEnd).getTime() -
        new Date(overview.now).getTime()) /
        DAY_MS,
    );
    await context.billing.clock.advance(account.storeId, days);
    await Promise.all([
      context.billing.renewals.runDue(account.storeId),
      context.billing.renewals.runDue(account.storeId),
      context.billing.renewals.sweep(context.clock.now()),
    ]);
    expect(await billing.invoices(account)).toHaveLength(2);
    expect(
      await listEmails(context.connection.db, account.input.email, 'billing.renewal_receipt'),
    ).toHaveLength(1);
  });
});

describe('after the trial and after UNPAID', () => {
  it('a declined first charge at the trial end makes it PAST_DUE', async () => {
    const account = await registerAccount(context);
    await billing.addCard(account, DECLINES);
    await billing.changePlan(account, { planType: 'TIER_2_5', interval: 'MONTH' });
    const after = await billing.advance(account, 14);
    expect(after.subscription).toMatchObject({ status: 'PAST_DUE', planType: 'TIER_2_5' });
    expect(after.planType).toBe('TIER_2_5');
    expect((await billing.invoices(account))[0]).toMatchObject({ status: 'OPEN', total: 9_900 });
  });

  it('an UNPAID store starts a plan again with a card that pays (no second trial)', async () => {
    const account = await registerAccount(context);
    await billing.addCard(account, DECLINES);
    await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' });
    await billing.advance(account, 14);
    await billing.advance(account, 7);
    const unpaid = await billing.overview(account);
    expect(unpaid.subscription?.status).toBe('UNPAID');
    expect(unpaid.planType).toBe('TIER_1');

    // Still declining: refused, the UNPAID subscription stays as it was.
    const refused = await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason).toBe('payment_declined');
    expect((await billing.overview(account)).subscription).toEqual(unpaid.subscription);

    await billing.addCard(account, PAYS, true);
    const again = await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      subscription: { status: 'ACTIVE', trialEndsAt: null },
      invoice: { status: 'PAID', total: 4_900 },
    });
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_2');
    expect((await billing.call(account, 'GET', api.invoices.path)).json().items).toHaveLength(2);
  });
});
