import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { createBookingExportSources } from './bookings.export';
import { bookingRoutes } from './bookings.routes';
import { createFreightService, type AddressIssues } from './freight.service';
import { createPackagingService } from './packaging.service';
import { createPreSaleService, type PreSaleAllowance } from './pre-sale.service';
import { createQualityCheckService } from './quality-check.service';
import { createSupportTicketService, type TicketOrders } from './support-ticket.service';

export type { PreSaleAllowance, TicketOrders };
export { PACKAGING_CATALOGUE } from './packaging-catalogue';

export type BookingsDeps = {
  db: Database;
  clock: Clock;
  /** The ShippingProvider's address check (the freight origin's country, state, postal code). */
  addressIssues: AddressIssues;
  /** The sales module's store orders (a ticket is about one), wired in app.ts. */
  orders: TicketOrders;
};

/**
 * Issue 15 bookings with the center, built by the fulfillment module's index.ts:
 * - `routes`: freight bookings, quality checks, pre-sales, support tickets, order packaging;
 * - `preSaleAllowance(storeId, variantId, at?)`: what a variant's pre-sale lets it sell beyond
 *   its stock now (null: no pre-sale, or it ended), for the inventory service's reservations;
 * - `tickets.answer(ticketId, text)`: the center's answer to a ticket (staff tools).
 */
export const createBookings = ({ db, clock, addressIssues, orders }: BookingsDeps) => {
  const freight = createFreightService({ db, clock, addressIssues });
  const qualityChecks = createQualityCheckService({ db, clock });
  const preSales = createPreSaleService({ db, clock });
  const tickets = createSupportTicketService({ db, clock, orders });
  const packaging = createPackagingService({ db, clock });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(bookingRoutes({ freight, qualityChecks, preSales, tickets, packaging }));
  };
  return {
    routes,
    freight,
    qualityChecks,
    preSales,
    tickets,
    packaging,
    /** "Export my data" tables of bookings. */
    exportSources: createBookingExportSources(db),
    preSaleAllowance: (storeId: string, variantId: string, at?: Date) =>
      preSales.preSaleAllowance(storeId, variantId, at),
  };
};
export type Bookings = ReturnType<typeof createBookings>;
