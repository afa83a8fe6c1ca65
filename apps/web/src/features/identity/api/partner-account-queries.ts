import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { LoginInput } from '@atelier/contract/identity/account';
import {
  acceptSupplierInvite,
  type AcceptSupplierInviteInput,
  type CurrentSupplier,
  getCurrentSupplier,
  partnerLogin,
  partnerLogout,
  type SupplierSession,
} from '@atelier/contract/identity/partner-account';
import { paths } from '@/config/paths';
import { callPartnerApi, clearPartnerSession, startPartnerSession } from '@/lib/api-client';
import { browserPartnerTokenStore } from '@/lib/session-token';

export const partnerAccountKeys = {
  all: ['partner-account'] as const,
  currentSupplier: () => [...partnerAccountKeys.all, 'current-supplier'] as const,
};

export const useCurrentSupplier = () =>
  useQuery({
    queryKey: partnerAccountKeys.currentSupplier(),
    queryFn: ({ signal }) => callPartnerApi(getCurrentSupplier, { signal }),
    staleTime: 60_000,
  });

const useStartPartnerSession = () => {
  const queryClient = useQueryClient();
  return (session: SupplierSession) => {
    startPartnerSession(session.token);
    queryClient.setQueryData<CurrentSupplier>(
      partnerAccountKeys.currentSupplier(),
      session.currentSupplier,
    );
  };
};

export const usePartnerLogin = () => {
  const start = useStartPartnerSession();
  return useMutation({
    mutationFn: (body: LoginInput) =>
      callPartnerApi(partnerLogin, { body, shouldToastError: false }),
    onSuccess: start,
  });
};

export const useAcceptSupplierInvite = () => {
  const start = useStartPartnerSession();
  return useMutation({
    mutationFn: (body: AcceptSupplierInviteInput) =>
      callPartnerApi(acceptSupplierInvite, { body, shouldToastError: false }),
    onSuccess: start,
  });
};

/**
 * Logs the supplier out: ends the session on the server (a failure there changes nothing),
 * forgets the token, opens /partner/login, and only then drops the cache, so the page being
 * left cannot refetch. A store session in the same browser stays signed in.
 */
export const usePartnerLogOut = () => {
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: () => callPartnerApi(partnerLogout, { shouldToastError: false }),
  });
  const logOut = async () => {
    await mutation.mutateAsync().catch(() => undefined);
    browserPartnerTokenStore.clearToken();
    await router.navigate({ href: paths.partnerLogin });
    clearPartnerSession();
  };
  return { logOut, isPending: mutation.isPending };
};
