import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths, SOURCING_HOME_TABS } from '@/config/paths';
import { knownParams, readChoice } from '@/lib/search-params';
import { appLayoutRoute } from './app-layout-route';

const validateSourcingHomeSearch = (raw: Record<string, unknown>) =>
  knownParams({
    tab: readChoice(raw.tab, SOURCING_HOME_TABS),
    open: readChoice(raw.open, ['cart']),
  });

/** Spec §2 sourcing home: `?tab=` picks the catalog tab, `?open=cart` opens the cart. */
export const sourcingHomeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.sourcingHome,
  validateSearch: validateSourcingHomeSearch,
  component: lazyRouteComponent(() => import('./sourcing-home-page'), 'SourcingHomePage'),
});
