import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { MANAGE_SHOP_TABS, paths } from '@/config/paths';
import { appLayoutRoute } from './app-layout-route';

const ManageShopSearchSchema = z.object({
  tab: z.enum(MANAGE_SHOP_TABS).optional().catch(undefined),
});

/** Spec §2 Merch storefront: one page, the tab chosen by `?tab=`. */
export const manageShopRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: paths.manageShop,
  validateSearch: ManageShopSearchSchema,
  component: lazyRouteComponent(() => import('./manage-shop-page'), 'ManageShopPage'),
});
