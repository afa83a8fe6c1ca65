import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { knownParams, readText } from '@/lib/search-params';
import { publicLayoutRoute } from './public-layout-route';

const importPages = () => import('./shopify-app-pages');

const text = (value: unknown, maxLength = 300) => readText(value, { maxLength });

export type AppBindSearch = {
  appName?: string;
  bindCode?: string;
  shop?: string;
  email?: string;
  shopName?: string;
};

/** Spec §2 query parameters of the app-bind pages, read by name. */
const validateAppBindSearch = (raw: Record<string, unknown>): AppBindSearch =>
  knownParams<AppBindSearch>({
    appName: text(raw.appName, 60),
    bindCode: text(raw.bindCode, 200),
    shop: text(raw.shop, 255),
    email: text(raw.email, 320),
    shopName: text(raw.shopName, 255),
  });

/**
 * Spec §2 /shopify (issue 11): where Shopify's app store sends a merchant (`?shop&hmac&timestamp`
 * and whatever else Shopify signs; the page reads the whole query from the address).
 */
export const shopifyLaunchRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/shopify',
  component: lazyRouteComponent(importPages, 'ShopifyLaunchPage'),
});

/** Spec §2 /app-bind: link a shop that installed the app to an Atelier store. */
export const appBindRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/app-bind',
  validateSearch: validateAppBindSearch,
  component: lazyRouteComponent(importPages, 'AppBindPage'),
});

/** Spec §2 /bind-shopify: the same, for Shopify. */
export const bindShopifyRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/bind-shopify',
  validateSearch: validateAppBindSearch,
  component: lazyRouteComponent(importPages, 'BindShopifyPage'),
});

/** Spec §2 /shopify-paid-success: back from approving a charge in the Shopify admin. */
export const shopifyPaidSuccessRoute = createRoute({
  getParentRoute: () => publicLayoutRoute,
  path: '/shopify-paid-success',
  validateSearch: (raw: Record<string, unknown>) =>
    knownParams<{ shop?: string; charge_id?: string }>({
      shop: text(raw.shop, 255),
      charge_id: text(raw.charge_id, 40),
    }),
  component: lazyRouteComponent(importPages, 'ShopifyPaidSuccessPage'),
});

export const shopifyAppRoutes = [
  shopifyLaunchRoute,
  appBindRoute,
  bindShopifyRoute,
  shopifyPaidSuccessRoute,
];
