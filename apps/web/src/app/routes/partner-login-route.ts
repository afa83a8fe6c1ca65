import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { getPartnerLandingPath } from '@/features/identity/partner-return-path';
import { hasPartnerSession } from '@/lib/api-client';
import { rootRoute } from './root-route';

const PartnerLoginSearchSchema = z.object({
  /** The workspace page to return to after logging in. */
  redirect: z.string().optional().catch(undefined),
});

/** Issue 4: suppliers sign in here, apart from the store login (both sessions can coexist). */
export const partnerLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.partnerLogin,
  validateSearch: PartnerLoginSearchSchema,
  beforeLoad: ({ search }) => {
    if (hasPartnerSession()) {
      redirect({ href: getPartnerLandingPath(search.redirect), replace: true, throw: true });
    }
  },
  component: lazyRouteComponent(() => import('./partner-login-page'), 'PartnerLoginPage'),
});
