import { and, asc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_TABS,
  orderTabsOf,
  type CancelState,
  type FinancialStatus,
  type OrderOrigin,
  type OrderSort,
  type OrderTab,
  type ProductionStatus,
} from '@atelier/contract/sales/order';
import type { Database } from '@/db/client';
import {
  salesCustomers,
  salesOrderLines,
  salesOrders,
  salesOrderSeries,
  salesRefundLines,
  salesRefunds,
  type SalesCustomerRow,
  type SalesOrderLineRow,
  type SalesOrderRow,
} from './sales.table';

/** A customer as an order names it; matched by e-mail (lower-cased) or by channel id. */
export type CustomerDraft = {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone?: string | null;
  channel?: string | null;
  externalId?: string | null;
};

export type OrderRowDraft = Omit<
  typeof salesOrders.$inferInsert,
  'number' | 'customerId' | 'createdAt' | 'updatedAt' | 'hasRefunds'
>;
export type LineRowDraft = Omit<typeof salesOrderLines.$inferInsert, 'orderId' | 'storeId'>;

/** What narrows a store's order list (the tab aside: counts are per tab). */
export type OrderFilter = {
  search?: string | undefined;
  origin?: OrderOrigin | undefined;
  customerId?: string | undefined;
  financialStatus?: FinancialStatus | undefined;
  /** Inclusive bounds of `placedAt`. */
  placedFrom?: Date | undefined;
  placedBefore?: Date | undefined;
  /** Only these orders (a selection). */
  ids?: readonly string[] | undefined;
};

/**
 * Where a page of the list starts: the sort values of the previous page's last order (only the
 * sort's own are read). `customerSortName` and `customerId` are null for a guest order.
 */
export type OrderPosition = {
  id: string;
  placedAt: Date;
  number: number;
  total: number;
  customerId: string | null;
  customerSortName: string | null;
};

export type OrderListRow = SalesOrderRow & { customer: SalesCustomerRow | null };

/** The sort values of an order as a list returns it, to start the next page after it. */
export const positionOf = (row: OrderListRow): OrderPosition => ({
  id: row.id,
  placedAt: row.placedAt,
  number: row.number,
  total: row.total,
  customerId: row.customer?.id ?? null,
  customerSortName: row.customer?.sortName ?? null,
});

const directionOf = (sort: OrderSort) => (sort.startsWith('-') ? sql`desc` : sql`asc`);

/** `(columns…) > (values…)` for ascending pages, `<` for descending ones (indexable). */
const rowAfter = (sort: OrderSort, columns: SQL[], values: SQL[], orEqual = false): SQL => {
  const operator = sort.startsWith('-') ? (orEqual ? '<=' : '<') : orEqual ? '>=' : '>';
  return sql`(${sql.join(columns, sql`, `)}) ${sql.raw(operator)} (${sql.join(values, sql`, `)})`;
};

/** The condition of each tab of spec §3 (see orderTabsOf in the contract, which it mirrors). */
const tabCondition = (tab: OrderTab): SQL | undefined => {
  const notCanceled = sql`${salesOrders.cancelState} <> 'CANCELED'`;
  switch (tab) {
    case 'ALL':
      return undefined;
    case 'CANCELED':
      return eq(salesOrders.cancelState, 'CANCELED' satisfies CancelState);
    case 'RETURNS':
      return eq(salesOrders.hasRefunds, true);
    case 'FULFILLED':
      return and(
        notCanceled,
        eq(salesOrders.productionStatus, 'FINISHED' satisfies ProductionStatus),
      );
    case 'OUTSTANDING':
    case 'PROCESSING':
    case 'ON_HOLD':
      return and(notCanceled, eq(salesOrders.productionStatus, tab satisfies ProductionStatus));
  }
};

const ORDER_NAME = /^([#RW]?)(\d{1,9})$/i;

/**
 * The search of /orders: an order number ("1001", "#1001", "R1001"), a customer e-mail or its
 * start (case-insensitive), a customer's channel id (the UCI file's 17850), or a line's SKU
 * (exact). A number also matches SKUs and customer ids. Written as `id IN (… UNION ALL …)` so
 * that each branch uses its index instead of testing every order of the store (bench:import).
 */
const searchCondition = (storeId: string, search: string): SQL | undefined => {
  const text = search.trim();
  if (text === '') return undefined;
  const branches: SQL[] = [
    sql`select ${salesOrderLines.orderId} from ${salesOrderLines} where ${salesOrderLines.storeId} = ${storeId} and ${salesOrderLines.sku} = ${text}`,
  ];
  const name = ORDER_NAME.exec(text);
  if (name) {
    const number = Number(name[2]);
    const prefix = name[1]?.toUpperCase();
    // The number index leads with the prefix: name every prefix when the search gives none.
    const prefixes = prefix ? [prefix] : ['#', 'R', 'W'];
    branches.push(
      sql`select ${salesOrders.id} from ${salesOrders} where ${salesOrders.storeId} = ${storeId} and ${salesOrders.prefix} in (${sql.join(
        prefixes.map((value) => sql`${value}`),
        sql`, `,
      )}) and ${salesOrders.number} = ${number}`,
    );
  }
  const pattern = `${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  branches.push(
    sql`select ${salesOrders.id} from ${salesOrders} where ${salesOrders.storeId} = ${storeId} and ${salesOrders.customerId} in (select ${salesCustomers.id} from ${salesCustomers} where ${salesCustomers.storeId} = ${storeId} and (${salesCustomers.email} like ${pattern} or ${salesCustomers.externalId} = ${text}))`,
  );
  return inArray(salesOrders.id, sql`(${sql.join(branches, sql` union all `)})`);
};

const filterConditions = (storeId: string, filter: OrderFilter): (SQL | undefined)[] => [
  eq(salesOrders.storeId, storeId),
  filter.origin ? eq(salesOrders.origin, filter.origin) : undefined,
  filter.customerId ? eq(salesOrders.customerId, filter.customerId) : undefined,
  filter.financialStatus ? eq(salesOrders.financialStatus, filter.financialStatus) : undefined,
  filter.ids ? inArray(salesOrders.id, [...filter.ids]) : undefined,
  filter.placedFrom ? gte(salesOrders.placedAt, filter.placedFrom) : undefined,
  filter.placedBefore ? lt(salesOrders.placedAt, filter.placedBefore) : undefined,
  filter.search ? searchCondition(storeId, filter.search) : undefined,
];

/**
 * The tab counts of spec §3 from orders (or groups of `count` alike orders), by the contract's
 * `orderTabsOf`: every tab present, 0 when empty.
 */
export const tabCountsOf = (
  orders: readonly {
    cancelState: string;
    productionStatus: string;
    hasRefunds: boolean;
    count?: number;
  }[],
): Record<OrderTab, number> => {
  const counts = Object.fromEntries(ORDER_TABS.map((tab) => [tab, 0])) as Record<OrderTab, number>;
  for (const order of orders) {
    const tabs = orderTabsOf({
      cancelState: order.cancelState as CancelState,
      productionStatus: order.productionStatus as ProductionStatus,
      hasRefunds: order.hasRefunds,
    });
    for (const tab of tabs) counts[tab] += order.count ?? 1;
  }
  return counts;
};

/**
 * A page of `tab`'s orders in a sort by placed time, number or total (then id), after the keyset
 * position: the page's ids first, then their rows and customers, so a search matching thousands
 * of orders (a best-selling SKU) sorts narrow rows and joins 26 customers, not all of them (a
 * third of the time on the UCI store: bench:import, 2026-11-27). With `withCounts` (only right
 * for the ALL tab without a position: the window sees only the rows the WHERE keeps), each
 * tab's count over every order the conditions match, as window aggregates the page's rows carry
 * (none when no order matches).
 */
const sortedPage = async (
  db: Database,
  conditions: (SQL | undefined)[],
  tab: OrderTab,
  page: {
    sort: Exclude<OrderSort, 'customer' | '-customer'>;
    limit: number;
    after: OrderPosition | undefined;
  },
  withCounts: boolean,
): Promise<{ rows: OrderListRow[]; counts: Record<OrderTab, number> | undefined }> => {
  const { sort, limit, after } = page;
  const direction = directionOf(sort);
  const field = sort.replace('-', '') as 'placedAt' | 'number' | 'total';
  const column = {
    placedAt: salesOrders.placedAt,
    number: salesOrders.number,
    total: salesOrders.total,
  }[field];
  const value =
    after &&
    {
      placedAt: sql`${after.placedAt.toISOString()}::timestamptz`,
      number: sql`${after.number}::int`,
      total: sql`${after.total}::bigint`,
    }[field];
  const windowCount = (tab: OrderTab) => {
    const condition = tabCondition(tab);
    return (
      condition
        ? sql<number>`(count(*) filter (where ${condition}) over ())::int`
        : sql<number>`(count(*) over ())::int`
    ).as(`count_${tab.toLowerCase()}`);
  };
  const keyset = value
    ? rowAfter(sort, [sql`${column}`, sql`${salesOrders.id}`], [value, sql`${after.id}::text`])
    : undefined;
  const pageIds = db
    .select({
      id: salesOrders.id,
      ...(withCounts ? Object.fromEntries(ORDER_TABS.map((tab) => [tab, windowCount(tab)])) : {}),
    })
    .from(salesOrders)
    .where(and(...conditions, tabCondition(tab), keyset))
    .orderBy(sql`${column} ${direction}`, sql`${salesOrders.id} ${direction}`)
    .limit(limit)
    .as('page_ids');
  const pageCounts = pageIds as unknown as Record<OrderTab, SQL.Aliased<number>>;
  const rows = await db
    .select({
      order: salesOrders,
      customer: salesCustomers,
      ...(withCounts
        ? { counts: Object.fromEntries(ORDER_TABS.map((tab) => [tab, pageCounts[tab]])) }
        : {}),
    })
    .from(pageIds)
    .innerJoin(salesOrders, eq(salesOrders.id, pageIds.id))
    .leftJoin(salesCustomers, eq(salesCustomers.id, salesOrders.customerId))
    .orderBy(sql`${column} ${direction}`, sql`${salesOrders.id} ${direction}`);
  const first = rows[0] as { counts?: Record<OrderTab, number> } | undefined;
  return {
    rows: rows.map(({ order, customer }) => ({ ...order, customer })),
    counts: first?.counts,
  };
};

/** Store orders, their lines, customers and refunds (issue 11). Every read is by store. */
export const createStoreOrderRepository = (db: Database) => ({
  /** The next number of the store's `prefix` series (1001 first). */
  async nextNumber(storeId: string, prefix: string): Promise<number> {
    const [row] = await db
      .insert(salesOrderSeries)
      .values({ storeId, prefix, lastNumber: 1001 })
      .onConflictDoUpdate({
        target: [salesOrderSeries.storeId, salesOrderSeries.prefix],
        set: { lastNumber: sql`${salesOrderSeries.lastNumber} + 1` },
      })
      .returning({ lastNumber: salesOrderSeries.lastNumber });
    return row!.lastNumber;
  },

  /** The store's customer for `draft` (by channel id, then e-mail), created when new. */
  async findOrCreateCustomer(
    storeId: string,
    draft: CustomerDraft,
    newCustomerId: () => string,
  ): Promise<SalesCustomerRow> {
    const email = draft.email?.toLowerCase() ?? null;
    const byExternal =
      draft.channel && draft.externalId
        ? and(
            eq(salesCustomers.channel, draft.channel),
            eq(salesCustomers.externalId, draft.externalId),
          )
        : undefined;
    const byEmail = email ? eq(salesCustomers.email, email) : undefined;
    if (byExternal || byEmail) {
      const [found] = await db
        .select()
        .from(salesCustomers)
        .where(and(eq(salesCustomers.storeId, storeId), or(byExternal, byEmail)))
        .limit(1);
      if (found) return found;
    }
    const [created] = await db
      .insert(salesCustomers)
      .values({
        id: newCustomerId(),
        storeId,
        email,
        firstName: draft.firstName,
        lastName: draft.lastName,
        phone: draft.phone ?? null,
        channel: draft.channel ?? null,
        externalId: draft.externalId ?? null,
      })
      .returning();
    return created!;
  },

  /** An order of the store from a channel, by its external id (re-imports change nothing). */
  async findByExternalId(
    storeId: string,
    channel: string,
    externalId: string,
  ): Promise<SalesOrderRow | undefined> {
    const [row] = await db
      .select()
      .from(salesOrders)
      .where(
        and(
          eq(salesOrders.storeId, storeId),
          eq(salesOrders.channel, channel),
          eq(salesOrders.externalId, externalId),
        ),
      )
      .limit(1);
    return row;
  },

  async insertOrder(
    order: OrderRowDraft & { number: number; customerId: string | null },
    lines: LineRowDraft[],
  ): Promise<SalesOrderRow> {
    const [row] = await db.insert(salesOrders).values(order).returning();
    await db
      .insert(salesOrderLines)
      .values(lines.map((line) => ({ ...line, orderId: order.id, storeId: order.storeId })));
    return row!;
  },

  /**
   * Adds an order to its customer's figures: count, total spent (not for a canceled order), first
   * and last order. Run in the transaction that inserts the order.
   */
  async addOrderToCustomer(
    customerId: string,
    order: { placedAt: Date; total: number; currencyCode: string; isCanceled: boolean },
  ): Promise<void> {
    await db
      .update(salesCustomers)
      .set({
        orderCount: sql`${salesCustomers.orderCount} + 1`,
        totalSpent: order.isCanceled
          ? salesCustomers.totalSpent
          : sql`${salesCustomers.totalSpent} + ${order.total}`,
        currencyCode: sql`coalesce(${salesCustomers.currencyCode}, ${order.currencyCode})`,
        firstOrderAt: sql`least(coalesce(${salesCustomers.firstOrderAt}, ${order.placedAt}), ${order.placedAt})`,
        lastOrderAt: sql`greatest(coalesce(${salesCustomers.lastOrderAt}, ${order.placedAt}), ${order.placedAt})`,
        updatedAt: sql`now()`,
      })
      .where(eq(salesCustomers.id, customerId));
  },

  /**
   * One page of the store's orders in `tab`, in `sort` order (then by id), after the keyset
   * position. Sorted by customer, the customers' orders come first (by the customer's sort name,
   * the customer, then the order number), guest orders after them (by number) in both directions.
   */
  async listOrders(
    storeId: string,
    tab: OrderTab,
    filter: OrderFilter,
    page: { sort: OrderSort; limit: number; after?: OrderPosition | undefined },
  ): Promise<OrderListRow[]> {
    const { sort, limit, after } = page;
    const direction = directionOf(sort);
    const [storeCondition, ...otherFilters] = filterConditions(storeId, filter);
    const conditions = [storeCondition, ...otherFilters, tabCondition(tab)];
    const select = () =>
      db
        .select({ order: salesOrders, customer: salesCustomers })
        .from(salesOrders)
        .leftJoin(salesCustomers, eq(salesCustomers.id, salesOrders.customerId));
    const toRows = (rows: { order: SalesOrderRow; customer: SalesCustomerRow | null }[]) =>
      rows.map(({ order, customer }) => ({ ...order, customer }));

    if (sort === 'customer' || sort === '-customer') {
      const rows: OrderListRow[] = [];
      if (!after || after.customerId !== null) {
        const customerColumns = [sql`${salesCustomers.sortName}`, sql`${salesCustomers.id}`];
        const position = after && [
          sql`${after.customerSortName}::text`,
          sql`${after.customerId}::text`,
        ];
        rows.push(
          ...toRows(
            await select()
              .where(
                and(
                  // The store is the customer's: an order's customer is always of its store, and
                  // without the orders' own store test the planner cannot pair the store's whole
                  // orders index with each customer's (seconds on PGlite, which has no statistics
                  // until ANALYZE).
                  eq(salesCustomers.storeId, storeId),
                  ...otherFilters,
                  tabCondition(tab),
                  sql`${salesOrders.customerId} is not null`,
                  // The first bound alone lets the customers index skip the earlier customers.
                  position ? rowAfter(sort, customerColumns, position, true) : undefined,
                  position
                    ? rowAfter(
                        sort,
                        [...customerColumns, sql`${salesOrders.number}`, sql`${salesOrders.id}`],
                        [...position, sql`${after.number}::int`, sql`${after.id}::text`],
                      )
                    : undefined,
                ),
              )
              .orderBy(
                sql`${salesCustomers.sortName} ${direction}`,
                sql`${salesCustomers.id} ${direction}`,
                sql`${salesOrders.number} ${direction}`,
                sql`${salesOrders.id} ${direction}`,
              )
              .limit(limit),
          ),
        );
        if (rows.length === limit) return rows;
      }
      const guestAfter = after?.customerId === null ? after : undefined;
      rows.push(
        ...toRows(
          await select()
            .where(
              and(
                ...conditions,
                isNull(salesOrders.customerId),
                guestAfter
                  ? rowAfter(
                      sort,
                      [sql`${salesOrders.number}`, sql`${salesOrders.id}`],
                      [sql`${guestAfter.number}::int`, sql`${guestAfter.id}::text`],
                    )
                  : undefined,
              ),
            )
            .orderBy(sql`${salesOrders.number} ${direction}`, sql`${salesOrders.id} ${direction}`)
            .limit(limit - rows.length),
        ),
      );
      return rows;
    }

    return (
      await sortedPage(db, [storeCondition, ...otherFilters], tab, { sort, limit, after }, false)
    ).rows;
  },

  /**
   * The first page of the ALL tab (a sort other than by customer) with the counts of every tab,
   * in one statement: the counts are window aggregates over the orders the filter matches, which
   * the page's sort reads anyway (for a search: the two statements of listOrders and countByTab
   * each read a best-selling SKU's 2,200 orders; this reads them once). Not for the unfiltered
   * list, whose page comes from an index without reading every order.
   */
  async listFirstPageWithCounts(
    storeId: string,
    filter: OrderFilter,
    page: { sort: Exclude<OrderSort, 'customer' | '-customer'>; limit: number },
  ): Promise<{ rows: OrderListRow[]; counts: Record<OrderTab, number> }> {
    const { rows, counts } = await sortedPage(
      db,
      filterConditions(storeId, filter),
      'ALL',
      { ...page, after: undefined },
      true,
    );
    return { rows, counts: counts ?? tabCountsOf([]) };
  },

  /**
   * How many of the store's orders match `filter` in each tab of spec §3: one count per
   * (cancel state, production status, refund) group, read from the tabs index when there is no
   * search (a quarter of the time of counting each tab over the orders: bench:import), summed
   * into the tabs by the contract's `orderTabsOf`.
   */
  async countByTab(storeId: string, filter: OrderFilter): Promise<Record<OrderTab, number>> {
    const groups = await db
      .select({
        cancelState: salesOrders.cancelState,
        productionStatus: salesOrders.productionStatus,
        hasRefunds: salesOrders.hasRefunds,
        count: sql<number>`count(*)::int`,
      })
      .from(salesOrders)
      .where(and(...filterConditions(storeId, filter)))
      .groupBy(salesOrders.cancelState, salesOrders.productionStatus, salesOrders.hasRefunds);
    return tabCountsOf(groups);
  },

  /** The store's order count per origin. */
  async countByOrigin(storeId: string): Promise<Map<string, number>> {
    const rows = await db
      .select({ origin: salesOrders.origin, count: sql<number>`count(*)::int` })
      .from(salesOrders)
      .where(eq(salesOrders.storeId, storeId))
      .groupBy(salesOrders.origin);
    return new Map(rows.map((row) => [row.origin, row.count]));
  },

  /** The lines of the store's orders `orderIds`, by order, in position order. */
  async listLinesOf(
    storeId: string,
    orderIds: string[],
  ): Promise<Map<string, SalesOrderLineRow[]>> {
    const byOrder = new Map<string, SalesOrderLineRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await db
      .select()
      .from(salesOrderLines)
      .where(and(eq(salesOrderLines.storeId, storeId), inArray(salesOrderLines.orderId, orderIds)))
      .orderBy(asc(salesOrderLines.orderId), asc(salesOrderLines.position));
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  },

  /** The money refunded on each of the store's orders `orderIds` (minor units; absent: none). */
  async refundTotalsOf(storeId: string, orderIds: string[]): Promise<Map<string, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .select({
        orderId: salesRefunds.orderId,
        amount: sql<number>`sum(${salesRefunds.amount})::bigint`.mapWith(Number),
      })
      .from(salesRefunds)
      .where(and(eq(salesRefunds.storeId, storeId), inArray(salesRefunds.orderId, orderIds)))
      .groupBy(salesRefunds.orderId);
    return new Map(rows.map((row) => [row.orderId, row.amount]));
  },

  /** The store's order with its customer, lines and refunds; undefined for another store's. */
  async findOrder(storeId: string, id: string) {
    const [found] = await db
      .select({ order: salesOrders, customer: salesCustomers })
      .from(salesOrders)
      .leftJoin(salesCustomers, eq(salesCustomers.id, salesOrders.customerId))
      .where(and(eq(salesOrders.id, id), eq(salesOrders.storeId, storeId)))
      .limit(1);
    if (!found) return undefined;
    const lines: SalesOrderLineRow[] = await db
      .select()
      .from(salesOrderLines)
      .where(and(eq(salesOrderLines.orderId, id), eq(salesOrderLines.storeId, storeId)))
      .orderBy(asc(salesOrderLines.position));
    const refunds = await db
      .select()
      .from(salesRefunds)
      .where(and(eq(salesRefunds.orderId, id), eq(salesRefunds.storeId, storeId)))
      .orderBy(asc(salesRefunds.createdAt));
    const refundLines =
      refunds.length === 0
        ? []
        : await db
            .select()
            .from(salesRefundLines)
            .where(
              inArray(
                salesRefundLines.refundId,
                refunds.map((refund) => refund.id),
              ),
            );
    return { ...found.order, customer: found.customer, lines, refunds, refundLines };
  },
});
export type StoreOrderRepository = ReturnType<typeof createStoreOrderRepository>;
