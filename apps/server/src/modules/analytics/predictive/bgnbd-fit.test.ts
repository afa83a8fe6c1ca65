import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '@/lib/seeded-random';
import {
  bgnbdTotalLogLikelihood,
  conditionalExpectedPurchases,
  type BgnbdCustomer,
  type BgnbdParameters,
} from './bgnbd';
import { bgnbdLogLikelihoodGradient, fitBgnbd } from './bgnbd-fit';
import { simulateBgnbdCustomer } from './simulation.test-fixture';

const SMALL_INPUTS: BgnbdCustomer[] = [
  { x: 0, tx: 0, T: 4 },
  { x: 1, tx: 1.5, T: 6 },
  { x: 3, tx: 2, T: 5 },
  { x: 7, tx: 9.5, T: 10 },
];

describe('bgnbdLogLikelihoodGradient', () => {
  it('matches central differences of the log-likelihood in log-parameter space', () => {
    const at: BgnbdParameters = { r: 0.7, alpha: 3.3, a: 1.4, b: 2.6 };
    const gradient = bgnbdLogLikelihoodGradient(at, SMALL_INPUTS);
    const keys = ['r', 'alpha', 'a', 'b'] as const;
    keys.forEach((key, index) => {
      const h = 1e-6;
      const moved = (by: number) => ({ ...at, [key]: at[key] * Math.exp(by) });
      const numeric =
        (bgnbdTotalLogLikelihood(moved(h), SMALL_INPUTS) -
          bgnbdTotalLogLikelihood(moved(-h), SMALL_INPUTS)) /
        (2 * h);
      expect(gradient[index], key).toBeCloseTo(numeric, 6);
    });
  });
});

describe('fitBgnbd', () => {
  const TRUE: BgnbdParameters = { r: 0.8, alpha: 6, a: 0.9, b: 3 };
  const simulate = (count: number, seed: string) => {
    const random = createSeededRandom(seed);
    return Array.from({ length: count }, () =>
      simulateBgnbdCustomer(random, TRUE, 40 + random.next() * 64, 39),
    );
  };

  it('recovers the parameters of 5,000 simulated customers (within 25 %)', () => {
    const customers = simulate(5_000, 'bgnbd-recovery');
    const started = performance.now();
    const fit = fitBgnbd(customers);
    const elapsed = performance.now() - started;
    console.log(
      `BG/NBD fit of 5,000 customers: ${elapsed.toFixed(0)} ms, ${fit?.evaluations} evaluations`,
      fit,
    );
    expect(fit).not.toBeNull();
    for (const key of ['r', 'alpha', 'a', 'b'] as const) {
      expect(Math.abs(fit![key] / TRUE[key] - 1), key).toBeLessThan(0.25);
    }
    // A maximum: no worse than the true parameters.
    expect(fit!.logLikelihood).toBeGreaterThanOrEqual(bgnbdTotalLogLikelihood(TRUE, customers));
    expect(fit!.logLikelihood).toBeCloseTo(bgnbdTotalLogLikelihood(fit!, customers), 6);

    // The holdout: the conditional expectations add up to what the customers then bought.
    const predicted = customers.reduce(
      (sum, one) => sum + conditionalExpectedPurchases(fit!, one, 39),
      0,
    );
    const actual = customers.reduce((sum, one) => sum + one.holdoutPurchases, 0);
    expect(Math.abs(predicted / actual - 1)).toBeLessThan(0.1);
  });

  it('refuses a frequency that is not a whole number', () => {
    expect(() => fitBgnbd([{ x: 1.5, tx: 1, T: 2 }])).toThrow(RangeError);
  });

  it('answers null without customers or without a repeat purchase', () => {
    expect(fitBgnbd([])).toBeNull();
    expect(
      fitBgnbd([
        { x: 0, tx: 0, T: 10 },
        { x: 0, tx: 0, T: 3 },
      ]),
    ).toBeNull();
  });

  it('fits a handful of customers without NaN', () => {
    const fit = fitBgnbd(SMALL_INPUTS);
    expect(fit).not.toBeNull();
    for (const value of Object.values(fit!)) expect(Number.isFinite(value)).toBe(true);
  });
});

describe('fitBgnbd on shuffled customers', () => {
  it('gives the same fit, to the last bit, whatever the order of the customers', () => {
    const random = createSeededRandom('bgnbd-order');
    const customers = Array.from({ length: 300 }, () =>
      simulateBgnbdCustomer(random, { r: 0.8, alpha: 6, a: 0.9, b: 3 }, random.int(1, 80) / 7),
    );
    const shuffled = random.sample(customers, customers.length);
    expect(fitBgnbd(shuffled)).toEqual(fitBgnbd(customers));
    expect(fitBgnbd([...customers].reverse())).toEqual(fitBgnbd(customers));
  });
});
