import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BillingInvoice,
  PlanChangePreview,
  Subscription,
} from '@atelier/contract/billing/billing-api';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import { addInterval } from '@atelier/contract/billing/subscription';
import { stores } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount } from '@/testing/factories';
import { listEmails } from '@/testing/outbox';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { CANCEL_ANSWERS, DAY_MS, DECLINES, billingClient } from './billing-test-support';

let context: TestContext;
let billing: ReturnType<typeof billingClient>;

beforeAll(async () => {
  context = await createTestApp();
  billing = billingClient(context);
});
afterAll(async () => {
  await context.close();
});

describe('a plan through the test clock', () => {
  it('starts with a 14-day trial, charges at its end, renews, then dunning makes it UNPAID and Free', async () => {
    const account = await registerAccount(context);
    await billing.addCard(account);
    const started = await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' });
    expect(started.statusCode, started.body).toBe(200);
    const trial = started.json<{ subscription: Subscription; invoice: BillingInvoice | null }>();
    expect(trial.invoice).toBeNull();
    expect(trial.subscription).toMatchObject({ status: 'TRIALING', planType: 'TIER_2' });
    const startedAt = new Date(trial.subscription.currentPeriodStart);
    expect(new Date(trial.subscription.trialEndsAt!).getTime() - startedAt.getTime()).toBe(
      14 * DAY_MS,
    );
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_2');

    // Trial end: the first invoice is charged.
    const afterTrial = await billing.advance(account, 14);
    expect(afterTrial.subscription).toMatchObject({ status: 'ACTIVE', isActive: true });
    let invoices = await billing.invoices(account);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      status: 'PAID',
      total: 4_900,
      reason: 'SUBSCRIPTION_CYCLE',
      number: expect.stringMatching(/^ATL-\d{6}$/),
    });
    const trialEnd = new Date(trial.subscription.trialEndsAt!);
    expect(afterTrial.subscription!.currentPeriodEnd).toBe(
      addInterval(trialEnd, 'MONTH').toISOString(),
    );

    // A renewal.
    await billing.advanceToPeriodEnd(account);
    invoices = await billing.invoices(account);
    expect(invoices.map((invoice) => invoice.status)).toEqual(['PAID', 'PAID']);
    expect(invoices[0]!.number > invoices[1]!.number).toBe(true);

    // The default card now declines: PAST_DUE, retried at 3, 5 and 7 days, then UNPAID.
    await billing.addCard(account, DECLINES, true);
    const pastDue = await billing.advanceToPeriodEnd(account);
    expect(pastDue.subscription).toMatchObject({ status: 'PAST_DUE', hasPaymentProblem: true });
    expect(pastDue.planType).toBe('TIER_2');
    const failedAt = new Date(pastDue.now).getTime();
    let open = (await billing.invoices(account))[0]!;
    expect(open).toMatchObject({ status: 'OPEN', attemptCount: 1 });
    expect(open.nextPaymentAttemptAt).toBe(new Date(failedAt + 3 * DAY_MS).toISOString());
    const mails = await listEmails(
      context.connection.db,
      account.input.email,
      'billing.payment_failed',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(new Date(failedAt + 3 * DAY_MS).toISOString().slice(0, 10));

    await billing.advance(account, 3);
    open = (await billing.invoices(account))[0]!;
    expect(open).toMatchObject({ status: 'OPEN', attemptCount: 2 });
    expect(open.nextPaymentAttemptAt).toBe(new Date(failedAt + 5 * DAY_MS).toISOString());
    await billing.advance(account, 2);
    expect((await billing.invoices(account))[0]).toMatchObject({ attemptCount: 3 });
    expect((await billing.overview(account)).subscription?.status).toBe('PAST_DUE');

    const unpaid = await billing.advance(account, 2);
    expect(unpaid.subscription).toMatchObject({ status: 'UNPAID', isActive: false });
    expect(unpaid.planType).toBe('TIER_1');
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_1');
    expect((await billing.invoices(account))[0]).toMatchObject({
      status: 'UNCOLLECTIBLE',
      attemptCount: 4,
      nextPaymentAttemptAt: null,
    });
    expect(unpaid.features.find((f) => f.feature === 'sms_marketing')?.allowed).toBe(false);
  });

  it('pauses (no invoices, paid features off), resumes with the period extended by the pause', async () => {
    const account = await billing.activeStore();
    const before = await billing.overview(account);
    const paused = await billing.call(account, 'POST', api.pause.path, { months: 2 });
    expect(paused.statusCode, paused.body).toBe(200);
    const pausedSubscription = paused.json<Subscription>();
    expect(pausedSubscription).toMatchObject({ isPaused: true, status: 'ACTIVE' });
    expect(pausedSubscription.resumesAt).toBe(
      addInterval(new Date(before.now), 'MONTH', 2).toISOString(),
    );
    const whilePaused = await billing.overview(account);
    expect(whilePaused.planType).toBe('TIER_2');
    expect(whilePaused.upcomingInvoice).toBeNull();
    expect(whilePaused.features.find((f) => f.feature === 'sms_marketing')?.allowed).toBe(false);

    // Past the period's end while paused: no invoice.
    await billing.advance(account, 40);
    expect(await billing.invoices(account)).toHaveLength(1);
    const resumed = await billing.call(account, 'POST', api.resume.path);
    expect(resumed.statusCode, resumed.body).toBe(200);
    const after = resumed.json<Subscription>();
    expect(after).toMatchObject({ isPaused: false, pausedAt: null, resumesAt: null });
    expect(new Date(after.currentPeriodEnd).getTime()).toBe(
      new Date(before.subscription!.currentPeriodEnd).getTime() + 40 * DAY_MS,
    );
    expect(
      (await billing.overview(account)).features.find((f) => f.feature === 'sms_marketing')
        ?.allowed,
    ).toBe(true);
    expectApiError(await billing.call(account, 'POST', api.resume.path), 409, {
      code: 'conflict',
      reason: 'subscription_not_paused',
    });
  });

  it('resumes by itself at the pause end and refuses a pause longer than 3 months at `months`', async () => {
    const account = await billing.activeStore();
    const refused = expectApiError(
      await billing.call(account, 'POST', api.pause.path, { months: 4 }),
      400,
      { code: 'bad_request' },
    );
    expect(fieldsOf(refused)).toContain('body.months');
    expect((await billing.overview(account)).subscription?.isPaused).toBe(false);

    expect((await billing.call(account, 'POST', api.pause.path, { months: 1 })).statusCode).toBe(
      200,
    );
    const later = await billing.advance(account, 32);
    expect(later.subscription).toMatchObject({ isPaused: false, status: 'ACTIVE' });
    expect(await billing.invoices(account)).toHaveLength(1);
  });

  it('cancels at the period end (CANCELED, Free, an e-mail) and REACTIVATE brings it back within 7 days', async () => {
    const account = await billing.activeStore('TIER_3');
    const cancel = await billing.call(account, 'POST', api.cancel.path, {
      answers: CANCEL_ANSWERS,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      outcome: 'CANCELED',
      subscription: { cancelAtPeriodEnd: true, status: 'ACTIVE' },
    });
    expect((await billing.overview(account)).upcomingInvoice).toBeNull();
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_3');

    const ended = await billing.advanceToPeriodEnd(account);
    expect(ended.subscription).toMatchObject({ status: 'CANCELED', isActive: false });
    expect(ended.subscription!.endedAt).toBe(ended.now);
    expect(ended.planType).toBe('TIER_1');
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_1');
    expect(await billing.invoices(account)).toHaveLength(1);
    expect(
      await listEmails(context.connection.db, account.input.email, 'billing.subscription_canceled'),
    ).toHaveLength(1);

    const wrong = expectApiError(
      await billing.call(account, 'POST', api.reactivate.path, { code: 'PLEASE' }),
      400,
      { code: 'bad_request', reason: 'reactivate_code_invalid' },
    );
    expect(fieldsOf(wrong)).toEqual(['body.code']);

    await billing.advance(account, 6);
    const back = await billing.call(account, 'POST', api.reactivate.path, { code: 'reactivate' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      subscription: { status: 'ACTIVE', planType: 'TIER_3' },
      invoice: { status: 'PAID', total: 19_900 },
    });
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_3');
  });

  it('refuses REACTIVATE more than 7 days after the end, nothing changed', async () => {
    const account = await billing.activeStore();
    await billing.call(account, 'POST', api.cancel.path, { answers: CANCEL_ANSWERS });
    await billing.advanceToPeriodEnd(account);
    await billing.advance(account, 8);
    expectApiError(
      await billing.call(account, 'POST', api.reactivate.path, { code: 'REACTIVATE' }),
      409,
      { code: 'conflict', reason: 'reactivate_window_passed' },
    );
    expect((await billing.overview(account)).subscription?.status).toBe('CANCELED');
    expect(await billing.invoices(account)).toHaveLength(1);
  });

  it('takes the 40 % offer: the next invoices are 40 % off; undo-cancel keeps a canceling plan', async () => {
    const account = await billing.activeStore();
    const offer = await billing.call(account, 'POST', api.cancel.path, {
      answers: { ...CANCEL_ANSWERS, offer: 'YES' },
    });
    expect(offer.json()).toMatchObject({
      outcome: 'OFFER_TAKEN',
      subscription: {
        cancelAtPeriodEnd: false,
        discount: { code: 'CANCEL40', percentOff: 40, invoicesRemaining: 3 },
      },
    });
    expect((await billing.overview(account)).upcomingInvoice?.amountDue).toBe(2_940);
    await billing.advanceToPeriodEnd(account);
    expect((await billing.invoices(account))[0]).toMatchObject({
      subtotal: 4_900,
      discount: 1_960,
      total: 2_940,
      amountPaid: 2_940,
    });

    const call = await billing.call(account, 'POST', api.cancel.path, {
      answers: { ...CANCEL_ANSWERS, bookACall: 'YES', offer: null },
    });
    expect(call.json()).toMatchObject({
      outcome: 'BOOK_A_CALL',
      subscription: { cancelAtPeriodEnd: false },
    });

    await billing.call(account, 'POST', api.cancel.path, { answers: CANCEL_ANSWERS });
    const kept = await billing.call(account, 'POST', api.undoCancel.path);
    expect(kept.json()).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null });
    expectApiError(await billing.call(account, 'POST', api.undoCancel.path), 409, {
      code: 'conflict',
      reason: 'subscription_not_canceling',
    });
  });
});

describe('plan changes', () => {
  it('upgrades now, charging exactly the prorated difference', async () => {
    const account = await billing.activeStore();
    await billing.advance(account, 10);
    const before = await billing.overview(account);
    const start = new Date(before.subscription!.currentPeriodStart).getTime();
    const end = new Date(before.subscription!.currentPeriodEnd).getTime();
    const now = new Date(before.now).getTime();
    const credit = Math.round((4_900 * (end - now)) / (end - start));
    const charge = Math.round((19_900 * (end - now)) / (end - start));

    const preview = await billing.call(
      account,
      'GET',
      `${api.previewChange.path}?planType=TIER_3&interval=MONTH`,
    );
    expect(preview.json()).toMatchObject({
      kind: 'UPGRADE',
      credit,
      charge,
      amountDueNow: charge - credit,
      blockedReason: null,
    });
    const upgraded = await billing.changePlan(account, { planType: 'TIER_3', interval: 'MONTH' });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json()).toMatchObject({
      subscription: { planType: 'TIER_3', unitAmount: 19_900, pendingChange: null },
      invoice: { status: 'PAID', total: charge - credit, reason: 'SUBSCRIPTION_UPDATE' },
    });
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_3');
    await billing.advanceToPeriodEnd(account);
    expect((await billing.invoices(account))[0]).toMatchObject({ total: 19_900 });
  });

  it('a declined upgrade changes nothing and answers payment_declined with the reason', async () => {
    const account = await billing.activeStore();
    await billing.addCard(account, DECLINES, true);
    const before = await billing.overview(account);
    const invoicesBefore = await billing.invoices(account);
    const refused = expectApiError(
      await billing.changePlan(account, { planType: 'TIER_3', interval: 'MONTH' }),
      409,
      { code: 'conflict', reason: 'payment_declined' },
    );
    expect(refused.message).toContain('Your card was declined.');
    expect(await billing.overview(account)).toEqual(before);
    expect(await billing.invoices(account)).toEqual(invoicesBefore);
  });

  it('downgrades and changes cycle at the period end', async () => {
    const account = await billing.activeStore('TIER_3');
    const down = await billing.changePlan(account, { planType: 'TIER_2', interval: 'YEAR' });
    expect(down.statusCode, down.body).toBe(200);
    const pending = down.json<{ subscription: Subscription }>().subscription;
    expect(pending).toMatchObject({
      planType: 'TIER_3',
      pendingChange: {
        planType: 'TIER_2',
        interval: 'YEAR',
        effectiveAt: pending.currentPeriodEnd,
      },
    });
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_3');
    const renewed = await billing.advanceToPeriodEnd(account);
    expect(renewed.subscription).toMatchObject({
      planType: 'TIER_2',
      interval: 'YEAR',
      pendingChange: null,
    });
    expect(renewed.subscription!.currentPeriodEnd).toBe(
      addInterval(new Date(renewed.subscription!.currentPeriodStart), 'YEAR').toISOString(),
    );
    expect((await billing.invoices(account))[0]).toMatchObject({ total: 49_000 });
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_2');
  });

  it('changes cycle only at the period end', async () => {
    const account = await billing.activeStore();
    const preview = await billing.call(
      account,
      'GET',
      `${api.previewChange.path}?planType=TIER_2&interval=YEAR`,
    );
    expect(preview.json()).toMatchObject({ kind: 'CYCLE_CHANGE', amountDueNow: 0 });
    const changed = await billing.changePlan(account, { planType: 'TIER_2', interval: 'YEAR' });
    expect(changed.json()).toMatchObject({
      subscription: { interval: 'MONTH', pendingChange: { interval: 'YEAR' } },
      invoice: null,
    });
    await billing.advanceToPeriodEnd(account);
    expect((await billing.overview(account)).subscription?.interval).toBe('YEAR');
  });

  it('refuses a downgrade below the seats in use with seats_in_use, nothing changed', async () => {
    const account = await billing.activeStore('TIER_2_5');
    for (const email of ['seat-a', 'seat-b']) {
      const invited = await context.app.inject({
        method: 'POST',
        url: '/api/web/team-invites',
        headers: account.headers,
        payload: { email: `${email}-${account.storeId}@example.com`, role: 'CX' },
      });
      expect(invited.statusCode, invited.body).toBe(201);
    }
    const before = await billing.overview(account);
    expect(before.seats).toMatchObject({ included: 3, inUse: 3 });
    const preview = await billing.call(
      account,
      'GET',
      `${api.previewChange.path}?planType=TIER_2&interval=MONTH`,
    );
    expect(preview.json().blockedReason).toMatch(/3 seats are in use/);
    expectApiError(
      await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' }),
      409,
      { code: 'conflict', reason: 'seats_in_use' },
    );
    expect(await billing.overview(account)).toEqual(before);
  });

  it('shows a plan the operator set without a subscription (store:set-plan), until the store starts its own', async () => {
    const account = await registerAccount(context);
    await context.connection.db
      .update(stores)
      .set({ planType: 'TIER_2_5' })
      .where(eq(stores.id, account.storeId));
    const comped = await billing.overview(account);
    expect(comped).toMatchObject({
      planType: 'TIER_2_5',
      subscription: null,
      upcomingInvoice: null,
      seats: { included: 3, additional: 0 },
    });

    await billing.addCard(account);
    const started = await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' });
    expect(started.statusCode, started.body).toBe(200);
    expect(await billing.overview(account)).toMatchObject({
      planType: 'TIER_2',
      subscription: { status: 'TRIALING', planType: 'TIER_2' },
      seats: { included: 1 },
    });
  });

  it('starts without a trial the second time, and refuses a paid plan without a card', async () => {
    const noCard = await registerAccount(context);
    expectApiError(
      await billing.changePlan(noCard, { planType: 'TIER_2', interval: 'MONTH' }),
      409,
      {
        code: 'conflict',
        reason: 'payment_method_required',
      },
    );
    expect((await billing.overview(noCard)).subscription).toBeNull();

    const account = await billing.activeStore();
    await billing.call(account, 'POST', api.cancel.path, { answers: CANCEL_ANSWERS });
    await billing.advanceToPeriodEnd(account);
    const preview = await billing.call(
      account,
      'GET',
      `${api.previewChange.path}?planType=TIER_2&interval=MONTH`,
    );
    expect(preview.json()).toMatchObject({ kind: 'START', trialDays: 0, amountDueNow: 4_900 });
    const again = await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' });
    expect(again.json()).toMatchObject({
      subscription: { status: 'ACTIVE', trialEndsAt: null },
      invoice: { status: 'PAID', total: 4_900 },
    });
  });

  it('buys additional seats on Scaling, prorated, and refuses them on Beginner', async () => {
    const account = await billing.activeStore('TIER_2_5');
    await billing.advance(account, 5);
    const before = await billing.overview(account);
    const start = new Date(before.subscription!.currentPeriodStart).getTime();
    const end = new Date(before.subscription!.currentPeriodEnd).getTime();
    const now = new Date(before.now).getTime();
    const expected =
      Math.round((12_900 * (end - now)) / (end - start)) -
      Math.round((9_900 * (end - now)) / (end - start));
    const seats = await billing.call(account, 'PUT', api.seats.path, { additionalSeats: 2 });
    expect(seats.statusCode, seats.body).toBe(200);
    expect(seats.json()).toMatchObject({
      subscription: { additionalSeats: 2, unitAmount: 12_900 },
      invoice: { reason: 'SEATS', total: expected, status: 'PAID' },
    });
    expect((await billing.overview(account)).seats).toMatchObject({ included: 3, additional: 2 });

    const beginner = await billing.activeStore('TIER_2');
    expectApiError(
      await billing.call(beginner, 'PUT', api.seats.path, { additionalSeats: 1 }),
      409,
      { code: 'conflict', reason: 'plan_has_no_additional_seats' },
    );
  });
});

describe('promotion codes', () => {
  it('refuses an unknown and an expired code at `code`, applies WELCOME20 to the next invoice only', async () => {
    const account = await billing.activeStore();
    const unknown = expectApiError(
      await billing.call(account, 'POST', api.promotionCode.path, { code: 'NOPE' }),
      400,
      { code: 'bad_request', reason: 'promotion_code_not_found' },
    );
    expect(fieldsOf(unknown)).toEqual(['body.code']);
    const expired = expectApiError(
      await billing.call(account, 'POST', api.promotionCode.path, { code: 'summer2026' }),
      400,
      { code: 'bad_request', reason: 'promotion_code_expired' },
    );
    expect(fieldsOf(expired)).toEqual(['body.code']);
    expect((await billing.overview(account)).subscription?.discount).toBeNull();

    const applied = await billing.call(account, 'POST', api.promotionCode.path, {
      code: 'WELCOME20',
    });
    expect(applied.json()).toMatchObject({
      discount: { code: 'WELCOME20', percentOff: 20, invoicesRemaining: 1 },
    });
    await billing.advanceToPeriodEnd(account);
    expect((await billing.invoices(account))[0]).toMatchObject({ discount: 980, total: 3_920 });
    await billing.advanceToPeriodEnd(account);
    expect((await billing.invoices(account))[0]).toMatchObject({ discount: 0, total: 4_900 });
    expect((await billing.overview(account)).subscription?.discount).toBeNull();
  });

  it('takes a code given when a plan starts without a trial off that first charge', async () => {
    const account = await billing.activeStore();
    await billing.call(account, 'POST', api.cancel.path, { answers: CANCEL_ANSWERS });
    await billing.advanceToPeriodEnd(account);

    // A declined first charge changes nothing.
    await billing.addCard(account, DECLINES, true);
    const declined = await billing.changePlan(account, {
      planType: 'TIER_2',
      interval: 'MONTH',
      promotionCode: 'welcome20',
    });
    expectApiError(declined, 409, { code: 'conflict', reason: 'payment_declined' });
    expect((await billing.overview(account)).planType).toBe('TIER_1');

    await billing.addCard(account, undefined, true);
    const started = await billing.changePlan(account, {
      planType: 'TIER_2',
      interval: 'MONTH',
      promotionCode: 'welcome20',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      subscription: { status: 'ACTIVE', discount: null },
      invoice: { status: 'PAID', subtotal: 4_900, discount: 980, total: 3_920 },
    });
    await billing.advanceToPeriodEnd(account);
    expect((await billing.invoices(account))[0]).toMatchObject({ discount: 0, total: 4_900 });
  });
});

describe('discounts on prorations and seats', () => {
  const previewOf = async (account: Awaited<ReturnType<typeof billing.activeStore>>) => {
    const response = await billing.call(
      account,
      'GET',
      `${api.previewChange.path}?planType=TIER_3&interval=MONTH`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PlanChangePreview>();
  };

  it('takes the 40 % offer off an upgrade’s charge as previewed, without using up an invoice', async () => {
    const account = await billing.activeStore();
    await billing.call(account, 'POST', api.cancel.path, {
      answers: { ...CANCEL_ANSWERS, offer: 'YES' },
    });
    await billing.advance(account, 10);

    const preview = await previewOf(account);
    const discount = Math.round((preview.charge * 40) / 100);
    expect(preview).toMatchObject({
      kind: 'UPGRADE',
      discount: { code: 'CANCEL40', percentOff: 40, amount: discount },
      amountDueNow: preview.charge - preview.credit - discount,
    });
    expect(preview.credit).toBeGreaterThan(0);

    const upgraded = await billing.changePlan(account, { planType: 'TIER_3', interval: 'MONTH' });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const { invoice, subscription } = upgraded.json<{
      invoice: BillingInvoice;
      subscription: Subscription;
    }>();
    expect(invoice).toMatchObject({
      reason: 'SUBSCRIPTION_UPDATE',
      status: 'PAID',
      subtotal: preview.charge - preview.credit,
      discount,
      total: preview.amountDueNow,
      amountPaid: preview.amountDueNow,
    });
    expect(invoice.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Unused time on Beginner', -preview.credit],
      ['Remaining time on Professional', preview.charge],
      ['CANCEL40: 40% off', -discount],
    ]);
    expect(subscription.discount).toEqual({
      code: 'CANCEL40',
      percentOff: 40,
      invoicesRemaining: 3,
    });

    // The renewals use the 3 invoices: $119.40 three times, then $199.
    expect((await billing.overview(account)).upcomingInvoice?.amountDue).toBe(11_940);
    for (const remaining of [2, 1, 0]) {
      await billing.advanceToPeriodEnd(account);
      expect((await billing.invoices(account))[0]).toMatchObject({ total: 11_940 });
      expect((await billing.overview(account)).subscription?.discount?.invoicesRemaining).toBe(
        remaining === 0 ? undefined : remaining,
      );
    }
    await billing.advanceToPeriodEnd(account);
    expect((await billing.invoices(account))[0]).toMatchObject({ discount: 0, total: 19_900 });
  });

  it('takes a promotion code off additional seats while it lasts, the renewal still discounted', async () => {
    const account = await billing.activeStore('TIER_2_5');
    await billing.call(account, 'POST', api.promotionCode.path, { code: 'WELCOME20' });
    await billing.advance(account, 5);
    const before = await billing.overview(account);
    const start = new Date(before.subscription!.currentPeriodStart).getTime();
    const end = new Date(before.subscription!.currentPeriodEnd).getTime();
    const now = new Date(before.now).getTime();
    const prorated =
      Math.round((12_900 * (end - now)) / (end - start)) -
      Math.round((9_900 * (end - now)) / (end - start));
    const discount = Math.round((prorated * 20) / 100);

    const seats = await billing.call(account, 'PUT', api.seats.path, { additionalSeats: 2 });
    expect(seats.statusCode, seats.body).toBe(200);
    expect(seats.json()).toMatchObject({
      subscription: {
        additionalSeats: 2,
        discount: { code: 'WELCOME20', percentOff: 20, invoicesRemaining: 1 },
      },
      invoice: {
        reason: 'SEATS',
        subtotal: prorated,
        discount,
        total: prorated - discount,
        status: 'PAID',
      },
    });
    // The renewal (plan + 2 seats) uses the code's one invoice.
    expect((await billing.overview(account)).upcomingInvoice?.amountDue).toBe(10_320);
    await billing.advanceToPeriodEnd(account);
    expect((await billing.invoices(account))[0]).toMatchObject({
      subtotal: 12_900,
      discount: 2_580,
      total: 10_320,
    });
    expect((await billing.overview(account)).subscription?.discount).toBeNull();
    const more = await billing.call(account, 'PUT', api.seats.path, { additionalSeats: 3 });
    expect(more.json<{ invoice: BillingInvoice }>().invoice).toMatchObject({ discount: 0 });
  });

  it('a declined discounted upgrade changes nothing: no invoice, the discount’s count stays', async () => {
    const account = await billing.activeStore();
    await billing.call(account, 'POST', api.cancel.path, {
      answers: { ...CANCEL_ANSWERS, offer: 'YES' },
    });
    await billing.addCard(account, DECLINES, true);
    const before = await billing.overview(account);
    const invoicesBefore = await billing.invoices(account);
    expectApiError(
      await billing.changePlan(account, { planType: 'TIER_3', interval: 'MONTH' }),
      409,
      { code: 'conflict', reason: 'payment_declined' },
    );
    expect(await billing.overview(account)).toEqual(before);
    expect(before.subscription?.discount?.invoicesRemaining).toBe(3);
    expect(await billing.invoices(account)).toEqual(invoicesBefore);
  });
});
