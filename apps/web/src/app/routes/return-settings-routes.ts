import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paths } from '@/config/paths';
import { validateReturnSettingsSearch } from '@/features/fulfillment/returns/search-params';
import { appLayoutRoute } from './app-layout-route';

/**
 * Spec §2 Manage Returns /return-settings (issue 15): the store's returns (`?status=`, the one
 * open in a drawer `?handle=`) and, under `?tab=settings`, its return settings.
 */
export const returnSettingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.returnSettings,
  validateSearch: validateReturnSettingsSearch,
  component: lazyRouteComponent(() => import('./return-settings-page'), 'ReturnSettingsPage'),
});
