import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root-route';

/** Spec §2 public pages: no login needed, and a failed session never forces one. */
export const publicLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: lazyRouteComponent(() => import('./public-layout'), 'PublicLayout'),
});
