import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { getPartnerLandingPath } from '@/features/identity/partner-return-path';
import { hasPartnerSession } from '@/lib/api-client';
import { knownParams, readText } from '@/lib/search-params';
import { rootRoute } from './root-route';

const validatePartnerLoginSearch = (raw: Record<string, unknown>) =>
  knownParams({
    /** The workspace page to return to after logging in. */
    redirect: readText(raw.redirect),
  });

/** Issue 4: suppliers sign in here, apart from the store login (both sessions can coexist). */
export const partnerLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.partnerLogin,
  validateSearch: validatePartnerLoginSearch,
  beforeLoad: ({ search }) => {
    if (hasPartnerSession()) {
      redirect({ href: getPartnerLandingPath(search.redirect), replace: true, throw: true });
    }
  },
  component: lazyRouteComponent(() => import('./partner-login-page'), 'PartnerLoginPage'),
});
