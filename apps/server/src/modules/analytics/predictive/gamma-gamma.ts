import { minimizeBfgsFromStarts, type ValueAndGradient } from './bfgs';
import { digamma, logGamma } from './special-functions';

/**
 * The Gamma-Gamma model of spend of Fader, Hardie & Lee (2005), "RFM and CLV: using iso-value
 * curves for customer base analysis", Journal of Marketing Research 42(4), and Fader & Hardie
 * (2013), "The Gamma-Gamma model of monetary value": each repeat purchase of a customer is
 * Gamma(p, ν) (shape p, rate ν), and ν ~ Gamma(q, γ) across customers. Spend is independent of
 * the purchase process, so it is fitted on repeat customers only.
 */

export type GammaGammaParameters = { p: number; q: number; gamma: number };

/** A repeat customer: `x` ≥ 1 repeat purchases of average value `averageSpend` > 0. */
export type SpendCustomer = { x: number; averageSpend: number };

/**
 * ln f(z̄ | p, q, γ, x), the density of a customer's average spend z̄ over x purchases:
 * Γ(px+q)/(Γ(px)Γ(q)) · γ^q · x^(px) · z̄^(px−1) / (γ + x z̄)^(px+q).
 */
export const gammaGammaLogLikelihood = (
  { p, q, gamma }: GammaGammaParameters,
  { x, averageSpend }: SpendCustomer,
): number =>
  logGamma(p * x + q) -
  logGamma(p * x) -
  logGamma(q) +
  q * Math.log(gamma) +
  (p * x - 1) * Math.log(averageSpend) +
  p * x * Math.log(x) -
  (p * x + q) * Math.log(gamma + x * averageSpend);

/** Σ ln f over customers (see `gammaGammaLogLikelihood`); 0 for none. */
export const gammaGammaTotalLogLikelihood = (
  parameters: GammaGammaParameters,
  customers: readonly SpendCustomer[],
): number => customers.reduce((sum, one) => sum + gammaGammaLogLikelihood(parameters, one), 0);

/**
 * The sum of `gammaGammaTotalLogLikelihood` and its gradient with respect to (ln p, ln q, ln γ)
 * as a function of the parameters, with the log-gammas and digammas taken once per distinct x
 * and the logarithms of the data taken once (the fit's hot loop). Per customer, with
 * s = γ + x z̄: ∂/∂p = x[ψ(px+q) − ψ(px) + ln z̄ + ln x − ln s]; ∂/∂q = ψ(px+q) − ψ(q) + ln γ −
 * ln s; ∂/∂γ = q/γ − (px+q)/s.
 */
const compile = (customers: readonly SpendCustomer[]) => {
  const distinctX = [...new Set(customers.map((one) => one.x))];
  const xIndex = Int32Array.from(customers.map((one) => distinctX.indexOf(one.x)));
  const x = Float64Array.from(customers.map((one) => one.x));
  const spend = Float64Array.from(customers.map((one) => one.x * one.averageSpend));
  const logSpend = Float64Array.from(customers.map((one) => Math.log(one.averageSpend)));
  const logX = Float64Array.from(customers.map((one) => Math.log(one.x)));
  return ({ p, q, gamma }: GammaGammaParameters): ValueAndGradient => {
    const logGammaQ = logGamma(q);
    const digammaQ = digamma(q);
    const perX = distinctX.map(
      (value) => logGamma(p * value + q) - logGamma(p * value) - logGammaQ,
    );
    // ψ(px+q) − ψ(px) and ψ(px+q) − ψ(q) per distinct x.
    const dpPerX = distinctX.map((value) => digamma(p * value + q) - digamma(p * value));
    const dqPerX = distinctX.map((value) => digamma(p * value + q) - digammaQ);
    const logGammaScale = q * Math.log(gamma);
    const logScale = Math.log(gamma);
    let sum = 0;
    let dp = 0;
    let dq = 0;
    let dGamma = 0;
    for (let i = 0; i < x.length; i += 1) {
      const xi = xIndex[i]!;
      const px = p * x[i]!;
      const logS = Math.log(gamma + spend[i]!);
      sum += perX[xi]! + logGammaScale + (px - 1) * logSpend[i]! + px * logX[i]! - (px + q) * logS;
      dp += x[i]! * (dpPerX[xi]! + logSpend[i]! + logX[i]! - logS);
      dq += dqPerX[xi]! + logScale - logS;
      dGamma += q / gamma - (px + q) / (gamma + spend[i]!);
    }
    return { value: sum, gradient: [p * dp, q * dq, gamma * dGamma] };
  };
};

/**
 * The gradient of Σ ln f over `customers` with respect to (ln p, ln q, ln γ), in that order
 * (x ≥ 1, spends positive).
 */
export const gammaGammaLogLikelihoodGradient = (
  parameters: GammaGammaParameters,
  customers: readonly SpendCustomer[],
): number[] => compile(customers)(parameters).gradient;

export type GammaGammaFit = GammaGammaParameters & { logLikelihood: number; evaluations: number };

const LOG_BOUND = 15;

/**
 * Maximum-likelihood (p, q, γ) by BFGS with the analytic gradient in log-parameter space from
 * several starts (Nelder-Mead from the same starts if none converges). The
 * spends are divided by their mean while fitting (γ is a scale: it is multiplied back, and the
 * log-likelihood is that of the spends as given). Customers with x < 1 or a spend that is not
 * positive are left out; null when none is left or the fit is not finite.
 */
export const fitGammaGamma = (customers: readonly SpendCustomer[]): GammaGammaFit | null => {
  // Sorted, so the sums (and so the fit) do not depend on the order of the customers.
  const kept = customers
    .filter((one) => one.x >= 1 && one.averageSpend > 0)
    .sort((one, other) => one.x - other.x || one.averageSpend - other.averageSpend);
  if (kept.length === 0) return null;
  const scale = kept.reduce((sum, one) => sum + one.averageSpend, 0) / kept.length;
  const scaled = kept.map((one) => ({ x: one.x, averageSpend: one.averageSpend / scale }));
  const toParameters = ([p, q, gamma]: number[]): GammaGammaParameters => ({
    p: Math.exp(p!),
    q: Math.exp(q!),
    gamma: Math.exp(gamma!),
  });
  const likelihood = compile(scaled);
  const objective = (point: number[]): ValueAndGradient => {
    if (point.some((v) => Math.abs(v) > LOG_BOUND)) return { value: Infinity, gradient: point };
    const { value, gradient } = likelihood(toParameters(point));
    return { value: -value / kept.length, gradient: gradient.map((g) => -g / kept.length) };
  };
  // Starts whose population mean spend pγ/(q−1) is the observed mean (1 once scaled).
  const start = (p: number, q: number) => [p, q, (q - 1) / p].map(Math.log);
  const starts = [start(1, 2), start(6, 4), start(2, 1.5)];
  // BFGS with the analytic gradient from each start (tens of evaluations each); Nelder-Mead
  // from the same starts only if none converged.
  const result = minimizeBfgsFromStarts(objective, starts, {
    step: 0.5,
    tolerance: 1e-10,
    pointTolerance: 1e-6,
  });
  if (!Number.isFinite(result.value)) return null;
  const fitted = toParameters(result.point);
  return {
    p: fitted.p,
    q: fitted.q,
    gamma: fitted.gamma * scale,
    // f(z̄) = f_scaled(z̄/s)/s for each customer.
    logLikelihood: -result.value * kept.length - kept.length * Math.log(scale),
    evaluations: result.evaluations,
  };
};

/**
 * E[Z | p, q, γ, x, z̄], the expected value of a customer's future purchase given x purchases
 * of average z̄: (γ + x z̄) p / (px + q − 1), a weighted mean of the population mean pγ/(q−1)
 * and z̄. With x = 0 it is the population mean. Null where it is not finite (px + q ≤ 1).
 */
export const conditionalExpectedSpend = (
  { p, q, gamma }: GammaGammaParameters,
  { x, averageSpend }: SpendCustomer,
): number | null => {
  const denominator = p * x + q - 1;
  if (denominator <= 0) return null;
  const value = ((gamma + x * averageSpend) * p) / denominator;
  return Number.isFinite(value) ? value : null;
};
