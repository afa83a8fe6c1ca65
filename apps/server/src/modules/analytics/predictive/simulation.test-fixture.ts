import type { SeededRandom } from '@/lib/seeded-random';
import type { BgnbdCustomer, BgnbdParameters } from './bgnbd';
import type { GammaGammaParameters, SpendCustomer } from './gamma-gamma';

/** Seeded draws for simulating customers under known parameters (no Math.random). */

const standardNormal = (random: SeededRandom): number => {
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
};

/** A Gamma(shape, rate) draw (Marsaglia & Tsang 2000; shape < 1 boosted by U^(1/shape)). */
export const drawGamma = (random: SeededRandom, shape: number, rate: number): number => {
  if (shape < 1) {
    const u = 1 - random.next();
    return drawGamma(random, shape + 1, rate) * Math.pow(u, 1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const z = standardNormal(random);
    const v = Math.pow(1 + c * z, 3);
    if (v <= 0) continue;
    const u = 1 - random.next();
    if (Math.log(u) < 0.5 * z * z + d - d * v + d * Math.log(v)) return (d * v) / rate;
  }
};

export const drawBeta = (random: SeededRandom, a: number, b: number): number => {
  const x = drawGamma(random, a, 1);
  return x / (x + drawGamma(random, b, 1));
};

/**
 * One BG/NBD customer observed for `T` after their first purchase: purchases at Poisson rate
 * λ ~ Gamma(r, α) while alive, dropping out after each repeat purchase with probability
 * p ~ Beta(a, b). Also returns the repeat purchases in the `holdout` after T (0 without one).
 */
export const simulateBgnbdCustomer = (
  random: SeededRandom,
  { r, alpha, a, b }: BgnbdParameters,
  T: number,
  holdout = 0,
): BgnbdCustomer & { holdoutPurchases: number } => {
  const lambda = drawGamma(random, r, alpha);
  const p = drawBeta(random, a, b);
  let time = 0;
  let x = 0;
  let tx = 0;
  let holdoutPurchases = 0;
  for (;;) {
    time += -Math.log(1 - random.next()) / lambda;
    if (time > T + holdout) break;
    if (time <= T) {
      x += 1;
      tx = time;
    } else {
      holdoutPurchases += 1;
    }
    if (random.next() < p) break;
  }
  return { x, tx, T, holdoutPurchases };
};

/** A repeat customer's `x` purchases, each Gamma(p, ν) with ν ~ Gamma(q, γ); their average. */
export const simulateSpendCustomer = (
  random: SeededRandom,
  { p, q, gamma }: GammaGammaParameters,
  x: number,
): SpendCustomer => {
  const nu = drawGamma(random, q, gamma);
  let total = 0;
  for (let i = 0; i < x; i += 1) total += drawGamma(random, p, nu);
  return { x, averageSpend: total / x };
};
