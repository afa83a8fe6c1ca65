import { inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { DomainEvent } from '@/events/domain-events';
import type { EventBus } from '@/events/event-bus';
import type { Clock } from '@/lib/clock';
import type { Notifier } from '@/modules/notifications';
import { formatMoney } from './orders.mappers';
import {
  creatorOrderItems,
  creatorOrderItemShipments,
  ordersEmailEvents,
  supplierInvoices,
} from './orders.table';

export type OrdersEmailDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  notifier: Notifier;
  findSupplierNames(ids: readonly string[]): Promise<Map<string, string>>;
  /** The store's contact e-mail and title (identity). */
  findStoreEmail(storeId: string): Promise<string | null | undefined>;
  /** The supplier company's active members' e-mails (identity). */
  listSupplierEmails(companyId: string): Promise<string[]>;
  /** Whether the party has a socket open anywhere (realtime). */
  isOnline(
    party: { kind: 'STORE'; storeId: string } | { kind: 'SUPPLIER'; companyId: string },
  ): Promise<boolean>;
  publicUrl: string;
};

type Mail = { to: 'STORE' | 'SUPPLIER'; subject: string; lines: string[]; kind: string };

/**
 * Issue 12 "Both sides follow the order": the side that did not make a change hears of it by
 * e-mail through the Notifier when none of its sockets is open, as chat messages do: a new
 * invoice (store), a paid invoice and paid items (supplier), shipped items and each parcel of a
 * partial shipment (store).
 * Cart moves send nothing. The e-mails and the event id are written in one transaction, so a
 * redelivered event sends nothing twice.
 */
/** The item statuses `mailOf` writes an e-mail for; events of the others are skipped unread. */
const MAILED_ITEM_STATUSES: ReadonlySet<string> = new Set(['IN_PRODUCTION', 'SHIPPED']);

export const subscribeOrdersEmail = (deps: OrdersEmailDeps) => {
  const baseUrl = deps.publicUrl.replace(/\/+$/, '');

  const mailOf = async (
    event: DomainEvent<'orders.items.updated' | 'orders.invoice.updated'>,
  ): Promise<Mail | undefined> => {
    const tx = deps.db;
    const { companyId } = event.payload;
    const supplier = (await deps.findSupplierNames([companyId])).get(companyId) ?? 'Your supplier';
    if (event.type === 'orders.invoice.updated') {
      const [invoice] = await tx
        .select()
        .from(supplierInvoices)
        .where(inArray(supplierInvoices.id, [event.payload.invoiceId]));
      if (!invoice) return undefined;
      if (event.payload.status === 'OPEN') {
        return {
          to: 'STORE',
          kind: 'orders.invoice.sent',
          subject: `New invoice from ${supplier}`,
          lines: [
            `${supplier} sent you an invoice.`,
            `Pay it: ${baseUrl}/pay-invoice/${invoice.id}`,
          ],
        };
      }
      if (event.payload.status === 'PAID') {
        return {
          to: 'SUPPLIER',
          kind: 'orders.invoice.paid',
          subject: 'An invoice was paid',
          lines: [`Invoice ${invoice.id} was paid.`, `See your orders: ${baseUrl}/partner/orders`],
        };
      }
      return undefined;
    }
    const items = await tx
      .select()
      .from(creatorOrderItems)
      .where(inArray(creatorOrderItems.id, event.payload.itemIds));
    if (event.payload.shipmentId) {
      // A parcel of a partial shipment: the item is still in production, the store hears of it.
      const [parcel] = await tx
        .select()
        .from(creatorOrderItemShipments)
        .where(inArray(creatorOrderItemShipments.id, [event.payload.shipmentId]));
      const item = items.find((row) => row.id === parcel?.itemId);
      if (!parcel || !item) return undefined;
      return {
        to: 'STORE',
        kind: 'orders.items.shipped',
        subject: `${supplier} shipped part of your order`,
        lines: [
          `- ${item.title}: ${parcel.quantity} of ${item.quantity} units shipped (${item.shippedQuantity} so far)`,
          `Tracking: ${parcel.carrier} ${parcel.trackingNumber}`,
          '',
          `Follow it: ${baseUrl}/inbox/orders`,
        ],
      };
    }
    const list = items.map(
      (item) =>
        `- ${item.title}: ${item.quantity} × ${formatMoney(item.unitPrice, item.currencyCode)}`,
    );
    switch (event.payload.status) {
      case 'IN_PRODUCTION':
        return {
          to: 'SUPPLIER',
          kind: 'orders.items.paid',
          subject: `Paid: ${items.length} item${items.length === 1 ? '' : 's'} to produce`,
          lines: ['A store paid for:', ...list, '', `See your orders: ${baseUrl}/partner/orders`],
        };
      case 'SHIPPED':
        return {
          to: 'STORE',
          kind: 'orders.items.shipped',
          subject: `${supplier} shipped your order`,
          lines: [
            ...list,
            ...items.map((item) =>
              `Tracking: ${item.carrier ?? ''} ${item.trackingNumber ?? ''}`.trim(),
            ),
            '',
            `Follow it: ${baseUrl}/inbox/orders`,
          ],
        };
      // Cart moves, the payment in progress and removed invoice lines are the store's own
      // doing: nothing to tell. (A production cancel, with the supplier's confirmation, is not
      // built yet.)
      case 'CANCELED':
      case 'NOT_PURCHASED':
      case 'IN_SHOPPING_CART':
      case 'CHARGE_PENDING':
      case 'IN_SUBSCRIPTION':
        return undefined;
    }
  };

  /**
   * Everything is read before the transaction that records the event and writes the e-mails
   * (PGlite has one connection: a read outside an open transaction would wait for it).
   */
  const handle = async (event: DomainEvent<'orders.items.updated' | 'orders.invoice.updated'>) => {
    // Most events (cart moves, payments in progress) send nothing: answered before any read, so
    // a checkout's events cost the database nothing here. Keep in step with `mailOf`.
    const mayMail =
      event.type === 'orders.invoice.updated'
        ? // A saved shipping address is shown live only: it is not a new invoice.
          event.payload.change === undefined &&
          (event.payload.status === 'OPEN' || event.payload.status === 'PAID')
        : // A change beside the status (a cancel request, a destination) is not news by e-mail;
          // a parcel of a partial shipment is.
          (event.payload.statusChanged !== false || event.payload.shipmentId !== undefined) &&
          MAILED_ITEM_STATUSES.has(event.payload.status);
    if (!mayMail) return;
    const { storeId, companyId } = event.payload;
    const mail = await mailOf(event);
    const party =
      mail?.to === 'STORE'
        ? ({ kind: 'STORE', storeId } as const)
        : ({ kind: 'SUPPLIER', companyId } as const);
    const addresses =
      !mail || (await deps.isOnline(party))
        ? []
        : mail.to === 'STORE'
          ? [await deps.findStoreEmail(storeId)].flatMap((email) => (email ? [email] : []))
          : await deps.listSupplierEmails(companyId);
    // Nothing to send (the party is online, or has no address): nothing to remember either.
    if (!mail || addresses.length === 0) return;
    await deps.db.transaction(async (tx) => {
      const [isFirst] = await tx
        .insert(ordersEmailEvents)
        .values({ eventId: event.id, emailCount: addresses.length, handledAt: deps.clock.now() })
        .onConflictDoNothing()
        .returning({ eventId: ordersEmailEvents.eventId });
      if (!isFirst || !mail) return;
      for (const to of addresses) {
        await deps.notifier.sendEmail(
          {
            to,
            storeId: mail.to === 'STORE' ? storeId : null,
            kind: mail.kind,
            subject: mail.subject,
            body: mail.lines.join('\n'),
          },
          tx,
        );
      }
    });
  };

  deps.events.subscribe(
    'orders.offline-email',
    ['orders.items.updated', 'orders.invoice.updated'],
    handle,
  );
};
