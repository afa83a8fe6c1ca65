import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { rootRoute } from './root-route';

const AcceptInviteSearchSchema = z.object({
  token: z.string().optional().catch(undefined),
});

/**
 * The link of a supplier invitation (`npm run supplier:invite`). It works whatever session the
 * browser holds: accepting starts a supplier session and replaces an earlier one.
 */
export const partnerAcceptInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: paths.partnerAcceptInvite,
  validateSearch: AcceptInviteSearchSchema,
  component: lazyRouteComponent(() => import('./partner-accept-invite-page'), 'AcceptInvitePage'),
});
