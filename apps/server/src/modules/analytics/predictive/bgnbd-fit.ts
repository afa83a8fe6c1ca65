import { minimizeBfgsFromStarts, type ValueAndGradient } from './bfgs';
import type { BgnbdCustomer, BgnbdParameters } from './bgnbd';
import { logAddExp, logBeta, logGamma } from './special-functions';

/**
 * The maximum-likelihood fit of the BG/NBD model (bgnbd.ts): the likelihood of equation (6) and
 * its gradient over many customers at once, and the optimiser around them.
 */

/**
 * The customers as the likelihood needs them, built once per fit: identical (x, tₓ, T) merged
 * with a weight and sorted, and the distinct x, tₓ and T values indexed, so that one evaluation
 * takes a logarithm per distinct time and a log-gamma per distinct x rather than per customer.
 */
const compile = (customers: readonly BgnbdCustomer[]) => {
  const weights = new Map<string, { customer: BgnbdCustomer; weight: number }>();
  for (const one of customers) {
    const key = `${one.x}|${one.tx}|${one.T}`;
    const entry = weights.get(key);
    if (entry) entry.weight += 1;
    else weights.set(key, { customer: one, weight: 1 });
  }
  // Sorted, so the sums (and so the fit) do not depend on the order of the customers.
  const entries = [...weights.values()].sort(
    (one, other) =>
      one.customer.x - other.customer.x ||
      one.customer.tx - other.customer.tx ||
      one.customer.T - other.customer.T,
  );
  const indexer = (values: number[]) => {
    const distinct = [...new Set(values)];
    const position = new Map(distinct.map((value, i) => [value, i]));
    return { distinct: Float64Array.from(distinct), index: values.map((v) => position.get(v)!) };
  };
  const xs = indexer(entries.map((e) => e.customer.x));
  const txs = indexer(entries.map((e) => e.customer.tx));
  const ts = indexer(entries.map((e) => e.customer.T));
  return {
    count: entries.length,
    weight: Float64Array.from(entries.map((e) => e.weight)),
    xIndex: Int32Array.from(xs.index),
    txIndex: Int32Array.from(txs.index),
    tIndex: Int32Array.from(ts.index),
    xValues: xs.distinct,
    txValues: txs.distinct,
    tValues: ts.distinct,
    maxX: Math.max(...xs.distinct),
  };
};
type CompiledCustomers = ReturnType<typeof compile>;

/** Σₖ₌₀^(n−1) 1/(θ + k) for n = 0 … maxX: ψ(θ + n) − ψ(θ) for integer n, without digamma. */
const harmonicSums = (theta: number, maxX: number): Float64Array => {
  const sums = new Float64Array(maxX + 1);
  for (let k = 0; k < maxX; k += 1) sums[k + 1] = sums[k]! + 1 / (theta + k);
  return sums;
};

/**
 * Σ ln L (as `bgnbdTotalLogLikelihood`) over compiled customers and its gradient with respect
 * to (ln r, ln α, ln a, ln b). With π the share of the "dropped out after tₓ" term in L:
 * ∂/∂r = ψ(r+x) − ψ(r) + ln α − (1−π) ln(α+T) − π ln(α+tₓ);
 * ∂/∂α = r/α − (r+x)[(1−π)/(α+T) + π/(α+tₓ)];
 * ∂/∂a = ψ(a+b) − ψ(a+b+x) + π/a;  ∂/∂b = ψ(b+x) − ψ(b) + ψ(a+b) − ψ(a+b+x) − π/(b+x−1).
 */
const logLikelihoodAndGradient = (
  data: CompiledCustomers,
  { r, alpha, a, b }: BgnbdParameters,
): ValueAndGradient => {
  const { xValues, txValues, tValues, maxX } = data;
  const logGammaR = logGamma(r);
  const logAlpha = Math.log(alpha);
  const base = r * logAlpha - logBeta(a, b);
  const logA = Math.log(a);
  const sumsR = harmonicSums(r, maxX);
  const sumsB = harmonicSums(b, maxX);
  const sumsAB = harmonicSums(a + b, maxX);
  const perX = new Float64Array(xValues.length);
  const dropPerX = new Float64Array(xValues.length);
  for (let i = 0; i < xValues.length; i += 1) {
    const x = xValues[i]!;
    perX[i] = logGamma(r + x) - logGammaR + logBeta(a, b + x) + base;
    dropPerX[i] = x > 0 ? logA - Math.log(b + x - 1) : -Infinity;
  }
  const logAlphaTx = txValues.map((tx) => Math.log(alpha + tx));
  const logAlphaT = tValues.map((T) => Math.log(alpha + T));
  let value = 0;
  let dr = 0;
  let dAlpha = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < data.count; i += 1) {
    const xi = data.xIndex[i]!;
    const x = xValues[xi]!;
    const ti = data.tIndex[i]!;
    const txi = data.txIndex[i]!;
    const weight = data.weight[i]!;
    const alive = -(r + x) * logAlphaT[ti]!;
    let log = alive;
    let dropShare = 0;
    if (x > 0) {
      const dropped = dropPerX[xi]! - (r + x) * logAlphaTx[txi]!;
      log = logAddExp(alive, dropped);
      dropShare = Math.exp(dropped - log);
    }
    const aliveShare = 1 - dropShare;
    value += weight * (perX[xi]! + log);
    dr +=
      weight * (sumsR[x]! + logAlpha - aliveShare * logAlphaT[ti]! - dropShare * logAlphaTx[txi]!);
    dAlpha +=
      weight *
      (r / alpha -
        (r + x) * (aliveShare / (alpha + tValues[ti]!) + dropShare / (alpha + txValues[txi]!)));
    da += weight * (-sumsAB[x]! + dropShare / a);
    db += weight * (sumsB[x]! - sumsAB[x]! - (x > 0 ? dropShare / (b + x - 1) : 0));
  }
  return { value, gradient: [r * dr, alpha * dAlpha, a * da, b * db] };
};

/**
 * The gradient of Σ ln L over `customers` with respect to (ln r, ln α, ln a, ln b), in that
 * order (x whole numbers).
 */
export const bgnbdLogLikelihoodGradient = (
  parameters: BgnbdParameters,
  customers: readonly BgnbdCustomer[],
): number[] => logLikelihoodAndGradient(compile(customers), parameters).gradient;

export type BgnbdFit = BgnbdParameters & {
  /** Σ ln L at the fitted parameters. */
  logLikelihood: number;
  /** Likelihood evaluations the optimiser took. */
  evaluations: number;
};

/** Parameters are kept within e^±LOG_BOUND so the likelihood stays finite. */
const LOG_BOUND = 15;

const toParameters = ([r, alpha, a, b]: number[]): BgnbdParameters => ({
  r: Math.exp(r!),
  alpha: Math.exp(alpha!),
  a: Math.exp(a!),
  b: Math.exp(b!),
});

/**
 * Maximum-likelihood (r, α, a, b) for the customers (x a whole number), by BFGS with the
 * analytic gradient in log-parameter space (every parameter positive) from several starts
 * scaled to the data's purchase rate; Nelder-Mead from the same starts if BFGS fails. Returns
 * null when there are no customers or no repeat purchase (the likelihood then has no maximum:
 * it grows without bound as the dropout or purchase rate goes to 0) or the fit is not finite.
 * Throws RangeError for an x that is not a whole number.
 */
export const fitBgnbd = (customers: readonly BgnbdCustomer[]): BgnbdFit | null => {
  if (customers.some((one) => !Number.isInteger(one.x) || one.x < 0)) {
    throw new RangeError('fitBgnbd needs whole numbers of repeat purchases.');
  }
  if (customers.length === 0 || !customers.some((one) => one.x > 0)) return null;
  const data = compile(customers);
  const total = customers.length;
  const objective = (point: number[]): ValueAndGradient => {
    if (point.some((v) => Math.abs(v) > LOG_BOUND)) return { value: Infinity, gradient: point };
    const { value, gradient } = logLikelihoodAndGradient(data, toParameters(point));
    return { value: -value / total, gradient: gradient.map((g) => -g / total) };
  };

  // Summed over the sorted data, so that the start too is the same whatever the customers' order.
  let purchases = 0;
  let exposure = 0;
  for (let i = 0; i < data.count; i += 1) {
    purchases += data.weight[i]! * data.xValues[data.xIndex[i]!]!;
    exposure += data.weight[i]! * data.tValues[data.tIndex[i]!]!;
  }
  // λ has mean r/α: start α so that it matches the observed repeat-purchase rate.
  const rate = Math.max(purchases / Math.max(exposure, 1e-9), 1e-6);
  const starts = [
    [1, 1, 1],
    [0.25, 0.5, 3],
    [4, 2, 0.5],
  ].map(([r, a, b]) => [r!, r! / rate, a!, b!].map(Math.log));

  const best = minimizeBfgsFromStarts(objective, starts, {
    tolerance: 1e-10,
    pointTolerance: 1e-6,
  });
  if (!Number.isFinite(best.value)) return null;
  return {
    ...toParameters(best.point),
    logLikelihood: -best.value * total,
    evaluations: best.evaluations,
  };
};
