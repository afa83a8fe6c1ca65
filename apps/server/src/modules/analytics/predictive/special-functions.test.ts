import { describe, expect, it } from 'vitest';
import { hyp2f1, hyp2f1Series, logAddExp, logBeta, logGamma } from './special-functions';

describe('logGamma and logBeta', () => {
  it('matches known values', () => {
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 14);
    expect(logGamma(10)).toBeCloseTo(Math.log(362_880), 12);
    expect(logGamma(1)).toBe(0);
    expect(logBeta(2, 3)).toBeCloseTo(Math.log(1 / 12), 14);
  });

  it('stays finite where Γ itself overflows or underflows', () => {
    // Stirling: ln Γ(x) ≈ (x − ½) ln x − x + ½ ln 2π + 1/(12x).
    const x = 1e6;
    const stirling = (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * x);
    expect(logGamma(x) / stirling).toBeCloseTo(1, 14);
    expect(logBeta(1e-8, 1e8)).toBeCloseTo(Math.log(1e8), 6);
  });
});

describe('logAddExp', () => {
  it('adds in logs without overflow', () => {
    expect(logAddExp(1_000, 1_000)).toBeCloseTo(1_000 + Math.LN2, 12);
    expect(logAddExp(-1_000, 0)).toBe(0);
    expect(logAddExp(-Infinity, 2)).toBe(2);
    expect(logAddExp(-Infinity, -Infinity)).toBe(-Infinity);
  });
});

describe('hyp2f1', () => {
  it('matches closed forms from small z to z close to 1', () => {
    for (const z of [0, 0.1, 0.5, 0.9, 0.999]) {
      // ₂F₁(1, 1; 2; z) = −ln(1 − z)/z.
      const expected = z === 0 ? 1 : -Math.log1p(-z) / z;
      expect(hyp2f1(1, 1, 2, z) / expected).toBeCloseTo(1, 12);
      // ₂F₁(½, ½; 3/2; z²) = arcsin(z)/z.
      const s = Math.sqrt(z);
      expect(hyp2f1(0.5, 0.5, 1.5, z) / (z === 0 ? 1 : Math.asin(s) / s)).toBeCloseTo(1, 12);
    }
  });

  it('takes Euler’s transformation where the function grows without bound near z = 1', () => {
    // ₂F₁(a, b; b; z) = (1 − z)^(−a); c − a − b = −a < 0.
    expect(hyp2f1(2.5, 1.3, 1.3, 0.999) / Math.pow(0.001, -2.5)).toBeCloseTo(1, 12);
    // Large parameters: the series alone would overflow long before the function does.
    const value = hyp2f1(400.5, 300.2, 700.1, 0.99);
    expect(Number.isFinite(value)).toBe(true);
    expect(value / hyp2f1Series(400.5, 300.2, 700.1, 0.99)).toBeCloseTo(1, 8);
  });

  it('reaches Gauss’s sum at z → 1 when c − a − b > 0', () => {
    // ₂F₁(a, b; c; 1) = Γ(c)Γ(c−a−b)/(Γ(c−a)Γ(c−b)).
    const [a, b, c] = [0.7, 1.9, 4.1];
    const gauss = Math.exp(logGamma(c) + logGamma(c - a - b) - logGamma(c - a) - logGamma(c - b));
    expect(hyp2f1(a, b, c, 1 - 1e-9) / gauss).toBeCloseTo(1, 6);
  });

  it('refuses z outside [0, 1) and the poles c = 0, −1, −2…', () => {
    expect(() => hyp2f1(1, 1, 2, 1)).toThrow(RangeError);
    expect(() => hyp2f1(1, 1, 2, -0.5)).toThrow(RangeError);
    expect(() => hyp2f1(1, 1, -2, 0.5)).toThrow(RangeError);
  });
});
