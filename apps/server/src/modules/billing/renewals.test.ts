import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import { registerAccount } from '@/testing/factories';
import { listEmails } from '@/testing/outbox';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { CANCEL_ANSWERS, DAY_MS, DECLINES, PAYS, billingClient } from './billing-test-support';

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

describe('the "trial ending soon" e-mail', () => {
  const remindersTo = (email: string) =>
    listEmails(context.connection.db, email, 'billing.trial_ending_soon');
  const publicUrl = () => context.config.PUBLIC_URL ?? `http://localhost:${context.config.PORT}`;

  /** A new store on a 14-day TIER_2 monthly trial with a Visa ending in 4242; its trial's end. */
  const trialStore = async () => {
    const account = await registerAccount(context);
    await billing.addCard(account);
    const started = await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' });
    expect(started.statusCode, started.body).toBe(200);
    const trialEndsAt = started.json().subscription.trialEndsAt as string;
    return { account, trialEnd: trialEndsAt.slice(0, 10) };
  };

  it('goes out once, 3 days before the end (test clock): date, plan, amount, card, how to cancel', async () => {
    const { account, trialEnd } = await trialStore();
    await billing.advance(account, 10);
    expect(await remindersTo(account.input.email)).toHaveLength(0);

    await billing.advance(account, 2);
    const mails = await remindersTo(account.input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your Beginner trial ends on ${trialEnd}`);
    expect(mails[0]!.body).toBe(
      [
        `Your Beginner trial ends on ${trialEnd}.`,
        'Then we will charge $49.00 for the Beginner plan (monthly) to Visa ending in 4242.',
        `Don't want to continue? Cancel before ${trialEnd} and nothing is charged: ${publicUrl()}/account-info#billing`,
      ].join('\n'),
    );
    // Nothing is charged by the reminder.
    expect(await billing.invoices(account)).toHaveLength(0);

    await billing.advance(account, 1);
    expect(await remindersTo(account.input.email)).toHaveLength(1);
    // Canceled before the end: no charge, no second reminder.
    const cancel = await billing.call(account, 'POST', api.cancel.path, {
      answers: CANCEL_ANSWERS,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const ended = await billing.advance(account, 2);
    expect(ended.subscription).toMatchObject({ status: 'CANCELED' });
    expect(await billing.invoices(account)).toHaveLength(0);
    expect(await remindersTo(account.input.email)).toHaveLength(1);
  });

  it('names the discounted amount of the first invoice, and the invoice charges it', async () => {
    const { account } = await trialStore();
    const code = await billing.call(account, 'POST', api.promotionCode.path, { code: 'WELCOME20' });
    expect(code.statusCode, code.body).toBe(200);
    await billing.advance(account, 12);
    const [mail] = await remindersTo(account.input.email);
    expect(mail?.body).toContain(
      'Then we will charge $39.20 for the Beginner plan (monthly, WELCOME20: 20% off) to Visa ending in 4242.',
    );
    await billing.advance(account, 2);
    expect((await billing.invoices(account))[0]).toMatchObject({ total: 3_920, status: 'PAID' });
  });

  it('names the plan a trial moves to at its end (a downgrade chosen during the trial)', async () => {
    const account = await registerAccount(context);
    await billing.addCard(account);
    await billing.changePlan(account, { planType: 'TIER_3', interval: 'MONTH' });
    const down = await billing.changePlan(account, { planType: 'TIER_2_5', interval: 'YEAR' });
    expect(down.statusCode, down.body).toBe(200);
    await billing.advance(account, 12);
    const [mail] = await remindersTo(account.input.email);
    expect(mail?.body).toContain('Then we will charge $990.00 for the Scaling plan (yearly)');
  });

  it('is not sent for a trial set to cancel, nor when the clock jumps past the end', async () => {
    const canceled = await trialStore();
    await billing.call(canceled.account, 'POST', api.cancel.path, { answers: CANCEL_ANSWERS });
    await billing.advance(canceled.account, 12);
    expect(await remindersTo(canceled.account.input.email)).toHaveLength(0);
    await billing.advance(canceled.account, 2);
    expect(await remindersTo(canceled.account.input.email)).toHaveLength(0);
    expect(await billing.invoices(canceled.account)).toHaveLength(0);

    // The trial is over by the time anything runs: the trial-ended e-mail only.
    const late = await trialStore();
    await billing.advance(late.account, 15);
    expect(await remindersTo(late.account.input.email)).toHaveLength(0);
    expect(
      await listEmails(context.connection.db, late.account.input.email, 'billing.trial_ended'),
    ).toHaveLength(1);
    // ACTIVE now: never a reminder again.
    await billing.advanceToPeriodEnd(late.account);
    expect(await remindersTo(late.account.input.email)).toHaveLength(0);
  });

  it('is found by the sweeper (server time + each store’s test clock) and sent once, also by concurrent runs', async () => {
    const { account } = await trialStore();
    const ahead = await trialStore();
    // `ahead`'s own clock reaches its reminder: the sweeper finds it, not `account`.
    await context.billing.clock.advance(ahead.account.storeId, 11);
    let due = await context.billing.renewals.dueStoreIds(context.clock.now());
    expect(due).toContain(ahead.account.storeId);
    expect(due).not.toContain(account.storeId);
    await context.billing.renewals.sweep(context.clock.now());
    expect(await remindersTo(ahead.account.input.email)).toHaveLength(1);
    expect(await remindersTo(account.input.email)).toHaveLength(0);
    expect(await context.billing.renewals.dueStoreIds(context.clock.now())).not.toContain(
      ahead.account.storeId,
    );

    // The server's time passes 12 days: `account`'s reminder falls due; three runners, one e-mail.
    context.clock.advance(12 * DAY_MS);
    due = await context.billing.renewals.dueStoreIds(context.clock.now());
    expect(due).toContain(account.storeId);
    await Promise.all([
      context.billing.renewals.sweep(context.clock.now()),
      context.billing.renewals.runDue(account.storeId),
      context.billing.renewals.runDue(account.storeId),
    ]);
    expect(await remindersTo(account.input.email)).toHaveLength(1);
    await context.billing.renewals.sweep(context.clock.now());
    expect(await remindersTo(account.input.email)).toHaveLength(1);
    expect((await billing.overview(account)).subscription?.status).toBe('TRIALING');
    expect(await billing.invoices(account)).toHaveLength(0);
  });
});
