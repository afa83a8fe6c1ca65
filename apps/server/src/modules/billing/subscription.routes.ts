import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingEndpoints as api } from '@atelier/contract/billing/billing-api';
import { IdSchema } from '@atelier/contract/common/validation';
import { requireRole } from '@/lib/actor';
import { routeOptions } from '@/lib/endpoint';
import type { BillingClockService } from './billing-clock';
import { idempotencyKeyOf } from './billing-idempotency';
import type { BillingInvoices } from './billing-invoices';
import type { BillingPaymentMethods } from './payment-methods';
import type { Renewals } from './renewals';
import type { SubscriptionsService } from './subscriptions';

export type SubscriptionRoutesDeps = {
  subscriptions: SubscriptionsService;
  paymentMethods: BillingPaymentMethods;
  invoices: BillingInvoices;
  clock: BillingClockService;
  renewals: Renewals;
};

/** The receipt of a paid invoice (not a JSON endpoint, so not in `billingEndpoints`). */
export const RECEIPT_PATH = '/api/web/billing/invoices/:id/receipt.pdf';

/**
 * Issue 13 billing routes of the store (spec §7 subscription get/pause/resume/cancel, promotion
 * code, payment methods, retry-invoice; the receipt PDF; the local test clock). Reads are open to
 * every member of the store; changes need OWNER or ADMIN (403), never a preview account (403
 * `preview_mode`, from the auth plugin). Another store's ids answer 404. Changing the plan, the
 * seats and reactivating honour an optional `Idempotency-Key` (billing-idempotency.ts: the first
 * answer replayed for 24 h, 409 `idempotency_key_reused` / `idempotency_in_progress`).
 */
export const subscriptionRoutes =
  ({
    subscriptions,
    paymentMethods,
    invoices,
    clock,
    renewals,
  }: SubscriptionRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = requireRole;
    app.get(api.overview.path, routeOptions(api.overview), async (request) =>
      subscriptions.overview(request.actor.storeId),
    );
    app.get(api.previewChange.path, routeOptions(api.previewChange), async (request) =>
      subscriptions.preview(request.actor.storeId, request.query),
    );
    app.post(api.changePlan.path, routeOptions(api.changePlan), async (request) =>
      subscriptions.idempotency.run(
        request.actor.storeId,
        idempotencyKeyOf(request.headers),
        'billing.change_plan',
        request.body,
        () => subscriptions.changePlan(request.actor, request.body),
      ),
    );
    app.post(api.pause.path, routeOptions(api.pause), async (request) =>
      subscriptions.pause(request.actor, request.body.months),
    );
    app.post(api.resume.path, routeOptions(api.resume), async (request) =>
      subscriptions.resume(request.actor),
    );
    app.post(api.cancel.path, routeOptions(api.cancel), async (request) =>
      subscriptions.cancel(request.actor, request.body.answers),
    );
    app.post(api.undoCancel.path, routeOptions(api.undoCancel), async (request) =>
      subscriptions.undoCancel(request.actor),
    );
    app.post(api.reactivate.path, routeOptions(api.reactivate), async (request) =>
      subscriptions.idempotency.run(
        request.actor.storeId,
        idempotencyKeyOf(request.headers),
        'billing.reactivate',
        request.body,
        () => subscriptions.reactivate(request.actor, request.body.code),
      ),
    );
    app.post(api.promotionCode.path, routeOptions(api.promotionCode), async (request) =>
      subscriptions.promotionCode(request.actor, request.body.code),
    );
    app.put(api.seats.path, routeOptions(api.seats), async (request) =>
      subscriptions.idempotency.run(
        request.actor.storeId,
        idempotencyKeyOf(request.headers),
        'billing.set_seats',
        request.body,
        () => subscriptions.setSeats(request.actor, request.body.additionalSeats),
      ),
    );

    app.get(api.invoices.path, routeOptions(api.invoices), async (request) =>
      invoices.list(request.actor.storeId, request.query),
    );
    app.post(api.retryInvoice.path, routeOptions(api.retryInvoice), async (request) =>
      subscriptions.retryInvoice(request.actor, request.params.id),
    );
    app.get(
      RECEIPT_PATH,
      {
        schema: {
          params: z.object({ id: IdSchema }),
          summary: 'The PDF receipt of a paid billing invoice (409 `invoice_not_paid` before).',
          tags: ['billing'],
          security: [{ bearerAuth: [] }],
        },
        config: { auth: 'session' as const },
      },
      async (request, reply) => {
        const pdf = await invoices.receiptPdf(
          request.actor.storeId,
          request.params.id,
          request.actor.storeTitle,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="receipt-${request.params.id}.pdf"`)
          .send(pdf);
      },
    );

    app.get(api.paymentMethods.path, routeOptions(api.paymentMethods), async (request) => ({
      items: await paymentMethods.list(request.actor.storeId),
    }));
    app.post(
      api.attachPaymentMethod.path,
      routeOptions(api.attachPaymentMethod),
      async (request, reply) => {
        admin(request.actor, 'OWNER', 'ADMIN');
        const method = await paymentMethods.attach(
          request.actor.storeId,
          request.body,
          request.actor.storeTitle,
        );
        return reply.status(201).send(method);
      },
    );
    app.delete(
      api.detachPaymentMethod.path,
      routeOptions(api.detachPaymentMethod),
      async (request) => {
        admin(request.actor, 'OWNER', 'ADMIN');
        await paymentMethods.detach(request.actor.storeId, request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      api.defaultPaymentMethod.path,
      routeOptions(api.defaultPaymentMethod),
      async (request) => {
        admin(request.actor, 'OWNER', 'ADMIN');
        return paymentMethods.makeDefault(request.actor.storeId, request.params.id);
      },
    );

    app.post(api.advanceTestClock.path, routeOptions(api.advanceTestClock), async (request) => {
      admin(request.actor, 'OWNER', 'ADMIN');
      await clock.advance(request.actor.storeId, request.body.days);
      await renewals.runDue(request.actor.storeId);
      return subscriptions.overview(request.actor.storeId);
    });
  };
