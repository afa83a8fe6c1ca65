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
  component: lazyRouteComponent(() => import('./app-layout'), 'SignedInLayout'),
});
