import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SHOPIFY_SHOP_DOMAIN_PATTERN } from '@atelier/contract/sales/channel';
import { checkShopifyLaunch, SHOPIFY_LAUNCH_MAX_AGE_MS } from '@atelier/contract/sales/shopify-app';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { routeOptions } from '@/lib/endpoint';
import type { ChannelRepository } from './channel.repository';
import type { ShopifyConnector } from './shopify-connect.service';
import { isSignedShopifyQuery } from './shopify-protocol';

/** How far in the future a launch's timestamp may be (clocks differ a little). */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Spec §2 /shopify (issue 11): checks the signed query Shopify sends a merchant with, and says
 * whether the caller's store has the shop connected. The install itself is the usual one.
 */
export const shopifyLaunchRoutes =
  (deps: {
    repository: ChannelRepository;
    shopify: ShopifyConnector;
    clock: Clock;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(checkShopifyLaunch.path, routeOptions(checkShopifyLaunch), async (request) => {
      const { shopify } = deps;
      if (!shopify) {
        throw new AppError(
          'conflict',
          'This server has no Shopify app credentials: its operator sets SHOPIFY_API_KEY and SHOPIFY_API_SECRET.',
          { reason: 'channel_not_configured' },
        );
      }
      const { query } = request.body;
      const shop = (query.shop ?? '').toLowerCase();
      if (
        !SHOPIFY_SHOP_DOMAIN_PATTERN.test(shop) ||
        !isSignedShopifyQuery(shopify.app.apiSecret, query)
      ) {
        throw new AppError(
          'bad_request',
          'This link was not signed by Shopify for this app: open Atelier again from your Shopify admin.',
          { reason: 'shopify_launch_unsigned' },
        );
      }
      const signedAt = Number(query.timestamp) * 1000;
      const now = deps.clock.now().getTime();
      if (
        !Number.isFinite(signedAt) ||
        now - signedAt > SHOPIFY_LAUNCH_MAX_AGE_MS ||
        signedAt - now > CLOCK_SKEW_MS
      ) {
        throw new AppError(
          'bad_request',
          'This link from Shopify has expired: open Atelier again from your Shopify admin.',
          { reason: 'shopify_launch_expired' },
        );
      }
      // An anonymous caller has no actor (`auth: 'optional'`).
      const actor = request.actor as typeof request.actor | null;
      const live = actor?.storeId
        ? (await deps.repository.listLiveConnectionsOfShop('shopify', shop)).some(
            (row) => row.storeId === actor.storeId,
          )
        : false;
      return { shop, isConnected: live };
    });
  };
