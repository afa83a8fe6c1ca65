import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CurrentUser,
  getCurrentUser,
  type LoginInput,
  login,
  logout,
  type RegisterInput,
  register,
  switchStore,
} from '@atelier/contract/identity/account';
import { callApi, clearSession, startSession } from '@/lib/api-client';

export const accountKeys = {
  all: ['account'] as const,
  currentUser: () => [...accountKeys.all, 'current-user'] as const,
};

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.currentUser(),
    queryFn: ({ signal }) => callApi(getCurrentUser, { signal }),
    staleTime: 60_000,
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

const useStartSession = () => {
  const queryClient = useQueryClient();
  return (token: string, currentUser: CurrentUser) => {
    startSession(token);
    queryClient.setQueryData(accountKeys.currentUser(), currentUser);
  };
};

export const useLogin = () => {
  const start = useStartSession();
  return useMutation({
    mutationFn: (body: LoginInput) => callApi(login, { body, shouldToastError: false }),
    onSuccess: (session) => start(session.token, session.currentUser),
  });
};

export const useRegister = () => {
  const start = useStartSession();
  return useMutation({
    mutationFn: (body: RegisterInput) => callApi(register, { body, shouldToastError: false }),
    onSuccess: (session) => start(session.token, session.currentUser),
  });
};

/** Ends the session on the server, then forgets it here whatever the server answered. */
export const useLogout = () =>
  useMutation({
    mutationFn: () => callApi(logout, { shouldToastError: false }),
    onSettled: () => clearSession(),
  });

export const useSwitchStore = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) => callApi(switchStore, { body: { storeId } }),
    onSuccess: async (currentUser) => {
      // Everything cached belongs to the previous store.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== accountKeys.all[0] });
      queryClient.setQueryData(accountKeys.currentUser(), currentUser);
      await queryClient.invalidateQueries();
    },
  });
};
