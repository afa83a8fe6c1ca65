import {
  computeCheckoutTotals,
  type CheckoutTotals,
} from '@atelier/contract/orders/checkout-totals';
import {
  ORDER_ITEM_TAB_STATUSES,
  ORDER_ITEM_TABS,
  orderItemTransitionIssue,
  type OrderItemStatus,
  type OrderItemTab,
} from '@atelier/contract/orders/order-item';
import type { CatalogCompanyReview } from '@atelier/contract/catalog/review';
import type { OrderItem } from '@atelier/contract/orders/order-item-api';
import type { Database } from '@/db/client';
import type { Actor, SupplierActor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import {
  storeActorOf,
  type OrderCards,
  type OrdersDirectory,
  type PurchaseReviews,
} from './orders.ports';
import { toOrderItem } from './orders.mappers';
import { listSourcePrices } from './price-changes';
import { trackingUrlOf } from './tracking-links';
import type { OrdersRepository, StatusActor } from './orders.repository';
import type { CreatorOrderItemRow, CreatorOrderItemShipmentRow } from './orders.table';

export type OrderItemServiceDeps = {
  cards: OrderCards;
  db: Database;
  clock: Clock;
  repository: OrdersRepository;
  directory: OrdersDirectory;
  reviews: PurchaseReviews;
};

const itemNotFound = () =>
  new AppError('not_found', 'There is no such order item.', { reason: 'order_item_not_found' });

const unitCounts = new Intl.NumberFormat('en-US');
/** "1 unit", "1,200 units". */
const unitsOf = (count: number) => `${unitCounts.format(count)} ${count === 1 ? 'unit' : 'units'}`;
/** A parcel as the history writes it: "40 of 100 units · UPS 1Z…" (no tracking for old rows). */
const parcelNote = (
  shipment: { quantity: number; carrier: string; trackingNumber: string },
  itemQuantity: number,
) => {
  const tracking = `${shipment.carrier} ${shipment.trackingNumber}`.trim();
  const units = `${unitCounts.format(shipment.quantity)} of ${unitsOf(itemQuantity)}`;
  return tracking ? `${units} · ${tracking}` : units;
};

/** 409 `order_item_transition` naming both states unless the contract's table allows it. */
export const assertTransition = (item: CreatorOrderItemRow, to: OrderItemStatus) => {
  const issue = orderItemTransitionIssue(item.status, to, item.kind);
  if (issue) throw new AppError('conflict', issue, { reason: 'order_item_transition' });
};

/**
 * The checkout totals of cart items (one currency), as the contract computes them. Throws 400
 * on `discountCode` for a code that does not apply, 422 `amount_too_large` when a sum passes what
 * is counted exactly (2^53 minor units).
 */
export const totalsOf = (
  items: readonly CreatorOrderItemRow[],
  options: { discountCode: string | null; shippingAssurance: boolean; sampleAssurance: boolean },
): CheckoutTotals => {
  try {
    return computeCheckoutTotals({
      currencyCode: items[0]!.currencyCode,
      lines: items.map((item) => ({
        kind: item.kind,
        category: item.category,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
      })),
      shipping: items.reduce((sum, item) => sum + item.shippingAmount, 0),
      handling: 0,
      shippingAssurance: options.shippingAssurance,
      sampleAssurance: options.sampleAssurance,
      discountCode: options.discountCode,
    });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new AppError(
        'unprocessable',
        'These items together cost more than can be paid at once.',
        {
          reason: 'amount_too_large',
        },
      );
    }
    const message = (error as Error).message;
    throw new AppError('bad_request', message, { details: [{ field: 'discountCode', message }] });
  }
};

/**
 * Creator order items (spec §7 /web/creator-order-items; issue 12): samples ordered from an item
 * page, the cart, Orders & Shipments with its tabs, the detail with its history; the supplier's
 * side (its paid items, shipping them).
 */
export const createOrderItemService = ({
  db,
  clock,
  repository,
  directory,
  reviews,
  cards,
}: OrderItemServiceDeps) => {
  /** The items as the API shows them; their parcels are read in one query for the page. */
  const present = async (rows: readonly CreatorOrderItemRow[]) => {
    const [names, titles, shipments] = await Promise.all([
      directory.findSupplierNames([...new Set(rows.map((row) => row.companyId))]),
      directory.findStoreTitles([...new Set(rows.map((row) => row.storeId))]),
      // Only items that ever shipped have parcels: the cart and unpaid items need no read.
      repository.listShipments(
        db,
        rows.filter((row) => row.shippedQuantity > 0).map((row) => row.id),
      ),
    ]);
    const shipmentsOf = new Map<string, CreatorOrderItemShipmentRow[]>();
    for (const shipment of shipments) {
      shipmentsOf.set(shipment.itemId, [...(shipmentsOf.get(shipment.itemId) ?? []), shipment]);
    }
    return rows.map((row) =>
      toOrderItem(
        row,
        {
          supplierName: names.get(row.companyId) ?? 'Supplier',
          storeTitle: titles.get(row.storeId) ?? 'Store',
        },
        undefined,
        shipmentsOf.get(row.id) ?? [],
      ),
    );
  };
  const supplierActorOf = (supplier: SupplierActor): StatusActor => ({
    kind: 'supplier',
    userId: supplier.userId,
    name: supplier.name,
  });

  const service = {
    /**
     * "Order a sample": a SAMPLE item of the catalog item at its sample price (cents, its
     * currency), in the cart. 404 for an unknown item; 409 `no_sample_price` when the supplier
     * offers no sample, 409 `sample_out_of_stock` when its samples are OUT_OF_STOCK (spec §4).
     */
    async createSample(actor: Actor, catalogItemId: string, quantity: number): Promise<OrderItem> {
      const item = (await directory.findCatalogItems([catalogItemId])).get(catalogItemId);
      if (!item) {
        throw new AppError('not_found', 'There is no such catalog item.', {
          reason: 'item_not_found',
        });
      }
      if (item.samplePrice === null) {
        throw new AppError(
          'conflict',
          'This supplier offers no sample of this item; ask for one in chat.',
          {
            reason: 'no_sample_price',
          },
        );
      }
      if (item.sampleStock === 'OUT_OF_STOCK') {
        throw new AppError(
          'conflict',
          `${item.title} is out of stock for samples; ask the supplier in chat.`,
          { reason: 'sample_out_of_stock' },
        );
      }
      const now = clock.now();
      const [row] = await db.transaction((tx) =>
        repository.insertItems(
          tx,
          [
            {
              id: newId('coi'),
              storeId: actor.storeId,
              companyId: item.companyId,
              kind: 'SAMPLE',
              status: 'IN_SHOPPING_CART',
              category: 'PRODUCT',
              title: `Sample: ${item.title}`.slice(0, 200),
              catalogItemId,
              quantity,
              unitPrice: item.samplePrice!,
              currencyCode: item.currencyCode,
              shippingMode: 'SUPPLIER_SHIPPING',
              createdAt: now,
              updatedAt: now,
            },
          ],
          storeActorOf(actor),
          now,
        ),
      );
      return (await present([row!]))[0]!;
    },

    /**
     * Spec §3 shopping cart: the store's items IN_SHOPPING_CART and their checkout totals (null
     * when empty or when the items are in several currencies). A bad discount code is 400 on
     * `discountCode`.
     */
    async cart(
      storeId: string,
      options: { discountCode?: string; shippingAssurance: boolean; sampleAssurance: boolean },
    ) {
      const rows = await repository.listItems({ storeId, statuses: ['IN_SHOPPING_CART'] });
      const [shown, sources] = await Promise.all([
        present(rows),
        listSourcePrices(
          db,
          storeId,
          rows.map((row) => row.id),
        ),
      ]);
      const items = shown.map((item) => ({
        ...item,
        sourceUnitPrice: sources.get(item.id) ?? null,
      }));
      const currencies = new Set(rows.map((row) => row.currencyCode));
      if (rows.length === 0 || currencies.size > 1) {
        return {
          items,
          totals: null,
          currencyCode: currencies.size === 1 ? rows[0]!.currencyCode : null,
        };
      }
      const totals = totalsOf(rows, {
        discountCode: options.discountCode?.trim() ? options.discountCode : null,
        shippingAssurance: options.shippingAssurance,
        sampleAssurance: options.sampleAssurance,
      });
      return { items, totals, currencyCode: rows[0]!.currencyCode };
    },

    /** Takes an item out of the cart (NOT_PURCHASED); answers the cart. */
    async removeFromCart(actor: Actor, id: string) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [item] = await repository.lockItems(tx, actor.storeId, [id]);
        if (!item) throw itemNotFound();
        assertTransition(item, 'NOT_PURCHASED');
        await repository.moveItems(tx, [item], 'NOT_PURCHASED', storeActorOf(actor), now);
      });
      return service.cart(actor.storeId, { shippingAssurance: false, sampleAssurance: false });
    },

    /** Orders & Shipments: the store's items of a tab, newest first (at most 500). */
    async list(storeId: string, tab: OrderItemTab, includeArchived: boolean) {
      const rows = await repository.listItems({
        storeId,
        statuses: ORDER_ITEM_TAB_STATUSES[tab],
        includeArchived,
      });
      return { items: await present(rows) };
    },

    /** Counts per tab, the in-production count (/homebase) and the cart's count. */
    async tabCounts(storeId: string) {
      const byStatus = new Map(
        (await repository.countItemsByStatus(storeId)).map((row) => [row.status, row.count]),
      );
      const sum = (statuses: readonly OrderItemStatus[]) =>
        statuses.reduce((total, status) => total + (byStatus.get(status) ?? 0), 0);
      return {
        counts: Object.fromEntries(
          ORDER_ITEM_TABS.map((tab) => [tab, sum(ORDER_ITEM_TAB_STATUSES[tab])]),
        ) as Record<OrderItemTab, number>,
        inProduction: sum(['IN_PRODUCTION']),
        cartCount: sum(['IN_SHOPPING_CART']),
      };
    },

    /** One of the store's items with its status history; 404 for another store's. */
    async get(storeId: string, id: string): Promise<OrderItem> {
      const row = await repository.findItemForStore(db, storeId, id);
      if (!row) throw itemNotFound();
      return service.withHistory(row);
    },

    async withHistory(row: CreatorOrderItemRow): Promise<OrderItem> {
      const [item] = await present([row]);
      const history = (await repository.listHistory(row.id)).map((event) => ({
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        actorKind: event.actorKind,
        actorName: event.actorName,
        note: event.note,
        at: event.createdAt.toISOString(),
      }));
      return { ...item!, history };
    },

    /**
     * Issue 12 partial shipments: the store received one parcel (`shipmentId`) or every shipped
     * parcel not yet received. Receiving is PARTIAL while units are missing and RECEIVED once
     * all `quantity` are in (delivery RECEIVED_BY_PLATFORM when the goods go to the fulfillment
     * center); one history event per parcel ("Received 40 of 100 units · UPS 1Z…"). Idempotent:
     * a parcel received already changes nothing and the item is answered as it is. 404 for
     * another store's item or a parcel not of this item (`shipment_not_found`); 409
     * `order_item_not_shipped` before any parcel shipped.
     */
    async markReceived(actor: Actor, id: string, shipmentId?: string): Promise<OrderItem> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [item] = await repository.lockItems(tx, actor.storeId, [id]);
        if (!item) throw itemNotFound();
        const shipments = await repository.listShipments(tx, [item.id]);
        if (shipmentId !== undefined && !shipments.some((parcel) => parcel.id === shipmentId)) {
          throw new AppError('not_found', 'This item has no such shipment.', {
            reason: 'shipment_not_found',
          });
        }
        if (shipments.length === 0) {
          throw new AppError('conflict', 'Nothing of this item has shipped yet.', {
            reason: 'order_item_not_shipped',
          });
        }
        const arriving = shipments.filter(
          (parcel) => !parcel.receivedAt && (shipmentId === undefined || parcel.id === shipmentId),
        );
        if (arriving.length === 0) return item;
        const received = await repository.markShipmentsReceived(
          tx,
          item.id,
          arriving.map((parcel) => parcel.id),
          now,
        );
        const receivedQuantity = Math.min(
          item.quantity,
          received.reduce((sum, parcel) => sum + parcel.quantity, item.receivedQuantity),
        );
        const isComplete = receivedQuantity >= item.quantity;
        const updated = await repository.updateItem(tx, item.id, {
          receivedQuantity,
          receivingStatus: isComplete ? 'RECEIVED' : 'PARTIAL',
          deliveryStatus:
            isComplete && item.destination === 'STORED_AT_FBP'
              ? 'RECEIVED_BY_PLATFORM'
              : item.deliveryStatus,
          receivedAt: now,
          updatedAt: now,
        });
        for (const parcel of received) {
          await repository.noteItemEvent(
            tx,
            updated,
            storeActorOf(actor),
            now,
            `Received ${parcelNote(parcel, item.quantity)}`,
          );
        }
        return updated;
      });
      return service.withHistory(row);
    },

    /**
     * /leave-a-review/{orderId}: the store reviews the item's supplier once anything of it is
     * received (receiving PARTIAL or RECEIVED: the goods are in hand), a verified purchase. 404
     * for another store's item; 409 `order_item_not_received` before.
     */
    async review(
      actor: Actor,
      id: string,
      input: { rating: number; title: string; body: string },
    ): Promise<CatalogCompanyReview> {
      const item = await repository.findItemForStore(db, actor.storeId, id);
      if (!item) throw itemNotFound();
      if (item.receivingStatus === 'NONE' || !item.receivedAt) {
        throw new AppError('conflict', 'Review the supplier once you have received the goods.', {
          reason: 'order_item_not_received',
        });
      }
      return reviews.writePurchaseReview(actor, item.companyId, input, item.receivedAt);
    },

    /**
     * Spec §7 archive: hides a SHIPPED, CANCELED or NOT_PURCHASED item from the lists. 409
     * `order_item_active` for an item in the cart, being paid or in production.
     */
    async archive(actor: Actor, id: string): Promise<OrderItem> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [item] = await repository.lockItems(tx, actor.storeId, [id]);
        if (!item) throw itemNotFound();
        if (!['SHIPPED', 'CANCELED', 'NOT_PURCHASED'].includes(item.status)) {
          throw new AppError(
            'conflict',
            'Only a shipped, canceled or unbought item can be archived.',
            {
              reason: 'order_item_active',
            },
          );
        }
        return repository.updateItem(tx, item.id, { archivedAt: now, updatedAt: now });
      });
      return service.withHistory(row);
    },

    /**
     * Spec §7 update-stored-at-fbp: sends the goods to the store or to the fulfillment center,
     * until they ship (409 `order_item_shipped` after).
     */
    async updateDestination(
      actor: Actor,
      id: string,
      destination: 'FORWARDED_TO_CREATOR' | 'STORED_AT_FBP',
    ): Promise<OrderItem> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const [item] = await repository.lockItems(tx, actor.storeId, [id]);
        if (!item) throw itemNotFound();
        if (item.status === 'SHIPPED' || item.status === 'CANCELED') {
          throw new AppError(
            'conflict',
            'The goods have left the supplier: their destination is set.',
            {
              reason: 'order_item_shipped',
            },
          );
        }
        const updated = await repository.updateItem(tx, item.id, { destination, updatedAt: now });
        await repository.announceItems(tx, [updated]);
        return updated;
      });
      return service.withHistory(row);
    },

    /** Spec §7 promotion-code-count: the store's paid checkouts per discount code. */
    async promotionCodeCounts(storeId: string) {
      return { counts: await repository.countDiscountCodes(storeId) };
    },

    /** The supplier's paid items of a tab, newest first. */
    async listForSupplier(supplier: SupplierActor, tab: OrderItemTab) {
      const rows = await repository.listItems({
        companyId: supplier.companyId,
        statuses: ORDER_ITEM_TAB_STATUSES[tab].filter((status) => status !== 'CHARGE_PENDING'),
      });
      return { items: await present(rows) };
    },

    /**
     * The supplier ships a parcel of an item IN_PRODUCTION (or IN_SUBSCRIPTION), issue 12 partial
     * shipments: `quantity` units (all that remain when absent) with their carrier and tracking
     * number. It records the parcel and a history event ("Shipped 40 of 100 units · UPS 1Z…"),
     * posts a TRACKING_LINK card in the conversation and tells the store (live, or by e-mail);
     * the item keeps the latest tracking number and carrier, delivery NOT_YET_DELIVERED, and is
     * SHIPPED once its parcels cover its quantity. The item row is locked for the check, so
     * concurrent parcels never ship more than it has. 404 for another company's item; 409
     * `order_item_transition` naming both states when it is not in production; 400 on `quantity`
     * (`shipment_quantity_exceeds_remaining`) for more than remains.
     */
    async ship(
      supplier: SupplierActor,
      id: string,
      input: { trackingNumber: string; carrier: string; quantity?: number | undefined },
    ): Promise<OrderItem> {
      const now = clock.now();
      const { row, tracking } = await db.transaction(async (tx) => {
        const found = await repository.findItemForCompany(tx, supplier.companyId, id);
        if (!found || found.status === 'NOT_PURCHASED' || found.status === 'IN_SHOPPING_CART') {
          throw itemNotFound();
        }
        const [item] = await repository.lockItems(tx, found.storeId, [id]);
        assertTransition(item!, 'SHIPPED');
        const remaining = item!.quantity - item!.shippedQuantity;
        const quantity = input.quantity ?? remaining;
        if (quantity < 1 || quantity > remaining) {
          const message = `Only ${unitCounts.format(Math.max(remaining, 0))} of ${unitsOf(item!.quantity)} remain to ship.`;
          throw new AppError('bad_request', message, {
            reason: 'shipment_quantity_exceeds_remaining',
            details: [{ field: 'quantity', message }],
          });
        }
        // Parcels are ordered by when they shipped: one instant twice (a coarse or test clock)
        // still orders them as they came.
        const shippedAt =
          item!.shippedAt && item!.shippedAt >= now ? new Date(item!.shippedAt.getTime() + 1) : now;
        const shipment = await repository.insertShipment(tx, {
          id: newId('shp'),
          itemId: item!.id,
          storeId: item!.storeId,
          companyId: item!.companyId,
          quantity,
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          shippedAt,
          createdByUserId: supplier.userId,
        });
        const shippedQuantity = item!.shippedQuantity + quantity;
        const changes = {
          trackingNumber: input.trackingNumber,
          carrier: input.carrier,
          shippedAt,
          shippedQuantity,
          deliveryStatus: 'NOT_YET_DELIVERED' as const,
        };
        const note = `Shipped ${parcelNote(shipment, item!.quantity)}`;
        if (shippedQuantity >= item!.quantity) {
          const [moved] = await repository.moveItems(
            tx,
            [item!],
            'SHIPPED',
            supplierActorOf(supplier),
            now,
            changes,
            note,
          );
          return { row: moved!, tracking: shipment };
        }
        const updated = await repository.updateItem(tx, item!.id, { ...changes, updatedAt: now });
        await repository.noteItemEvent(tx, updated, supplierActorOf(supplier), now, note);
        await repository.announceShipment(tx, updated, shipment.id);
        return { row: updated, tracking: shipment };
      });
      await cards.itemShipped({
        supplier,
        storeId: row.storeId,
        carrier: tracking.carrier,
        trackingNumber: tracking.trackingNumber,
        url: trackingUrlOf(tracking.carrier, tracking.trackingNumber),
      });
      return service.withHistory(row);
    },
  };
  return service;
};
export type OrderItemService = ReturnType<typeof createOrderItemService>;
