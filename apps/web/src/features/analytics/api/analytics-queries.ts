import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analyticsEndpoints } from '@atelier/contract/analytics/analytics-api';
import type { AnalyticsRangeQuery, AnalyticsViewKey } from '@atelier/contract/analytics/views';
import { callApi } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** The reason the server gives for a part of analytics still being built (issue 14). */
export const NOT_BUILT_REASON = 'analytics_not_built';

/** Whether a failed call is analytics saying that part is not built yet (a state, not an error). */
export const isNotBuilt = (error: unknown): boolean =>
  isApiError(error) && error.status === 404 && error.reason === NOT_BUILT_REASON;

/** Query keys of the analytics feature: all of them the signed-in store's but the public share. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  view: (view: AnalyticsViewKey, query: AnalyticsRangeQuery) =>
    [...analyticsKeys.all, 'view', view, query] as const,
  shares: () => [...analyticsKeys.all, 'shares'] as const,
  publicShare: (id: string) => ['analytics-public-share', id] as const,
};

/** One view over a range (the server's default range when none is given). */
export const analyticsViewQueryOptions = (view: AnalyticsViewKey, query: AnalyticsRangeQuery) =>
  queryOptions({
    queryKey: analyticsKeys.view(view, query),
    // The page shows every failure itself (not built, bad range, retry): no toast on top.
    queryFn: ({ signal }) =>
      callApi(analyticsEndpoints.view, {
        params: { view },
        query,
        signal,
        shouldToastError: false,
      }),
  });

export const useAnalyticsView = (view: AnalyticsViewKey, query: AnalyticsRangeQuery) =>
  useQuery(analyticsViewQueryOptions(view, query));

export const useAnalyticsShares = (isEnabled = true) =>
  useQuery({
    queryKey: analyticsKeys.shares(),
    queryFn: ({ signal }) =>
      callApi(analyticsEndpoints.listShares, { signal, shouldToastError: false }),
    enabled: isEnabled,
  });

export type CreateShareInput = { view: AnalyticsViewKey } & AnalyticsRangeQuery;

/** A public, read-only snapshot of one view over a range (/share-report/{id}). */
export const useCreateAnalyticsShare = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareInput) =>
      callApi(analyticsEndpoints.createShare, { body, shouldToastError: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.shares() }),
  });
};

/** Ends a share: its link answers "not found" from then on. */
export const useRevokeAnalyticsShare = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(analyticsEndpoints.revokeShare, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.shares() }),
  });
};

/** /share-report/{id}: the snapshot of a shared view, read without login. */
export const publicShareQueryOptions = (id: string) =>
  queryOptions({
    queryKey: analyticsKeys.publicShare(id),
    // The page says itself when the link leads nowhere; no toast on top of it.
    queryFn: ({ signal }) =>
      callApi(analyticsEndpoints.publicShare, {
        params: { id },
        signal,
        shouldToastError: false,
      }),
  });

export const usePublicShare = (id: string) => useQuery(publicShareQueryOptions(id));
