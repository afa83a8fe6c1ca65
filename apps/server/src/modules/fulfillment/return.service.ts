import { and, asc, desc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { FieldIssue } from '@atelier/contract/common/errors';
import type { LabelParcel } from '@atelier/contract/fulfillment/shipment';
import {
  DEFAULT_RETURN_SETTINGS,
  type CreateReturnBody,
  type ReceiveReturnBody,
  type RefundDestination,
  type Return,
  type ReturnSettings,
  type ShipReturnBody,
  type UnitCondition,
  type UpdateReturnSettingsBody,
} from '@atelier/contract/fulfillment/returns';
import { formatMoney } from '@atelier/contract/common/money';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { Notifier } from '@/modules/notifications';
import { salesCustomers, salesOrderLines, salesOrders, salesProductVariants } from '@/db/schema';
import { fulfillmentShipmentLines, fulfillmentShipments } from './fulfillment.table';
import type { InventoryService } from './inventory.service';
import {
  fulfillmentReturnLines,
  fulfillmentReturns,
  fulfillmentReturnSettings,
  fulfillmentReturnUnits,
  type FulfillmentReturnRow,
} from './return.table';
import { labelAddressOf, WAREHOUSE_ADDRESSES, type ShipmentService } from './shipment.service';
import { numberOfSn, snOf } from './serial-numbers';

const DAY_MS = 86_400_000;

/** RET-000012 ↔ 12. */
export const returnHandle = (number: number) => snOf('RET', number);

const returnNotFound = () =>
  new AppError('not_found', 'No return of this store has this number.', {
    reason: 'return_not_found',
  });
const orderNotFound = () =>
  new AppError('not_found', 'No order of this store has this id.', { reason: 'order_not_found' });
const badRequest = (details: FieldIssue[], reason?: string) =>
  new AppError('bad_request', details[0]?.message ?? 'Check the fields.', { details, reason });
const notOpen = (row: FulfillmentReturnRow) =>
  new AppError(
    'conflict',
    row.status === 'RECEIVED'
      ? `Return ${returnHandle(row.number)} was received already.`
      : `Return ${returnHandle(row.number)} was canceled.`,
    { reason: row.status === 'RECEIVED' ? 'return_received' : 'return_canceled' },
  );

/** The money a unit was paid: its price less its share of the line's discount (floor, cents). */
const paidPerUnit = (line: { unitPrice: number; discount: number; quantity: number }) =>
  line.quantity > 0
    ? Math.floor((line.unitPrice * line.quantity - line.discount) / line.quantity)
    : 0;

/**
 * The refund of a received return: the REFUND lines' units that came back (every condition but
 * MISSING) at the price paid, less the fee when the store deducts one; never below 0. Minor units.
 */
export const refundOf = (
  lines: { unitPrice: number; resolution: 'REFUND' | 'EXCHANGE'; conditions: UnitCondition[] }[],
  feeAmount: number,
): number => {
  const gross = lines
    .filter((line) => line.resolution === 'REFUND')
    .reduce(
      (sum, line) =>
        sum + line.unitPrice * line.conditions.filter((one) => one !== 'MISSING').length,
      0,
    );
  return Math.max(0, gross - feeAmount);
};

/**
 * Spec §4 receipts: a store-credit return says it was processed; otherwise the customer was
 * refunded.
 */
export const receiptOf = (
  handle: string,
  destination: RefundDestination,
  refund: { amount: number; currencyCode: string },
): string =>
  destination === 'STORE_CREDIT'
    ? `Your return ${handle} was processed: ${formatMoney(refund)} was added to your store credit.`
    : `Your return ${handle} was received and you were refunded ${formatMoney(refund)}.`;

/** The parcel of a return label: 10×8×4 in, 1 lb per unit (at most 150 lb). */
const returnParcel = (units: number): LabelParcel => ({
  weight: Math.min(150, Math.max(1, units)),
  massUnit: 'lb',
  length: 10,
  width: 8,
  height: 4,
  distanceUnit: 'in',
});

/** What the return service needs of the sales module: an exchange order for the new variants. */
export type ExchangeOrders = {
  /**
   * A manual order at no charge to the original order's customer and address, with the exchange
   * variants (by SKU); it reserves stock and ships as any order does. Returns its id.
   */
  createExchangeOrder(
    actor: Actor,
    input: {
      orderId: string;
      handle: string;
      lines: { sku: string; title: string; quantity: number }[];
    },
  ): Promise<string>;
};

export type ReturnServiceDeps = {
  db: Database;
  clock: Clock;
  events: EventBus;
  inventory: InventoryService;
  shipments: ShipmentService;
  notifier: Notifier;
  exchanges: ExchangeOrders;
};

/**
 * Issue 15 returns (spec §2 /return-settings, §3–4 Returns, §7 return-orders): units of a
 * shipped order of any channel come back; every unit is inspected and only GOOD ones go back on
 * hand; the customer is refunded to the original payment or given store credit, less the
 * store's return fee (DEDUCT_FROM_REFUND); EXCHANGE lines get a new order for the wanted variant.
 */
export const createReturnService = ({
  db,
  clock,
  events,
  inventory,
  shipments,
  notifier,
  exchanges,
}: ReturnServiceDeps) => {
  /** The store's settings, the defaults until it saves its own. */
  const getSettings = async (storeId: string, handle: Database = db): Promise<ReturnSettings> => {
    const [row] = await handle
      .select()
      .from(fulfillmentReturnSettings)
      .where(eq(fulfillmentReturnSettings.storeId, storeId));
    if (!row) return { ...DEFAULT_RETURN_SETTINGS, updatedAt: null };
    return {
      isEnabled: row.isEnabled,
      windowDays: row.windowDays,
      feeType: row.feeType,
      fee: { amount: row.feeAmount, currencyCode: row.currencyCode },
      refundMethod: row.refundMethod,
      refundDestination: row.refundDestination,
      allowExchanges: row.allowExchanges,
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  /** Saves /return-settings (a FREE return keeps no fee). */
  const updateSettings = async (
    actor: Actor,
    body: UpdateReturnSettingsBody,
  ): Promise<ReturnSettings> => {
    const values = {
      isEnabled: body.isEnabled,
      windowDays: body.windowDays,
      feeType: body.feeType,
      feeAmount: body.feeType === 'FREE' ? 0 : body.feeAmount,
      currencyCode: 'USD',
      refundMethod: body.refundMethod,
      refundDestination: body.refundDestination,
      allowExchanges: body.allowExchanges,
      updatedAt: clock.now(),
    };
    await db
      .insert(fulfillmentReturnSettings)
      .values({ storeId: actor.storeId, ...values })
      .onConflictDoUpdate({ target: fulfillmentReturnSettings.storeId, set: values });
    return getSettings(actor.storeId);
  };

  const toReturns = async (handle: Database, rows: FulfillmentReturnRow[]): Promise<Return[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const lines = await handle
      .select()
      .from(fulfillmentReturnLines)
      .where(inArray(fulfillmentReturnLines.returnId, ids))
      .orderBy(asc(fulfillmentReturnLines.returnId), asc(fulfillmentReturnLines.position));
    const units = lines.length
      ? await handle
          .select()
          .from(fulfillmentReturnUnits)
          .where(
            inArray(
              fulfillmentReturnUnits.lineId,
              lines.map((line) => line.id),
            ),
          )
          .orderBy(asc(fulfillmentReturnUnits.lineId), asc(fulfillmentReturnUnits.unitIndex))
      : [];
    const orders = await handle
      .select({
        id: salesOrders.id,
        prefix: salesOrders.prefix,
        number: salesOrders.number,
        email: salesCustomers.email,
        firstName: salesCustomers.firstName,
        lastName: salesCustomers.lastName,
      })
      .from(salesOrders)
      .leftJoin(salesCustomers, eq(salesCustomers.id, salesOrders.customerId))
      .where(
        inArray(
          salesOrders.id,
          rows.map((row) => row.orderId),
        ),
      );
    // Every row of a page is one store's (the callers read by store).
    const labelled = await shipments.getByIds(
      handle,
      rows[0]!.storeId,
      rows.flatMap((row) => row.shipmentId ?? []),
    );
    return rows.map((row) => {
      const order = orders.find((one) => one.id === row.orderId);
      const shipment = (row.shipmentId && labelled.get(row.shipmentId)) || null;
      const name = [order?.firstName, order?.lastName].filter(Boolean).join(' ');
      return {
        id: row.id,
        handle: returnHandle(row.number),
        orderId: row.orderId,
        order: {
          orderNumber: order ? `${order.prefix}${order.number}` : '',
          customerName: name || order?.email || null,
        },
        status: row.status,
        refundMethod: row.refundMethod,
        refundDestination: row.refundDestination,
        feeType: row.feeType,
        fee: { amount: row.feeAmount, currencyCode: row.currencyCode },
        refund:
          row.refundAmount === null
            ? null
            : { amount: row.refundAmount, currencyCode: row.currencyCode },
        receipt: row.receipt,
        shipment,
        carrier: shipment?.carrier ?? row.carrier,
        trackingNumber: shipment?.trackingNumber ?? row.trackingNumber,
        note: row.note,
        cancelReason: row.cancelReason,
        lines: lines
          .filter((line) => line.returnId === row.id)
          .map((line) => ({
            id: line.id,
            orderLineId: line.orderLineId,
            variantId: line.variantId,
            sku: line.sku,
            title: line.title,
            variantTitle: line.variantTitle,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            reason: line.reason,
            resolution: line.resolution,
            exchangeVariantId: line.exchangeVariantId,
            exchangeSku: line.exchangeSku,
            units: units
              .filter((unit) => unit.lineId === line.id)
              .map((unit) => ({
                condition: unit.condition,
                note: unit.note,
                isRestocked: unit.isRestocked,
              })),
          })),
        exchangeOrderId: row.exchangeOrderId,
        createdAt: row.createdAt.toISOString(),
        receivedAt: row.receivedAt?.toISOString() ?? null,
        canceledAt: row.canceledAt?.toISOString() ?? null,
      };
    });
  };

  const findByHandle = async (handle: Database, storeId: string, value: string, lock: boolean) => {
    const number = numberOfSn('RET', value);
    if (number === null || !Number.isSafeInteger(number)) throw returnNotFound();
    const query = handle
      .select()
      .from(fulfillmentReturns)
      .where(and(eq(fulfillmentReturns.storeId, storeId), eq(fulfillmentReturns.number, number)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw returnNotFound();
    return row;
  };

  /**
   * The store's returns, newest first, by status or order if given. 400 `query.cursor` for a
   * cursor the list did not give.
   */
  const list = async (
    storeId: string,
    query: {
      limit: number;
      cursor?: string | undefined;
      status?: Return['status'] | undefined;
      orderId?: string | undefined;
    },
  ): Promise<{ items: Return[]; nextCursor: string | null }> => {
    const after = query.cursor === undefined ? null : Number(query.cursor);
    if (after !== null && (!Number.isSafeInteger(after) || after < 0)) {
      throw badRequest([{ field: 'query.cursor', message: 'Not a cursor this list gave.' }]);
    }
    const rows = await db
      .select()
      .from(fulfillmentReturns)
      .where(
        and(
          eq(fulfillmentReturns.storeId, storeId),
          query.status ? eq(fulfillmentReturns.status, query.status) : undefined,
          query.orderId ? eq(fulfillmentReturns.orderId, query.orderId) : undefined,
          after !== null ? lt(fulfillmentReturns.number, after) : undefined,
        ),
      )
      .orderBy(desc(fulfillmentReturns.number))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      items: await toReturns(db, page),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.number) : null,
    };
  };

  /** One return by handle (RET-000012). 404 `return_not_found`. */
  const get = async (storeId: string, handle: string): Promise<Return> =>
    (await toReturns(db, [await findByHandle(db, storeId, handle, false)]))[0]!;

  /**
   * A return of shipped units of one of the store's orders (status CREATED). 404
   * `order_not_found`; 409 `returns_disabled` when the store turned returns off; 400
   * `return_window_closed` (field `orderId`) after the window; 400 `lines.N.orderLineId` for a
   * line not on the order, `lines.N.quantity` for more units than shipped and not yet on a
   * return, `lines.N.exchangeVariantId` for an exchange without a variant of the store's (or
   * when the store allows no exchanges). Nothing is written on a refusal.
   */
  const create = async (actor: Actor, body: CreateReturnBody): Promise<Return> => {
    const settings = await getSettings(actor.storeId);
    const row = await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(salesOrders)
        .where(and(eq(salesOrders.id, body.orderId), eq(salesOrders.storeId, actor.storeId)))
        .for('update');
      if (!order) throw orderNotFound();
      if (!settings.isEnabled) {
        throw new AppError('conflict', 'Returns are turned off in the return settings.', {
          reason: 'returns_disabled',
        });
      }
      const orderLines = await tx
        .select()
        .from(salesOrderLines)
        .where(eq(salesOrderLines.orderId, order.id));
      const shipped = await tx
        .select({
          orderLineId: fulfillmentShipmentLines.orderLineId,
          quantity: fulfillmentShipmentLines.quantity,
          variantId: fulfillmentShipmentLines.variantId,
          shippedAt: fulfillmentShipments.createdAt,
        })
        .from(fulfillmentShipmentLines)
        .innerJoin(
          fulfillmentShipments,
          eq(fulfillmentShipments.id, fulfillmentShipmentLines.shipmentId),
        )
        .where(
          and(
            eq(fulfillmentShipments.orderId, order.id),
            eq(fulfillmentShipments.status, 'ACTIVE'),
          ),
        );
      if (shipped.length === 0) {
        throw badRequest(
          [
            {
              field: 'orderId',
              message: 'Nothing of this order has shipped yet: nothing to return.',
            },
          ],
          'order_not_shipped',
        );
      }
      const lastShippedAt = Math.max(...shipped.map((one) => one.shippedAt.getTime()));
      const now = clock.now();
      if (now.getTime() > lastShippedAt + settings.windowDays * DAY_MS) {
        throw badRequest(
          [
            {
              field: 'orderId',
              message: `The return window closed: returns are taken within ${settings.windowDays} days of shipping.`,
            },
          ],
          'return_window_closed',
        );
      }
      const onReturns = await tx
        .select({
          orderLineId: fulfillmentReturnLines.orderLineId,
          quantity: fulfillmentReturnLines.quantity,
        })
        .from(fulfillmentReturnLines)
        .innerJoin(fulfillmentReturns, eq(fulfillmentReturns.id, fulfillmentReturnLines.returnId))
        .where(
          and(eq(fulfillmentReturns.orderId, order.id), ne(fulfillmentReturns.status, 'CANCELED')),
        );
      const issues: FieldIssue[] = [];
      const seen = new Set<string>();
      const exchangeIds = body.lines.flatMap((line) =>
        line.resolution === 'EXCHANGE' && line.exchangeVariantId ? [line.exchangeVariantId] : [],
      );
      const exchangeVariants = exchangeIds.length
        ? await tx
            .select({ id: salesProductVariants.id, sku: salesProductVariants.sku })
            .from(salesProductVariants)
            .where(
              and(
                eq(salesProductVariants.storeId, actor.storeId),
                inArray(salesProductVariants.id, exchangeIds),
              ),
            )
        : [];
      const picked = body.lines.flatMap((line, index) => {
        const at = `lines.${index}`;
        const orderLine = orderLines.find((one) => one.id === line.orderLineId);
        if (!orderLine) {
          issues.push({ field: `${at}.orderLineId`, message: 'This line is not on the order.' });
          return [];
        }
        if (seen.has(line.orderLineId)) {
          issues.push({ field: `${at}.orderLineId`, message: 'This line is listed twice.' });
          return [];
        }
        seen.add(line.orderLineId);
        const sent = shipped
          .filter((one) => one.orderLineId === line.orderLineId)
          .reduce((sum, one) => sum + one.quantity, 0);
        const returning = onReturns
          .filter((one) => one.orderLineId === line.orderLineId)
          .reduce((sum, one) => sum + one.quantity, 0);
        if (line.quantity > sent - returning) {
          issues.push({
            field: `${at}.quantity`,
            message:
              sent - returning > 0
                ? `At most ${sent - returning} of ${orderLine.sku ?? orderLine.title} can be returned (${sent} shipped, ${returning} on another return).`
                : `No unit of ${orderLine.sku ?? orderLine.title} can be returned (${sent} shipped, ${returning} on another return).`,
          });
          return [];
        }
        let exchange: { id: string; sku: string | null } | null = null;
        if (line.resolution === 'EXCHANGE') {
          exchange = exchangeVariants.find((one) => one.id === line.exchangeVariantId) ?? null;
          if (!settings.allowExchanges) {
            issues.push({
              field: `${at}.resolution`,
              message: 'The return settings allow no exchanges.',
            });
          } else if (!exchange?.sku) {
            issues.push({
              field: `${at}.exchangeVariantId`,
              message: exchange
                ? 'The variant to send in exchange needs a SKU.'
                : 'Choose one of your variants to send in exchange.',
            });
          }
        }
        return [{ line, orderLine, exchange }];
      });
      if (issues.length > 0) throw badRequest(issues);
      const refundMethod = body.refundMethod ?? settings.refundMethod;
      const [inserted] = await tx
        .insert(fulfillmentReturns)
        .values({
          id: newId('ret'),
          storeId: actor.storeId,
          orderId: order.id,
          status: 'CREATED',
          refundMethod,
          refundDestination:
            refundMethod === 'STORE_CREDIT' ? 'STORE_CREDIT' : settings.refundDestination,
          feeType: settings.feeType,
          feeAmount: settings.feeType === 'FREE' ? 0 : settings.fee.amount,
          currencyCode: order.currencyCode,
          note: body.note || null,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(fulfillmentReturnLines).values(
        picked.map(({ line, orderLine, exchange }, position) => ({
          id: newId('rtl'),
          returnId: inserted!.id,
          storeId: actor.storeId,
          orderLineId: orderLine.id,
          // The variant that left the center for this line (restocked if it comes back good).
          variantId:
            shipped.find((one) => one.orderLineId === orderLine.id)?.variantId ??
            orderLine.variantId,
          sku: orderLine.sku,
          title: orderLine.title,
          variantTitle: orderLine.variantTitle,
          quantity: line.quantity,
          unitPrice: paidPerUnit(orderLine),
          reason: line.reason,
          resolution: line.resolution,
          exchangeVariantId: exchange?.id ?? null,
          exchangeSku: exchange?.sku ?? null,
          position,
        })),
      );
      return inserted!;
    });
    return (await toReturns(db, [row]))[0]!;
  };

  /**
   * The customer ships the return: with the carrier and tracking number they give, or with a
   * return label the center makes (customer's address → the default warehouse, 10×8×4 in, 1 lb
   * per unit), bought by the label job. CREATED or SHIPPING (a new tracking number replaces the
   * old); 409 `return_received` / `return_canceled` otherwise; 409 `order_has_no_address` for a
   * label when the order has no shipping address; the label's address issues as 400.
   */
  const ship = async (actor: Actor, handle: string, body: ShipReturnBody): Promise<Return> => {
    const current = await findByHandle(db, actor.storeId, handle, false);
    if (current.status === 'RECEIVED' || current.status === 'CANCELED') throw notOpen(current);
    let shipmentId: string | null = null;
    if ('createLabel' in body) {
      const [order] = await db
        .select({ address: salesOrders.shippingAddress, email: salesCustomers.email })
        .from(salesOrders)
        .leftJoin(salesCustomers, eq(salesCustomers.id, salesOrders.customerId))
        .where(eq(salesOrders.id, current.orderId));
      if (!order?.address) {
        throw new AppError('conflict', 'The order has no shipping address to send a label from.', {
          reason: 'order_has_no_address',
        });
      }
      const lines = await db
        .select({ quantity: fulfillmentReturnLines.quantity })
        .from(fulfillmentReturnLines)
        .where(eq(fulfillmentReturnLines.returnId, current.id));
      const label = await shipments.createStandaloneLabel(actor, {
        fromAddress: labelAddressOf(order.address, order.email ?? null),
        toAddress: WAREHOUSE_ADDRESSES.whs_north_carolina!,
        parcel: returnParcel(lines.reduce((sum, line) => sum + line.quantity, 0)),
        notes: `Return label for ${returnHandle(current.number)}`,
      });
      shipmentId = label.id;
    }
    const row = await db.transaction(async (tx) => {
      const locked = await findByHandle(tx, actor.storeId, handle, true);
      if (locked.status === 'RECEIVED' || locked.status === 'CANCELED') throw notOpen(locked);
      const [updated] = await tx
        .update(fulfillmentReturns)
        .set({
          status: 'SHIPPING',
          ...(shipmentId
            ? { shipmentId, carrier: null, trackingNumber: null }
            : {
                shipmentId: null,
                carrier: 'carrier' in body ? body.carrier : null,
                trackingNumber: 'trackingNumber' in body ? body.trackingNumber : null,
              }),
          updatedAt: clock.now(),
        })
        .where(eq(fulfillmentReturns.id, locked.id))
        .returning();
      return updated!;
    });
    return (await toReturns(db, [row]))[0]!;
  };

  /**
   * The return arrived and every unit was inspected (`units`: one entry per unit of every line).
   * GOOD units go back on hand (RETURN_RESTOCK); the refund is the REFUND lines' units that came
   * back at the price paid, less the fee (never below 0); RECEIVED with the receipt the customer
   * is e-mailed (spec §4 wording); `fulfillment.return.received` tells the sales module (refund,
   * RETURNS tab) and the waiting orders. EXCHANGE lines' units that came back get a new order for
   * the wanted variant. 400 `units` when the units do not match the lines; 409
   * `return_received` / `return_canceled`.
   */
  const receive = async (
    actor: Actor,
    handle: string,
    body: ReceiveReturnBody,
  ): Promise<Return> => {
    const received = await db.transaction(async (tx) => {
      const row = await findByHandle(tx, actor.storeId, handle, true);
      if (row.status === 'RECEIVED' || row.status === 'CANCELED') throw notOpen(row);
      const lines = await tx
        .select()
        .from(fulfillmentReturnLines)
        .where(eq(fulfillmentReturnLines.returnId, row.id))
        .orderBy(asc(fulfillmentReturnLines.position));
      const issues: FieldIssue[] = [];
      body.units.forEach((unit, index) => {
        if (!lines.some((line) => line.id === unit.lineId)) {
          issues.push({
            field: `units.${index}.lineId`,
            message: 'This line is not on the return.',
          });
        }
      });
      const inspected = lines.map((line) => ({
        line,
        units: body.units.filter((unit) => unit.lineId === line.id),
      }));
      for (const { line, units } of inspected) {
        if (units.length !== line.quantity) {
          issues.push({
            field: 'units',
            message: `Inspect each of the ${line.quantity} unit${line.quantity === 1 ? '' : 's'} of ${line.sku ?? line.title} (${units.length} given).`,
          });
        }
      }
      if (issues.length > 0) throw badRequest(issues);
      const name = returnHandle(row.number);
      const restocked = new Set<string>();
      for (const { line, units } of inspected) {
        const good = units.filter((unit) => unit.condition === 'GOOD').length;
        const canRestock = line.variantId !== null && good > 0;
        await tx.insert(fulfillmentReturnUnits).values(
          units.map((unit, unitIndex) => ({
            lineId: line.id,
            unitIndex,
            storeId: actor.storeId,
            condition: unit.condition,
            note: unit.note || null,
            isRestocked: canRestock && unit.condition === 'GOOD',
          })),
        );
        if (canRestock) {
          await inventory.restockReturn(tx, {
            storeId: actor.storeId,
            variantId: line.variantId!,
            quantity: good,
            orderId: row.orderId,
            orderLineId: line.orderLineId,
            note: `Return ${name}: ${good} good unit${good === 1 ? '' : 's'} restocked`,
          });
          restocked.add(line.variantId!);
        }
      }
      const refundAmount = refundOf(
        inspected.map(({ line, units }) => ({
          unitPrice: line.unitPrice,
          resolution: line.resolution,
          conditions: units.map((unit) => unit.condition),
        })),
        row.feeAmount,
      );
      const refund = { amount: refundAmount, currencyCode: row.currencyCode };
      const receipt = receiptOf(name, row.refundDestination, refund);
      const now = clock.now();
      const [updated] = await tx
        .update(fulfillmentReturns)
        .set({ status: 'RECEIVED', refundAmount, receipt, receivedAt: now, updatedAt: now })
        .where(eq(fulfillmentReturns.id, row.id))
        .returning();
      await events.publish(tx, 'fulfillment.return.received', {
        aggregateId: row.id,
        storeId: actor.storeId,
        payload: {
          storeId: actor.storeId,
          orderId: row.orderId,
          returnId: row.id,
          handle: name,
          refund: row.refundDestination === 'ORIGINAL_PAYMENT' && refundAmount > 0 ? refund : null,
          receipt,
          lines: inspected.map(({ line, units }) => ({
            orderLineId: line.orderLineId,
            quantity: units.filter((unit) => unit.condition !== 'MISSING').length,
          })),
          restockedVariantIds: [...restocked],
        },
      });
      const [customer] = await tx
        .select({
          email: salesCustomers.email,
          prefix: salesOrders.prefix,
          number: salesOrders.number,
        })
        .from(salesOrders)
        .innerJoin(salesCustomers, eq(salesCustomers.id, salesOrders.customerId))
        .where(eq(salesOrders.id, row.orderId));
      if (customer?.email) {
        await notifier.sendEmail(
          {
            to: customer.email,
            storeId: actor.storeId,
            kind: 'fulfillment.return-receipt',
            subject: `Your return ${name} for order ${customer.prefix}${customer.number}`,
            body: receipt,
          },
          tx,
        );
      }
      const exchangeLines = inspected.flatMap(({ line, units }) => {
        const back = units.filter((unit) => unit.condition !== 'MISSING').length;
        return line.resolution === 'EXCHANGE' && line.exchangeSku && back > 0
          ? [{ sku: line.exchangeSku, title: `Exchange for ${line.title}`, quantity: back }]
          : [];
      });
      return { row: updated!, exchangeLines };
    });
    let row = received.row;
    // Another module's write, after the return's own transaction (one connection on PGlite).
    if (received.exchangeLines.length > 0) {
      const exchangeOrderId = await exchanges.createExchangeOrder(actor, {
        orderId: row.orderId,
        handle: returnHandle(row.number),
        lines: received.exchangeLines,
      });
      [row] = (await db
        .update(fulfillmentReturns)
        .set({ exchangeOrderId, updatedAt: clock.now() })
        .where(eq(fulfillmentReturns.id, row.id))
        .returning()) as [FulfillmentReturnRow];
    }
    return (await toReturns(db, [row]))[0]!;
  };

  /** Cancels a return not yet received, with a reason (no refund). 409 when received/canceled. */
  const cancel = async (actor: Actor, handle: string, reason: string): Promise<Return> => {
    const row = await db.transaction(async (tx) => {
      const locked = await findByHandle(tx, actor.storeId, handle, true);
      if (locked.status === 'RECEIVED' || locked.status === 'CANCELED') throw notOpen(locked);
      const now = clock.now();
      const [updated] = await tx
        .update(fulfillmentReturns)
        .set({ status: 'CANCELED', cancelReason: reason, canceledAt: now, updatedAt: now })
        .where(eq(fulfillmentReturns.id, locked.id))
        .returning();
      return updated!;
    });
    return (await toReturns(db, [row]))[0]!;
  };

  return { getSettings, updateSettings, list, get, create, ship, receive, cancel };
};
export type ReturnService = ReturnType<typeof createReturnService>;
