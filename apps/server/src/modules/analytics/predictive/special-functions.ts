import betaln from '@stdlib/math-base-special-betaln';
import digammaOf from '@stdlib/math-base-special-digamma';
import gammaln from '@stdlib/math-base-special-gammaln';

/**
 * Special functions of the BG/NBD and Gamma-Gamma models. Log-gamma, digamma and log-beta are stdlib's
 * (ports of the FreeBSD/Cephes algorithms, accurate to a few ulps for any positive argument);
 * the Gauss hypergeometric series is ours, because no maintained npm package has it.
 */

/** ln Γ(x) for x > 0 (ln |Γ(x)| elsewhere); +Infinity at 0 and the negative integers. */
export const logGamma: (x: number) => number = gammaln;

/** ψ(x) = d/dx ln Γ(x), the digamma function (stdlib's). */
export const digamma: (x: number) => number = digammaOf;

/** ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b), for a, b > 0, without cancellation. */
export const logBeta: (a: number, b: number) => number = betaln;

/** ln(e^x + e^y) without overflow (−Infinity when both are −Infinity). */
export const logAddExp = (x: number, y: number): number => {
  const larger = Math.max(x, y);
  if (larger === -Infinity) return -Infinity;
  return larger + Math.log1p(Math.exp(-Math.abs(x - y)));
};

/** Terms past which the Gauss series gives up (convergence is geometric with ratio z). */
const MAX_SERIES_TERMS = 2_000_000;
const SERIES_TOLERANCE = 1e-16;

/**
 * The Gauss series Σₙ (a)ₙ(b)ₙ / ((c)ₙ n!) zⁿ of ₂F₁(a, b; c; z) for 0 ≤ z < 1, summed term by
 * term from the ratio of consecutive terms until a term is below 1e-16 of the sum. Its terms fall
 * like n^(a+b−c−1) zⁿ, so it needs about 37/(1 − z) terms near z = 1 (capped at 2 million).
 * Throws RangeError outside 0 ≤ z < 1 or when c is 0 or a negative integer (a pole of ₂F₁).
 */
export const hyp2f1Series = (a: number, b: number, c: number, z: number): number => {
  if (!(z >= 0 && z < 1)) throw new RangeError(`hyp2f1 needs 0 ≤ z < 1, not ${z}.`);
  if (c <= 0 && Number.isInteger(c)) throw new RangeError(`hyp2f1 has a pole at c = ${c}.`);
  let term = 1;
  let sum = 1;
  for (let n = 0; n < MAX_SERIES_TERMS; n += 1) {
    const ratio = (((a + n) * (b + n)) / ((c + n) * (n + 1))) * z;
    term *= ratio;
    sum += term;
    // A zero term ends a terminating series (a or b a non-positive integer). Otherwise stop once
    // the terms shrink and the geometric bound of the rest, term·ratio/(1 − ratio), is negligible.
    if (term === 0) return sum;
    const shrink = Math.abs(ratio);
    if (shrink < 1 && Math.abs(term) * shrink <= SERIES_TOLERANCE * (1 - shrink) * Math.abs(sum)) {
      return sum;
    }
  }
  return sum;
};

/**
 * The Gauss hypergeometric function ₂F₁(a, b; c; z) for real parameters and 0 ≤ z < 1.
 * When c − a − b < 0 the function grows like (1 − z)^(c−a−b) as z → 1, so it is computed through
 * Euler's transformation ₂F₁(a, b; c; z) = (1 − z)^(c−a−b) ₂F₁(c − a, c − b; c; z), whose series
 * stays bounded; otherwise by the series itself (see `hyp2f1Series` for convergence and errors).
 */
export const hyp2f1 = (a: number, b: number, c: number, z: number): number => {
  const excess = c - a - b;
  if (excess >= 0) return hyp2f1Series(a, b, c, z);
  return Math.pow(1 - z, excess) * hyp2f1Series(c - a, c - b, c, z);
};
