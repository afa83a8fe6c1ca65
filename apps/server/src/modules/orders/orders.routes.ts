import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addInvoiceToCart,
  calcFinancingFees,
  capturePaypalPayment,
  checkout,
  confirmPayment,
  createPartnerInvoice,
  getInvoice,
  getPublicInvoice,
  listInvoices,
  listPartnerInvoices,
  paymentConfig,
  payPublicInvoice,
  publicPaymentConfig,
  removeInvoiceItem,
} from '@atelier/contract/orders/invoice';
import {
  archiveOrderItem,
  confirmPartnerOrderItemCancel,
  createSampleOrderItem,
  declinePartnerOrderItemCancel,
  getOrderItem,
  getShoppingCart,
  listOrderItems,
  listPartnerOrderItems,
  markOrderItemReceived,
  orderItemTabCounts,
  promotionCodeCount,
  removeCartItem,
  requestOrderItemCancel,
  reviewOrderItem,
  shipPartnerOrderItem,
  updateOrderItemDestination,
} from '@atelier/contract/orders/order-item-api';
import { routeOptions } from '@/lib/endpoint';
import type { CheckoutService } from './checkout.service';
import type { InvoiceService } from './invoice.service';
import { PaymentWebhookSignatureError } from './payments/payment-provider';
import type { ProductionCancelService } from './production-cancel.service';
import type { OrderItemService } from './order-item.service';

type Services = {
  invoices: InvoiceService;
  orderItems: OrderItemService;
  checkout: CheckoutService;
  cancels: ProductionCancelService;
};

/**
 * Store side of issue 12 (spec §7 orders and payments calls): invoices, the cart, checkout,
 * Orders & Shipments. Every query is the caller's store's; another store's ids answer 404.
 */
export const ordersRoutes =
  ({ invoices, orderItems, checkout: payments, cancels }: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listInvoices.path, routeOptions(listInvoices), async (request) =>
      invoices.listInvoices(request.actor.storeId, request.query.status),
    );
    app.get(getInvoice.path, routeOptions(getInvoice), async (request) =>
      invoices.getInvoice(request.actor.storeId, request.params.id),
    );
    app.post(addInvoiceToCart.path, routeOptions(addInvoiceToCart), async (request) =>
      invoices.addToCart(request.actor, request.body.invoiceId),
    );
    app.delete(removeInvoiceItem.path, routeOptions(removeInvoiceItem), async (request) =>
      invoices.removeInvoiceLine(request.actor, request.params.id),
    );

    app.get(calcFinancingFees.path, routeOptions(calcFinancingFees), async (request) =>
      payments.financingOptions(request.query.amount),
    );
    app.get(paymentConfig.path, routeOptions(paymentConfig), async () => payments.publicConfig());
    app.post(checkout.path, routeOptions(checkout), async (request) => {
      const key = request.headers['idempotency-key'];
      return payments.checkout(request.actor, request.body, Array.isArray(key) ? key[0] : key);
    });
    app.post(confirmPayment.path, routeOptions(confirmPayment), async (request) =>
      payments.confirm(request.actor, request.params.id),
    );
    app.post(capturePaypalPayment.path, routeOptions(capturePaypalPayment), async (request) =>
      payments.paypalCapture(request.actor, request.params.id, request.body.outcome),
    );

    app.get(getShoppingCart.path, routeOptions(getShoppingCart), async (request) =>
      orderItems.cart(request.actor.storeId, request.query),
    );
    app.delete(removeCartItem.path, routeOptions(removeCartItem), async (request) =>
      orderItems.removeFromCart(request.actor, request.params.id),
    );
    app.get(promotionCodeCount.path, routeOptions(promotionCodeCount), async (request) =>
      orderItems.promotionCodeCounts(request.actor.storeId),
    );
    app.post(archiveOrderItem.path, routeOptions(archiveOrderItem), async (request) =>
      orderItems.archive(request.actor, request.params.id),
    );
    app.put(
      updateOrderItemDestination.path,
      routeOptions(updateOrderItemDestination),
      async (request) =>
        orderItems.updateDestination(request.actor, request.params.id, request.body.destination),
    );
    app.get(orderItemTabCounts.path, routeOptions(orderItemTabCounts), async (request) =>
      orderItems.tabCounts(request.actor.storeId),
    );
    app.get(listOrderItems.path, routeOptions(listOrderItems), async (request) =>
      orderItems.list(request.actor.storeId, request.query.tab, request.query.includeArchived),
    );
    app.get(getOrderItem.path, routeOptions(getOrderItem), async (request) =>
      orderItems.get(request.actor.storeId, request.params.id),
    );
    app.post(
      createSampleOrderItem.path,
      routeOptions(createSampleOrderItem),
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await orderItems.createSample(
              request.actor,
              request.body.catalogItemId,
              request.body.quantity,
            ),
          ),
    );
    app.post(reviewOrderItem.path, routeOptions(reviewOrderItem), async (request) =>
      orderItems.review(request.actor, request.params.id, request.body),
    );
    app.post(requestOrderItemCancel.path, routeOptions(requestOrderItemCancel), async (request) =>
      cancels.requestCancel(request.actor, request.params.id, request.body.reason),
    );
    app.post(markOrderItemReceived.path, routeOptions(markOrderItemReceived), async (request) =>
      orderItems.markReceived(request.actor, request.params.id, request.body?.shipmentId),
    );
  };

/** Supplier side of issue 12: its invoices and its paid order items (shipping them). */
export const partnerOrdersRoutes =
  ({ invoices, orderItems, cancels }: Omit<Services, 'checkout'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      createPartnerInvoice.path,
      routeOptions(createPartnerInvoice),
      async (request, reply) =>
        reply.status(201).send(await invoices.createInvoice(request.supplierActor, request.body)),
    );
    app.get(listPartnerInvoices.path, routeOptions(listPartnerInvoices), async (request) =>
      invoices.listPartnerInvoices(request.supplierActor, request.query.status),
    );
    app.get(listPartnerOrderItems.path, routeOptions(listPartnerOrderItems), async (request) =>
      orderItems.listForSupplier(request.supplierActor, request.query.tab),
    );
    app.post(
      confirmPartnerOrderItemCancel.path,
      routeOptions(confirmPartnerOrderItemCancel),
      async (request) => cancels.confirmCancel(request.supplierActor, request.params.id),
    );
    app.post(
      declinePartnerOrderItemCancel.path,
      routeOptions(declinePartnerOrderItemCancel),
      async (request) => cancels.declineCancel(request.supplierActor, request.params.id),
    );
    app.post(shipPartnerOrderItem.path, routeOptions(shipPartnerOrderItem), async (request) =>
      orderItems.ship(request.supplierActor, request.params.id, request.body),
    );
  };

/**
 * The public pay link (spec §2 /public-pay-invoice/{sn}; no login): the invoice of its
 * 128-bit number and paying it as its store. Nothing else of the store is reachable from it.
 */
export const publicOrdersRoutes =
  ({
    invoices,
    checkout: payments,
  }: Pick<Services, 'invoices' | 'checkout'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(getPublicInvoice.path, routeOptions(getPublicInvoice), async (request) =>
      invoices.getPublicInvoice(request.params.sn),
    );
    app.get(publicPaymentConfig.path, routeOptions(publicPaymentConfig), async () =>
      payments.publicConfig(),
    );
    app.post(payPublicInvoice.path, routeOptions(payPublicInvoice), async (request) => {
      const key = request.headers['idempotency-key'];
      const { storeId, itemIds } = await invoices.preparePublicPayment(request.params.sn);
      return payments.pay(
        { storeId, userId: null, statusActor: { kind: 'pay_link' } },
        { ...request.body, itemIds },
        Array.isArray(key) ? key[0] : key,
        `POST /api/public/invoices/${request.params.sn}/payments`,
      );
    });
  };

/** Where the payment provider posts its webhooks (Stripe's endpoint, or the local provider's). */
export const PAYMENT_WEBHOOKS_PATH = '/api/payments/webhooks';

/**
 * Issue 12: the payment provider's webhooks, checked over the exact bytes received (the raw
 * body): a bad or missing signature is 401 and stores nothing; a replayed event is processed
 * once (200, `duplicate: true`).
 */
export const paymentWebhookRoutes =
  (payments: CheckoutService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      scope.post(
        PAYMENT_WEBHOOKS_PATH,
        {
          schema: { summary: 'Payment provider webhooks (signed)', tags: ['orders'], security: [] },
          config: { auth: 'public' as const },
        },
        async (request, reply) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          let event;
          try {
            event = payments.parseWebhook(rawBody, request.headers);
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
          const outcome = await payments.applyWebhookEvent(event);
          return reply.status(200).send({ ok: true, duplicate: outcome === 'duplicate' });
        },
      );
    });
  };
