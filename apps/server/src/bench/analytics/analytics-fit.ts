import { performance } from 'node:perf_hooks';
import { createSeededRandom } from '@/lib/seeded-random';
import { fitBgnbd } from '@/modules/analytics/predictive/bgnbd-fit';
import { fitGammaGamma } from '@/modules/analytics/predictive/gamma-gamma';
import {
  simulateBgnbdCustomer,
  simulateSpendCustomer,
} from '@/modules/analytics/predictive/simulation.test-fixture';
import { spread, type Spread } from '../search/search-stats';

/** The fit's figures: ms per BG/NBD + Gamma-Gamma fit, and the BG/NBD's evaluations. */
export type FitTiming = {
  customers: number;
  repeatCustomers: number;
  fits: number;
  ms: Spread;
  evaluations: number;
};

const BGNBD = { r: 0.8, alpha: 6, a: 0.9, b: 3 };
const SPEND = { p: 6, q: 4, gamma: 0.15 };

/**
 * BG/NBD + Gamma-Gamma fitted on `customers` simulated customers (known parameters, weeks, ages
 * of 40 to 104 weeks), `fits` times, each on a different draw (a new seed): what a store of that
 * size costs when its model is refitted. In this process, CPU only (the database's part is in the
 * predictive model's request timings).
 */
export const timeSimulatedFits = (customers: number, fits: number): FitTiming => {
  const times: number[] = [];
  let evaluations = 0;
  let repeatCustomers = 0;
  for (let run = 0; run < fits + 1; run += 1) {
    const random = createSeededRandom(`bench-fit-${run}`);
    const population = Array.from({ length: customers }, () =>
      simulateBgnbdCustomer(random, BGNBD, 40 + random.next() * 64),
    );
    const spenders = population
      .filter((customer) => customer.x > 0)
      .map((customer) => simulateSpendCustomer(random, SPEND, customer.x));
    const startedAt = performance.now();
    const bgnbd = fitBgnbd(population);
    fitGammaGamma(spenders);
    const ms = performance.now() - startedAt;
    // The first fit warms the JIT up and is not counted.
    if (run === 0) continue;
    times.push(ms);
    evaluations = bgnbd?.evaluations ?? 0;
    repeatCustomers = spenders.length;
  }
  return { customers, repeatCustomers, fits, ms: spread(times), evaluations };
};
