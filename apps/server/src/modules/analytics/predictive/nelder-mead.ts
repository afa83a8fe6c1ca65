/**
 * Nelder-Mead simplex minimisation (Nelder & Mead 1965) with the dimension-adapted coefficients
 * of Gao & Han (2012), for the few smooth parameters of the BG/NBD and Gamma-Gamma likelihoods.
 * No npm optimiser is both maintained and small, and these fits need no gradient.
 */

export type MinimizeOptions = {
  /** Initial simplex: `start` and, for each coordinate, `start` moved by `step` (default 0.5). */
  step?: number;
  /** Function evaluations at most (default 4,000). */
  maxEvaluations?: number;
  /** Stop when the simplex's values differ by at most `tolerance` (default 1e-10)… */
  tolerance?: number;
  /** …and its vertices by at most `pointTolerance` in every coordinate (default 1e-8). */
  pointTolerance?: number;
};

export type MinimizeResult = {
  /** The best point found. */
  point: number[];
  /** f(point); +Infinity when f was never finite. */
  value: number;
  evaluations: number;
  /** Whether the tolerance was met before `maxEvaluations`. */
  isConverged: boolean;
};

/**
 * Minimises `f` from `start`. `f` may return NaN or ±Infinity where it is undefined: such
 * points count as +Infinity, so the simplex moves away from them. Deterministic.
 */
export const minimizeNelderMead = (
  f: (point: number[]) => number,
  start: number[],
  {
    step = 0.5,
    maxEvaluations = 4_000,
    tolerance = 1e-10,
    pointTolerance = 1e-8,
  }: MinimizeOptions = {},
): MinimizeResult => {
  const n = start.length;
  const reflection = 1;
  const expansion = 1 + 2 / n;
  const contraction = 0.75 - 1 / (2 * n);
  const shrinkage = 1 - 1 / n;
  let evaluations = 0;
  const evaluate = (point: number[]): number => {
    evaluations += 1;
    const value = f(point);
    return Number.isNaN(value) ? Infinity : value;
  };

  let simplex = [start, ...start.map((_, i) => start.map((x, j) => (i === j ? x + step : x)))];
  let values = simplex.map(evaluate);
  const along = (from: number[], to: number[], t: number) =>
    from.map((x, i) => x + t * (to[i]! - x));

  while (evaluations < maxEvaluations) {
    const order = values.map((_, i) => i).sort((i, j) => values[i]! - values[j]!);
    simplex = order.map((i) => simplex[i]!);
    values = order.map((i) => values[i]!);
    const best = simplex[0]!;
    const worst = simplex[n]!;
    const spread = values[n]! - values[0]!;
    const size = Math.max(
      ...simplex.map((p) => Math.max(...p.map((x, i) => Math.abs(x - best[i]!)))),
    );
    if ((spread <= tolerance || Number.isNaN(spread)) && size <= pointTolerance) {
      return { point: best, value: values[0]!, evaluations, isConverged: true };
    }

    const centroid = best.map((_, i) => simplex.slice(0, n).reduce((s, p) => s + p[i]!, 0) / n);
    const reflected = along(centroid, worst, -reflection);
    const reflectedValue = evaluate(reflected);
    if (reflectedValue < values[0]!) {
      const expanded = along(centroid, worst, -reflection * expansion);
      const expandedValue = evaluate(expanded);
      const isExpansionBetter = expandedValue < reflectedValue;
      simplex[n] = isExpansionBetter ? expanded : reflected;
      values[n] = isExpansionBetter ? expandedValue : reflectedValue;
      continue;
    }
    if (reflectedValue < values[n - 1]!) {
      simplex[n] = reflected;
      values[n] = reflectedValue;
      continue;
    }
    // Contract towards the better of the worst point and its reflection.
    const isOutside = reflectedValue < values[n]!;
    const contracted = isOutside
      ? along(centroid, reflected, contraction)
      : along(centroid, worst, contraction);
    const contractedValue = evaluate(contracted);
    if (contractedValue < Math.min(values[n]!, reflectedValue)) {
      simplex[n] = contracted;
      values[n] = contractedValue;
      continue;
    }
    simplex = simplex.map((p, i) => (i === 0 ? p : along(best, p, shrinkage)));
    values = simplex.map((p, i) => (i === 0 ? values[0]! : evaluate(p)));
  }
  const index = values.indexOf(Math.min(...values));
  return {
    point: simplex[Math.max(index, 0)]!,
    value: values[Math.max(index, 0)]!,
    evaluations,
    isConverged: false,
  };
};

/**
 * Minimises `f` from each of `starts`, then restarts from the best point until a restart
 * improves the value by no more than `tolerance` (a fresh simplex escapes a collapsed one);
 * returns the best result. Throws RangeError without starts.
 */
export const minimizeFromStarts = (
  f: (point: number[]) => number,
  starts: number[][],
  options: MinimizeOptions = {},
): MinimizeResult => {
  if (starts.length === 0) throw new RangeError('minimizeFromStarts needs a start.');
  const tolerance = options.tolerance ?? 1e-10;
  let best: MinimizeResult | null = null;
  let evaluations = 0;
  for (const start of starts) {
    const result = minimizeNelderMead(f, start, options);
    evaluations += result.evaluations;
    if (!best || result.value < best.value) best = result;
  }
  for (let restart = 0; restart < 5 && best && Number.isFinite(best.value); restart += 1) {
    const result = minimizeNelderMead(f, best.point, { ...options, step: 0.1 });
    evaluations += result.evaluations;
    const isImproved = result.value < best.value - tolerance;
    if (result.value < best.value) best = result;
    if (!isImproved) break;
  }
  return { ...best!, evaluations };
};
