/**
 * BFGS quasi-Newton minimisation (Nocedal & Wright 2006, algorithm 6.1) with a backtracking
 * (Armijo) line search, for smooth objectives whose gradient is known: the BG/NBD likelihood
 * converges in a few dozen gradient evaluations where Nelder-Mead needs a thousand.
 */

import { minimizeFromStarts, type MinimizeOptions } from './nelder-mead';

export type ValueAndGradient = { value: number; gradient: number[] };

export type BfgsOptions = {
  /** Iterations at most (default 200). */
  maxIterations?: number;
  /** Stop when every component of the gradient is at most this in absolute value (1e-8). */
  gradientTolerance?: number;
};

export type BfgsResult = {
  point: number[];
  value: number;
  /** Objective evaluations (each with its gradient). */
  evaluations: number;
  isConverged: boolean;
};

const dot = (u: readonly number[], v: readonly number[]) =>
  u.reduce((sum, x, i) => sum + x * v[i]!, 0);

/**
 * Minimises `f` from `start`. `f` returns the value and gradient at a point; a point where the
 * value is not finite is stepped back from (the line search halves its step). Deterministic.
 * Returns the start (value +Infinity) when `f` is not finite there.
 */
export const minimizeBfgs = (
  f: (point: number[]) => ValueAndGradient,
  start: number[],
  { maxIterations = 200, gradientTolerance = 1e-8 }: BfgsOptions = {},
): BfgsResult => {
  const n = start.length;
  let evaluations = 1;
  let point = start;
  let current = f(point);
  if (!Number.isFinite(current.value) || current.gradient.some((g) => !Number.isFinite(g))) {
    return { point, value: Infinity, evaluations, isConverged: false };
  }
  // The inverse Hessian estimate, row-major; scaled after the first step.
  let inverse = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => +(i === j)),
  );

  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    if (current.gradient.every((g) => Math.abs(g) <= gradientTolerance)) {
      return { point, value: current.value, evaluations, isConverged: true };
    }
    let direction = inverse.map((row) => -dot(row, current.gradient));
    let slope = dot(direction, current.gradient);
    if (!(slope < 0)) {
      // Not a descent direction (rounding): restart from steepest descent.
      inverse = inverse.map((row, i) => row.map((_, j) => +(i === j)));
      direction = current.gradient.map((g) => -g);
      slope = dot(direction, current.gradient);
    }

    let step = 1;
    let next: ValueAndGradient | null = null;
    let candidate = point;
    for (let halving = 0; halving < 60; halving += 1) {
      candidate = point.map((x, i) => x + step * direction[i]!);
      const trial = f(candidate);
      evaluations += 1;
      if (
        Number.isFinite(trial.value) &&
        trial.gradient.every(Number.isFinite) &&
        trial.value <= current.value + 1e-4 * step * slope
      ) {
        next = trial;
        break;
      }
      step /= 2;
    }
    if (!next) return { point, value: current.value, evaluations, isConverged: false };

    const s = candidate.map((x, i) => x - point[i]!);
    const y = next.gradient.map((g, i) => g - current.gradient[i]!);
    const sy = dot(s, y);
    const isStalled = Math.abs(current.value - next.value) <= 1e-15 * Math.abs(current.value);
    point = candidate;
    current = next;
    if (isStalled) return { point, value: current.value, evaluations, isConverged: true };
    if (sy > 1e-12) {
      if (iteration === 0) {
        const scale = sy / dot(y, y);
        inverse = inverse.map((row) => row.map((v) => v * scale));
      }
      // H ← (I − ρ s yᵀ) H (I − ρ y sᵀ) + ρ s sᵀ, with ρ = 1 / (yᵀ s).
      const rho = 1 / sy;
      const hy = inverse.map((row) => dot(row, y));
      const yhy = dot(y, hy);
      inverse = inverse.map((row, i) =>
        row.map(
          (v, j) =>
            v - rho * (hy[i]! * s[j]! + s[i]! * hy[j]!) + (rho * rho * yhy + rho) * s[i]! * s[j]!,
        ),
      );
    }
  }
  return { point, value: current.value, evaluations, isConverged: false };
};

/**
 * BFGS from each of `starts`, keeping the best converged result; Nelder-Mead from the same
 * starts (with `fallback` options, on the value alone) only when none converged. Returns the best
 * point and value with the evaluations of every run. Throws RangeError without starts.
 */
export const minimizeBfgsFromStarts = (
  f: (point: number[]) => ValueAndGradient,
  starts: number[][],
  fallback: MinimizeOptions = {},
): { point: number[]; value: number; evaluations: number } => {
  if (starts.length === 0) throw new RangeError('minimizeBfgsFromStarts needs a start.');
  let evaluations = 0;
  let best: BfgsResult | null = null;
  for (const start of starts) {
    const result = minimizeBfgs(f, start);
    evaluations += result.evaluations;
    if (result.isConverged && (!best || result.value < best.value)) best = result;
  }
  if (best) return { point: best.point, value: best.value, evaluations };
  const result = minimizeFromStarts((point) => f(point).value, starts, fallback);
  return {
    point: result.point,
    value: result.value,
    evaluations: evaluations + result.evaluations,
  };
};
