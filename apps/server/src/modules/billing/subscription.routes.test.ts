import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingInvoice, PaymentMethod } from '@atelier/contract/billing/billing-api';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import { acceptTeamInvite, inviteTeamMember } from '@atelier/contract/identity/team';
import { switchStore } from '@atelier/contract/identity/account';
import { buildApp, type AtelierApp } from '@/app';
import { stores } from '@/db/schema';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { sweepRoute, type SweepRoute } from '@/testing/bad-input';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { testCard } from '@/testing/orders-fixtures';
import { createTestApp, type TestContext } from '@/testing/test-app';
import {
  billingAccounts,
  billingCancellationAnswers,
  billingInvoices,
  billingPaymentMethods,
  billingSubscriptions,
} from './billing.table';
import { CANCEL_ANSWERS, DECLINES, PAYS, billingClient } from './billing-test-support';

let context: TestContext;
let billing: ReturnType<typeof billingClient>;

beforeAll(async () => {
  context = await createTestApp();
  billing = billingClient(context);
});
afterAll(async () => {
  await context.close();
});

/** Everything billing holds about one store, and its plan. */
const snapshot = async (storeId: string) => {
  const { db } = context.connection;
  return {
    accounts: await db.select().from(billingAccounts).where(eq(billingAccounts.storeId, storeId)),
    subscriptions: await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.storeId, storeId)),
    invoices: await db.select().from(billingInvoices).where(eq(billingInvoices.storeId, storeId)),
    cards: await db
      .select()
      .from(billingPaymentMethods)
      .where(eq(billingPaymentMethods.storeId, storeId)),
    answers: await db
      .select()
      .from(billingCancellationAnswers)
      .where(eq(billingCancellationAnswers.storeId, storeId)),
    store: await db
      .select({ planType: stores.planType })
      .from(stores)
      .where(eq(stores.id, storeId)),
  };
};

const listCards = async (account: StoreAccount) =>
  (await billing.call(account, 'GET', api.paymentMethods.path)).json<{ items: PaymentMethod[] }>()
    .items;

/** An active plan whose last renewal was declined: one OPEN invoice, PAST_DUE. */
const pastDueStore = async () => {
  const account = await billing.activeStore();
  await billing.addCard(account, DECLINES, true);
  await billing.advanceToPeriodEnd(account);
  const open = (await billing.invoices(account))[0]!;
  expect(open.status).toBe('OPEN');
  return { account, open };
};

describe('payment methods', () => {
  it('attaches test cards (the first becomes default), switches the default, detaches by the rules', async () => {
    const account = await registerAccount(context);
    const first = await billing.addCard(account);
    expect(first).toMatchObject({
      id: expect.stringMatching(/^pm_/),
      provider: 'local',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      isDefault: true,
    });
    const second = await billing.addCard(account, '5555 5555 5555 4444');
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    const made = await billing.call(
      account,
      'POST',
      api.defaultPaymentMethod.path.replace(':id', second.id),
    );
    expect(made.json()).toMatchObject({ id: second.id, isDefault: true });
    expect((await listCards(account)).map((card) => [card.id, card.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    // A plan is active: the default card can go only while another exists.
    expect(
      (await billing.changePlan(account, { planType: 'TIER_2', interval: 'MONTH' })).statusCode,
    ).toBe(200);
    const detached = await billing.call(
      account,
      'DELETE',
      api.detachPaymentMethod.path.replace(':id', second.id),
    );
    expect(detached.json()).toEqual({ ok: true });
    expect(await listCards(account)).toEqual([{ ...first, isDefault: true }]);
    expect((await billing.overview(account)).subscription?.defaultPaymentMethodId).toBe(first.id);
    const before = await snapshot(account.storeId);
    expectApiError(
      await billing.call(account, 'DELETE', api.detachPaymentMethod.path.replace(':id', first.id)),
      409,
      { code: 'conflict', reason: 'payment_method_in_use' },
    );
    expect(await snapshot(account.storeId)).toEqual(before);
  });

  it.each([
    ['4242424242424241', 'card_invalid'],
    ['4111111111111111', 'card_not_a_test_card'],
  ])('refuses %s with 400 %s at the card number, nothing saved', async (number, reason) => {
    const account = await registerAccount(context);
    const error = expectApiError(
      await billing.call(account, 'POST', api.attachPaymentMethod.path, {
        paymentMethod: testCard(number),
      }),
      400,
      { code: 'bad_request', reason },
    );
    expect(fieldsOf(error)).toEqual(['body.paymentMethod.number']);
    expect(await listCards(account)).toEqual([]);
  });

  it('refuses a card that expired before the store’s billing time (the test clock counts)', async () => {
    const account = await registerAccount(context);
    const now = new Date((await billing.overview(account)).now);
    const card = {
      ...testCard(PAYS),
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear(),
    };
    expect(
      (await billing.call(account, 'POST', api.attachPaymentMethod.path, { paymentMethod: card }))
        .statusCode,
    ).toBe(201);
    await billing.advance(account, 40);
    const before = await listCards(account);
    const error = expectApiError(
      await billing.call(account, 'POST', api.attachPaymentMethod.path, { paymentMethod: card }),
      400,
      { code: 'bad_request', reason: 'card_invalid', message: 'The card has expired.' },
    );
    // On the expiry (the form's expiry field), not on the card number.
    expect(error.details).toEqual([
      { field: 'body.paymentMethod.expMonth', message: 'The card has expired.' },
    ]);
    expect(await listCards(account)).toEqual(before);
  });

  it("answers 404 for another store's card and changes nothing", async () => {
    const owner = await registerAccount(context);
    const card = await billing.addCard(owner);
    const other = await registerAccount(context);
    const before = await snapshot(owner.storeId);
    for (const [method, path] of [
      ['DELETE', api.detachPaymentMethod.path],
      ['POST', api.defaultPaymentMethod.path],
    ] as const) {
      expectApiError(await billing.call(other, method, path.replace(':id', card.id)), 404, {
        code: 'not_found',
        reason: 'payment_method_not_found',
      });
    }
    expectApiError(
      await billing.changePlan(other, {
        planType: 'TIER_2',
        interval: 'MONTH',
        paymentMethodId: card.id,
      }),
      404,
      { code: 'not_found', reason: 'payment_method_not_found' },
    );
    expect(await snapshot(owner.storeId)).toEqual(before);
    expect((await billing.overview(other)).subscription).toBeNull();
  });
});

describe('invoices and receipts', () => {
  it('serves a PDF receipt for a paid invoice only, and never another store’s', async () => {
    const account = await billing.activeStore();
    const [paid] = await billing.invoices(account);
    expect(paid!.receiptUrl).toBe(`/api/web/billing/invoices/${paid!.id}/receipt.pdf`);
    const receipt = await billing.call(account, 'GET', paid!.receiptUrl!);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(receipt.rawPayload.length).toBeGreaterThan(500);

    const other = await registerAccount(context);
    expectApiError(await billing.call(other, 'GET', paid!.receiptUrl!), 404, {
      code: 'not_found',
      reason: 'billing_invoice_not_found',
    });

    const { account: late, open } = await pastDueStore();
    expect(open.receiptUrl).toBeNull();
    expectApiError(
      await billing.call(late, 'GET', `/api/web/billing/invoices/${open.id}/receipt.pdf`),
      409,
      { code: 'conflict', reason: 'invoice_not_paid' },
    );
  });

  it('retries an open invoice with the new default card: paid, and the plan is ACTIVE again', async () => {
    const { account, open } = await pastDueStore();
    const other = await registerAccount(context);
    expectApiError(
      await billing.call(other, 'POST', api.retryInvoice.path.replace(':id', open.id)),
      404,
      { code: 'not_found' },
    );
    const declined = await billing.call(
      account,
      'POST',
      api.retryInvoice.path.replace(':id', open.id),
    );
    expect(declined.json()).toMatchObject({ status: 'OPEN', attemptCount: 2 });
    await billing.addCard(account, PAYS, true);
    const paid = await billing.call(account, 'POST', api.retryInvoice.path.replace(':id', open.id));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'PAID', amountPaid: 4_900, attemptCount: 3 });
    expect((await billing.overview(account)).subscription?.status).toBe('ACTIVE');
    expectApiError(
      await billing.call(account, 'POST', api.retryInvoice.path.replace(':id', open.id)),
      409,
      { code: 'conflict', reason: 'invoice_not_open' },
    );
  });

  it('lists invoices newest first with a cursor', async () => {
    const account = await billing.activeStore();
    await billing.advanceToPeriodEnd(account);
    await billing.advanceToPeriodEnd(account);
    const all = await billing.invoices(account);
    expect(all).toHaveLength(3);
    const first = await billing.call(account, 'GET', `${api.invoices.path}?limit=2`);
    const page = first.json<{ items: BillingInvoice[]; nextCursor: string | null }>();
    expect(page.items.map((invoice) => invoice.id)).toEqual([all[0]!.id, all[1]!.id]);
    expect(page.nextCursor).not.toBeNull();
    const second = await billing.call(
      account,
      'GET',
      `${api.invoices.path}?limit=2&cursor=${page.nextCursor}`,
    );
    expect(second.json()).toEqual({ items: [all[2]], nextCursor: null });
  });
});

describe('who can see and change billing', () => {
  it('another store sees none of it', async () => {
    const account = await billing.activeStore();
    const other = await registerAccount(context);
    const overview = await billing.overview(other);
    expect(overview).toMatchObject({
      planType: 'TIER_1',
      subscription: null,
      upcomingInvoice: null,
    });
    expect(await billing.invoices(other)).toEqual([]);
    expect(await listCards(other)).toEqual([]);
    expect((await billing.overview(account)).subscription).not.toBeNull();
  });

  it('a CX member reads billing but cannot change it (403), nothing changed', async () => {
    const owner = await billing.activeStore('TIER_2_5');
    const email = `cx-${owner.storeId}@example.com`.toLowerCase();
    const invited = await context.app.inject({
      method: 'POST',
      url: inviteTeamMember.path,
      headers: owner.headers,
      payload: { email, role: 'CX' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const member = await registerAccount(context, { email });
    await context.app.inject({
      method: 'PUT',
      url: acceptTeamInvite.path.replace(':id', invited.json().id as string),
      headers: member.headers,
    });
    const switched = await context.app.inject({
      method: 'POST',
      url: switchStore.path,
      headers: member.headers,
      payload: { storeId: owner.storeId },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const cx = { ...member, storeId: owner.storeId };
    expect((await billing.overview(cx)).subscription?.planType).toBe('TIER_2_5');
    const before = await snapshot(owner.storeId);
    const writes: [string, string, unknown][] = [
      ['POST', api.changePlan.path, { planType: 'TIER_3', interval: 'MONTH' }],
      ['POST', api.pause.path, { months: 1 }],
      ['POST', api.cancel.path, { answers: CANCEL_ANSWERS }],
      ['PUT', api.seats.path, { additionalSeats: 1 }],
      ['POST', api.attachPaymentMethod.path, { paymentMethod: testCard(PAYS) }],
      ['POST', api.advanceTestClock.path, { days: 1 }],
    ];
    for (const [method, path, body] of writes) {
      expectApiError(await billing.call(cx, method as 'POST', path, body), 403, {
        code: 'forbidden',
        reason: 'role_not_allowed',
      });
    }
    expect(await snapshot(owner.storeId)).toEqual(before);
  });

  it('a preview account cannot change billing (403 preview_mode), nothing changed', async () => {
    const account = await billing.activeStore();
    const preview: AtelierApp = await buildApp({
      config: { ...context.config, PREVIEW_ACCOUNT_LIST: [account.storeId] },
      connection: context.connection,
      clock: context.clock,
      logger: false,
    });
    await preview.app.ready();
    try {
      const before = await snapshot(account.storeId);
      expect(
        (
          await preview.app.inject({
            method: 'GET',
            url: api.overview.path,
            headers: account.headers,
          })
        ).statusCode,
      ).toBe(200);
      for (const [method, path, payload] of [
        ['POST', api.changePlan.path, { planType: 'TIER_3', interval: 'MONTH' }],
        ['POST', api.pause.path, { months: 1 }],
        ['POST', api.promotionCode.path, { code: 'WELCOME20' }],
        ['POST', api.attachPaymentMethod.path, { paymentMethod: testCard(PAYS) }],
      ] as const) {
        expectApiError(
          await preview.app.inject({ method, url: path, headers: account.headers, payload }),
          403,
          {
            code: 'forbidden',
            reason: 'preview_mode',
            message: "Preview mode can't take this action.",
          },
        );
      }
      expect(await snapshot(account.storeId)).toEqual(before);
    } finally {
      await preview.app.close();
    }
  });
});

describe('the test clock', () => {
  it('answers 409 test_clock_unavailable when the provider is not the local one', async () => {
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:9',
    });
    try {
      const account = await registerAccount(stripe);
      expectApiError(
        await stripe.app.inject({
          method: 'POST',
          url: api.advanceTestClock.path,
          headers: account.headers,
          payload: { days: 3 },
        }),
        409,
        { code: 'conflict', reason: 'test_clock_unavailable' },
      );
      const rows = await stripe.connection.db
        .select()
        .from(billingAccounts)
        .where(and(eq(billingAccounts.storeId, account.storeId)));
      expect(rows).toEqual([]);
    } finally {
      await stripe.close();
    }
  });
});

describe('bad input', () => {
  it('never answers 5xx to garbage on any billing route, and changes nothing', async () => {
    const account = await registerAccount(context);
    const paying = await billing.activeStore();
    const [invoice] = await billing.invoices(paying);
    const [card] = await listCards(paying);
    const before = await snapshot(account.storeId);
    const payingBefore = await snapshot(paying.storeId);
    const routes: SweepRoute[] = [
      { method: 'GET', path: api.overview.path },
      {
        method: 'GET',
        path: api.previewChange.path,
        query: { planType: 'TIER_2', interval: 'MONTH' },
      },
      {
        method: 'POST',
        path: api.changePlan.path,
        body: { planType: 'TIER_2', interval: 'MONTH' },
      },
      { method: 'POST', path: api.pause.path, body: { months: 1 } },
      { method: 'POST', path: api.resume.path },
      { method: 'POST', path: api.cancel.path, body: { answers: CANCEL_ANSWERS } },
      { method: 'POST', path: api.undoCancel.path },
      { method: 'POST', path: api.reactivate.path, body: { code: 'REACTIVATE' } },
      { method: 'POST', path: api.promotionCode.path, body: { code: 'WELCOME20' } },
      { method: 'PUT', path: api.seats.path, body: { additionalSeats: 1 } },
      { method: 'GET', path: api.invoices.path, query: { limit: '10', cursor: 'ATL-999999' } },
      { method: 'POST', path: api.retryInvoice.path, params: { id: invoice!.id } },
      {
        method: 'GET',
        path: '/api/web/billing/invoices/:id/receipt.pdf',
        params: { id: invoice!.id },
      },
      { method: 'GET', path: api.paymentMethods.path },
      {
        method: 'POST',
        path: api.attachPaymentMethod.path,
        body: { paymentMethod: testCard('4111111111111111') },
      },
      { method: 'DELETE', path: api.detachPaymentMethod.path, params: { id: card!.id } },
      { method: 'POST', path: api.defaultPaymentMethod.path, params: { id: card!.id } },
      { method: 'POST', path: api.advanceTestClock.path, body: { days: 0 } },
    ];
    for (const route of routes) await sweepRoute(context, route, account.headers);
    expect(await snapshot(account.storeId)).toEqual(before);
    expect(await snapshot(paying.storeId)).toEqual(payingBefore);
  }, 300_000);
});
