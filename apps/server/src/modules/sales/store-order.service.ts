import {
  ExportStoreOrdersQuerySchema,
  formatOrderNumber,
  ListStoreOrdersQuerySchema,
  ORDER_NUMBER_PREFIXES,
  ORDER_ORIGIN_LABELS,
  ORDER_ORIGINS,
  type ExportStoreOrdersQuery,
  type FinancialStatus,
  type ListStoreOrdersQuery,
  type ManualOrderInput,
  type OrderOrigin,
  type OrderSort,
  type OrderTab,
  type PostalAddress,
  type ProductionStatus,
  type StoreOrder,
  type StoreOrderPage,
  type StoreOrderSummary,
} from '@atelier/contract/sales/order';
import {
  computeOrderTotals,
  findOrderTotalIssues,
  lineSubtotalOf,
  type OrderTotalIssue,
} from '@atelier/contract/sales/order-totals';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { decodeCursor, encodeCursor, invalidCursorError } from '@/lib/cursor';
import { newId } from '@/lib/ids';
import {
  createStoreOrderRepository,
  positionOf,
  type CustomerDraft,
  type LineRowDraft,
  type OrderFilter,
  type OrderPosition,
} from './store-order.repository';
import { exportShopifyOrdersCsv } from './order-export';
import type { SalesCustomerRow, SalesOrderRow } from './sales.table';

/**
 * An order as a channel, an import or a person gives it (issue 11), before it has a number.
 * Amounts are integer minor units of `currencyCode`; `subtotal` and `total` are checked against
 * the lines (contract `findOrderTotalIssues`).
 */
export type StoreOrderDraft = {
  origin: OrderOrigin;
  /** With `externalId`: the channel's id for the order, unique per store and channel. */
  channel: string | null;
  externalId: string | null;
  placedAt: Date;
  timeZone: string;
  currencyCode: string;
  lines: {
    sku: string | null;
    title: string;
    variantTitle?: string | null;
    quantity: number;
    unitPrice: number;
    discount: number;
    tax: number;
  }[];
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  taxTotal: number;
  /** The prices include the tax (Shopify's `taxes_included`): `taxTotal` is not added again. */
  taxesIncluded?: boolean;
  total: number;
  discountCodes: string[];
  customer: CustomerDraft | null;
  shippingAddress: PostalAddress | null;
  billingAddress: PostalAddress | null;
  financialStatus: FinancialStatus;
  productionStatus: ProductionStatus;
  tags: string[];
  note: string | null;
  landingSite?: string | null;
  referringSite?: string | null;
  utmSource?: string | null;
};

/**
 * A list cursor: the sort's values of the page's last order. Sorted by customer: the customer's
 * sort name, id and the order number (the first two null for a guest order).
 */
const cursorOf = (sort: OrderSort, position: OrderPosition): string => {
  const field = sort.replace('-', '');
  const value =
    field === 'placedAt'
      ? position.placedAt.toISOString()
      : field === 'number'
        ? position.number
        : field === 'total'
          ? position.total
          : JSON.stringify([position.customerSortName, position.customerId, position.number]);
  return encodeCursor({ sort, value, id: position.id });
};

/** The position a cursor of `sort` holds; 400 `invalid_cursor` for another list's or a bad one. */
const positionOfCursor = (sort: OrderSort, cursor: string): OrderPosition => {
  const { value, id } = decodeCursor(cursor, sort);
  const position: OrderPosition = {
    id,
    placedAt: new Date(0),
    number: 0,
    total: 0,
    customerId: null,
    customerSortName: null,
  };
  const field = sort.replace('-', '');
  const isInteger = (candidate: unknown): candidate is number =>
    typeof candidate === 'number' && Number.isSafeInteger(candidate);
  if (field === 'placedAt') {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw invalidCursorError();
    position.placedAt = new Date(value);
  } else if (field === 'number' || field === 'total') {
    if (!isInteger(value)) throw invalidCursorError();
    position[field] = value;
  } else {
    let parts: unknown;
    try {
      parts = typeof value === 'string' ? JSON.parse(value) : undefined;
    } catch {
      throw invalidCursorError();
    }
    const isText = (candidate: unknown) => typeof candidate === 'string' && candidate.length <= 400;
    if (
      !Array.isArray(parts) ||
      parts.length !== 3 ||
      !isInteger(parts[2]) ||
      !(parts[0] === null ? parts[1] === null : isText(parts[0]) && isText(parts[1]))
    ) {
      throw invalidCursorError();
    }
    position.customerSortName = parts[0] as string | null;
    position.customerId = parts[1] as string | null;
    position.number = parts[2];
  }
  return position;
};

/** The repository's filter for a list or export query (a day range as UTC instants). */
const filterOf = (query: {
  search?: string | undefined;
  origin?: OrderOrigin | undefined;
  customerId?: string | undefined;
  financialStatus?: FinancialStatus | undefined;
  placedFrom?: string | undefined;
  placedTo?: string | undefined;
  ids?: string[] | undefined;
}): OrderFilter => ({
  search: query.search,
  origin: query.origin,
  customerId: query.customerId,
  financialStatus: query.financialStatus,
  placedFrom: query.placedFrom ? new Date(`${query.placedFrom}T00:00:00.000Z`) : undefined,
  placedBefore: query.placedTo ? dayAfter(query.placedTo) : undefined,
  ids: query.ids,
});

const orderNotFound = () =>
  new AppError('not_found', 'There is no such order in this store.', { reason: 'order_not_found' });

/** 400 `order_totals`: the first issue in the message, every issue in the details. */
const orderTotalsError = (issues: OrderTotalIssue[]) =>
  new AppError('bad_request', `${issues[0]!.field}: ${issues[0]!.message}`, {
    reason: 'order_totals',
    details: issues,
  });

const money = (amount: number, currencyCode: string) => ({ amount, currencyCode });

/** The first day after `day` (YYYY-MM-DD), as the exclusive end of a UTC day range. */
const dayAfter = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000);

const toSummary = (row: SalesOrderRow, customer: SalesCustomerRow | null): StoreOrderSummary => ({
  id: row.id,
  number: row.number,
  name: formatOrderNumber(row.origin as OrderOrigin, row.number),
  origin: row.origin as OrderOrigin,
  externalId: row.externalId,
  placedAt: row.placedAt.toISOString(),
  timeZone: row.timeZone,
  currencyCode: row.currencyCode,
  total: money(row.total, row.currencyCode),
  customer: customer && {
    id: customer.id,
    externalId: customer.externalId,
    email: customer.email,
    firstName: customer.firstName,
    lastName: customer.lastName,
  },
  productionStatus: row.productionStatus as StoreOrderSummary['productionStatus'],
  cancelState: row.cancelState as StoreOrderSummary['cancelState'],
  fulfillmentState: row.fulfillmentState as StoreOrderSummary['fulfillmentState'],
  financialStatus: row.financialStatus as StoreOrderSummary['financialStatus'],
  itemCount: row.itemCount,
  tags: row.tags,
});

export type StoreOrderServiceDeps = { db: Database; clock: Clock; events: EventBus };

/** Spec §7 store orders (issue 11): record, list and read a store's orders. */
export const createStoreOrderService = ({ db, clock, events }: StoreOrderServiceDeps) => {
  const repository = createStoreOrderRepository(db);

  /**
   * Records an order for the store in one transaction: its customer (found or created, figures
   * updated), the next number of its series, its lines and a `sales.order.created` event. An
   * order whose channel and external id are already recorded is returned as it is (re-imports
   * change nothing). Throws 400 `order_totals` naming each amount that does not add up.
   */
  const recordOrder = async (
    storeId: string,
    draft: StoreOrderDraft,
    fieldPrefix = '',
  ): Promise<{ id: string; isNew: boolean }> => {
    const issues = findOrderTotalIssues(draft, fieldPrefix);
    if (issues.length > 0) {
      throw orderTotalsError(issues);
    }
    return db.transaction(async (tx) => {
      const orders = createStoreOrderRepository(tx);
      if (draft.channel && draft.externalId) {
        const existing = await orders.findByExternalId(storeId, draft.channel, draft.externalId);
        if (existing) return { id: existing.id, isNew: false };
      }
      const customer = draft.customer
        ? await orders.findOrCreateCustomer(storeId, draft.customer, () => newId('cus'))
        : null;
      const prefix = ORDER_NUMBER_PREFIXES[draft.origin];
      const id = newId('ord');
      const lines: LineRowDraft[] = draft.lines.map((line, position) => ({
        id: newId('oli'),
        position,
        sku: line.sku,
        title: line.title,
        variantTitle: line.variantTitle ?? null,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: line.discount,
        tax: line.tax,
      }));
      await orders.insertOrder(
        {
          id,
          storeId,
          origin: draft.origin,
          prefix,
          number: await orders.nextNumber(storeId, prefix),
          channel: draft.channel,
          externalId: draft.externalId,
          placedAt: draft.placedAt,
          timeZone: draft.timeZone,
          currencyCode: draft.currencyCode,
          subtotal: draft.subtotal,
          discountTotal: draft.discountTotal,
          shippingTotal: draft.shippingTotal,
          taxTotal: draft.taxTotal,
          taxesIncluded: draft.taxesIncluded ?? false,
          total: draft.total,
          discountCodes: draft.discountCodes,
          customerId: customer?.id ?? null,
          shippingAddress: draft.shippingAddress,
          billingAddress: draft.billingAddress,
          financialStatus: draft.financialStatus,
          productionStatus: draft.productionStatus,
          itemCount: draft.lines.reduce((sum, line) => sum + line.quantity, 0),
          landingSite: draft.landingSite ?? null,
          referringSite: draft.referringSite ?? null,
          utmSource: draft.utmSource ?? null,
          tags: draft.tags,
          note: draft.note,
        },
        lines,
      );
      if (customer) {
        await orders.addOrderToCustomer(customer.id, {
          placedAt: draft.placedAt,
          total: draft.total,
          currencyCode: draft.currencyCode,
          isCanceled: false,
        });
      }
      await events.publish(tx, 'sales.order.created', {
        aggregateId: id,
        storeId,
        payload: {
          storeId,
          orderId: id,
          origin: draft.origin,
          total: draft.total,
          currencyCode: draft.currencyCode,
        },
      });
      return { id, isNew: true };
    });
  };

  /** The store's order as the API answers it. 404 `order_not_found`. */
  const readOrder = async (storeId: string, id: string): Promise<StoreOrder> => {
    const found = await repository.findOrder(storeId, id);
    if (!found) throw orderNotFound();
    const currency = found.currencyCode;
    return {
      ...toSummary(found, found.customer),
      subtotal: money(found.subtotal, currency),
      discountTotal: money(found.discountTotal, currency),
      shippingTotal: money(found.shippingTotal, currency),
      taxTotal: money(found.taxTotal, currency),
      taxesIncluded: found.taxesIncluded,
      discountCodes: found.discountCodes,
      shippingAddress: found.shippingAddress,
      billingAddress: found.billingAddress,
      lines: found.lines.map((line) => ({
        id: line.id,
        variantId: line.variantId,
        sku: line.sku,
        title: line.title,
        variantTitle: line.variantTitle,
        quantity: line.quantity,
        unitPrice: money(line.unitPrice, currency),
        discount: money(line.discount, currency),
        tax: money(line.tax, currency),
        subtotal: money(lineSubtotalOf(line), currency),
        canceledQuantity: line.canceledQuantity,
      })),
      refunds: found.refunds.map((refund) => ({
        id: refund.id,
        createdAt: refund.createdAt.toISOString(),
        amount: money(refund.amount, currency),
        note: refund.note,
        lines: found.refundLines
          .filter((line) => line.refundId === refund.id)
          .map((line) => ({ lineId: line.lineId, quantity: line.quantity })),
      })),
      landingSite: found.landingSite,
      referringSite: found.referringSite,
      utmSource: found.utmSource,
      note: found.note,
    };
  };

  const getOrder = (actor: Actor, id: string): Promise<StoreOrder> => readOrder(actor.storeId, id);

  return {
    recordOrder,

    /** Spec §7 GET /web/orders/{id}; 404 `order_not_found` for an id of no order of the store. */
    getOrder,
    /** The same, by store id, for the module's own work (webhook bodies). */
    readOrder,

    /**
     * Spec §7 GET /web/orders: one page of the store's orders in the tab, in the asked sort
     * (newest first by default; ties by id), with the counts of every tab for the same search,
     * origin, payment and dates. The cursor holds the last order's sort values, so each sort's
     * pages cover every order once. 400 `invalid_cursor` for a cursor of another sort or list.
     */
    async listOrders(actor: Actor, query: ListStoreOrdersQuery): Promise<StoreOrderPage> {
      const { tab, sort, cursor, limit, ...rest } = ListStoreOrdersQuerySchema.parse(query);
      const after = cursor ? positionOfCursor(sort, cursor) : undefined;
      const filter = filterOf(rest);
      let rows: Awaited<ReturnType<typeof repository.listOrders>>;
      let counts: Record<OrderTab, number>;
      if (
        tab === 'ALL' &&
        !after &&
        filter.search?.trim() &&
        sort !== 'customer' &&
        sort !== '-customer'
      ) {
        // A search's first page and its counts in one statement (see listFirstPageWithCounts).
        ({ rows, counts } = await repository.listFirstPageWithCounts(actor.storeId, filter, {
          sort,
          limit: limit + 1,
        }));
      } else {
        [rows, counts] = await Promise.all([
          repository.listOrders(actor.storeId, tab, filter, { sort, limit: limit + 1, after }),
          repository.countByTab(actor.storeId, filter),
        ]);
      }
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => toSummary(row, row.customer)),
        nextCursor: rows.length > limit && last ? cursorOf(sort, positionOf(last)) : null,
        counts,
      };
    },

    /**
     * The list's orders (tab, search, origin, payment, dates; every page), or the selected `ids`
     * of the store, as CSV text in Shopify's orders export layout, in the list's sort, streamed
     * page by page. Throws a ZodError (400) for a bad query.
     */
    exportOrders(actor: Actor, query: ExportStoreOrdersQuery): AsyncGenerator<string> {
      const { tab, sort, ...rest } = ExportStoreOrdersQuerySchema.parse(query);
      return exportShopifyOrdersCsv(repository, actor.storeId, tab, filterOf(rest), sort);
    },

    /** Spec §7 order-origins: every origin, its label and how many orders the store has from it. */
    async listOrigins(actor: Actor) {
      const counts = await repository.countByOrigin(actor.storeId);
      return {
        items: ORDER_ORIGINS.map((origin) => ({
          origin,
          label: ORDER_ORIGIN_LABELS[origin],
          count: counts.get(origin) ?? 0,
        })),
      };
    },

    /**
     * Spec §7 manual-retail / manual-wholesale: an order entered by hand, paid, waiting for
     * production. The subtotal and total are computed from the lines; a `totalAmount` that
     * disagrees is a 400 naming `body.totalAmount`.
     */
    async createManualOrder(
      actor: Actor,
      origin: 'MANUAL_RETAIL' | 'MANUAL_WHOLESALE',
      input: ManualOrderInput & { currencyCode: string },
    ): Promise<StoreOrder> {
      const lines = input.lines.map((line) => ({
        sku: line.sku || null,
        title: line.title,
        quantity: line.quantity,
        unitPrice: line.unitPriceAmount,
        discount: line.discountAmount ?? 0,
        tax: line.taxAmount ?? 0,
      }));
      const lineTax = lines.reduce((sum, line) => sum + line.tax, 0);
      const amounts = {
        lines,
        discountTotal: input.discountAmount ?? 0,
        shippingTotal: input.shippingAmount ?? 0,
        taxTotal: lineTax + (input.taxAmount ?? 0),
      };
      const { subtotal, total } = computeOrderTotals(amounts);
      if (input.totalAmount !== undefined && input.totalAmount !== total) {
        throw orderTotalsError([
          {
            field: 'body.totalAmount',
            message: `The lines, discounts, shipping and tax add up to ${total}, not ${input.totalAmount}.`,
          },
        ]);
      }
      const { id } = await recordOrder(
        actor.storeId,
        {
          origin,
          channel: null,
          externalId: null,
          placedAt: input.placedAt ? new Date(input.placedAt) : clock.now(),
          timeZone: 'UTC',
          currencyCode: input.currencyCode,
          ...amounts,
          subtotal,
          total,
          discountCodes: input.discountCodes ?? [],
          customer: input.customer
            ? {
                email: input.customer.email,
                firstName: input.customer.firstName ?? null,
                lastName: input.customer.lastName ?? null,
              }
            : null,
          shippingAddress: input.shippingAddress ?? null,
          billingAddress: null,
          financialStatus: 'PAID',
          productionStatus: 'OUTSTANDING',
          tags: input.tags ?? [],
          note: input.note ?? null,
        },
        'body.',
      );
      return getOrder(actor, id);
    },
  };
};
export type StoreOrderService = ReturnType<typeof createStoreOrderService>;
