import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CurrentUser } from '@atelier/contract/identity/account';
import { useCurrentUser, useLogOut, useSwitchStore } from '@/features/identity/api/account-queries';
import { isApiError } from '@/lib/api-error';
import { showSuccessToast } from '@/lib/notify';
import { AppShellLayout } from './app-shell-layout';
import { SignedInFrameContext } from './signed-in-frame-context';

const FullPageLoader = () => (
  <Center mih="100vh" role="status" aria-label="Loading your store">
    <Loader />
  </Center>
);

/**
 * The signed-in user's frame (header and main navigation) around a page, once the user is
 * loaded. `children` receives the user. Used by every logged-in page and by the 404 page.
 */
export const SignedInFrame = ({
  children,
}: {
  children: (currentUser: CurrentUser) => ReactNode;
}) => {
  const currentUser = useCurrentUser();
  const { logOut, isPending: isLoggingOut } = useLogOut();
  const switchStore = useSwitchStore();

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
      <SignedInFrameContext value={true}>{children(currentUser.data)}</SignedInFrameContext>
    </AppShellLayout>
  );
};
