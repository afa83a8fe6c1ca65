import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { paths } from '@/config/paths';
import { hasSession } from '@/lib/api-client';
import { lazy, Suspense } from 'react';
import { useIsInsideSignedInFrame } from '../shell/signed-in-frame-context';

// The 404 is part of the first page's code (any address may be unknown); the shell around it
// loads only when a signed-in user meets one (issue 10).
const SignedInFrame = lazy(() =>
  import('../shell/signed-in-frame').then((module) => ({ default: module.SignedInFrame })),
);

const NotFoundMessage = ({ isSignedIn }: { isSignedIn: boolean }) => {
  const navigateTo = useHrefNavigation();
  const target = isSignedIn
    ? { href: paths.homebase, label: 'Go to home' }
    : { href: paths.login, label: 'Log in' };
  return (
    <Center mih="70vh" p="lg">
      <Stack align="center" gap="sm" maw={480} ta="center" data-testid="not-found">
        <Text fz={64} fw={800} c="indigo.3" lh={1}>
          404
        </Text>
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text c="dimmed">
          There is no page at this address. It may have moved, or the link may be mistyped.
        </Text>
        <Button component="a" href={target.href} onClick={navigateTo(target.href)} mt="sm">
          {target.label}
        </Button>
      </Stack>
    </Center>
  );
};

/**
 * Spec §2 /404, and what any unknown path shows: inside the app's frame (navigation included)
 * for a signed-in user, on its own otherwise.
 */
export const NotFoundPage = () => {
  useDocumentTitle('Page not found · Atelier');
  const isInsideFrame = useIsInsideSignedInFrame();
  if (isInsideFrame) return <NotFoundMessage isSignedIn />;
  return hasSession() ? (
    <Suspense fallback={null}>
      <SignedInFrame>{() => <NotFoundMessage isSignedIn />}</SignedInFrame>
    </Suspense>
  ) : (
    <NotFoundMessage isSignedIn={false} />
  );
};
