import { hyp2f1Series, logAddExp, logBeta, logGamma } from './special-functions';

/**
 * The BG/NBD model of Fader, Hardie & Lee (2005), "Counting your customers the easy way: an
 * alternative to the Pareto/NBD model", Marketing Science 24(2). While alive, a customer buys at
 * Poisson rate λ ~ Gamma(r, α) (shape r, rate α); after each repeat purchase they drop out with
 * probability p ~ Beta(a, b). Times are in one unit throughout (days or weeks).
 */

export type BgnbdParameters = { r: number; alpha: number; a: number; b: number };

/**
 * A customer's calibration summary: `x` repeat purchases (occasions after the first), `tx` the
 * time from the first to the last purchase (0 when x = 0), `T` the time from the first purchase
 * to the end of calibration (T ≥ tx ≥ 0).
 */
export type BgnbdCustomer = { x: number; tx: number; T: number };

/**
 * ln L(r, α, a, b | x, tₓ, T), equation (6) of the paper, computed in logs:
 * L = B(a, b+x)/B(a, b) · Γ(r+x)αʳ/(Γ(r)(α+T)^(r+x))
 *   + [x > 0] B(a+1, b+x−1)/B(a, b) · Γ(r+x)αʳ/(Γ(r)(α+tₓ)^(r+x)).
 */
export const bgnbdLogLikelihood = (
  { r, alpha, a, b }: BgnbdParameters,
  { x, tx, T }: BgnbdCustomer,
): number => {
  const common =
    logGamma(r + x) - logGamma(r) + r * Math.log(alpha) + logBeta(a, b + x) - logBeta(a, b);
  const alive = -(r + x) * Math.log(alpha + T);
  if (x === 0) return common + alive;
  // B(a+1, b+x−1) / B(a, b+x) = a / (b+x−1).
  const droppedOut = Math.log(a) - Math.log(b + x - 1) - (r + x) * Math.log(alpha + tx);
  return common + logAddExp(alive, droppedOut);
};

/** Σ ln L over customers (see `bgnbdLogLikelihood`); 0 for none. */
export const bgnbdTotalLogLikelihood = (
  parameters: BgnbdParameters,
  customers: readonly BgnbdCustomer[],
): number => customers.reduce((sum, one) => sum + bgnbdLogLikelihood(parameters, one), 0);

/**
 * P(alive | x, tₓ, T), equation (13): 1 / (1 + [x > 0] a/(b+x−1) · ((α+T)/(α+tₓ))^(r+x)), in
 * 0..1 (1 for a customer without a repeat purchase, who by the model cannot have dropped out).
 */
export const probabilityAlive = (
  { r, alpha, a, b }: BgnbdParameters,
  { x, tx, T }: BgnbdCustomer,
): number => {
  if (x === 0) return 1;
  const logOdds =
    Math.log(a) - Math.log(b + x - 1) + (r + x) * (Math.log(alpha + T) - Math.log(alpha + tx));
  return 1 / (1 + Math.exp(logOdds));
};

/**
 * The expected purchases in the next `t` of a customer known to be alive with (x, T): ((a+b+x−1)/(a−1)) · [1 − ((α+T)/(α+T+t))^(r+x) ₂F₁(r+x, b+x; a+b+x−1; t/(α+T+t))].
 * By Euler's transformation the bracket is 1 − (1−z)^(a−1) ₂F₁(a+b−1−r, a−1; a+b+x−1; z) with
 * z = t/(α+T+t), whose series stays bounded as z → 1 and x grows. At a = 1 the ratio is 0/0:
 * within 1e-5 of it, the value is the mean of those at a = 1 ± 1e-5 (the function is smooth in a).
 */
const expectedPurchasesIfAlive = (
  parameters: BgnbdParameters,
  x: number,
  T: number,
  t: number,
): number => {
  if (t <= 0) return 0;
  if (Math.abs(parameters.a - 1) >= A_NEAR_ONE)
    return expectedIfAliveAwayFromOne(parameters, x, T, t);
  const at = (a: number) => expectedIfAliveAwayFromOne({ ...parameters, a }, x, T, t);
  return (at(1 - A_NEAR_ONE) + at(1 + A_NEAR_ONE)) / 2;
};

const A_NEAR_ONE = 1e-5;

const expectedIfAliveAwayFromOne = (
  { r, alpha, a, b }: BgnbdParameters,
  x: number,
  T: number,
  t: number,
): number => {
  const z = t / (alpha + T + t);
  const series = hyp2f1Series(a + b - 1 - r, a - 1, a + b + x - 1, z);
  // 1 − (1−z)^(a−1)·S written as (1 − (1−z)^(a−1))·S + (1 − S): no cancellation for small z.
  const bracket = -Math.expm1((a - 1) * Math.log1p(-z)) * series + (1 - series);
  return ((a + b + x - 1) / (a - 1)) * bracket;
};

/**
 * E[Y(t) | x, tₓ, T], equation (10): the expected purchases in the `t` after the end of
 * calibration of a customer with that history, = P(alive) × the expectation if alive. `t` is
 * in the unit of the fit; 0 for t ≤ 0.
 */
export const conditionalExpectedPurchases = (
  parameters: BgnbdParameters,
  customer: BgnbdCustomer,
  t: number,
): number =>
  probabilityAlive(parameters, customer) *
  expectedPurchasesIfAlive(parameters, customer.x, customer.T, t);

/**
 * E[X(t)], equation (9): the expected repeat purchases of a new customer in the `t` after their
 * first purchase, (a+b−1)/(a−1) · [1 − (α/(α+t))ʳ ₂F₁(r, b; a+b−1; t/(α+t))].
 */
export const expectedPurchases = (parameters: BgnbdParameters, t: number): number =>
  expectedPurchasesIfAlive(parameters, 0, 0, t);
