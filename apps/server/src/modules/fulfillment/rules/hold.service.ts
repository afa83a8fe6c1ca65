import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FieldIssue } from '@atelier/contract/common/errors';
import type { OrderReservation } from '@atelier/contract/fulfillment/inventory';
import {
  HOLD_REASON_LABELS,
  type HoldReason,
  type OrderHold,
  type OrderInstructions,
} from '@atelier/contract/fulfillment/rules';
import type { LabelAddress } from '@atelier/contract/fulfillment/shipment';
import { formatOrderNumber, type OrderOrigin } from '@atelier/contract/sales/order-values';
import type { Database } from '@/db/client';
import { salesCustomers, salesOrderLines, salesOrders } from '@/db/schema';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { EventBus } from '@/events/event-bus';
import { newId } from '@/lib/ids';
import type { Notifier } from '@/modules/notifications';
import type { PreSaleAllowance } from '../bookings/pre-sale.service';
import { labelAddressOf } from '../shipment.service';
import { evaluateRules } from './evaluate-rules';
import { listStoreRules, toRule } from './rule.service';
import {
  fulfillmentHoldDigests,
  fulfillmentOrderHolds,
  fulfillmentOrderInstructions,
  type FulfillmentOrderHoldRow,
} from './rules.table';

/** The name a hold released by the system (the stock arrived) shows. */
export const SYSTEM_RELEASER = 'Atelier';
/** The digest's day is the fulfillment center's (North Carolina, spec §9). */
export const DIGEST_TIME_ZONE = 'America/New_York';
/** The digests of a day go out from this hour on (center time), with the morning's work. */
export const DIGEST_HOUR = 8;

export type HoldServiceDeps = {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  /** The ShippingProvider's address check (LabelPort.addressIssues), field names under `at`. */
  addressIssues: (address: LabelAddress, at: string) => Promise<FieldIssue[]>;
  /** The inventory service's: reserve what can be (idempotent), and how the lines stand. */
  reserveOrder: (storeId: string, orderId: string) => Promise<OrderReservation>;
  readReservation: (storeId: string, orderId: string) => Promise<OrderReservation>;
  /** The inventory service's: units the store's open orders wait for, per variant. */
  waitingUnits: (storeId: string, variantIds: string[]) => Promise<Map<string, number>>;
  /** The bookings' pre-sales: what a variant may sell beyond its stock now (null: nothing). */
  preSaleAllowance: (storeId: string, variantId: string) => Promise<PreSaleAllowance | null>;
  findStoreEmail: (storeId: string) => Promise<string | undefined>;
  /** `fulfillment.order.held` and `fulfillment.order.hold-released` (the sales module's cue). */
  events: EventBus;
  log?: { warn(object: unknown, message: string): void } | undefined;
};

const holdNotFound = () =>
  new AppError('not_found', 'No hold of this store has this id.', { reason: 'hold_not_found' });

/** YYYY-MM-DD of `now` in the center's time zone. */
export const digestDay = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: DIGEST_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

const centerHour = (now: Date): number =>
  Number(
    new Intl.DateTimeFormat('en-US', {
      timeZone: DIGEST_TIME_ZONE,
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(now),
  );

type ReservationLine = OrderReservation['lines'][number];
/** A line waiting for stock, with the units of the pre-sale it went beyond (null: none). */
type UncoveredLine = { line: ReservationLine; preSaleUnits: number | null };
const missingStockDetail = (lines: UncoveredLine[]) =>
  `No stock to reserve for ${lines
    .map(
      ({ line, preSaleUnits }) =>
        `${line.sku ?? 'a line'} × ${line.quantity}${
          preSaleUnits === null
            ? ''
            : ` (beyond its pre-sale of ${preSaleUnits.toLocaleString('en-US')} units)`
        }`,
    )
    .join(', ')}.`;

/**
 * Issue 15 order holds: the rules run when an order arrives (instructions and holds), held
 * orders are listed and released, a held order is not shipped, and the store gets a daily digest
 * of its held orders.
 */
export const createHoldService = ({
  db,
  clock,
  notifier,
  addressIssues,
  reserveOrder,
  readReservation,
  waitingUnits,
  preSaleAllowance,
  findStoreEmail,
  events,
  log,
}: HoldServiceDeps) => {
  /**
   * The order's lines waiting for stock that no pre-sale covers: a line of a variant with an
   * active pre-sale (bookings, not past its end day) waits for the goods without a hold, unless
   * the units all open orders wait for on that variant pass the pre-sale's `maxUnits`.
   */
  const linesBeyondPreSale = async (storeId: string, reservation: OrderReservation) => {
    const missing = reservation.lines.filter((line) => line.status === 'MISSING_STOCK');
    const variantIds = [...new Set(missing.flatMap((line) => line.variantId ?? []))];
    const allowances = new Map<string, PreSaleAllowance>();
    for (const variantId of variantIds) {
      const allowance = await preSaleAllowance(storeId, variantId);
      if (allowance) allowances.set(variantId, allowance);
    }
    const capped = [...allowances].flatMap(([id, allowance]) =>
      allowance.maxUnits === null ? [] : [id],
    );
    const waiting = await waitingUnits(storeId, capped);
    return missing.flatMap((line): UncoveredLine[] => {
      const allowance = line.variantId ? allowances.get(line.variantId) : undefined;
      if (!allowance) return [{ line, preSaleUnits: null }];
      if (allowance.maxUnits === null) return [];
      const units = waiting.get(line.variantId!) ?? 0;
      return units <= allowance.maxUnits ? [] : [{ line, preSaleUnits: allowance.maxUnits }];
    });
  };

  const holdColumns = {
    hold: fulfillmentOrderHolds,
    origin: salesOrders.origin,
    number: salesOrders.number,
  };
  type HoldJoin = { hold: FulfillmentOrderHoldRow; origin: string; number: number };
  const toHold = ({ hold, origin, number }: HoldJoin): OrderHold => ({
    id: hold.id,
    orderId: hold.orderId,
    orderName: formatOrderNumber(origin as OrderOrigin, number),
    reason: hold.reason,
    detail: hold.detail,
    ruleId: hold.ruleId,
    createdAt: hold.createdAt.toISOString(),
    releasedAt: hold.releasedAt?.toISOString() ?? null,
    releasedBy: hold.releasedAt ? (hold.releasedByName ?? SYSTEM_RELEASER) : null,
    releaseNote: hold.releaseNote,
  });

  const openHoldsOf = (handle: Database, storeId: string, orderId: string) =>
    handle
      .select()
      .from(fulfillmentOrderHolds)
      .where(
        and(
          eq(fulfillmentOrderHolds.storeId, storeId),
          eq(fulfillmentOrderHolds.orderId, orderId),
          isNull(fulfillmentOrderHolds.releasedAt),
        ),
      )
      .orderBy(asc(fulfillmentOrderHolds.createdAt), asc(fulfillmentOrderHolds.id));

  /** In the releasing transaction: tells who follows holds that one was released. */
  const announceRelease = async (
    tx: Database,
    hold: FulfillmentOrderHoldRow,
    userId: string | null,
  ) => {
    const open = await openHoldsOf(tx, hold.storeId, hold.orderId);
    await events.publish(tx, 'fulfillment.order.hold-released', {
      aggregateId: hold.orderId,
      storeId: hold.storeId,
      payload: {
        storeId: hold.storeId,
        orderId: hold.orderId,
        holdId: hold.id,
        reason: hold.reason,
        userId,
        note: hold.releaseNote,
        openHoldCount: open.length,
      },
    });
  };

  /**
   * Releases the open MISSING_STOCK holds of these orders whose lines are all reserved now (a
   * receiving or a return brought the stock), as the system. Returns the orders released.
   */
  const settleStockHolds = async (storeId: string, orderIds: string[]): Promise<void> => {
    for (const orderId of new Set(orderIds)) {
      const reservation = await readReservation(storeId, orderId).catch(() => null);
      if (!reservation || reservation.isMissingStock) continue;
      await db.transaction(async (tx) => {
        const released = await tx
          .update(fulfillmentOrderHolds)
          .set({
            releasedAt: clock.now(),
            releaseNote: 'The stock arrived: every line is reserved.',
          })
          .where(
            and(
              eq(fulfillmentOrderHolds.storeId, storeId),
              eq(fulfillmentOrderHolds.orderId, orderId),
              eq(fulfillmentOrderHolds.reason, 'MISSING_STOCK'),
              isNull(fulfillmentOrderHolds.releasedAt),
            ),
          )
          .returning();
        for (const hold of released) await announceRelease(tx, hold, null);
      });
    }
  };

  const openStockHoldOrders = async (storeId: string, orderId?: string) =>
    (
      await db
        .selectDistinct({ orderId: fulfillmentOrderHolds.orderId })
        .from(fulfillmentOrderHolds)
        .where(
          and(
            eq(fulfillmentOrderHolds.storeId, storeId),
            orderId ? eq(fulfillmentOrderHolds.orderId, orderId) : undefined,
            eq(fulfillmentOrderHolds.reason, 'MISSING_STOCK'),
            isNull(fulfillmentOrderHolds.releasedAt),
          ),
        )
    ).map((row) => row.orderId);

  /**
   * `sales.order.created`: runs the store's rules on the order once and keeps what they decided
   * (inserts, packaging, shipping method, matched rules); holds the order for each HOLD action
   * (RULE), for a shipping address the label cannot carry (ADDRESS_PROBLEM: none, an unknown
   * state, a ZIP of the wrong form) and for lines without stock to reserve (MISSING_STOCK: the
   * order is reserved here first, the only reservation a new order gets; it is idempotent). A
   * line of a variant on pre-sale waits for the goods without a hold while the units waiting for
   * that variant stay within the pre-sale. A canceled or unknown order, or one already evaluated
   * (a redelivered event), changes nothing.
   */
  const evaluateArrivedOrder = async (storeId: string, orderId: string): Promise<void> => {
    const [order] = await db
      .select({
        origin: salesOrders.origin,
        tags: salesOrders.tags,
        total: salesOrders.total,
        currencyCode: salesOrders.currencyCode,
        cancelState: salesOrders.cancelState,
        shippingAddress: salesOrders.shippingAddress,
        email: salesCustomers.email,
      })
      .from(salesOrders)
      .leftJoin(salesCustomers, eq(salesCustomers.id, salesOrders.customerId))
      .where(and(eq(salesOrders.storeId, storeId), eq(salesOrders.id, orderId)));
    if (!order || order.cancelState === 'CANCELED') return;
    const [done] = await db
      .select({ orderId: fulfillmentOrderInstructions.orderId })
      .from(fulfillmentOrderInstructions)
      .where(eq(fulfillmentOrderInstructions.orderId, orderId));
    if (done) return;
    const lines = await db
      .select({ sku: salesOrderLines.sku })
      .from(salesOrderLines)
      .where(
        and(
          eq(salesOrderLines.orderId, orderId),
          eq(salesOrderLines.storeId, storeId),
          sql`${salesOrderLines.quantity} > ${salesOrderLines.canceledQuantity}`,
        ),
      );
    const rules = (await listStoreRules(db, storeId)).map(toRule);
    const outcome = evaluateRules(rules, {
      skus: lines.flatMap((line) => (line.sku ? [line.sku] : [])),
      tags: order.tags,
      countryCode: order.shippingAddress?.countryCode ?? null,
      stateCode: order.shippingAddress?.stateCode ?? null,
      total: order.total,
      currencyCode: order.currencyCode,
      origin: order.origin as OrderOrigin,
    });
    const holds: { reason: HoldReason; detail: string; ruleId: string | null }[] =
      outcome.holds.map((hold) => ({
        reason: 'RULE',
        detail: `${hold.ruleName}: ${hold.detail}`,
        ruleId: hold.ruleId,
      }));
    let issues: FieldIssue[];
    try {
      issues = order.shippingAddress
        ? await addressIssues(labelAddressOf(order.shippingAddress, order.email), 'shippingAddress')
        : [{ field: 'shippingAddress', message: 'The order has no shipping address.' }];
    } catch (error) {
      // A provider that cannot be reached says nothing about the address: no hold for it.
      log?.warn({ err: error, orderId }, 'shipping address not checked for a hold');
      issues = [];
    }
    if (issues.length > 0) {
      holds.push({
        reason: 'ADDRESS_PROBLEM',
        detail: issues.map((issue) => issue.message).join(' '),
        ruleId: null,
      });
    }
    const reservation = await reserveOrder(storeId, orderId);
    const beyond = reservation.isMissingStock ? await linesBeyondPreSale(storeId, reservation) : [];
    if (beyond.length > 0) {
      holds.push({ reason: 'MISSING_STOCK', detail: missingStockDetail(beyond), ruleId: null });
    }
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [written] = await tx
        .insert(fulfillmentOrderInstructions)
        .values({
          orderId,
          storeId,
          inserts: outcome.inserts,
          packaging: outcome.packaging,
          shippingMethod: outcome.shippingMethod,
          matchedRuleIds: outcome.matchedRuleIds,
          evaluatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ orderId: fulfillmentOrderInstructions.orderId });
      if (!written || holds.length === 0) return;
      const held = await tx
        .insert(fulfillmentOrderHolds)
        .values(
          holds.map((hold) => ({ id: newId('hld'), storeId, orderId, createdAt: now, ...hold })),
        )
        .onConflictDoNothing()
        .returning();
      if (held.length === 0) return;
      await events.publish(tx, 'fulfillment.order.held', {
        aggregateId: orderId,
        storeId,
        payload: {
          storeId,
          orderId,
          holds: held.map((hold) => ({
            holdId: hold.id,
            reason: hold.reason,
            detail: hold.detail,
          })),
        },
      });
    });
  };

  const findOrderName = async (storeId: string, orderId: string) => {
    const [order] = await db
      .select({ origin: salesOrders.origin, number: salesOrders.number })
      .from(salesOrders)
      .where(and(eq(salesOrders.storeId, storeId), eq(salesOrders.id, orderId)));
    return order;
  };

  /**
   * The store's holds of orders not canceled: OPEN ones oldest first, or RELEASED ones newest
   * first, at most `limit`. Missing-stock holds whose stock arrived are released first.
   */
  const list = async (
    storeId: string,
    query: { status: 'OPEN' | 'RELEASED'; limit: number },
  ): Promise<OrderHold[]> => {
    if (query.status === 'OPEN')
      await settleStockHolds(storeId, await openStockHoldOrders(storeId));
    const isOpen = query.status === 'OPEN';
    const rows = await db
      .select(holdColumns)
      .from(fulfillmentOrderHolds)
      .innerJoin(salesOrders, eq(salesOrders.id, fulfillmentOrderHolds.orderId))
      .where(
        and(
          eq(fulfillmentOrderHolds.storeId, storeId),
          isOpen
            ? isNull(fulfillmentOrderHolds.releasedAt)
            : sql`${fulfillmentOrderHolds.releasedAt} is not null`,
          ne(salesOrders.cancelState, 'CANCELED'),
        ),
      )
      .orderBy(
        isOpen ? asc(fulfillmentOrderHolds.createdAt) : desc(fulfillmentOrderHolds.releasedAt),
        asc(salesOrders.placedAt),
        asc(salesOrders.number),
        asc(fulfillmentOrderHolds.id),
      )
      .limit(query.limit);
    return rows.map(toHold);
  };

  /**
   * A store member releases one of the store's holds (with an optional note). When it was the
   * order's last open hold, the order can ship. 404 `hold_not_found`; 409 `hold_released`.
   */
  const release = async (actor: Actor, holdId: string, note?: string): Promise<OrderHold> => {
    const released = await db.transaction(async (tx) => {
      const [hold] = await tx
        .select()
        .from(fulfillmentOrderHolds)
        .where(
          and(
            eq(fulfillmentOrderHolds.id, holdId),
            eq(fulfillmentOrderHolds.storeId, actor.storeId),
          ),
        )
        .for('update');
      if (!hold) throw holdNotFound();
      if (hold.releasedAt) {
        throw new AppError('conflict', 'This hold was released already.', {
          reason: 'hold_released',
        });
      }
      const [row] = await tx
        .update(fulfillmentOrderHolds)
        .set({
          releasedAt: clock.now(),
          releasedBy: actor.userId,
          releasedByName: actor.name || actor.email,
          releaseNote: note || null,
        })
        .where(eq(fulfillmentOrderHolds.id, holdId))
        .returning();
      await announceRelease(tx, row!, actor.userId);
      return row!;
    });
    const order = await findOrderName(actor.storeId, released.orderId);
    return toHold({
      hold: released,
      origin: order?.origin ?? 'MANUAL_RETAIL',
      number: order?.number ?? 0,
    });
  };

  /** What the rules decided for one of the store's orders, with its holds. 404 `order_not_found`. */
  const getInstructions = async (storeId: string, orderId: string): Promise<OrderInstructions> => {
    const order = await findOrderName(storeId, orderId);
    if (!order) {
      throw new AppError('not_found', 'No order of this store has this id.', {
        reason: 'order_not_found',
      });
    }
    const [row] = await db
      .select()
      .from(fulfillmentOrderInstructions)
      .where(
        and(
          eq(fulfillmentOrderInstructions.storeId, storeId),
          eq(fulfillmentOrderInstructions.orderId, orderId),
        ),
      );
    const holds = await db
      .select()
      .from(fulfillmentOrderHolds)
      .where(
        and(eq(fulfillmentOrderHolds.storeId, storeId), eq(fulfillmentOrderHolds.orderId, orderId)),
      )
      .orderBy(asc(fulfillmentOrderHolds.createdAt), asc(fulfillmentOrderHolds.id));
    return {
      orderId,
      inserts: row?.inserts ?? [],
      packaging: row?.packaging ?? null,
      shippingMethod: row?.shippingMethod ?? null,
      matchedRuleIds: row?.matchedRuleIds ?? [],
      evaluatedAt: row?.evaluatedAt.toISOString() ?? null,
      holds: holds.map((hold) => toHold({ hold, ...order })),
    };
  };

  const onHold = (holds: FulfillmentOrderHoldRow[]) =>
    new AppError(
      'conflict',
      `This order is on hold (${holds
        .map((hold) => `${HOLD_REASON_LABELS[hold.reason]}: ${hold.detail}`)
        .join('; ')}). Release its holds to ship it.`,
      { reason: 'order_on_hold' },
    );

  /**
   * For the shipment service, before it ships: 409 `order_on_hold` while the order has an open
   * hold (a missing-stock hold whose stock arrived is released first); else the shipping method
   * the rules chose for it (null: none).
   */
  const beforeShip = async (
    storeId: string,
    orderId: string,
  ): Promise<{ shippingMethod: string | null }> => {
    const stockHeld = await openStockHoldOrders(storeId, orderId);
    if (stockHeld.length > 0) await settleStockHolds(storeId, stockHeld);
    const open = await openHoldsOf(db, storeId, orderId);
    if (open.length > 0) throw onHold(open);
    const [row] = await db
      .select({ shippingMethod: fulfillmentOrderInstructions.shippingMethod })
      .from(fulfillmentOrderInstructions)
      .where(
        and(
          eq(fulfillmentOrderInstructions.storeId, storeId),
          eq(fulfillmentOrderInstructions.orderId, orderId),
        ),
      );
    return { shippingMethod: row?.shippingMethod ?? null };
  };

  /** In the shipping transaction (the order row locked): 409 `order_on_hold` if held meanwhile. */
  const assertNotHeld = async (tx: Database, storeId: string, orderId: string): Promise<void> => {
    const open = await openHoldsOf(tx, storeId, orderId);
    if (open.length > 0) throw onHold(open);
  };

  /**
   * The daily digest of held orders: an e-mail (kind `fulfillment.hold-digest`, through the
   * Notifier) to the store's address listing its open holds, at most once per store and day
   * (America/New_York) however often it is called. Nothing is sent without open holds or an
   * address. Returns whether it was sent and how many holds it listed.
   */
  const sendHoldDigest = async (
    storeId: string,
    now: Date,
  ): Promise<{ isSent: boolean; holdCount: number }> => {
    const holds = await list(storeId, { status: 'OPEN', limit: 200 });
    if (holds.length === 0) return { isSent: false, holdCount: 0 };
    const email = await findStoreEmail(storeId);
    if (!email) return { isSent: false, holdCount: holds.length };
    const day = digestDay(now);
    const isSent = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(fulfillmentHoldDigests)
        .values({ storeId, day, holdCount: holds.length, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (!row) return false;
      const orders = new Set(holds.map((hold) => hold.orderId)).size;
      await notifier.sendEmail(
        {
          to: email,
          storeId,
          kind: 'fulfillment.hold-digest',
          subject: `${orders} held ${orders === 1 ? 'order' : 'orders'} at the fulfillment center (${day})`,
          body: [
            `These orders are on hold and will not ship until their holds are released:`,
            '',
            ...holds.map(
              (hold) =>
                `- ${hold.orderName}: ${HOLD_REASON_LABELS[hold.reason]}, ${hold.detail} (since ${hold.createdAt.slice(0, 10)})`,
            ),
            '',
            'Release them on the Held orders tab of /fulfillment-rules.',
          ].join('\n'),
        },
        tx,
      );
      return true;
    });
    return { isSent, holdCount: holds.length };
  };

  /**
   * The digest of every store with open holds (what a timer calls, e.g. every 15 minutes; see
   * `sendHoldDigest`), from DIGEST_HOUR center time on: each store gets one a day. A store whose
   * digest fails is logged and left for the next call. Returns the digests sent.
   */
  const sendHoldDigests = async (now: Date): Promise<number> => {
    if (centerHour(now) < DIGEST_HOUR) return 0;
    const stores = await db
      .selectDistinct({ storeId: fulfillmentOrderHolds.storeId })
      .from(fulfillmentOrderHolds)
      .where(isNull(fulfillmentOrderHolds.releasedAt));
    let sent = 0;
    for (const { storeId } of stores) {
      try {
        if ((await sendHoldDigest(storeId, now)).isSent) sent += 1;
      } catch (error) {
        log?.warn({ err: error, storeId }, 'held orders digest not sent; retried next time');
      }
    }
    return sent;
  };

  /**
   * `sales.orders.imported` (a channel's history or a file, in batches with no event per order):
   * runs `evaluateArrivedOrder` on the store's open orders the rules have not seen yet (not
   * canceled, fulfilled or sent), oldest first, at most `limit`. Returns how many were evaluated.
   */
  const evaluateOpenOrders = async (storeId: string, limit = 1000): Promise<number> => {
    const open = await db
      .select({ id: salesOrders.id })
      .from(salesOrders)
      .leftJoin(
        fulfillmentOrderInstructions,
        eq(fulfillmentOrderInstructions.orderId, salesOrders.id),
      )
      .where(
        and(
          eq(salesOrders.storeId, storeId),
          isNull(fulfillmentOrderInstructions.orderId),
          ne(salesOrders.cancelState, 'CANCELED'),
          ne(salesOrders.fulfillmentState, 'FULFILLED'),
          ne(salesOrders.productionStatus, 'FINISHED'),
        ),
      )
      .orderBy(asc(salesOrders.placedAt), asc(salesOrders.id))
      .limit(limit);
    for (const { id } of open) await evaluateArrivedOrder(storeId, id);
    return open.length;
  };

  return {
    evaluateArrivedOrder,
    evaluateOpenOrders,
    list,
    release,
    getInstructions,
    beforeShip,
    assertNotHeld,
    sendHoldDigest,
    sendHoldDigests,
  };
};
export type HoldService = ReturnType<typeof createHoldService>;
