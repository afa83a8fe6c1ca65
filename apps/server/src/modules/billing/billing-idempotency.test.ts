import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import {
  billingInvoices,
  billingModules,
  billingSubscriptions,
  creditEntries,
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

const buyPath = (name: string) => api.buyBundle.path.replace(':name', name);

/** A billing call with an `Idempotency-Key`. */
const keyed = (
  account: StoreAccount,
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  key: string,
) =>
  context.app.inject({
    method,
    url,
    headers: { ...account.headers, 'idempotency-key': key },
    payload,
  });

/** Everything billing holds about the store that a charge changes. */
const snapshot = async (storeId: string) => {
  const { db } = context.connection;
  return {
    invoices: await db.select().from(billingInvoices).where(eq(billingInvoices.storeId, storeId)),
    credits: await db.select().from(creditEntries).where(eq(creditEntries.storeId, storeId)),
    modules: await db.select().from(billingModules).where(eq(billingModules.storeId, storeId)),
    subscriptions: await db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.storeId, storeId)),
  };
};

/**
 * Two submits at once and a retry after: every answer is the one first answer (200, same body)
 * or, while the first still runs, 409 `idempotency_in_progress`. Returns the 200 bodies.
 */
const doubleSubmit = async (send: () => Promise<LightMyRequestResponse>) => {
  const answers = [...(await Promise.all([send(), send()])), await send()];
  for (const answer of answers) {
    if (answer.statusCode !== 200) {
      expectApiError(answer, 409, { code: 'conflict', reason: 'idempotency_in_progress' });
    }
  }
  const bodies = answers.filter((answer) => answer.statusCode === 200).map((a) => a.json());
  // The last one ran after the others had finished: it is always the replayed answer.
  expect(answers[2]!.statusCode, answers[2]!.body).toBe(200);
  for (const body of bodies) expect(body).toEqual(bodies[0]);
  return bodies;
};

describe('Idempotency-Key on POST /api/web/billing/bundles/:name/purchase', () => {
  it('charges a double submit once, grants the credits once and answers the same body', async () => {
    const owner = await registerAccount(context);
    await billing.addCard(owner, PAYS);
    const key = randomUUID();
    const [body] = await doubleSubmit(() =>
      keyed(owner, 'POST', buyPath('beginner'), { credits: 1_000 }, key),
    );
    expect(body).toMatchObject({
      invoice: { status: 'PAID', total: 1_000, reason: 'BUNDLE' },
      module: { name: 'beginner', status: 'ACTIVE', source: 'PURCHASE' },
    });
    const after = await snapshot(owner.storeId);
    expect(after.invoices.map((invoice) => [invoice.status, invoice.total])).toEqual([
      ['PAID', 1_000],
    ]);
    // 1,000 bought and the bundle's welcome credits, each granted once.
    expect(after.credits.map((entry) => entry.credits).sort((a, b) => a - b)).toEqual([
      1_000, 2_500,
    ]);

    // Without a key (or with a new one) a second purchase is a new purchase.
    const again = await keyed(owner, 'POST', buyPath('beginner'), { credits: 1_000 }, randomUUID());
    expect(again.statusCode, again.body).toBe(200);
    expect((await snapshot(owner.storeId)).invoices).toHaveLength(2);
  });

  it('refuses the same key with another body (or another endpoint) with 409 and changes nothing', async () => {
    const owner = await registerAccount(context);
    await billing.addCard(owner, PAYS);
    const key = randomUUID();
    const first = await keyed(owner, 'POST', buyPath('beginner'), { credits: 1_000 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await snapshot(owner.storeId);

    for (const reused of [
      keyed(owner, 'POST', buyPath('beginner'), { credits: 2_000 }, key),
      keyed(owner, 'POST', buyPath('professional'), { credits: 1_000 }, key),
      keyed(owner, 'POST', api.changePlan.path, { planType: 'TIER_2', interval: 'MONTH' }, key),
    ]) {
      expectApiError(await reused, 409, { code: 'conflict', reason: 'idempotency_key_reused' });
    }
    expect(await snapshot(owner.storeId)).toEqual(before);
    // The key still replays its first answer.
    const replay = await keyed(owner, 'POST', buyPath('beginner'), { credits: 1_000 }, key);
    expect(replay.json()).toEqual(first.json());
  });

  it('keeps nothing for a refusal: the same key buys once the card is fixed', async () => {
    const owner = await registerAccount(context);
    await billing.addCard(owner, DECLINES);
    const key = randomUUID();
    expectApiError(await keyed(owner, 'POST', buyPath('beginner'), { credits: 1_000 }, key), 409, {
      code: 'conflict',
      reason: 'payment_declined',
    });
    await billing.addCard(owner, PAYS, true);
    const paid = await keyed(owner, 'POST', buyPath('beginner'), { credits: 1_000 }, key);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ invoice: { status: 'PAID', total: 1_000 } });
    const invoices = (await snapshot(owner.storeId)).invoices.map((invoice) => invoice.status);
    expect(invoices.sort()).toEqual(['PAID', 'VOID']);
  });

  it('refuses a key that is not 8 to 255 visible characters with 400, charging nothing', async () => {
    const owner = await registerAccount(context);
    await billing.addCard(owner, PAYS);
    const error = expectApiError(
      await keyed(owner, 'POST', buyPath('beginner'), { credits: 1_000 }, 'short'),
      400,
      { code: 'bad_request' },
    );
    expect(fieldsOf(error)).toEqual(['Idempotency-Key']);
    expect((await snapshot(owner.storeId)).invoices).toEqual([]);
  });
});

describe('Idempotency-Key on the subscription', () => {
  it('upgrades once for a double submit of POST /api/web/billing/subscription and answers the same body', async () => {
    const account = await billing.activeStore('TIER_2');
    await billing.advance(account, 5);
    const before = await snapshot(account.storeId);
    const key = randomUUID();
    const upgrade = { planType: 'TIER_3', interval: 'MONTH' };
    const [body] = await doubleSubmit(() =>
      keyed(account, 'POST', api.changePlan.path, upgrade, key),
    );
    expect(body).toMatchObject({
      subscription: { planType: 'TIER_3', status: 'ACTIVE' },
      invoice: { status: 'PAID', reason: 'SUBSCRIPTION_UPDATE' },
    });
    const after = await snapshot(account.storeId);
    const updates = after.invoices.filter((invoice) => invoice.reason === 'SUBSCRIPTION_UPDATE');
    expect(updates.map((invoice) => invoice.status)).toEqual(['PAID']);
    expect(after.invoices).toHaveLength(before.invoices.length + 1);
    expect(await billing.planTypeOf(account.storeId)).toBe('TIER_3');

    // The same key for another plan: 409, and the plan stays.
    expectApiError(
      await keyed(account, 'POST', api.changePlan.path, { ...upgrade, interval: 'YEAR' }, key),
      409,
      { code: 'conflict', reason: 'idempotency_key_reused' },
    );
    expect(await snapshot(account.storeId)).toEqual(after);
  });

  it('charges additional seats once for a double submit of PUT /api/web/billing/subscription/seats', async () => {
    const account = await billing.activeStore('TIER_2_5');
    await billing.advance(account, 5);
    const key = randomUUID();
    const [body] = await doubleSubmit(() =>
      keyed(account, 'PUT', api.seats.path, { additionalSeats: 2 }, key),
    );
    expect(body).toMatchObject({
      subscription: { additionalSeats: 2 },
      invoice: { reason: 'SEATS', status: 'PAID' },
    });
    const seatInvoices = (await snapshot(account.storeId)).invoices.filter(
      (invoice) => invoice.reason === 'SEATS',
    );
    expect(seatInvoices).toHaveLength(1);
  });

  it('reactivates once for a double submit of POST /api/web/billing/subscription/reactivate', async () => {
    const account = await billing.activeStore('TIER_2');
    const cancel = await billing.call(account, 'POST', api.cancel.path, {
      answers: CANCEL_ANSWERS,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await billing.advanceToPeriodEnd(account);
    expect((await billing.overview(account)).subscription?.status).toBe('CANCELED');
    const before = await snapshot(account.storeId);
    const key = randomUUID();
    const [body] = await doubleSubmit(() =>
      keyed(account, 'POST', api.reactivate.path, { code: 'REACTIVATE' }, key),
    );
    expect(body).toMatchObject({
      subscription: { status: 'ACTIVE', planType: 'TIER_2' },
      invoice: { status: 'PAID', total: 4_900 },
    });
    const after = await snapshot(account.storeId);
    expect(after.invoices).toHaveLength(before.invoices.length + 1);
    expect(after.subscriptions).toHaveLength(before.subscriptions.length + 1);
  });
});
