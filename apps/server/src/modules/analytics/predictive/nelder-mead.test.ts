import { describe, expect, it } from 'vitest';
import { minimizeFromStarts, minimizeNelderMead } from './nelder-mead';

const rosenbrock = ([x, y]: number[]) => 100 * (y! - x! * x!) ** 2 + (1 - x!) ** 2;

describe('minimizeNelderMead', () => {
  it('finds the minimum of the Rosenbrock valley', () => {
    const result = minimizeNelderMead(rosenbrock, [-1.2, 1], { tolerance: 1e-12 });
    expect(result.isConverged).toBe(true);
    expect(result.point[0]).toBeCloseTo(1, 5);
    expect(result.point[1]).toBeCloseTo(1, 5);
  });

  it('moves away from points where the function is not defined', () => {
    // ln is undefined (NaN) for x ≤ 0; the minimum of x − ln x is at x = 1.
    const result = minimizeNelderMead(([x]) => x! - Math.log(x!), [0.05], { step: -0.5 });
    expect(result.point[0]).toBeCloseTo(1, 5);
  });

  it('stops after maxEvaluations', () => {
    const result = minimizeNelderMead(rosenbrock, [-1.2, 1], { maxEvaluations: 20 });
    expect(result.isConverged).toBe(false);
    expect(result.evaluations).toBeLessThanOrEqual(22);
  });
});

describe('minimizeFromStarts', () => {
  it('keeps the best of several starts on a function with two minima', () => {
    // Minima at x = −2 (value −1) and x = 2 (value 0).
    const f = ([x]: number[]) => Math.min((x! + 2) ** 2 - 1, (x! - 2) ** 2);
    const result = minimizeFromStarts(f, [[3], [-3]]);
    expect(result.point[0]).toBeCloseTo(-2, 5);
    expect(result.value).toBeCloseTo(-1, 8);
  });
});
