import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { createRoute, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { resolvePageAccess } from '@/config/access';
import { hrefs } from '@/config/paths';
import { useCurrentUser, useLogOut, useSwitchStore } from '@/features/identity/api/account-queries';
import { hasSession } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { AccessNotice } from '../shell/access-notice';
import { AppShellLayout } from '../shell/app-shell-layout';
import { rootRoute } from './root-route';

const FullPageLoader = () => (
  <Center mih="100vh" role="status" aria-label="Loading your store">
    <Loader />
  </Center>
);

const SignedInLayout = () => {
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

/** Every logged-in page of spec §2 sits under this layout; without a session it sends to /login. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!hasSession()) redirect({ href: hrefs.login(location.href), throw: true });
  },
  component: SignedInLayout,
});
