import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Outlet, useLocation } from '@tanstack/react-router';
import { resolvePageAccess } from '@/config/access';
import { useCurrentUser, useLogOut, useSwitchStore } from '@/features/identity/api/account-queries';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { AccessNotice } from '../shell/access-notice';
import { AppShellLayout } from '../shell/app-shell-layout';

const FullPageLoader = () => (
  <Center mih="100vh" role="status" aria-label="Loading your store">
    <Loader />
  </Center>
);

/** The signed-in shell of spec §2 around a page: it loads the user and checks the page's access. */
export const SignedInLayout = () => {
  const currentUser = useCurrentUser();
  const { logOut, isPending: isLoggingOut } = useLogOut();
  const switchStore = useSwitchStore();
  const { pathname, searchStr } = useLocation();

  if (currentUser.isPending) return <FullPageLoader />;
  if (currentUser.isError) {
    // A 401 is already on its way to /login; anything else can be retried from here.
    if (isApiError(currentUser.error) && currentUser.error.status === 401)
      return <FullPageLoader />;
    return (
      <Center mih="100vh">
        <Stack align="center" gap="sm">
          <Text>Your store could not be loaded.</Text>
          <Button onClick={() => void currentUser.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }

  const access = resolvePageAccess(`${pathname}${searchStr}`, currentUser.data);
  return (
    <AppShellLayout
      currentUser={currentUser.data}
      onLogOut={() => void logOut()}
      onSwitchStore={(storeId) =>
        switchStore.mutate(storeId, {
          onSuccess: (user) => showSuccessToast(`Now working in ${user.store.title}.`),
        })
      }
      isBusy={isLoggingOut || switchStore.isPending}
    >
      {access.kind === 'open' ? (
        <Outlet />
      ) : (
        <AccessNotice access={access} currentUser={currentUser.data} />
      )}
    </AppShellLayout>
  );
};
