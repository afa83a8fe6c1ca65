import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getStoreProfile,
  type StoreProfile,
  type UpdateStoreProfileInput,
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
