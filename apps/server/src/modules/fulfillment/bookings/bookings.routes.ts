import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fulfillmentBookingEndpoints as api } from '@atelier/contract/fulfillment/bookings';
import { routeOptions } from '@/lib/endpoint';
import type { FreightService } from './freight.service';
import type { PackagingService } from './packaging.service';
import type { PreSaleService } from './pre-sale.service';
import type { QualityCheckService } from './quality-check.service';
import type { SupportTicketService } from './support-ticket.service';

/**
 * Issue 15 bookings (store members; every row is the caller's store's): freight bookings,
 * quality checks, pre-sales, warehouse support tickets and the order packaging catalogue.
 */
export const bookingRoutes =
  (deps: {
    freight: FreightService;
    qualityChecks: QualityCheckService;
    preSales: PreSaleService;
    tickets: SupportTicketService;
    packaging: PackagingService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { freight, qualityChecks, preSales, tickets, packaging } = deps;
    app.get(api.listFreightBookings.path, routeOptions(api.listFreightBookings), async (request) =>
      freight.list(request.actor.storeId, request.query),
    );
    app.get(api.getFreightBooking.path, routeOptions(api.getFreightBooking), async (request) =>
      freight.get(request.actor.storeId, request.params.sn),
    );
    app.post(
      api.createFreightBooking.path,
      routeOptions(api.createFreightBooking),
      async (request, reply) =>
        reply.status(201).send(await freight.create(request.actor, request.body)),
    );
    app.post(
      api.cancelFreightBooking.path,
      routeOptions(api.cancelFreightBooking),
      async (request) => freight.cancel(request.actor, request.params.sn),
    );

    app.get(api.listQualityChecks.path, routeOptions(api.listQualityChecks), async (request) =>
      qualityChecks.list(request.actor.storeId, request.query),
    );
    app.post(
      api.createQualityCheck.path,
      routeOptions(api.createQualityCheck),
      async (request, reply) =>
        reply.status(201).send(await qualityChecks.create(request.actor, request.body)),
    );
    app.post(api.cancelQualityCheck.path, routeOptions(api.cancelQualityCheck), async (request) =>
      qualityChecks.cancel(request.actor, request.params.sn),
    );

    app.get(api.listPreSales.path, routeOptions(api.listPreSales), async (request) => ({
      items: await preSales.list(request.actor.storeId),
    }));
    app.put(api.savePreSale.path, routeOptions(api.savePreSale), async (request) =>
      preSales.save(request.actor, request.params.variantId, request.body),
    );
    app.delete(api.deletePreSale.path, routeOptions(api.deletePreSale), async (request) => {
      await preSales.remove(request.actor, request.params.variantId);
      return { ok: true as const };
    });

    app.get(api.listSupportTickets.path, routeOptions(api.listSupportTickets), async (request) =>
      tickets.list(request.actor.storeId, request.query),
    );
    app.post(
      api.openSupportTicket.path,
      routeOptions(api.openSupportTicket),
      async (request, reply) =>
        reply.status(201).send(await tickets.open(request.actor, request.body)),
    );
    app.post(api.closeSupportTicket.path, routeOptions(api.closeSupportTicket), async (request) =>
      tickets.close(request.actor, request.params.sn),
    );

    app.get(
      api.getPackagingCatalogue.path,
      routeOptions(api.getPackagingCatalogue),
      async (request) => packaging.catalogue(request.actor.storeId, request.params.category),
    );
    app.put(api.setDefaultPackaging.path, routeOptions(api.setDefaultPackaging), async (request) =>
      packaging.setDefault(request.actor, request.params.category, request.body.packagingId),
    );
  };
