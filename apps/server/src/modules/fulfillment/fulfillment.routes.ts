import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fulfillmentEndpoints as api,
  SHIPMENT_LABEL_PATH,
} from '@atelier/contract/fulfillment/fulfillment-api';
import { routeOptions } from '@/lib/endpoint';
import type { InventoryService } from './inventory.service';
import type { ReceivingService } from './receiving.service';
import type { ShipmentService } from './shipment.service';

/**
 * Issue 15 fulfillment routes (store members): warehouses, the stock per variant with its
 * ledger, adjustments by hand, the reservation of a store order's lines, and receivings.
 */
export const fulfillmentRoutes =
  (deps: {
    inventory: InventoryService;
    receivings: ReceivingService;
    shipments: ShipmentService;
    validateAddress: (
      address: Parameters<ShipmentService['quoteRates']>[0]['toAddress'],
    ) => Promise<{ isValid: boolean; issues: { field: string; message: string }[] }>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(api.listWarehouses.path, routeOptions(api.listWarehouses), async () => ({
      items: await deps.inventory.listWarehouses(),
    }));
    app.get(api.listInventory.path, routeOptions(api.listInventory), async (request) =>
      deps.inventory.listInventory(request.actor.storeId, request.query),
    );
    app.get(api.listMovements.path, routeOptions(api.listMovements), async (request) =>
      deps.inventory.listMovements(request.actor.storeId, request.params.variantId, request.query),
    );
    app.post(api.adjustInventory.path, routeOptions(api.adjustInventory), async (request, reply) =>
      reply.status(201).send(await deps.inventory.adjust(request.actor, request.body)),
    );
    app.get(api.orderReservation.path, routeOptions(api.orderReservation), async (request) =>
      deps.inventory.readReservation(request.actor.storeId, request.params.orderId),
    );
    app.post(api.reserveOrder.path, routeOptions(api.reserveOrder), async (request) =>
      deps.inventory.reserveOrder(request.actor.storeId, request.params.orderId),
    );
    app.get(api.listReceivings.path, routeOptions(api.listReceivings), async (request) =>
      deps.receivings.list(request.actor.storeId, request.query),
    );
    app.get(
      api.listReceivableOrderItems.path,
      routeOptions(api.listReceivableOrderItems),
      async (request) => ({ items: await deps.receivings.listReceivable(request.actor.storeId) }),
    );
    app.post(api.createReceiving.path, routeOptions(api.createReceiving), async (request, reply) =>
      reply.status(201).send(await deps.receivings.create(request.actor, request.body)),
    );
    app.get(api.getReceiving.path, routeOptions(api.getReceiving), async (request) =>
      deps.receivings.get(request.actor.storeId, request.params.sn),
    );
    app.post(api.mapReceivingItem.path, routeOptions(api.mapReceivingItem), async (request) =>
      deps.receivings.mapItem(
        request.actor,
        request.params.sn,
        request.params.itemId,
        request.body.variantId,
      ),
    );
    app.post(api.receive.path, routeOptions(api.receive), async (request) =>
      deps.receivings.receive(request.actor, request.params.sn, request.body),
    );
    app.post(api.cancelReceiving.path, routeOptions(api.cancelReceiving), async (request) =>
      deps.receivings.cancel(request.actor, request.params.sn, request.body.reason),
    );
    app.post(api.validateAddress.path, routeOptions(api.validateAddress), async (request) =>
      deps.validateAddress(request.body),
    );
    app.post(api.quoteRates.path, routeOptions(api.quoteRates), async (request) => ({
      items: (await deps.shipments.quoteRates(request.body)).map((quote) => ({
        serviceLevel: quote.serviceLevel,
        carrier: quote.carrier,
        amount: { amount: quote.amount, currencyCode: quote.currencyCode },
        estimatedDays: quote.estimatedDays,
        zone: quote.zone,
      })),
    }));
    app.post(api.createLabel.path, routeOptions(api.createLabel), async (request, reply) =>
      reply
        .status(201)
        .send(await deps.shipments.createStandaloneLabel(request.actor, request.body)),
    );
    app.post(api.shipOrder.path, routeOptions(api.shipOrder), async (request, reply) =>
      reply
        .status(201)
        .send(await deps.shipments.shipOrder(request.actor, request.params.orderId, request.body)),
    );
    app.get(api.listShipments.path, routeOptions(api.listShipments), async (request) =>
      deps.shipments.list(request.actor.storeId, request.query),
    );
    app.get(api.getShipment.path, routeOptions(api.getShipment), async (request) =>
      deps.shipments.get(request.actor.storeId, request.params.sn),
    );
    app.post(
      api.recreateShipment.path,
      routeOptions(api.recreateShipment),
      async (request, reply) =>
        reply.status(201).send(await deps.shipments.recreate(request.actor, request.params.sn)),
    );
    app.get(
      SHIPMENT_LABEL_PATH,
      {
        schema: {
          params: z.object({ sn: z.string().max(40) }),
          summary:
            'Issue 15: the 4×6 in label PDF of a shipment (409 `label_not_ready` while it is made).',
          tags: ['fulfillment'],
          security: [{ bearerAuth: [] }],
        },
        config: { auth: 'session' as const },
      },
      async (request, reply) => {
        const pdf = await deps.shipments.labelPdf(request.actor.storeId, request.params.sn);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="label-${request.params.sn}.pdf"`)
          .send(pdf);
      },
    );
  };
