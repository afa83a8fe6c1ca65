import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentWebhookSignatureError } from '../orders';
import type { BillingWebhooks } from './billing-webhooks';

/** Where the billing provider sends its webhooks (Stripe: the billing endpoint's URL). */
export const BILLING_WEBHOOKS_PATH = '/api/billing/webhooks';

/**
 * Issue 13 billing webhooks (public; the signature is the authentication). The body is read raw
 * (a Buffer) because the signature is over the exact bytes sent. A missing or bad signature, or
 * a signed body that is not an event, answers 401 `payment_webhook_signature_invalid` and stores
 * nothing; an event answers 200 `{ ok: true, duplicate }` (`duplicate` true when it was
 * processed before).
 */
export const billingWebhookRoutes =
  (webhooks: BillingWebhooks): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      scope.post(
        BILLING_WEBHOOKS_PATH,
        {
          schema: {
            summary:
              'Billing provider webhooks (signed): invoices paid, failed, voided or uncollectible; cards detached',
            tags: ['billing'],
            security: [],
          },
          config: { auth: 'public' as const },
        },
        async (request, reply) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          let event;
          try {
            event = webhooks.parse(rawBody, request.headers);
          } catch (error) {
            if (!(error instanceof PaymentWebhookSignatureError)) throw error;
            return reply.status(401).send({
              error: {
                code: 'unauthenticated',
                message: error.message,
                reason: 'payment_webhook_signature_invalid',
                requestId: request.id,
              },
            });
          }
          const outcome = await webhooks.applyEvent(event);
          return reply.status(200).send({ ok: true, duplicate: outcome === 'duplicate' });
        },
      );
    });
  };
