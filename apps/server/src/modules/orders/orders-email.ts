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

type OrdersEvent = DomainEvent<'orders.items.updated' | 'orders.invoice.updated'>;

/** The e-mails of the orders module, by `notification_outbox.kind`, and who receives each. */
const MAIL_RECIPIENT = {
  'orders.invoice.sent': 'STORE',
  'orders.invoice.paid': 'SUPPLIER',
  'orders.items.paid': 'SUPPLIER',
  'orders.items.shipped': 'STORE',
} as const;
type MailKind = keyof typeof MAIL_RECIPIENT;

type Mail = { subject: string; lines: string[] };

/**
 * Which e-mail an event is, from its payload alone (no read), or undefined when it is news to
 * no one by e-mail: a new invoice (store), a paid invoice and paid items (supplier), shipped
 * items and each parcel of a partial shipment (store). Cart moves, payments in progress, removed
 * lines and canceled items are the store's own doing or shown live; so are changes beside the
 * status (a cancel request or its answer, a destination, a price: `statusChanged: false`) and a
 * saved shipping address (`change`).
 */
export const mailKindOf = (event: OrdersEvent): MailKind | undefined => {
  if (event.type === 'orders.invoice.updated') {
    if (event.payload.change !== undefined) return undefined;
    if (event.payload.status === 'OPEN') return 'orders.invoice.sent';
    if (event.payload.status === 'PAID') return 'orders.invoice.paid';
    return undefined;
  }
  if (event.payload.shipmentId !== undefined) return 'orders.items.shipped';
  if (event.payload.statusChanged === false) return undefined;
  if (event.payload.status === 'IN_PRODUCTION') return 'orders.items.paid';
  if (event.payload.status === 'SHIPPED') return 'orders.items.shipped';
  return undefined;
};

/**
 * Issue 12 "Both sides follow the order": the side that did not make a change hears of it by
 * e-mail through the Notifier when none of its sockets is open, as chat messages do (which
 * events: `mailKindOf`). The e-mails and the event id are written in one transaction, so a
 * redelivered event sends nothing twice.
 */
export const subscribeOrdersEmail = (deps: OrdersEmailDeps) => {
  const baseUrl = deps.publicUrl.replace(/\/+$/, '');

  /** The text of `kind` for the event, read from the tables; undefined when its rows are gone. */
  const mailOf = async (event: OrdersEvent, kind: MailKind): Promise<Mail | undefined> => {
    const { companyId } = event.payload;
    const supplier = (await deps.findSupplierNames([companyId])).get(companyId) ?? 'Your supplier';
    if (event.type === 'orders.invoice.updated') {
      const [invoice] = await deps.db
        .select()
        .from(supplierInvoices)
        .where(inArray(supplierInvoices.id, [event.payload.invoiceId]));
      if (!invoice) return undefined;
      return kind === 'orders.invoice.sent'
        ? {
            subject: `New invoice from ${supplier}`,
            lines: [
              `${supplier} sent you an invoice.`,
              `Pay it: ${baseUrl}/pay-invoice/${invoice.id}`,
            ],
          }
        : {
            subject: 'An invoice was paid',
            lines: [
              `Invoice ${invoice.id} was paid.`,
              `See your orders: ${baseUrl}/partner/orders`,
            ],
          };
    }
    const items = await deps.db
      .select()
      .from(creatorOrderItems)
      .where(inArray(creatorOrderItems.id, event.payload.itemIds));
    if (event.payload.shipmentId) {
      // A parcel of a partial shipment: the item is still in production, the store hears of it.
      const [parcel] = await deps.db
        .select()
        .from(creatorOrderItemShipments)
        .where(inArray(creatorOrderItemShipments.id, [event.payload.shipmentId]));
      const item = items.find((row) => row.id === parcel?.itemId);
      if (!parcel || !item) return undefined;
      return {
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
    return kind === 'orders.items.paid'
      ? {
          subject: `Paid: ${items.length} item${items.length === 1 ? '' : 's'} to produce`,
          lines: ['A store paid for:', ...list, '', `See your orders: ${baseUrl}/partner/orders`],
        }
      : {
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
  };

  /**
   * Decides from the payload, then asks whether the recipient is online, and only then reads
   * (most events send nothing, and an online party is told live): everything is read before the
   * transaction that records the event and writes the e-mails (PGlite has one connection: a read
   * outside an open transaction would wait for it).
   */
  const handle = async (event: OrdersEvent) => {
    const kind = mailKindOf(event);
    if (!kind) return;
    const { storeId, companyId } = event.payload;
    const to = MAIL_RECIPIENT[kind];
    if (
      await deps.isOnline(
        to === 'STORE' ? { kind: 'STORE', storeId } : { kind: 'SUPPLIER', companyId },
      )
    ) {
      return;
    }
    const addresses =
      to === 'STORE'
        ? [await deps.findStoreEmail(storeId)].flatMap((email) => (email ? [email] : []))
        : await deps.listSupplierEmails(companyId);
    if (addresses.length === 0) return;
    const mail = await mailOf(event, kind);
    if (!mail) return;
    await deps.db.transaction(async (tx) => {
      const [isFirst] = await tx
        .insert(ordersEmailEvents)
        .values({ eventId: event.id, emailCount: addresses.length, handledAt: deps.clock.now() })
        .onConflictDoNothing()
        .returning({ eventId: ordersEmailEvents.eventId });
      if (!isFirst) return;
      for (const address of addresses) {
        await deps.notifier.sendEmail(
          {
            to: address,
            storeId: to === 'STORE' ? storeId : null,
            kind,
            subject: mail.subject,
            body: mail.lines.join('\n'),
          },
          tx,
        );
      }
    });
  };

  deps.events.subscribe<OrdersEvent['type']>(
    'orders.offline-email',
    ['orders.items.updated', 'orders.invoice.updated'],
    handle,
  );
};
