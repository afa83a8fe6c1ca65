import {
  MAX_PREDICTION_HORIZON_DAYS,
  type PredictiveModel,
  type PredictiveModelQuery,
} from '@atelier/contract/analytics/analytics-api';
import type { Database } from '@/db/client';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { PredictiveService } from '../analytics.services';
import { buildPredictiveModel, emptyModel, predictCustomers } from './predictive-model';
import {
  createPredictiveRepository,
  type CalibrationCustomer,
  type StoreBasis,
} from './predictive.repository';

const DAY_MS = 86_400_000;

/** The store-local day `YYYY-MM-DD` of `at` in `timeZone`. */
const localDay = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

const isTimeZone = (timeZone: string): boolean => {
  try {
    localDay(new Date(0), timeZone);
    return true;
  } catch {
    return false;
  }
};

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The holdout's days: the horizon after the calibration end, cut at today. */
const holdoutDaysOf = (query: PredictiveModelQuery, today: string) =>
  Math.min(query.horizonDays, daysBetween(query.calibrationEnd, today));

/**
 * Issue 14 BG/NBD + Gamma-Gamma (Fader, Hardie & Lee 2005) per store. A fit is kept in
 * `analytics_model_fits` per store, calibration end, time unit and horizon, and reused while the
 * store's orders and refunds are unchanged (and the holdout has not grown with the days);
 * otherwise refitted. The holdout runs from the day after the calibration end for the horizon,
 * cut at today (store-local): the result's `horizonDays` is the length it had.
 */
export const createPredictiveService = ({
  db,
  clock,
}: {
  db: Database;
  clock: Clock;
}): PredictiveService => {
  const repository = createPredictiveRepository(db);

  const findBasis = async (storeId: string): Promise<StoreBasis | null> => {
    const basis = await repository.findStoreBasis(storeId);
    if (!basis) return null;
    // A time zone PostgreSQL or Intl does not know would fail every query: count in UTC.
    return isTimeZone(basis.timeZone) ? basis : { ...basis, timeZone: 'UTC' };
  };

  /**
   * The fit for `query` on the store's `basis` (null: no orders): the cached one while the
   * orders are unchanged, else fitted on `customers` (listed here when not given) and saved.
   * 400 naming `calibrationEnd` when it is after today (store-local).
   */
  const fit = async (
    storeId: string,
    basis: StoreBasis | null,
    query: PredictiveModelQuery,
    customers: CalibrationCustomer[] | null = null,
  ): Promise<PredictiveModel> => {
    const now = clock.now();
    const today = localDay(now, basis?.timeZone ?? 'UTC');
    if (query.calibrationEnd > today) {
      throw new AppError('bad_request', 'The calibration end is after today.', {
        reason: 'calibration_end_in_future',
        details: [{ field: 'query.calibrationEnd', message: `Choose a day up to ${today}.` }],
      });
    }
    const holdoutDays = holdoutDaysOf(query, today);
    const input = {
      calibrationEnd: query.calibrationEnd,
      timeUnit: query.timeUnit,
      holdoutDays,
      fittedAt: now,
    };
    if (!basis) return emptyModel(input, 'The store has no orders yet.');

    const key = { storeId, ...query };
    const ordersVersion = `${await repository.getOrdersVersion(storeId)}:${holdoutDays}`;
    const cached = await repository.findFit(key);
    if (cached?.ordersVersion === ordersVersion) return cached.result;

    const result = buildPredictiveModel(
      customers ??
        (await repository.listCalibrationCustomers(
          storeId,
          basis,
          query.calibrationEnd,
          holdoutDays,
        )),
      input,
    );
    await repository.saveFit(key, { ordersVersion, result }, now);
    return result;
  };

  const model = async (storeId: string, query: PredictiveModelQuery): Promise<PredictiveModel> =>
    fit(storeId, await findBasis(storeId), query);

  return {
    model,

    async customerPredictions(storeId, asOf, horizonDays) {
      // One read of the store's basis and one list of its customers serve the fit (when it is
      // not cached) and the predictions: the holdout columns do not change a customer's
      // calibration summary.
      const basis = await findBasis(storeId);
      if (!basis) return [];
      const today = localDay(clock.now(), basis.timeZone);
      const calibrationEnd = asOf > today ? today : asOf;
      const horizon = Math.min(Math.max(Math.round(horizonDays), 1), MAX_PREDICTION_HORIZON_DAYS);
      const query = { calibrationEnd, timeUnit: 'week' as const, horizonDays: horizon };
      const customers = await repository.listCalibrationCustomers(
        storeId,
        basis,
        calibrationEnd,
        holdoutDaysOf(query, today),
      );
      const fitted = await fit(storeId, basis, query, customers);
      if (!fitted.bgnbd) return [];
      return predictCustomers(
        customers,
        { bgnbd: fitted.bgnbd, gammaGamma: fitted.gammaGamma },
        'week',
        horizon,
      );
    },
  };
};
