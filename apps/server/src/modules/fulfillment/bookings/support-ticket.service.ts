import { and, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import {
  SUPPORT_TICKET_WINDOW_DAYS,
  type OpenSupportTicketInput,
  type SupportTicket,
  type SupportTicketStatus,
} from '@atelier/contract/fulfillment/bookings';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { fulfillmentShipments } from '../fulfillment.table';
import { cursorNumber, fieldError, numberOfSn, snOf, type Page } from './booking-common';
import { fulfillmentSupportTickets, type FulfillmentSupportTicketRow } from './bookings.table';

/** The sales module's store orders as tickets need them; app.ts wires it. */
export type TicketOrders = {
  /** The caller's store's order `orderId` (name as shown, when placed), or null when not theirs. */
  findOrder(
    actor: Actor,
    orderId: string,
  ): Promise<{ id: string; name: string; placedAt: Date } | null>;
};

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const notFound = () =>
  new AppError('not_found', 'No support ticket of this store has this number.', {
    reason: 'support_ticket_not_found',
  });

/**
 * Issue 15 warehouse support tickets (spec §3 support ticket categories): a store asks the center
 * about one of its orders within SUPPORT_TICKET_WINDOW_DAYS days of the order's shipment (or of
 * the order when it has not shipped). OPEN → ANSWERED by the center → CLOSED.
 */
export const createSupportTicketService = ({
  db,
  clock,
  orders,
}: {
  db: Database;
  clock: Clock;
  orders: TicketOrders;
}) => {
  const toTicket = (
    row: FulfillmentSupportTicketRow,
    shipments: Map<string, number>,
  ): SupportTicket => {
    const shipmentNumber = row.shipmentId ? shipments.get(row.shipmentId) : undefined;
    return {
      id: row.id,
      sn: snOf('TKT', row.number),
      status: row.status,
      category: row.category,
      orderId: row.orderId,
      orderName: row.orderName,
      shipmentSn: shipmentNumber === undefined ? null : snOf('SHP', shipmentNumber),
      message: row.message,
      answer: row.answer,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
    };
  };
  const shipmentNumbers = async (rows: FulfillmentSupportTicketRow[]) => {
    const ids = [...new Set(rows.flatMap((row) => (row.shipmentId ? [row.shipmentId] : [])))];
    if (ids.length === 0) return new Map<string, number>();
    const found = await db
      .select({ id: fulfillmentShipments.id, number: fulfillmentShipments.number })
      .from(fulfillmentShipments)
      .where(inArray(fulfillmentShipments.id, ids));
    return new Map(found.map((row) => [row.id, row.number]));
  };
  const one = async (row: FulfillmentSupportTicketRow) =>
    toTicket(row, await shipmentNumbers([row]));

  /**
   * When the window of a ticket about the order starts: the named shipment's, else the order's
   * latest active shipment's creation, else when the order was placed.
   */
  const windowStart = async (
    actor: Actor,
    order: { id: string; placedAt: Date },
    shipmentSn: string | null | undefined,
  ): Promise<{ shipmentId: string | null; from: Date; isShipped: boolean }> => {
    if (shipmentSn) {
      const number = numberOfSn('SHP', shipmentSn);
      const [shipment] =
        number === null
          ? []
          : await db
              .select()
              .from(fulfillmentShipments)
              .where(
                and(
                  eq(fulfillmentShipments.storeId, actor.storeId),
                  eq(fulfillmentShipments.number, number),
                ),
              );
      if (!shipment || shipment.orderId !== order.id) {
        throw fieldError('shipmentSn', 'No shipment of this order has this number.');
      }
      return { shipmentId: shipment.id, from: shipment.createdAt, isShipped: true };
    }
    const [latest] = await db
      .select({ createdAt: fulfillmentShipments.createdAt })
      .from(fulfillmentShipments)
      .where(
        and(
          eq(fulfillmentShipments.storeId, actor.storeId),
          eq(fulfillmentShipments.orderId, order.id),
          ne(fulfillmentShipments.status, 'VOIDED'),
        ),
      )
      .orderBy(desc(fulfillmentShipments.createdAt))
      .limit(1);
    return latest
      ? { shipmentId: null, from: latest.createdAt, isShipped: true }
      : { shipmentId: null, from: order.placedAt, isShipped: false };
  };

  return {
    /** A page of the store's tickets, newest first (by `status` if given). 400 `query.cursor`. */
    async list(
      storeId: string,
      query: { limit: number; cursor?: string; status?: SupportTicketStatus },
    ): Promise<Page<SupportTicket>> {
      const after = cursorNumber(query.cursor);
      const rows = await db
        .select()
        .from(fulfillmentSupportTickets)
        .where(
          and(
            eq(fulfillmentSupportTickets.storeId, storeId),
            query.status ? eq(fulfillmentSupportTickets.status, query.status) : undefined,
            after === null ? undefined : lt(fulfillmentSupportTickets.number, after),
          ),
        )
        .orderBy(desc(fulfillmentSupportTickets.number))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const shipments = await shipmentNumbers(page);
      return {
        items: page.map((row) => toTicket(row, shipments)),
        nextCursor: rows.length > query.limit ? String(page.at(-1)!.number) : null,
      };
    },

    /**
     * Opens a ticket (OPEN) about one of the store's orders. 400 `orderId` for an order not the
     * store's; 400 `shipmentSn` for a shipment not of that order; 400
     * `support_ticket_window_closed` (field `orderId`, with the day the window closed) more than
     * SUPPORT_TICKET_WINDOW_DAYS days after the shipment, or after the order was placed when it
     * has not shipped. Nothing is written when refused.
     */
    async open(actor: Actor, body: OpenSupportTicketInput): Promise<SupportTicket> {
      const order = await orders.findOrder(actor, body.orderId);
      if (!order) throw fieldError('orderId', 'No order of this store has this id.');
      const start = await windowStart(actor, order, body.shipmentSn);
      const closesAt = new Date(start.from.getTime() + SUPPORT_TICKET_WINDOW_DAYS * DAY_MS);
      const now = clock.now();
      if (now.getTime() > closesAt.getTime()) {
        const since = start.isShipped
          ? `it shipped on ${dayOf(start.from)}`
          : `it was placed on ${dayOf(start.from)}`;
        throw fieldError(
          'orderId',
          `Tickets about order ${order.name} can be opened for ${SUPPORT_TICKET_WINDOW_DAYS} days after ${since}; that window closed on ${dayOf(closesAt)}.`,
          'support_ticket_window_closed',
        );
      }
      const [row] = await db
        .insert(fulfillmentSupportTickets)
        .values({
          id: newId('tkt'),
          storeId: actor.storeId,
          orderId: order.id,
          orderName: order.name,
          shipmentId: start.shipmentId,
          category: body.category,
          status: 'OPEN',
          message: body.message,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return one(row!);
    },

    /** Closes a ticket. 404 `support_ticket_not_found`; 409 `support_ticket_closed` if it is. */
    async close(actor: Actor, sn: string): Promise<SupportTicket> {
      const number = numberOfSn('TKT', sn);
      if (number === null) throw notFound();
      const now = clock.now();
      const [row] = await db
        .update(fulfillmentSupportTickets)
        .set({ status: 'CLOSED', closedAt: now, updatedAt: now })
        .where(
          and(
            eq(fulfillmentSupportTickets.storeId, actor.storeId),
            eq(fulfillmentSupportTickets.number, number),
            ne(fulfillmentSupportTickets.status, 'CLOSED'),
          ),
        )
        .returning();
      if (row) return one(row);
      const [found] = await db
        .select({ id: fulfillmentSupportTickets.id })
        .from(fulfillmentSupportTickets)
        .where(
          and(
            eq(fulfillmentSupportTickets.storeId, actor.storeId),
            eq(fulfillmentSupportTickets.number, number),
          ),
        );
      if (!found) throw notFound();
      throw new AppError('conflict', 'This ticket is closed already.', {
        reason: 'support_ticket_closed',
      });
    },

    /**
     * The center's answer to a ticket (ANSWERED), for the center's staff tools; not a store
     * call. 404 `support_ticket_not_found`; 409 `support_ticket_closed`.
     */
    async answer(ticketId: string, text: string): Promise<SupportTicket> {
      const now = clock.now();
      const [row] = await db
        .update(fulfillmentSupportTickets)
        .set({ status: 'ANSWERED', answer: text, updatedAt: now })
        .where(
          and(
            eq(fulfillmentSupportTickets.id, ticketId),
            ne(fulfillmentSupportTickets.status, 'CLOSED'),
          ),
        )
        .returning();
      if (!row) {
        throw new AppError('conflict', 'This ticket is closed or does not exist.', {
          reason: 'support_ticket_closed',
        });
      }
      return one(row);
    },
  };
};
export type SupportTicketService = ReturnType<typeof createSupportTicketService>;
