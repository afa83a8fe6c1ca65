import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render as renderDom } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import type { RouterContext } from '@/app/routes/root-route';

/** A query client like the app's, without retries or caching between tests. */
export const createTestQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });

type RenderOptions = { queryClient?: QueryClient };

const Providers = ({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) => (
  <MantineProvider>
    <Notifications />
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  </MantineProvider>
);

/** Renders a component with the app's providers; `user` types and clicks like a person. */
export const render = (ui: ReactElement, options: RenderOptions = {}) => {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const user = userEvent.setup();
  const result = renderDom(ui, {
    wrapper: ({ children }) => <Providers queryClient={queryClient}>{children}</Providers>,
  });
  return { ...result, user, queryClient };
};

type RouteOptions<TSearch> = RenderOptions & {
  /** The route's path pattern, e.g. `/browse-suppliers`. */
  path: string;
  /** Where the test starts, e.g. `/browse-suppliers?moq=UNDER_100`. */
  initialEntry: string;
  validateSearch?: (raw: Record<string, unknown>) => TSearch;
  component: () => ReactElement;
};

/**
 * Renders a screen on one route of an in-memory router, so it reads and writes its address as
 * in the app; `router.state.location` tells the test where it went.
 */
export const renderAtRoute = <TSearch,>({
  path,
  initialEntry,
  validateSearch,
  component,
  ...options
}: RouteOptions<TSearch>) => {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path,
    ...(validateSearch ? { validateSearch } : {}),
    component,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [initialEntry] }),
    context: { queryClient },
  });
  const result = render(<RouterProvider router={router} />, { queryClient });
  return { ...result, router };
};
