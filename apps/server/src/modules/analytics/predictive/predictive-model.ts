import type { PredictiveModel } from '@atelier/contract/analytics/analytics-api';
import type { CustomerPrediction } from '../analytics.services';
import {
  conditionalExpectedPurchases,
  probabilityAlive,
  type BgnbdCustomer,
  type BgnbdParameters,
} from './bgnbd';
import { fitBgnbd } from './bgnbd-fit';
import { conditionalExpectedSpend, fitGammaGamma, type GammaGammaParameters } from './gamma-gamma';
import type { CalibrationCustomer } from './predictive.repository';

/**
 * The predictive model of issue 14 assembled from a store's calibration customers (pure: no
 * database): the BG/NBD and Gamma-Gamma fits and the holdout, predicted against actual.
 */

/** Fewer calibration customers than this and no model is fitted. */
export const MIN_CUSTOMERS = 10;
/** Repeat customers with a positive spend needed to fit the Gamma-Gamma model. */
export const MIN_SPEND_CUSTOMERS = 5;
/** The holdout's frequency buckets: 0 … 6 repeat purchases, then "7+". */
const LAST_BUCKET = 7;

export type TimeUnit = 'day' | 'week';

const DAYS_PER_UNIT: Record<TimeUnit, number> = { day: 1, week: 7 };

/** A customer's BG/NBD summary in `timeUnit`. */
export const toBgnbdCustomer = (
  customer: CalibrationCustomer,
  timeUnit: TimeUnit,
): BgnbdCustomer => ({
  x: customer.x,
  tx: customer.txDays / DAYS_PER_UNIT[timeUnit],
  T: customer.tDays / DAYS_PER_UNIT[timeUnit],
});

const customerCount = (count: number): string =>
  count === 0 ? 'No customer' : `Only ${count} customer${count === 1 ? '' : 's'}`;

const finiteOrZero = (value: number): number => (Number.isFinite(value) ? value : 0);

type ModelInput = {
  calibrationEnd: string;
  timeUnit: TimeUnit;
  /** Days of the holdout (the query's horizon, up to today). */
  holdoutDays: number;
  fittedAt: Date;
};

/** A model with nothing fitted: `empty` says why; no parameters, an empty holdout. */
export const emptyModel = (
  input: ModelInput,
  reason: string,
  counts = { customers: 0, repeatCustomers: 0 },
): PredictiveModel => ({
  calibrationEnd: input.calibrationEnd,
  timeUnit: input.timeUnit,
  horizonDays: input.holdoutDays,
  ...counts,
  bgnbd: null,
  gammaGamma: null,
  holdout: { predictedRepeatPurchases: 0, actualRepeatPurchases: 0, byFrequency: [] },
  empty: reason,
  fittedAt: input.fittedAt.toISOString(),
});

/**
 * Fits BG/NBD on every calibration customer and Gamma-Gamma on the repeat customers' average
 * repeat spend, then sums, per calibration frequency bucket, the conditional expectation of each
 * customer's purchases in the holdout against the occasions they made. Empty (with the reason)
 * below MIN_CUSTOMERS customers, without a repeat purchase, or when the fit fails; Gamma-Gamma is
 * null below MIN_SPEND_CUSTOMERS repeat customers with a positive spend. Never NaN.
 */
export const buildPredictiveModel = (
  customers: readonly CalibrationCustomer[],
  input: ModelInput,
): PredictiveModel => {
  const repeatCustomers = customers.filter((one) => one.x > 0).length;
  const counts = { customers: customers.length, repeatCustomers };
  if (customers.length < MIN_CUSTOMERS) {
    return emptyModel(
      input,
      `${customerCount(customers.length)} purchased by ${input.calibrationEnd}; the model needs at least ${MIN_CUSTOMERS}.`,
      counts,
    );
  }
  if (repeatCustomers === 0) {
    return emptyModel(input, `No customer purchased again by ${input.calibrationEnd}.`, counts);
  }
  const summaries = customers.map((one) => toBgnbdCustomer(one, input.timeUnit));
  const bgnbd = fitBgnbd(summaries);
  if (!bgnbd) return emptyModel(input, 'The model could not be fitted to these purchases.', counts);
  const gammaGamma = fitSpend(customers);

  const horizon = input.holdoutDays / DAYS_PER_UNIT[input.timeUnit];
  const buckets = Array.from({ length: LAST_BUCKET + 1 }, (_, index) => ({
    frequency: index === LAST_BUCKET ? `${LAST_BUCKET}+` : String(index),
    customers: 0,
    predicted: 0,
    actual: 0,
  }));
  customers.forEach((customer, index) => {
    const bucket = buckets[Math.min(customer.x, LAST_BUCKET)]!;
    bucket.customers += 1;
    bucket.predicted += finiteOrZero(
      conditionalExpectedPurchases(bgnbd, summaries[index]!, horizon),
    );
    bucket.actual += customer.holdoutPurchases;
  });
  return {
    calibrationEnd: input.calibrationEnd,
    timeUnit: input.timeUnit,
    horizonDays: input.holdoutDays,
    ...counts,
    bgnbd: {
      r: bgnbd.r,
      alpha: bgnbd.alpha,
      a: bgnbd.a,
      b: bgnbd.b,
      logLikelihood: bgnbd.logLikelihood,
    },
    gammaGamma,
    holdout: {
      predictedRepeatPurchases: buckets.reduce((sum, one) => sum + one.predicted, 0),
      actualRepeatPurchases: buckets.reduce((sum, one) => sum + one.actual, 0),
      byFrequency: buckets,
    },
    empty: null,
    fittedAt: input.fittedAt.toISOString(),
  };
};

const fitSpend = (customers: readonly CalibrationCustomer[]): PredictiveModel['gammaGamma'] => {
  const spenders = customers.flatMap((one) =>
    one.averageRepeatSpend !== null && one.averageRepeatSpend > 0
      ? [{ x: one.x, averageSpend: one.averageRepeatSpend }]
      : [],
  );
  if (spenders.length < MIN_SPEND_CUSTOMERS) return null;
  const fit = fitGammaGamma(spenders);
  return fit ? { p: fit.p, q: fit.q, gamma: fit.gamma, logLikelihood: fit.logLikelihood } : null;
};

/**
 * Each customer's P(alive), expected purchases and predicted revenue (minor units, rounded) in
 * the `horizonDays` after the calibration end, under the fitted parameters. The spend of a
 * purchase is Gamma-Gamma's conditional expectation when it is fitted, else the customer's own
 * average purchase.
 */
export const predictCustomers = (
  customers: readonly CalibrationCustomer[],
  parameters: { bgnbd: BgnbdParameters; gammaGamma: GammaGammaParameters | null },
  timeUnit: TimeUnit,
  horizonDays: number,
): CustomerPrediction[] => {
  const horizon = horizonDays / DAYS_PER_UNIT[timeUnit];
  return customers.map((customer) => {
    const summary = toBgnbdCustomer(customer, timeUnit);
    const expectedPurchases = finiteOrZero(
      conditionalExpectedPurchases(parameters.bgnbd, summary, horizon),
    );
    const modelSpend = parameters.gammaGamma
      ? conditionalExpectedSpend(parameters.gammaGamma, {
          x: customer.x,
          averageSpend: Math.max(customer.averageRepeatSpend ?? 0, 0),
        })
      : null;
    const spend = modelSpend ?? customer.averageSpend;
    return {
      customerId: customer.customerId,
      pAlive: finiteOrZero(probabilityAlive(parameters.bgnbd, summary)),
      expectedPurchases,
      predictedRevenue: Math.round(finiteOrZero(expectedPurchases * spend)),
    };
  });
};
