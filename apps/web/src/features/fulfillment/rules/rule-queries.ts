import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fulfillmentRuleEndpoints as api,
  type OrderRule,
  type SaveOrderRuleBody,
} from '@atelier/contract/fulfillment/rules';
import { callApi } from '@/lib/api-client';

export const ruleKeys = {
  all: ['fulfillment-rules'] as const,
  list: () => [...ruleKeys.all, 'list'] as const,
  holds: (status: 'OPEN' | 'RELEASED') => [...ruleKeys.all, 'holds', status] as const,
};

/** GET /api/web/fulfillment/rules: the store's rules in the order they run. */
export const rulesQueryOptions = () =>
  queryOptions({
    queryKey: ruleKeys.list(),
    queryFn: ({ signal }) => callApi(api.listRules, { signal }),
  });

export const useRules = () => useQuery(rulesQueryOptions());

/** GET …/order-holds: open holds oldest first, or released ones newest first. */
export const holdsQueryOptions = (status: 'OPEN' | 'RELEASED') =>
  queryOptions({
    queryKey: ruleKeys.holds(status),
    queryFn: ({ signal }) => callApi(api.listHolds, { query: { status, limit: 200 }, signal }),
  });

export const useHolds = (status: 'OPEN' | 'RELEASED') => useQuery(holdsQueryOptions(status));

const useInvalidateRules = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ruleKeys.all });
};

/** POST (new) or PUT (`ruleId`) a rule. Errors are the editor's to show, so no toast. */
export const useSaveRule = (ruleId: string | null) => {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: (body: SaveOrderRuleBody) =>
      ruleId
        ? callApi(api.updateRule, { params: { ruleId }, body, shouldToastError: false })
        : callApi(api.createRule, { body, shouldToastError: false }),
    onSuccess: invalidate,
  });
};

/** Turns a rule on or off (the rest of it saved as it is). */
export const useToggleRule = () => {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: (rule: OrderRule) =>
      callApi(api.updateRule, {
        params: { ruleId: rule.id },
        body: {
          name: rule.name,
          isEnabled: !rule.isEnabled,
          conditions: rule.conditions,
          actions: rule.actions,
          thenRuleId: rule.thenRuleId,
        },
      }),
    onSuccess: invalidate,
  });
};

export const useDeleteRule = () => {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: (ruleId: string) => callApi(api.deleteRule, { params: { ruleId } }),
    onSuccess: invalidate,
  });
};

/** The new order of every rule; the list shows it at once. */
export const useReorderRules = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleIds: string[]) => callApi(api.reorderRules, { body: { ruleIds } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(ruleKeys.list(), answer);
      return queryClient.invalidateQueries({ queryKey: ruleKeys.all });
    },
  });
};

export const useReleaseHold = () => {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: ({ holdId, note }: { holdId: string; note?: string }) =>
      callApi(api.releaseHold, { params: { holdId }, body: note ? { note } : {} }),
    onSuccess: invalidate,
  });
};
