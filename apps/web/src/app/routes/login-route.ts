import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { hasSession } from '@/lib/api-client';
import { knownParams, readChoice, readText } from '@/lib/search-params';
import { safeReturnPath } from './login-return-path';
import { rootRoute } from './root-route';

const validateLoginSearch = (raw: Record<string, unknown>) =>
  knownParams({
    /** The page to return to after logging in (spec §8). */
    redirect: readText(raw.redirect),
    mode: readChoice(raw.mode, ['register']),
  });

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.login,
  validateSearch: validateLoginSearch,
  beforeLoad: ({ search }) => {
    if (hasSession()) {
      redirect({ href: safeReturnPath(search.redirect) ?? paths.homebase, throw: true });
    }
  },
  component: lazyRouteComponent(() => import('./login-page'), 'LoginPage'),
});
