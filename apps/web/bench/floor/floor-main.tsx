import '@mantine/core/styles.css';
import {
  AppShell,
  Button,
  Card,
  MantineProvider,
  NavLink,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * bench:web's hand-written floor (issue 10): the web app's stack and nothing of Atelier. React
 * DOM, TanStack Router and Query, Mantine with its stylesheet, one route that asks the server for
 * one small JSON answer and shows a signed-in frame (header, navigation, a title, three cards).
 * What this page scores and weighs is the best any page of the app can do on this machine.
 */
const queryClient = new QueryClient();

const FloorPage = () => {
  const greeting = useQuery({
    queryKey: ['greeting'],
    queryFn: async () => (await fetch('/greeting.json')).json() as Promise<{ name: string }>,
  });
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 272, breakpoint: 'sm' }} padding="lg">
      <AppShell.Header p="md">
        <Text fw={700} fz="lg" c="indigo.7">
          Floor
        </Text>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <NavLink label="Home" href="/" active />
        <NavLink label="Suppliers" href="/" />
      </AppShell.Navbar>
      <AppShell.Main>
        <Stack gap="lg">
          <Title order={1}>Welcome, {greeting.data?.name ?? '…'}</Title>
          <Text maw={560}>
            The stack alone: what React DOM, TanStack Router and Query and Mantine cost a page
            before any of the app's own code.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {['Design', 'Source', 'Sell'].map((name) => (
              <Card key={name} withBorder>
                <Text fw={600}>{name}</Text>
                <Button mt="sm" variant="light">
                  Open
                </Button>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
};

const rootRoute = createRootRoute();
const router = createRouter({
  routeTree: rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: FloorPage }),
  ]),
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
