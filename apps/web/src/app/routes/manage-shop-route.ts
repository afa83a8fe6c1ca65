import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { MANAGE_SHOP_TABS, paths } from '@/config/paths';
import { knownParams, readChoice } from '@/lib/search-params';
import { appLayoutRoute } from './app-layout-route';

const validateManageShopSearch = (raw: Record<string, unknown>) =>
  knownParams({ tab: readChoice(raw.tab, MANAGE_SHOP_TABS) });

/** Spec §2 Merch storefront: one page, the tab chosen by `?tab=`. */
export const manageShopRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.manageShop,
  validateSearch: validateManageShopSearch,
  component: lazyRouteComponent(() => import('./manage-shop-page'), 'ManageShopPage'),
});
