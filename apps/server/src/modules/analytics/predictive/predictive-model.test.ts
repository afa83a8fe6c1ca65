import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '@/lib/seeded-random';
import { buildPredictiveModel, predictCustomers } from './predictive-model';
import type { CalibrationCustomer } from './predictive.repository';
import { simulateBgnbdCustomer, simulateSpendCustomer } from './simulation.test-fixture';

const HOLDOUT_DAYS = 182;

/** 5,000 customers of a store simulated in days (BG/NBD per day, Gamma-Gamma spend in cents). */
const simulateStore = (): CalibrationCustomer[] => {
  const random = createSeededRandom('predictive-model-store');
  return Array.from({ length: 5_000 }, (_, index) => {
    const tDays = random.int(1, 540);
    const history = simulateBgnbdCustomer(
      random,
      { r: 0.6, alpha: 60, a: 0.8, b: 4 },
      tDays,
      HOLDOUT_DAYS,
    );
    const spend =
      history.x > 0 ? simulateSpendCustomer(random, { p: 5, q: 4, gamma: 1_200 }, history.x) : null;
    return {
      customerId: `cus_${index}`,
      x: history.x,
      txDays: Math.floor(history.tx),
      tDays,
      averageRepeatSpend: spend ? Math.round(spend.averageSpend) : null,
      averageSpend: spend ? Math.round(spend.averageSpend) : 3_000,
      holdoutPurchases: history.holdoutPurchases,
    };
  });
};

describe('buildPredictiveModel', () => {
  it('fits BG/NBD and Gamma-Gamma on 5,000 customers and predicts their holdout', () => {
    const customers = simulateStore();
    const started = performance.now();
    const model = buildPredictiveModel(customers, {
      calibrationEnd: '2024-06-30',
      timeUnit: 'week',
      holdoutDays: HOLDOUT_DAYS,
      fittedAt: new Date('2024-12-31T00:00:00Z'),
    });
    const elapsed = performance.now() - started;
    console.log(
      `BG/NBD + Gamma-Gamma fit and holdout of 5,000 customers: ${elapsed.toFixed(0)} ms`,
      model.bgnbd,
      model.gammaGamma,
    );
    expect(model.empty).toBeNull();
    expect(model.customers).toBe(5_000);
    expect(model.repeatCustomers).toBe(customers.filter((one) => one.x > 0).length);
    // α is per week here: 60 days are 8.57 weeks.
    expect(model.bgnbd!.alpha / (60 / 7)).toBeGreaterThan(0.75);
    expect(model.bgnbd!.alpha / (60 / 7)).toBeLessThan(1.25);
    expect(model.gammaGamma!.p / 5).toBeGreaterThan(0.75);
    expect(model.gammaGamma!.p / 5).toBeLessThan(1.25);

    const { holdout } = model;
    expect(holdout.byFrequency.map((one) => one.frequency)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7+',
    ]);
    expect(holdout.byFrequency.reduce((sum, one) => sum + one.customers, 0)).toBe(5_000);
    expect(holdout.actualRepeatPurchases).toBe(
      customers.reduce((sum, one) => sum + one.holdoutPurchases, 0),
    );
    expect(
      Math.abs(holdout.predictedRepeatPurchases / holdout.actualRepeatPurchases - 1),
    ).toBeLessThan(0.1);
  });

  it('predicts every customer with finite, bounded figures', () => {
    const customers = simulateStore().slice(0, 200);
    const model = buildPredictiveModel(customers, {
      calibrationEnd: '2024-06-30',
      timeUnit: 'week',
      holdoutDays: 0,
      fittedAt: new Date(),
    });
    expect(model.holdout.predictedRepeatPurchases).toBe(0);
    const predictions = predictCustomers(
      customers,
      { bgnbd: model.bgnbd!, gammaGamma: model.gammaGamma },
      'week',
      365,
    );
    expect(predictions).toHaveLength(200);
    for (const one of predictions) {
      expect(one.pAlive).toBeGreaterThanOrEqual(0);
      expect(one.pAlive).toBeLessThanOrEqual(1);
      expect(Number.isFinite(one.expectedPurchases)).toBe(true);
      expect(Number.isInteger(one.predictedRevenue)).toBe(true);
    }
    // Without Gamma-Gamma, a customer's own average purchase prices their expected purchases.
    const [first] = predictCustomers(
      customers.slice(0, 1),
      { bgnbd: model.bgnbd!, gammaGamma: null },
      'week',
      365,
    );
    expect(first!.predictedRevenue).toBe(
      Math.round(first!.expectedPurchases * customers[0]!.averageSpend),
    );
  });
});
