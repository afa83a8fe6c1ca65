import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PredictiveModel } from '@atelier/contract/analytics/analytics-api';
import { expectApiError, fieldsOf } from '@/testing/api-error';
import { registerAccount, type StoreAccount } from '@/testing/factories';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { bgnbdTotalLogLikelihood, conditionalExpectedPurchases } from './bgnbd';
import { fitBgnbd } from './bgnbd-fit';
import { fitGammaGamma } from './gamma-gamma';
import {
  CALIBRATION_END,
  HAND_COMPUTED,
  cancelOrder,
  recordPredictiveOrder,
  recordPredictiveStore,
} from './predictive-store.test-fixture';

let context: TestContext;
let alice: StoreAccount;
let bob: StoreAccount;

beforeAll(async () => {
  context = await createTestApp();
  alice = await registerAccount(context);
  bob = await registerAccount(context);
  await recordPredictiveStore(context, alice.storeId);
  // Bob's store: the same customers (same e-mails) and more, with other purchases.
  await recordPredictiveStore(context, bob.storeId);
  for (const day of ['01', '08', '15', '22']) {
    await recordPredictiveOrder(
      context,
      bob.storeId,
      'c05',
      `2024-03-${day}T12:00:00+01:00`,
      7_700,
    );
    await recordPredictiveOrder(context, bob.storeId, 'b99', `2024-04-${day}T12:00:00+02:00`);
  }
}, 120_000);
afterAll(async () => context.close());

const getModel = (account: StoreAccount, query: string) =>
  context.app.inject({
    method: 'GET',
    url: `/api/web/analytics/predictive/model?${query}`,
    headers: account.headers,
  });

const fetchModel = async (account: StoreAccount, query: string): Promise<PredictiveModel> => {
  const response = await getModel(account, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PredictiveModel>();
};

const HOLDOUT_DAYS = 90;
const weeks = HAND_COMPUTED.map((one) => ({ x: one.x, tx: one.txDays / 7, T: one.tDays / 7 }));

describe('GET /api/web/analytics/predictive/model', () => {
  it('fits the hand-computed store’s purchase occasions and compares the holdout', async () => {
    const model = await fetchModel(
      alice,
      `calibrationEnd=${CALIBRATION_END}&timeUnit=week&horizonDays=${HOLDOUT_DAYS}`,
    );
    expect(model).toMatchObject({
      calibrationEnd: CALIBRATION_END,
      timeUnit: 'week',
      horizonDays: HOLDOUT_DAYS,
      customers: 11,
      repeatCustomers: 6,
      empty: null,
    });

    // The SQL's (x, tₓ, T) are the table's: the same data gives the same fit, to the last bit.
    const expected = fitBgnbd(weeks)!;
    expect(model.bgnbd).toEqual({
      r: expected.r,
      alpha: expected.alpha,
      a: expected.a,
      b: expected.b,
      logLikelihood: expected.logLikelihood,
    });
    expect(model.bgnbd!.logLikelihood).toBeCloseTo(bgnbdTotalLogLikelihood(model.bgnbd!, weeks), 8);
    expect(model.bgnbd!.logLikelihood).toBeLessThan(0);

    const spenders = HAND_COMPUTED.flatMap((one) =>
      one.averageRepeatSpend === null ? [] : [{ x: one.x, averageSpend: one.averageRepeatSpend }],
    );
    const spend = fitGammaGamma(spenders)!;
    expect(model.gammaGamma).toEqual({
      p: spend.p,
      q: spend.q,
      gamma: spend.gamma,
      logLikelihood: spend.logLikelihood,
    });

    // Holdout: 2024-07-01 … 2024-09-28, 7 occasions (c10's 09-29 00:30 is after it).
    const predictedOf = (bucket: (x: number) => boolean) =>
      HAND_COMPUTED.reduce(
        (sum, one, index) =>
          bucket(one.x)
            ? sum + conditionalExpectedPurchases(expected, weeks[index]!, HOLDOUT_DAYS / 7)
            : sum,
        0,
      );
    expect(model.holdout.actualRepeatPurchases).toBe(7);
    expect(model.holdout.predictedRepeatPurchases).toBeCloseTo(
      predictedOf(() => true),
      9,
    );
    expect(model.holdout.predictedRepeatPurchases).toBeGreaterThan(0);
    expect(
      model.holdout.byFrequency.map(({ frequency, customers, actual }) => [
        frequency,
        customers,
        actual,
      ]),
    ).toEqual([
      ['0', 5, 3],
      ['1', 4, 1],
      ['2', 1, 1],
      ['3', 0, 0],
      ['4', 0, 0],
      ['5', 1, 2],
      ['6', 0, 0],
      ['7+', 0, 0],
    ]);
    model.holdout.byFrequency.forEach((bucket, index) => {
      const isInBucket = (x: number) => (index === 7 ? x >= 7 : x === index);
      expect(bucket.predicted, bucket.frequency).toBeCloseTo(predictedOf(isInBucket), 9);
    });
  });

  it('counts in days with timeUnit=day (T and tₓ in days)', async () => {
    const model = await fetchModel(
      alice,
      `calibrationEnd=${CALIBRATION_END}&timeUnit=day&horizonDays=${HOLDOUT_DAYS}`,
    );
    const days = HAND_COMPUTED.map((one) => ({ x: one.x, tx: one.txDays, T: one.tDays }));
    expect(model.bgnbd!.r).toBe(fitBgnbd(days)!.r);
    expect(model.bgnbd!.alpha).toBe(fitBgnbd(days)!.alpha);
  });

  it('is not changed by another store’s orders', async () => {
    const query = `calibrationEnd=${CALIBRATION_END}&timeUnit=week&horizonDays=${HOLDOUT_DAYS}`;
    const aliceModel = await fetchModel(alice, query);
    const bobModel = await fetchModel(bob, query);
    expect(bobModel.customers).toBe(12);
    expect(bobModel.bgnbd!.r).not.toBe(aliceModel.bgnbd!.r);
    expect(aliceModel.customers).toBe(11);
    expect(aliceModel.bgnbd!.r).toBe(fitBgnbd(weeks)!.r);
  });

  it('answers 400 naming the parameter for bad input', async () => {
    const cases = [
      ['calibrationEnd=2024-13-45', 'query.calibrationEnd'],
      ['calibrationEnd=yesterday', 'query.calibrationEnd'],
      [`calibrationEnd=${CALIBRATION_END}&horizonDays=1000000000`, 'query.horizonDays'],
      [`calibrationEnd=${CALIBRATION_END}&horizonDays=0`, 'query.horizonDays'],
      [`calibrationEnd=${CALIBRATION_END}&timeUnit=month`, 'query.timeUnit'],
      ['timeUnit=week', 'query.calibrationEnd'],
    ] as const;
    for (const [query, field] of cases) {
      const error = expectApiError(await getModel(alice, query), 400, { code: 'bad_request' });
      expect(fieldsOf(error), query).toContain(field);
    }
    const error = expectApiError(await getModel(alice, 'calibrationEnd=2999-01-01'), 400, {
      code: 'bad_request',
      reason: 'calibration_end_in_future',
    });
    expect(fieldsOf(error)).toEqual(['query.calibrationEnd']);
  });

  it('needs a signed-in store member', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/web/analytics/predictive/model?calibrationEnd=${CALIBRATION_END}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('says why a store with no orders, one order or too few customers has no model', async () => {
    const empty = await registerAccount(context);
    const none = await fetchModel(empty, `calibrationEnd=${CALIBRATION_END}`);
    expect(none).toMatchObject({
      customers: 0,
      repeatCustomers: 0,
      bgnbd: null,
      gammaGamma: null,
      empty: 'The store has no orders yet.',
      holdout: { predictedRepeatPurchases: 0, actualRepeatPurchases: 0, byFrequency: [] },
      timeUnit: 'week',
      horizonDays: 365,
    });

    await recordPredictiveOrder(context, empty.storeId, 'solo', '2024-03-01T12:00:00+01:00');
    const one = await fetchModel(empty, `calibrationEnd=${CALIBRATION_END}`);
    expect(one).toMatchObject({ customers: 1, repeatCustomers: 0, bgnbd: null, gammaGamma: null });
    expect(one.empty).toBe('Only 1 customer purchased by 2024-06-30; the model needs at least 10.');
    const before = await fetchModel(empty, 'calibrationEnd=2023-12-31');
    expect(before.empty).toBe('No customer purchased by 2023-12-31; the model needs at least 10.');

    // Ten one-time buyers: enough customers, but no repeat purchase to fit on.
    for (let index = 0; index < 10; index += 1) {
      await recordPredictiveOrder(
        context,
        empty.storeId,
        `once${index}`,
        '2024-04-01T12:00:00+02:00',
      );
    }
    const once = await fetchModel(empty, `calibrationEnd=${CALIBRATION_END}`);
    expect(once).toMatchObject({ customers: 11, repeatCustomers: 0, bgnbd: null });
    expect(once.empty).toBe('No customer purchased again by 2024-06-30.');
  });

  it('reuses the fit while the orders are unchanged and refits after an order changes', async () => {
    const carol = await registerAccount(context);
    await recordPredictiveStore(context, carol.storeId);
    const query = `calibrationEnd=${CALIBRATION_END}&timeUnit=week&horizonDays=${HOLDOUT_DAYS}`;
    const first = await fetchModel(carol, query);
    context.clock.advance(60_000);
    const again = await fetchModel(carol, query);
    expect(again).toEqual(first);

    // Canceling c11's only order (updated_at untouched) leaves 10 calibration customers.
    const c11Order = await recordPredictiveOrder(
      context,
      carol.storeId,
      'c13',
      '2024-03-05T12:00:00+01:00',
    );
    const added = await fetchModel(carol, query);
    expect(added.customers).toBe(12);
    expect(added.fittedAt).not.toBe(first.fittedAt);
    await cancelOrder(context, c11Order);
    context.clock.advance(60_000);
    const canceled = await fetchModel(carol, query);
    expect(canceled.customers).toBe(11);
    expect(canceled.fittedAt).not.toBe(added.fittedAt);
    expect(canceled.bgnbd).toEqual(first.bgnbd);
  });
});

describe('customerPredictions', () => {
  it('predicts each calibration customer’s P(alive), purchases and revenue', async () => {
    const predictions = await context.analytics.predictive.customerPredictions(
      alice.storeId,
      CALIBRATION_END,
      365,
    );
    expect(predictions).toHaveLength(11);
    for (const one of predictions) {
      expect(one.pAlive).toBeGreaterThan(0);
      expect(one.pAlive).toBeLessThanOrEqual(1);
      expect(one.expectedPurchases).toBeGreaterThan(0);
      expect(Number.isInteger(one.predictedRevenue)).toBe(true);
      expect(one.predictedRevenue).toBeGreaterThan(0);
    }
    // Without a repeat purchase, no dropout can have happened: P(alive) is 1.
    expect(predictions.filter((one) => one.pAlive === 1)).toHaveLength(5);
  });

  it('is empty for a store without a model', async () => {
    const empty = await registerAccount(context);
    expect(
      await context.analytics.predictive.customerPredictions(empty.storeId, '2024-06-30', 365),
    ).toEqual([]);
  });
});
