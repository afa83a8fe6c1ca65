import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { FieldIssue } from '@atelier/contract/common/errors';
import type { LabelAddress, LabelParcel, Shipment } from '@atelier/contract/fulfillment/shipment';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { FileStorage } from '@/modules/files';
import type { Notifier } from '@/modules/notifications';
import { salesCustomers, salesOrders } from '@/db/schema';
import {
  fulfillmentShipmentLines,
  fulfillmentShipments,
  fulfillmentWarehouses,
  type FulfillmentShipmentRow,
} from './fulfillment.table';
import type { InventoryService } from './inventory.service';
import { numberOfSn, snOf } from './serial-numbers';

type Page<T> = { items: T[]; nextCursor: string | null };

/** A rate as the shipment service sees it (the ShippingProvider's quote, money in minor units). */
export type LabelQuote = {
  serviceLevel: string;
  carrier: string;
  amount: number;
  currencyCode: string;
  estimatedDays: number | null;
  zone: number | null;
};

/**
 * What the shipment service needs of the ShippingProvider (ARCHITECTURE.md §4): index.ts adapts
 * the provider to it. Units: parcel as entered (lb/oz/g/kg, in/cm), `weightG` in grams.
 */
export type LabelPort = {
  /** 'local' or 'shippo'. */
  providerName: string;
  /** What is wrong with an address, field by field under `at` (e.g. `toAddress.zipCode`). */
  addressIssues(address: LabelAddress, at: string): Promise<FieldIssue[]>;
  /** What is wrong with a parcel (`parcel.weight` for 0 lb or 10,000 lb), and its weight in g. */
  checkParcel(parcel: LabelParcel): { issues: FieldIssue[]; weightG: number };
  quote(input: {
    from: LabelAddress;
    to: LabelAddress;
    parcel: LabelParcel;
  }): Promise<LabelQuote[]>;
  /** Buys the label of the quoted service and renders its 4×6 in PDF. */
  buy(input: {
    from: LabelAddress;
    to: LabelAddress;
    parcel: LabelParcel;
    serviceLevel: string;
    reference: string;
  }): Promise<{ carrier: string; trackingNumber: string; pdf: Uint8Array }>;
};

/** The job kind that buys and renders a shipment's label (`key` = the shipment id). */
export const LABEL_JOB_KIND = 'fulfillment.label';

/** SHP-000012 ↔ 12. */
export const shipmentSn = (number: number) => snOf('SHP', number);

/**
 * The fulfillment center's return address: the default warehouse in North Carolina (spec §9).
 * Local data: Atelier runs no warehouse of its own; an operator sets theirs here.
 */
export const WAREHOUSE_ADDRESSES: Record<string, LabelAddress> = {
  whs_north_carolina: {
    name: 'Atelier Fulfillment Center',
    email: null,
    company: null,
    addressLine1: '2100 Airport Blvd',
    addressLine2: null,
    city: 'Morrisville',
    state: 'North Carolina',
    stateCode: 'NC',
    zipCode: '27560',
    phone: null,
    country: 'United States of America',
    countryCode: 'US',
  },
};

const shipmentNotFound = () =>
  new AppError('not_found', 'No shipment of this store has this number.', {
    reason: 'shipment_not_found',
  });
const badRequest = (details: FieldIssue[]) =>
  new AppError('bad_request', details[0]?.message ?? 'Check the fields.', { details });

/** A sales order's shipping address in the label's terms (spec §3 field names). */
export const labelAddressOf = (
  address: {
    name: string | null;
    company: string | null;
    line1: string | null;
    line2: string | null;
    city: string | null;
    stateCode: string | null;
    postalCode: string | null;
    countryCode: string | null;
    phone?: string | null;
  },
  email: string | null,
): LabelAddress => ({
  name: address.name ?? '',
  email,
  company: address.company,
  addressLine1: address.line1 ?? '',
  addressLine2: address.line2,
  city: address.city ?? '',
  state: null,
  stateCode: address.stateCode,
  zipCode: address.postalCode,
  phone: address.phone ?? null,
  country: address.countryCode ?? '',
  countryCode: address.countryCode ?? '',
});

export type ShipmentServiceDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  inventory: InventoryService;
  labels: LabelPort;
  storage: FileStorage;
  notifier: Notifier;
  /** The jobs module's `startJob` for LABEL_JOB_KIND. */
  startLabelJob: (storeId: string, shipmentId: string) => Promise<void>;
  /** Order holds (rules/): a held order is not shipped; the rules' shipping method by default. */
  holds?: ShipmentHolds;
  /** The shipping method the store chose for the order (order-options/), before the rules'. */
  chosenShippingMethod?: (storeId: string, orderId: string) => Promise<string | null>;
};

/** What `shipOrder` asks of order holds (rules/index.ts `shipmentHolds`). */
export type ShipmentHolds = {
  /** 409 `order_on_hold` for a held order; else the shipping method its rules chose, if any. */
  beforeShip(storeId: string, orderId: string): Promise<{ shippingMethod: string | null }>;
  /** Inside the shipping transaction (order locked): 409 `order_on_hold` if held meanwhile. */
  assertNotHeld(tx: Database, storeId: string, orderId: string): Promise<void>;
};

/**
 * Issue 15 outbound (spec §2 /orders and /order-details, §3 shipping label draft, §7 shipments/
 * recreate and the standalone label): a store order's reserved lines leave stock in a shipment
 * with a label, or a standalone label is made for any parcel. The label is bought from the
 * ShippingProvider and rendered as a 4×6 in PDF by the `fulfillment.label` job; the customer gets
 * the tracking e-mail when it is ready.
 */
export const createShipmentService = ({
  db,
  clock,
  events,
  inventory,
  labels,
  storage,
  notifier,
  startLabelJob,
  holds,
  chosenShippingMethod,
}: ShipmentServiceDeps) => {
  /** Shipments of rows in one read of their lines (a list or a page of returns: no N+1). */
  const toShipments = async (
    handle: Database,
    rows: FulfillmentShipmentRow[],
  ): Promise<Shipment[]> => {
    if (rows.length === 0) return [];
    const lines = await handle
      .select()
      .from(fulfillmentShipmentLines)
      .where(
        inArray(
          fulfillmentShipmentLines.shipmentId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(fulfillmentShipmentLines.orderLineId));
    return rows.map((row) =>
      toShipmentWith(
        row,
        lines.filter((line) => line.shipmentId === row.id),
      ),
    );
  };
  const toShipment = async (handle: Database, row: FulfillmentShipmentRow): Promise<Shipment> =>
    (await toShipments(handle, [row]))[0]!;

  const toShipmentWith = (
    row: FulfillmentShipmentRow,
    lines: (typeof fulfillmentShipmentLines.$inferSelect)[],
  ): Shipment => ({
    id: row.id,
    sn: shipmentSn(row.number),
    orderId: row.orderId,
    status: row.status,
    labelStatus: row.labelStatus,
    labelError: row.labelError,
    provider: row.provider,
    serviceLevel: row.serviceLevel,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    rate: { amount: row.rateAmount, currencyCode: row.currencyCode },
    zone: row.zone,
    fromAddress: row.fromAddress,
    toAddress: row.toAddress,
    parcel: row.parcel,
    weightG: row.weightG,
    notes: row.notes,
    lines: lines.map((line) => ({
      orderLineId: line.orderLineId,
      variantId: line.variantId,
      quantity: line.quantity,
    })),
    labelUrl:
      row.labelStatus === 'READY'
        ? `/api/web/fulfillment/shipments/${shipmentSn(row.number)}/label.pdf`
        : null,
    createdAt: row.createdAt.toISOString(),
    labelReadyAt: row.labelReadyAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
  });

  const findBySn = async (handle: Database, storeId: string, sn: string, lock: boolean) => {
    const number = numberOfSn('SHP', sn);
    if (number === null || !Number.isSafeInteger(number)) throw shipmentNotFound();
    const query = handle
      .select()
      .from(fulfillmentShipments)
      .where(
        and(eq(fulfillmentShipments.storeId, storeId), eq(fulfillmentShipments.number, number)),
      );
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw shipmentNotFound();
    return row;
  };

  /** Checks the addresses and parcel (400 with every issue) and picks the rate asked for. */
  const priced = async (input: {
    from: LabelAddress;
    to: LabelAddress;
    parcel: LabelParcel;
    serviceLevel?: string | undefined;
    toField: string;
  }) => {
    const issues = [
      ...(await labels.addressIssues(input.from, 'fromAddress')),
      ...(await labels.addressIssues(input.to, input.toField)),
    ];
    const parcel = labels.checkParcel(input.parcel);
    issues.push(...parcel.issues);
    if (issues.length > 0) throw badRequest(issues);
    const quotes = await labels.quote(input);
    const quote = input.serviceLevel
      ? quotes.find((one) => one.serviceLevel === input.serviceLevel)
      : [...quotes].sort((a, b) => a.amount - b.amount)[0];
    if (!quote) {
      throw badRequest([
        {
          field: 'serviceLevel',
          message: input.serviceLevel
            ? `${input.serviceLevel} is not offered for this parcel; choose one of ${quotes.map((one) => one.serviceLevel).join(', ')}.`
            : 'No service is offered for this parcel.',
        },
      ]);
    }
    return { quote, weightG: parcel.weightG };
  };

  /**
   * The rates for a parcel between two addresses, cheapest first (the label form's choice). 400
   * with the address and parcel issues.
   */
  const quoteRates = async (input: {
    fromAddress: LabelAddress;
    toAddress: LabelAddress;
    parcel: LabelParcel;
  }): Promise<LabelQuote[]> => {
    const issues = [
      ...(await labels.addressIssues(input.fromAddress, 'fromAddress')),
      ...(await labels.addressIssues(input.toAddress, 'toAddress')),
      ...labels.checkParcel(input.parcel).issues,
    ];
    if (issues.length > 0) throw badRequest(issues);
    const quotes = await labels.quote({
      from: input.fromAddress,
      to: input.toAddress,
      parcel: input.parcel,
    });
    return [...quotes].sort((a, b) => a.amount - b.amount);
  };

  /**
   * Ships reserved lines of one of the store's orders (all reserved lines by default: partial
   * fulfilment names `lineIds`) from its warehouse to the order's shipping address, with
   * `serviceLevel`, else the order's chosen shipping method, else its rules', else the cheapest
   * rate. In one transaction the order row is locked, the lines' units leave stock (SHIPMENT
   * ledger rows), the shipment is recorded and `fulfillment.shipment.created` tells the sales
   * module (PARTIAL or FULFILLED); the label job is then started. 404 `order_not_found`; 409
   * `order_canceled`, `line_not_reserved`, `order_on_hold` (a held order, rules/); 400
   * `toAddress.*` for an address the label cannot carry, `parcel.*`, `serviceLevel`.
   */
  const shipOrder = async (
    actor: Actor,
    orderId: string,
    body: {
      lineIds?: string[] | undefined;
      parcel: LabelParcel;
      serviceLevel?: string | undefined;
      notes?: string | undefined;
    },
  ): Promise<Shipment> => {
    // The address and rate first, outside the transaction (they read the reference data).
    const readOrder = (handle: Database, lock: boolean) => {
      const query = handle
        .select({
          id: salesOrders.id,
          cancelState: salesOrders.cancelState,
          shippingAddress: salesOrders.shippingAddress,
          email: salesCustomers.email,
        })
        .from(salesOrders)
        .leftJoin(salesCustomers, eq(salesCustomers.id, salesOrders.customerId))
        .where(and(eq(salesOrders.storeId, actor.storeId), eq(salesOrders.id, orderId)));
      return lock ? query.for('update', { of: salesOrders }) : query;
    };
    const checkOrder = (order: Awaited<ReturnType<typeof readOrder>>[number] | undefined) => {
      if (!order) {
        throw new AppError('not_found', 'No order of this store has this id.', {
          reason: 'order_not_found',
        });
      }
      if (order.cancelState === 'CANCELED') {
        throw new AppError('conflict', 'This order is canceled: there is nothing to ship.', {
          reason: 'order_canceled',
        });
      }
      if (!order.shippingAddress) {
        throw badRequest([{ field: 'toAddress', message: 'The order has no shipping address.' }]);
      }
      return { ...order, shippingAddress: order.shippingAddress };
    };
    const order = checkOrder((await readOrder(db, false))[0]);
    const plan = holds ? await holds.beforeShip(actor.storeId, orderId) : null;
    const [warehouse] = await db
      .select()
      .from(fulfillmentWarehouses)
      .where(eq(fulfillmentWarehouses.isDefault, true));
    if (!warehouse)
      throw new AppError('unavailable', 'The fulfillment center has no warehouse yet.');
    const from = WAREHOUSE_ADDRESSES[warehouse.id] ?? WAREHOUSE_ADDRESSES.whs_north_carolina!;
    const to = labelAddressOf(order.shippingAddress, order.email);
    const { quote, weightG } = await priced({
      from,
      to,
      parcel: body.parcel,
      serviceLevel:
        body.serviceLevel ??
        (await chosenShippingMethod?.(actor.storeId, orderId)) ??
        plan?.shippingMethod ??
        undefined,
      toField: 'toAddress',
    });
    const shipment = await db.transaction(async (tx) => {
      // Locked, the order is read again: it may have been canceled meanwhile.
      checkOrder((await readOrder(tx, true))[0]);
      await holds?.assertNotHeld(tx, actor.storeId, orderId);
      const id = newId('shp');
      const now = clock.now();
      // The row first (its number names the ledger rows), then the units leave stock.
      const [row] = await tx
        .insert(fulfillmentShipments)
        .values({
          id,
          storeId: actor.storeId,
          orderId,
          warehouseId: warehouse.id,
          status: 'ACTIVE',
          labelStatus: 'PENDING',
          provider: labels.providerName,
          serviceLevel: quote.serviceLevel,
          rateAmount: quote.amount,
          currencyCode: quote.currencyCode,
          zone: quote.zone,
          fromAddress: from,
          toAddress: to,
          parcel: body.parcel,
          weightG,
          notes: body.notes || null,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const shipped = await inventory.shipLines(tx, {
        storeId: actor.storeId,
        orderId,
        shipmentId: id,
        lineIds: body.lineIds ?? null,
      });
      await tx.insert(fulfillmentShipmentLines).values(
        shipped.lines.map((line) => ({
          shipmentId: id,
          orderLineId: line.orderLineId,
          storeId: actor.storeId,
          variantId: line.variantId,
          quantity: line.quantity,
        })),
      );
      await events.publish(tx, 'fulfillment.shipment.created', {
        aggregateId: orderId,
        storeId: actor.storeId,
        payload: {
          storeId: actor.storeId,
          orderId,
          shipmentId: id,
          sn: shipmentSn(row!.number),
          fulfillmentState: shipped.isWholeOrder ? 'FULFILLED' : 'PARTIAL',
        },
      });
      return toShipment(tx, row!);
    });
    await startLabelJob(actor.storeId, shipment.id);
    return shipment;
  };

  /**
   * Spec §3 shipping label draft: a standalone label (no order, no stock moves) from `fromAddress`
   * to `toAddress`; the label job buys and renders it. 400 with the address and parcel issues.
   */
  const createStandaloneLabel = async (
    actor: Actor,
    draft: {
      fromAddress: LabelAddress;
      toAddress: LabelAddress;
      parcel: LabelParcel;
      serviceLevel?: string | undefined;
      notes?: string | undefined;
    },
  ): Promise<Shipment> => {
    const { quote, weightG } = await priced({
      from: draft.fromAddress,
      to: draft.toAddress,
      parcel: draft.parcel,
      serviceLevel: draft.serviceLevel,
      toField: 'toAddress',
    });
    const now = clock.now();
    const [row] = await db
      .insert(fulfillmentShipments)
      .values({
        id: newId('shp'),
        storeId: actor.storeId,
        orderId: null,
        warehouseId: null,
        status: 'ACTIVE',
        labelStatus: 'PENDING',
        provider: labels.providerName,
        serviceLevel: quote.serviceLevel,
        rateAmount: quote.amount,
        currencyCode: quote.currencyCode,
        zone: quote.zone,
        fromAddress: draft.fromAddress,
        toAddress: draft.toAddress,
        parcel: draft.parcel,
        weightG,
        notes: draft.notes || null,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await startLabelJob(actor.storeId, row!.id);
    return toShipment(db, row!);
  };

  /**
   * Spec §7 shipments/recreate: voids a shipment's label and makes a new one for the same parcel
   * and lines (no stock moves again). 409 `shipment_voided` for a voided one.
   */
  const recreate = async (actor: Actor, sn: string): Promise<Shipment> => {
    const next = await db.transaction(async (tx) => {
      const old = await findBySn(tx, actor.storeId, sn, true);
      if (old.status === 'VOIDED') {
        throw new AppError('conflict', 'This label was voided; recreate its replacement.', {
          reason: 'shipment_voided',
        });
      }
      const now = clock.now();
      await tx
        .update(fulfillmentShipments)
        .set({ status: 'VOIDED', voidedAt: now, updatedAt: now })
        .where(eq(fulfillmentShipments.id, old.id));
      const [row] = await tx
        .insert(fulfillmentShipments)
        .values({
          ...old,
          id: newId('shp'),
          number: undefined,
          status: 'ACTIVE',
          labelStatus: 'PENDING',
          labelError: null,
          carrier: null,
          trackingNumber: null,
          labelKey: null,
          labelReadyAt: null,
          voidedAt: null,
          replacesId: old.id,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .update(fulfillmentShipmentLines)
        .set({ shipmentId: row!.id })
        .where(eq(fulfillmentShipmentLines.shipmentId, old.id));
      return row!;
    });
    await startLabelJob(actor.storeId, next.id);
    return toShipment(db, next);
  };

  /**
   * The label job (`fulfillment.label`, key = shipment id): buys the label of the shipment's
   * service, keeps its PDF in FileStorage and marks it READY; then, for an order with a customer
   * e-mail, sends the tracking e-mail (any channel, manual orders too). Idempotent: a READY or
   * voided shipment is left as it is. A failure is kept as FAILED on the last attempt.
   */
  const renderLabel = async (
    storeId: string,
    shipmentId: string,
    isLastAttempt: boolean,
  ): Promise<{ trackingNumber: string | null }> => {
    const [row] = await db
      .select()
      .from(fulfillmentShipments)
      .where(
        and(eq(fulfillmentShipments.id, shipmentId), eq(fulfillmentShipments.storeId, storeId)),
      );
    if (!row || row.status === 'VOIDED' || row.labelStatus === 'READY') {
      return { trackingNumber: row?.trackingNumber ?? null };
    }
    let bought: { carrier: string; trackingNumber: string; pdf: Uint8Array };
    try {
      bought = await labels.buy({
        from: row.fromAddress,
        to: row.toAddress,
        parcel: row.parcel,
        serviceLevel: row.serviceLevel,
        reference: shipmentSn(row.number),
      });
    } catch (error) {
      if (isLastAttempt) {
        await db
          .update(fulfillmentShipments)
          .set({
            labelStatus: 'FAILED',
            labelError: error instanceof Error ? error.message : String(error),
            updatedAt: clock.now(),
          })
          .where(eq(fulfillmentShipments.id, row.id));
      }
      throw error;
    }
    const key = `labels/${storeId.replace(/[^a-z0-9_]/g, '_')}/${row.id.replace(/[^a-z0-9_]/g, '_')}`;
    await storage.put(key, Buffer.from(bought.pdf), 'application/pdf');
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(fulfillmentShipments)
        .set({
          labelStatus: 'READY',
          labelError: null,
          carrier: bought.carrier,
          trackingNumber: bought.trackingNumber,
          labelKey: key,
          labelReadyAt: now,
          updatedAt: now,
        })
        .where(
          and(eq(fulfillmentShipments.id, row.id), eq(fulfillmentShipments.labelStatus, 'PENDING')),
        )
        .returning();
      const email = updated?.orderId ? updated.toAddress.email : null;
      if (updated && email) {
        const [order] = await tx
          .select({ prefix: salesOrders.prefix, number: salesOrders.number })
          .from(salesOrders)
          .where(eq(salesOrders.id, updated.orderId!));
        const orderName = order ? `${order.prefix}${order.number}` : 'your order';
        await notifier.sendEmail(
          {
            to: email,
            storeId,
            kind: 'fulfillment.tracking',
            subject: `Your order ${orderName} is on its way`,
            body: [
              `Hello ${updated.toAddress.name},`,
              '',
              `Your order ${orderName} has left our fulfillment center with ${bought.carrier}.`,
              `Tracking number: ${bought.trackingNumber}`,
            ].join('\n'),
          },
          tx,
        );
      }
    });
    return { trackingNumber: bought.trackingNumber };
  };

  /**
   * The store's shipments and standalone labels, newest first (label history), or one order's
   * (`orderId`). 400 `query.cursor` for a cursor the list did not give.
   */
  const list = async (
    storeId: string,
    query: { limit: number; cursor?: string | undefined; orderId?: string | undefined },
  ): Promise<Page<Shipment>> => {
    const after = query.cursor === undefined ? null : Number(query.cursor);
    if (after !== null && (!Number.isSafeInteger(after) || after < 0)) {
      throw badRequest([{ field: 'query.cursor', message: 'Not a cursor of this list.' }]);
    }
    const rows = await db
      .select()
      .from(fulfillmentShipments)
      .where(
        and(
          eq(fulfillmentShipments.storeId, storeId),
          query.orderId ? eq(fulfillmentShipments.orderId, query.orderId) : undefined,
          after === null ? undefined : lt(fulfillmentShipments.number, after),
        ),
      )
      .orderBy(desc(fulfillmentShipments.number))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      items: await toShipments(db, page),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.number) : null,
    };
  };

  /** One of the store's shipments by its sn. 404 `shipment_not_found`. */
  const get = async (storeId: string, sn: string): Promise<Shipment> =>
    toShipment(db, await findBySn(db, storeId, sn, false));

  /** The store's shipments by id (returns' labels), in one read; ids not the store's are absent. */
  const getByIds = async (
    handle: Database,
    storeId: string,
    ids: string[],
  ): Promise<Map<string, Shipment>> => {
    if (ids.length === 0) return new Map();
    const rows = await handle
      .select()
      .from(fulfillmentShipments)
      .where(and(eq(fulfillmentShipments.storeId, storeId), inArray(fulfillmentShipments.id, ids)));
    return new Map((await toShipments(handle, rows)).map((shipment) => [shipment.id, shipment]));
  };

  /**
   * The label PDF of one of the store's shipments (4×6 in). 404 `shipment_not_found`; 409
   * `label_not_ready` while PENDING or FAILED.
   */
  const labelPdf = async (storeId: string, sn: string): Promise<Buffer> => {
    const row = await findBySn(db, storeId, sn, false);
    const bytes = row.labelKey ? await storage.get(row.labelKey) : undefined;
    if (!bytes) {
      throw new AppError(
        'conflict',
        row.labelStatus === 'FAILED'
          ? `The label could not be made: ${row.labelError ?? 'unknown reason'}.`
          : 'The label is still being made.',
        { reason: 'label_not_ready' },
      );
    }
    return bytes;
  };

  return {
    getByIds,
    quoteRates,
    shipOrder,
    createStandaloneLabel,
    recreate,
    renderLabel,
    list,
    get,
    labelPdf,
  };
};
export type ShipmentService = ReturnType<typeof createShipmentService>;
