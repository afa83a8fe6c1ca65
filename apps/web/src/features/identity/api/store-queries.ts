import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureFlags } from '@atelier/contract/identity/account';
import {
  type ExternalField,
  getStoreProfile,
  setExternalField,
  type StoreProfile,
  type UpdateStoreProfileInput,
  updateFeatureFlags,
  updateStoreProfile,
} from '@atelier/contract/identity/store';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './account-queries';

export const storeKeys = {
  all: ['store'] as const,
  profile: () => [...storeKeys.all, 'profile'] as const,
};

export const storeProfileQueryOptions = () =>
  queryOptions({
    queryKey: storeKeys.profile(),
    queryFn: ({ signal }) => callApi(getStoreProfile, { signal }),
  });

export const useStoreProfile = () => useQuery(storeProfileQueryOptions());

const useProfileSaved = () => {
  const queryClient = useQueryClient();
  return async (profile: StoreProfile) => {
    queryClient.setQueryData(storeKeys.profile(), profile);
    // The store title, plan and flags also live in the current user.
    await queryClient.invalidateQueries({ queryKey: accountKeys.currentUser() });
  };
};

export const useUpdateStoreProfile = () => {
  const onSaved = useProfileSaved();
  return useMutation({
    mutationFn: (body: UpdateStoreProfileInput) =>
      callApi(updateStoreProfile, { body, shouldToastError: false }),
    onSuccess: onSaved,
  });
};

export const useSetExternalField = () => {
  const onSaved = useProfileSaved();
  return useMutation({
    mutationFn: (body: ExternalField) =>
      callApi(setExternalField, { body, shouldToastError: false }),
    onSuccess: onSaved,
  });
};

export const useUpdateFeatureFlags = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<FeatureFlags>) => callApi(updateFeatureFlags, { body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.currentUser() }),
        queryClient.invalidateQueries({ queryKey: storeKeys.profile() }),
      ]);
    },
  });
};
