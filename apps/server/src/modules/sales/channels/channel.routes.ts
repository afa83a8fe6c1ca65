import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disconnectSalesChannel,
  ECOMMERCE_SERVICES_PATH,
  listSalesChannels,
  SHOPIFY_CALLBACK_PATH,
  SHOPIFY_WEBHOOKS_PATH,
  startShopifyInstall,
} from '@atelier/contract/sales/channel';
import { routeOptions } from '@/lib/endpoint';
import type { ShopifyConnectService } from './shopify-connect.service';
import type { ShopifyWebhookService } from './shopify-webhook.service';

const firstValues = (query: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).flatMap(([key, value]) => {
      const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
      return typeof first === 'string' ? [[key, first]] : [];
    }),
  );

const publicRoute = (summary: string) => ({
  schema: { summary, tags: ['channels'], security: [] },
  config: { auth: 'public' as const },
});

/**
 * Issue 11 channel connections: the store's list, Shopify's install and disconnect (session), and
 * the public routes Shopify calls: the install callback and the webhooks.
 */
export const channelRoutes =
  (connect: ShopifyConnectService, webhooks: ShopifyWebhookService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listSalesChannels.path, routeOptions(listSalesChannels), async (request) =>
      connect.listChannels(request.actor),
    );
    app.post(startShopifyInstall.path, routeOptions(startShopifyInstall), async (request) =>
      connect.startInstall(request.actor, request.body),
    );
    app.delete(disconnectSalesChannel.path, routeOptions(disconnectSalesChannel), async (request) =>
      connect.disconnect(request.actor, request.params.id),
    );

    app.get(
      SHOPIFY_CALLBACK_PATH,
      publicRoute('Shopify app install callback: redirects to /ecommerce-services'),
      async (request, reply) => {
        const { error } = await connect.completeInstall(firstValues(request.query));
        const query = error === null ? 'connected=shopify' : `error=${encodeURIComponent(error)}`;
        return reply.redirect(`${ECOMMERCE_SERVICES_PATH}?${query}`);
      },
    );

    // The signature is over the exact bytes Shopify sent, so this route keeps the raw body.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      scope.post(
        SHOPIFY_WEBHOOKS_PATH,
        publicRoute('Shopify webhooks, signed with X-Shopify-Hmac-Sha256'),
        async (request, reply) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const status = await webhooks.receive({ headers: request.headers, rawBody });
          return reply.status(status).send(
            status === 200
              ? { ok: true }
              : {
                  error: {
                    code: status === 401 ? 'unauthenticated' : 'bad_request',
                    message:
                      status === 401
                        ? 'The webhook is not signed with this app’s secret.'
                        : 'The webhook lacks its topic, shop or id headers, or its body is not JSON.',
                    requestId: request.id,
                  },
                },
          );
        },
      );
    });
  };
