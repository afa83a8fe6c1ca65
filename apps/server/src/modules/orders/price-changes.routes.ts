import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  eventPurchase,
  updateOrderItemPrice,
  updatePartnerInvoiceLinePrice,
} from '@atelier/contract/orders/order-item-pricing';
import type { Database } from '@/db/client';
import { routeOptions } from '@/lib/endpoint';
import type { PriceChangeService } from './price-changes';
import { findTransactionEvent } from './purchase-events';

/**
 * Spec §7 update-price and event-purchase (store side, the caller's store only) and the
 * supplier's price change of an unpaid invoice line (its company's invoices only).
 */
export const priceChangeRoutes =
  ({ db, prices }: { db: Database; prices: PriceChangeService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(updateOrderItemPrice.path, routeOptions(updateOrderItemPrice), async (request) =>
      prices.acceptSourcePrice(request.actor, request.params.id),
    );
    app.post(eventPurchase.path, routeOptions(eventPurchase), async (request) =>
      findTransactionEvent(db, request.actor.storeId, request.body.paymentId),
    );
    app.put(
      updatePartnerInvoiceLinePrice.path,
      routeOptions(updatePartnerInvoiceLinePrice),
      async (request) =>
        prices.updateInvoiceLinePrice(
          request.supplierActor,
          request.params.id,
          request.params.itemId,
          request.body.unitPrice,
        ),
    );
  };
