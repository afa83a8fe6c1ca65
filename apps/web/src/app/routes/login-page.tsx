import { Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { CurrentUser } from '@atelier/contract/identity/account';
import { useHrefNavigation } from '@/components/ui/use-href-navigation';
import { getHomePath } from '@/config/access';
import { hrefs } from '@/config/paths';
import { LoginForm } from '@/features/identity/components/login-form';
import { safeReturnPath } from './login-return-path';

const loginRoute = getRouteApi('/login');

// The height of the registration form's first step (four fields and the stepper), in px.
const REGISTER_FORM_HEIGHT = 470;

const loadRegisterForm = () => import('@/features/identity/components/register-form');
// The two-step registration (Stepper, choice cards, onboarding options) loads only in register
// mode, so the log-in form's first page goes without it (issue 10).
const RegisterForm = lazy(() =>
  loadRegisterForm().then((module) => ({ default: module.RegisterForm })),
);

/** Holds the registration form's first step's height while its code loads. */
const RegisterFormPending = () => (
  <Center mih={REGISTER_FORM_HEIGHT} role="status" aria-label="Loading the form">
    <Loader />
  </Center>
);

/** Spec §8 log-in and registration page; `?mode=register` shows the registration form. */
export const LoginPage = () => {
  const { redirect: returnPath, mode } = loginRoute.useSearch();
  const router = useRouter();
  const navigateTo = useHrefNavigation();
  const isRegister = mode === 'register';
  useDocumentTitle(`${isRegister ? 'Create your account' : 'Log in'} · Atelier`);

  const handleSignedIn = (currentUser: CurrentUser) => {
    const target = safeReturnPath(returnPath) ?? getHomePath(currentUser.role);
    void router.navigate({ href: target, replace: true });
  };

  const switchHref = isRegister ? hrefs.login(returnPath) : hrefs.register(returnPath);

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Stack w="100%" maw={isRegister ? 560 : 420} gap="lg">
        <Stack gap={4} ta="center">
          <Text fw={800} fz={28} c="indigo.7">
            Atelier
          </Text>
          <Text c="dimmed" size="sm">
            Design, source, make, store, ship and sell your products.
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={1} fz="h3" mb="lg">
            {isRegister ? 'Create your account' : 'Log in to your store'}
          </Title>
          {isRegister ? (
            <Suspense fallback={<RegisterFormPending />}>
              <RegisterForm onRegistered={handleSignedIn} />
            </Suspense>
          ) : (
            <LoginForm onLoggedIn={handleSignedIn} />
          )}
        </Paper>
        <Text ta="center" size="sm">
          {isRegister ? 'Already have an account? ' : 'New to Atelier? '}
          <Anchor
            href={switchHref}
            onClick={navigateTo(switchHref)}
            // Fetched as the pointer or focus comes near, so the form is usually there on click.
            onPointerEnter={isRegister ? undefined : () => void loadRegisterForm()}
            onFocus={isRegister ? undefined : () => void loadRegisterForm()}
          >
            {isRegister ? 'Log in' : 'Create an account'}
          </Anchor>
        </Text>
      </Stack>
    </Center>
  );
};
