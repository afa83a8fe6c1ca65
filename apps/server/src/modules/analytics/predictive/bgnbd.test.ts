import { describe, expect, it } from 'vitest';
import {
  bgnbdLogLikelihood,
  bgnbdTotalLogLikelihood,
  conditionalExpectedPurchases,
  expectedPurchases,
  probabilityAlive,
  type BgnbdCustomer,
  type BgnbdParameters,
} from './bgnbd';
import { logBeta, logGamma } from './special-functions';

/**
 * ∫₀^∞ ∫₀¹ h(λ, p) · Gamma(λ; r, α) · Beta(p; a, b) dp dλ by Simpson's rule on a fine grid:
 * the brute force the closed forms are checked against (parameters > 1 keep it smooth).
 */
const integrate = (
  { r, alpha, a, b }: BgnbdParameters,
  h: (lambda: number, p: number) => number,
): number => {
  const simpson = (from: number, to: number, steps: number, g: (u: number) => number) => {
    const width = (to - from) / steps;
    let sum = g(from) + g(to);
    for (let i = 1; i < steps; i += 1) sum += (i % 2 === 1 ? 4 : 2) * g(from + i * width);
    return (sum * width) / 3;
  };
  const lambdaDensity = (lambda: number) =>
    lambda === 0
      ? 0
      : Math.exp(r * Math.log(alpha) + (r - 1) * Math.log(lambda) - alpha * lambda - logGamma(r));
  const pDensity = (p: number) =>
    p === 0 || p === 1
      ? 0
      : Math.exp((a - 1) * Math.log(p) + (b - 1) * Math.log1p(-p) - logBeta(a, b));
  // λ = s² and p = u² (dλ = 2s ds, dp = 2u du) smooth λ^(r−1) and p^(a−1) at 0; the grid
  // reaches 40 standard deviations past the mean of λ.
  const sMax = Math.sqrt((r + 40 * Math.sqrt(r) + 40) / alpha);
  return simpson(0, sMax, 500, (s) => {
    const lambda = s * s;
    const overP = simpson(0, 1, 500, (u) => h(lambda, u * u) * pDensity(u * u) * 2 * u);
    return overP * lambdaDensity(lambda) * 2 * s;
  });
};

/** The paper's individual likelihood given λ and p, equation (3). */
const likelihoodGiven =
  ({ x, tx, T }: BgnbdCustomer) =>
  (lambda: number, p: number) =>
    Math.pow(1 - p, x) * Math.pow(lambda, x) * Math.exp(-lambda * T) +
    (x > 0 ? p * Math.pow(1 - p, x - 1) * Math.pow(lambda, x) * Math.exp(-lambda * tx) : 0);

/** Expected purchases in the next t of a customer alive with rate λ and dropout p. */
const expectedIfAlive = (lambda: number, p: number, t: number) =>
  p === 0 ? lambda * t : -Math.expm1(-lambda * p * t) / p;

const SMOOTH: BgnbdParameters = { r: 2.2, alpha: 3.1, a: 2.5, b: 3.5 };
const SMALL_INPUTS: BgnbdCustomer[] = [
  { x: 0, tx: 0, T: 4 },
  { x: 1, tx: 1.5, T: 6 },
  { x: 3, tx: 2, T: 5 },
  { x: 7, tx: 9.5, T: 10 },
];

describe('bgnbdLogLikelihood', () => {
  it('equals the brute-force integral of the likelihood over λ and p', () => {
    for (const customer of SMALL_INPUTS) {
      const bruteForce = integrate(SMOOTH, likelihoodGiven(customer));
      expect(bgnbdLogLikelihood(SMOOTH, customer)).toBeCloseTo(Math.log(bruteForce), 6);
    }
    const total = SMALL_INPUTS.reduce(
      (sum, one) => sum + Math.log(integrate(SMOOTH, likelihoodGiven(one))),
      0,
    );
    expect(bgnbdTotalLogLikelihood(SMOOTH, SMALL_INPUTS)).toBeCloseTo(total, 5);
  });

  it('stays finite for large frequencies and ages', () => {
    const params = { r: 0.24, alpha: 4.4, a: 0.79, b: 2.43 };
    const value = bgnbdLogLikelihood(params, { x: 500, tx: 3_000, T: 3_650 });
    expect(Number.isFinite(value)).toBe(true);
  });
});

describe('probabilityAlive and conditionalExpectedPurchases', () => {
  it('equal the brute-force posterior expectations', () => {
    const t = 3;
    for (const customer of SMALL_INPUTS) {
      const likelihood = integrate(SMOOTH, likelihoodGiven(customer));
      // Alive at T with the history: the first term of the likelihood given λ and p.
      const aliveTerm = (lambda: number, p: number) =>
        Math.pow(1 - p, customer.x) * Math.pow(lambda, customer.x) * Math.exp(-lambda * customer.T);
      const pAlive = integrate(SMOOTH, aliveTerm) / likelihood;
      const expected =
        integrate(SMOOTH, (lambda, p) => aliveTerm(lambda, p) * expectedIfAlive(lambda, p, t)) /
        likelihood;
      expect(probabilityAlive(SMOOTH, customer)).toBeCloseTo(pAlive, 6);
      expect(conditionalExpectedPurchases(SMOOTH, customer, t)).toBeCloseTo(expected, 6);
    }
  });

  it('gives 1 and an unconditional-like expectation without repeat purchases, 0 for t = 0', () => {
    const newCustomer = { x: 0, tx: 0, T: 0 };
    expect(probabilityAlive(SMOOTH, newCustomer)).toBe(1);
    expect(conditionalExpectedPurchases(SMOOTH, newCustomer, 5)).toBeCloseTo(
      expectedPurchases(SMOOTH, 5),
      12,
    );
    expect(conditionalExpectedPurchases(SMOOTH, { x: 2, tx: 1, T: 3 }, 0)).toBe(0);
  });

  it('is finite and continuous through a = 1 and for a long horizon', () => {
    const near = (a: number) =>
      conditionalExpectedPurchases({ ...SMOOTH, a }, { x: 2, tx: 1, T: 3 }, 10);
    expect(near(1)).toBeCloseTo((near(1 - 1e-4) + near(1 + 1e-4)) / 2, 6);
    const longHorizon = conditionalExpectedPurchases(
      { r: 0.24, alpha: 0.5, a: 0.79, b: 2.43 },
      { x: 40, tx: 20, T: 21 },
      3_650,
    );
    expect(Number.isFinite(longHorizon)).toBe(true);
    expect(longHorizon).toBeGreaterThan(0);
  });
});

describe('expectedPurchases', () => {
  it('equals the brute-force expectation E[X(t)]', () => {
    const t = 4;
    expect(expectedPurchases(SMOOTH, t)).toBeCloseTo(
      integrate(SMOOTH, (lambda, p) => expectedIfAlive(lambda, p, t)),
      6,
    );
  });
});
