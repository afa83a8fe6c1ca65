import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { paths, SOURCING_HOME_TABS } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

const SourcingHomeSearchSchema = z.object({
  tab: z.enum(SOURCING_HOME_TABS).optional().catch(undefined),
  open: z.enum(['cart']).optional().catch(undefined),
});

/** Spec §2 sourcing home: `?tab=` picks the catalog tab, `?open=cart` opens the cart. */
export const sourcingHomeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.sourcingHome,
  validateSearch: SourcingHomeSearchSchema,
  component: lazyRouteComponent(() => import('./sourcing-home-page'), 'SourcingHomePage'),
});
