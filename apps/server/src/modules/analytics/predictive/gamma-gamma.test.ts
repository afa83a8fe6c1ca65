import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '@/lib/seeded-random';
import {
  conditionalExpectedSpend,
  fitGammaGamma,
  gammaGammaLogLikelihood,
  gammaGammaLogLikelihoodGradient,
  gammaGammaTotalLogLikelihood,
  type GammaGammaParameters,
} from './gamma-gamma';
import { logGamma } from './special-functions';
import { simulateSpendCustomer } from './simulation.test-fixture';

const PARAMS: GammaGammaParameters = { p: 6.25, q: 3.74, gamma: 15.44 };

describe('gammaGammaLogLikelihood', () => {
  it('equals the brute-force integral over ν of the average’s Gamma(px, νx) density', () => {
    const { p, q, gamma } = PARAMS;
    for (const [x, averageSpend] of [
      [1, 20],
      [3, 35.5],
      [12, 8],
    ] as const) {
      // z̄ | ν ~ Gamma(px, νx); ν ~ Gamma(q, γ). Simpson over ν in (0, 60 q/γ].
      const density = (nu: number) =>
        nu === 0
          ? 0
          : Math.exp(
              p * x * Math.log(nu * x) +
                (p * x - 1) * Math.log(averageSpend) -
                nu * x * averageSpend -
                logGamma(p * x) +
                q * Math.log(gamma) +
                (q - 1) * Math.log(nu) -
                gamma * nu -
                logGamma(q),
            );
      const steps = 20_000;
      const width = (60 * q) / gamma / steps;
      let sum = 0;
      for (let i = 0; i <= steps; i += 1) {
        const weight = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
        sum += weight * density(i * width);
      }
      const bruteForce = Math.log((sum * width) / 3);
      expect(gammaGammaLogLikelihood(PARAMS, { x, averageSpend })).toBeCloseTo(bruteForce, 6);
    }
  });
});

describe('gammaGammaLogLikelihoodGradient', () => {
  it('matches central differences of the log-likelihood in log-parameter space', () => {
    const customers = [
      { x: 1, averageSpend: 12.5 },
      { x: 2, averageSpend: 40 },
      { x: 5, averageSpend: 7.25 },
      { x: 5, averageSpend: 19 },
    ];
    const at: GammaGammaParameters = { p: 2.3, q: 3.7, gamma: 14 };
    const gradient = gammaGammaLogLikelihoodGradient(at, customers);
    (['p', 'q', 'gamma'] as const).forEach((key, index) => {
      const h = 1e-6;
      const moved = (by: number) => ({ ...at, [key]: at[key] * Math.exp(by) });
      const numeric =
        (gammaGammaTotalLogLikelihood(moved(h), customers) -
          gammaGammaTotalLogLikelihood(moved(-h), customers)) /
        (2 * h);
      expect(gradient[index], key).toBeCloseTo(numeric, 6);
    });
  });
});

describe('fitGammaGamma', () => {
  it('recovers the parameters of 3,000 simulated repeat customers (within 25 %)', () => {
    const random = createSeededRandom('gamma-gamma-recovery');
    // Spend in cents: γ is a scale, so the fit must not care about the unit.
    const truth = { ...PARAMS, gamma: PARAMS.gamma / 100 };
    const customers = Array.from({ length: 3_000 }, () =>
      simulateSpendCustomer(random, truth, 1 + Math.floor(random.next() * 8)),
    );
    const started = performance.now();
    const fit = fitGammaGamma(customers);
    console.log(
      `Gamma-Gamma fit of 3,000 customers: ${(performance.now() - started).toFixed(0)} ms`,
      fit,
    );
    expect(fit).not.toBeNull();
    for (const key of ['p', 'q', 'gamma'] as const) {
      expect(Math.abs(fit![key] / truth[key] - 1), key).toBeLessThan(0.25);
    }
    expect(fit!.logLikelihood).toBeGreaterThanOrEqual(
      gammaGammaTotalLogLikelihood(truth, customers),
    );
    expect(fit!.logLikelihood).toBeCloseTo(gammaGammaTotalLogLikelihood(fit!, customers), 4);
  });

  it('leaves out customers without a repeat purchase or spend; null when none is left', () => {
    expect(fitGammaGamma([])).toBeNull();
    expect(
      fitGammaGamma([
        { x: 0, averageSpend: 10 },
        { x: 2, averageSpend: 0 },
      ]),
    ).toBeNull();
  });
});

describe('conditionalExpectedSpend', () => {
  it('weighs the population mean against the customer’s own average', () => {
    const { p, q, gamma } = PARAMS;
    const populationMean = (p * gamma) / (q - 1);
    expect(conditionalExpectedSpend(PARAMS, { x: 0, averageSpend: 0 })).toBeCloseTo(
      populationMean,
      12,
    );
    const x = 4;
    const weight = (p * x) / (p * x + q - 1);
    expect(conditionalExpectedSpend(PARAMS, { x, averageSpend: 50 })).toBeCloseTo(
      (1 - weight) * populationMean + weight * 50,
      12,
    );
  });

  it('is null where the expectation does not exist (q ≤ 1 without purchases)', () => {
    expect(
      conditionalExpectedSpend({ p: 2, q: 0.8, gamma: 1 }, { x: 0, averageSpend: 0 }),
    ).toBeNull();
  });
});
