import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  analyticsEndpoints,
  type PredictiveModelQuery,
} from '@atelier/contract/analytics/analytics-api';
import { callApi } from '@/lib/api-client';
import { analyticsKeys } from './analytics-queries';

export const predictiveKeys = {
  model: (query: PredictiveModelQuery) => [...analyticsKeys.all, 'predictive', query] as const,
};

/** The BG/NBD and Gamma-Gamma fit up to `calibrationEnd`, and its holdout against the actual. */
export const predictiveModelQueryOptions = (query: PredictiveModelQuery) =>
  queryOptions({
    queryKey: predictiveKeys.model(query),
    // The section shows every failure itself (a 400 beside the field it names): no toast.
    queryFn: ({ signal }) =>
      callApi(analyticsEndpoints.predictiveModel, { query, signal, shouldToastError: false }),
  });

/** `undefined`: nothing to ask yet (the defaults wait for the view's range). */
export const usePredictiveModel = (query: PredictiveModelQuery | undefined) =>
  useQuery({
    ...predictiveModelQueryOptions(
      query ?? { calibrationEnd: '', timeUnit: 'week', horizonDays: 1 },
    ),
    enabled: query !== undefined,
    // The last fit stays on screen while another calibration is fitted.
    placeholderData: keepPreviousData,
  });
