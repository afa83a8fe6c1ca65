import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { CurrentUser, LoginInput, RegisterInput } from '@atelier/contract/identity/account';
import { paths } from '@/config/paths';
import { callApi, startSession } from '@/lib/api-client';
import { eventReporter } from '@/lib/event-reporter';
import { browserTokenStore } from '@/lib/session-token';

/**
 * The account calls, loaded when one is first made: the log-in page imports this module, and the
 * contract's schemas (and Zod) are not part of its first load (issue 10).
 */
const accountCalls = () => import('@atelier/contract/identity/account');

export const accountKeys = {
  all: ['account'] as const,
  currentUser: () => [...accountKeys.all, 'current-user'] as const,
};

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.currentUser(),
    queryFn: async ({ signal }) => callApi((await accountCalls()).getCurrentUser, { signal }),
    staleTime: 60_000,
  });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());

/** The current user inside the signed-in layout, which renders nothing until it is loaded. */
export const useSignedInUser = (): CurrentUser => {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser is used outside the signed-in layout.');
  return data;
};

/** Spec §3 user traits for first-party analytics (identify on login, and when they change). */
const identify = ({ user, store }: CurrentUser) =>
  eventReporter.identify({
    email: user.email,
    name: user.name,
    title: store.title,
    planType: store.planType,
  });

const useStartSession = () => {
  const queryClient = useQueryClient();
  return (token: string, currentUser: CurrentUser) => {
    startSession(token);
    queryClient.setQueryData(accountKeys.currentUser(), currentUser);
    identify(currentUser);
  };
};

export const useLogin = () => {
  const start = useStartSession();
  return useMutation({
    mutationFn: async (body: LoginInput) =>
      callApi((await accountCalls()).login, { body, shouldToastError: false }),
    onSuccess: (session) => start(session.token, session.currentUser),
  });
};

export const useRegister = () => {
  const start = useStartSession();
  return useMutation({
    mutationFn: async (body: RegisterInput) =>
      callApi((await accountCalls()).register, { body, shouldToastError: false }),
    onSuccess: (session) => start(session.token, session.currentUser),
  });
};

/**
 * Logs out: ends the session on the server (a failure there changes nothing), forgets the token,
 * opens /login, and only then drops the cache, so the page being left cannot refetch.
 */
export const useLogOut = () => {
  const router = useRouter();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => callApi((await accountCalls()).logout, { shouldToastError: false }),
  });
  const logOut = async () => {
    await mutation.mutateAsync().catch(() => undefined);
    browserTokenStore.clearToken();
    eventReporter.reset();
    await router.navigate({ href: paths.login });
    queryClient.clear();
  };
  return { logOut, isPending: mutation.isPending };
};

export const useSwitchStore = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (storeId: string) =>
      callApi((await accountCalls()).switchStore, { body: { storeId } }),
    onSuccess: async (currentUser) => {
      // Everything cached belongs to the previous store.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== accountKeys.all[0] });
      queryClient.setQueryData(accountKeys.currentUser(), currentUser);
      identify(currentUser);
      await queryClient.invalidateQueries();
    },
  });
};
