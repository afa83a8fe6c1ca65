import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { resolveRedirect } from '@/config/redirects';
import { NotFoundPage } from './not-found-page';

export type RouterContext = { queryClient: QueryClient };

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Spec §2 redirects run before any route loads, so aliases work with or without a session.
  beforeLoad: ({ location }) => {
    const target = resolveRedirect(location.pathname, location.searchStr);
    if (target) redirect({ href: target, replace: true, throw: true });
  },
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
