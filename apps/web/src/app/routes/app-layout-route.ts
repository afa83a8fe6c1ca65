import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { hrefs } from '@/config/paths';
import { hasSession } from '@/lib/api-client';
import { rootRoute } from './root-route';

/** Every logged-in page of spec §2 sits under this layout; without a session it sends to /login. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: ({ location }) => {
    if (!hasSession()) redirect({ href: hrefs.login(location.href), throw: true });
  },
  // The signed-in user is asked for at once, while the layout's and the page's code still load,
  // not once they have rendered (issue 10); the layout shows it from the cache.
  loader: ({ context: { queryClient } }) => {
    void import('@/features/identity/api/account-queries')
      .then(({ currentUserQueryOptions }) => queryClient.prefetchQuery(currentUserQueryOptions()))
      .catch(() => undefined);
  },
  component: lazyRouteComponent(() => import('./app-layout'), 'SignedInLayout'),
});
