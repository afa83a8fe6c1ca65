import { describe, expect, it } from 'vitest';
import { minimizeBfgs } from './bfgs';

const rosenbrock = ([x, y]: number[]) => ({
  value: 100 * (y! - x! * x!) ** 2 + (1 - x!) ** 2,
  gradient: [-400 * x! * (y! - x! * x!) - 2 * (1 - x!), 200 * (y! - x! * x!)],
});

describe('minimizeBfgs', () => {
  it('finds the minimum of the Rosenbrock valley in a few dozen iterations', () => {
    const result = minimizeBfgs(rosenbrock, [-1.2, 1]);
    expect(result.isConverged).toBe(true);
    expect(result.point[0]).toBeCloseTo(1, 6);
    expect(result.point[1]).toBeCloseTo(1, 6);
    expect(result.evaluations).toBeLessThan(200);
  });

  it('steps back from points where the function is not defined', () => {
    // x − ln x is undefined for x ≤ 0; its minimum is at x = 1.
    const f = ([x]: number[]) => ({ value: x! - Math.log(x!), gradient: [1 - 1 / x!] });
    const result = minimizeBfgs(f, [0.05]);
    expect(result.point[0]).toBeCloseTo(1, 6);
  });

  it('answers +Infinity when the start is not defined', () => {
    const result = minimizeBfgs(([x]) => ({ value: Math.log(x!), gradient: [1 / x!] }), [-1]);
    expect(result.value).toBe(Infinity);
    expect(result.isConverged).toBe(false);
  });
});
