import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { knownParams, readText } from '@/lib/search-params';
import { rootRoute } from './root-route';

const validateAcceptInviteSearch = (raw: Record<string, unknown>) =>
  knownParams({ token: readText(raw.token) });

/**
 * The link of a supplier invitation (`npm run supplier:invite`). It works whatever session the
 * browser holds: accepting starts a supplier session and replaces an earlier one.
 */
export const partnerAcceptInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.partnerAcceptInvite,
  validateSearch: validateAcceptInviteSearch,
  component: lazyRouteComponent(() => import('./partner-accept-invite-page'), 'AcceptInvitePage'),
});
