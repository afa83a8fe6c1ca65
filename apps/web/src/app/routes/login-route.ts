import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { hasSession } from '@/lib/api-client';
import { safeReturnPath } from './login-return-path';
import { rootRoute } from './root-route';

const LoginSearchSchema = z.object({
  /** The page to return to after logging in (spec §8). */
  redirect: z.string().optional().catch(undefined),
  mode: z.enum(['register']).optional().catch(undefined),
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.login,
  validateSearch: LoginSearchSchema,
  beforeLoad: ({ search }) => {
    if (hasSession()) {
      redirect({ href: safeReturnPath(search.redirect) ?? paths.homebase, throw: true });
    }
  },
  component: lazyRouteComponent(() => import('./login-page'), 'LoginPage'),
});
