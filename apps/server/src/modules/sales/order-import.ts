import type { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { chunk, sumBy } from 'es-toolkit';
import { minorDigitsOf } from '@atelier/contract/common/money';
import { computeOrderTotals, findOrderTotalIssues } from '@atelier/contract/sales/order-totals';
import { queryRows, type Database } from '@/db/client';
import { insertMany } from '@/db/insert-many';
import type { EventBus } from '@/events/event-bus';
import type { PostalAddress } from '@atelier/contract/sales/order';
import { newId } from '@/lib/ids';
import {
  readFailureIssue,
  readRecords,
  sniffDialect,
  type FileCompression,
  type RecordDialect,
} from './import-records';
import {
  createOrderLinesReader,
  detectLayout,
  type ImportedOrder,
  type OrderLinesLayout,
  type RowIssue,
} from './order-lines-csv';
import {
  salesCustomers,
  salesOrderLines,
  salesOrders,
  salesOrderSeries,
  salesRefundLines,
  salesRefunds,
} from './sales.table';

/** Orders written per transaction: each batch is all or nothing, and resumes skip what is in. */
export const IMPORT_BATCH_ORDERS = 1_000;
/** Keys per lookup (`IN (…)`): PostgreSQL takes at most 65,535 parameters in one statement. */
const INSERT_CHUNK = 2_000;
/** Issues kept for the report; a file with more says how many there were. */
export const MAX_REPORTED_ISSUES = 100;

export { compressionOf, decoderOf, MAX_ROW_BYTES, type FileCompression } from './import-records';

/** Country names the UCI file writes that are not the reference data's names. */
const COUNTRY_ALIASES: Record<string, string | null> = {
  eire: 'IE',
  rsa: 'ZA',
  usa: 'US',
  'czech republic': 'CZ',
  'hong kong': 'HK',
  'channel islands': null,
  'european community': null,
  unspecified: null,
};

export type ImportMode = 'ALL_OR_NOTHING' | 'VALID_ROWS';

export type OrderImportReport = {
  layout: OrderLinesLayout['id'] | null;
  rows: number;
  orders: number;
  /** Customers this run created (the others were in the store already). */
  customers: number;
  /** Orders already recorded from an earlier run of the same file (external ids), skipped. */
  skippedOrders: number;
  refunds: number;
  /** Refunds with no earlier order of the same customer to attach to. */
  unmatchedRefunds: number;
  issues: RowIssue[];
  issueCount: number;
};

export type OrderImportOptions = {
  db: Database;
  events: EventBus;
  storeId: string;
  /** Where the orders come from, e.g. `import:online_retail`: external ids are unique in it. */
  channel: string;
  mode: ImportMode;
  /** Opens the file from its start (it is read twice: a check, then the import). */
  open: () => Readable;
  compression?: FileCompression;
  /** Bytes of the file as stored (compressed, for a `.gz` or `.br`), for progress. */
  sizeBytes: number;
  onProgress?: (
    progress: number,
    message: string,
    report: OrderImportReport,
  ) => Promise<void> | void;
  signal?: AbortSignal;
  /** The reference countries (reference module), to read the file's country names. */
  listCountries: () => Promise<readonly { code: string; name: string }[]>;
  /** Orders per batch (IMPORT_BATCH_ORDERS unless a test says otherwise). */
  batchOrders?: number;
};

/** What reading a file tells its caller besides the orders. */
type ReadListener = {
  onLayout: (layout: OrderLinesLayout['id']) => void;
  onRow: () => void;
  onIssue: (issue: RowIssue) => void;
  /** The file cannot be read past a row (a broken quote, a row too long): nothing is imported. */
  onUnreadable: (issue: RowIssue) => void;
  onBytes: (bytes: number) => void;
};

/** Reads the file's orders, in file order, batch by batch; what else it finds goes to `on`. */
async function* readOrders(
  options: Pick<OrderImportOptions, 'open' | 'signal' | 'compression' | 'batchOrders'> & {
    dialect: RecordDialect;
  },
  on: ReadListener,
): AsyncGenerator<ImportedOrder[]> {
  const batchOrders = options.batchOrders ?? IMPORT_BATCH_ORDERS;
  const records = readRecords({
    open: options.open,
    compression: options.compression,
    dialect: options.dialect,
    onBytes: on.onBytes,
  });

  let reader: ReturnType<typeof createOrderLinesReader> | undefined;
  const done = new Set<string>();
  /** Orders with a row that has a problem: left out whole (VALID_ROWS imports the rest). */
  const bad = new Set<string>();
  /** The batch's orders without a problem, each with its own extra lines (fees) last. */
  const valid = (orders: Iterable<ImportedOrder>) =>
    [...orders]
      .filter((order) => !bad.has(order.externalId))
      .map((order) => ({ ...order, lines: [...order.lines, ...order.extraLines] }));
  let batch = new Map<string, ImportedOrder>();
  let row = 0;
  try {
    for await (const record of records) {
      options.signal?.throwIfAborted();
      row += 1;
      if (!reader) {
        const detected = detectLayout(record);
        if ('row' in detected) {
          on.onIssue(detected);
          return;
        }
        on.onLayout(detected.layout.id);
        reader = createOrderLinesReader(detected.layout, detected.index);
        continue;
      }
      on.onRow();
      const read = reader.readRow(record, row);
      if ('issues' in read) {
        for (const issue of read.issues) on.onIssue(issue);
        if (read.orderId !== '') bad.add(read.orderId);
        continue;
      }
      // Rows of one order may interleave with others' (the UCI file has 35 such rows); they
      // are merged while the order is in the batch being read.
      const current = batch.get(read.orderId);
      if (current) {
        current.lines.push(read.line);
        // One row that is not a sale makes the whole invoice an adjustment.
        if (read.isAdjustment) current.isAdjustment = true;
      } else if (read.head === null) {
        // The rest of an order whose first row had a problem: left out with it.
        bad.add(read.orderId);
      } else if (done.has(read.orderId)) {
        on.onIssue({
          row,
          field: 'order',
          message: `The rows of order ${read.orderId} are too far apart: it appeared more than ${batchOrders} orders earlier.`,
        });
      } else {
        if (batch.size >= batchOrders) {
          yield valid(batch.values());
          for (const id of batch.keys()) done.add(id);
          batch = new Map();
        }
        batch.set(read.orderId, { ...read.head, lines: [read.line] });
      }
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // csv-parse stops at a broken quote or an oversized row; it says where.
    on.onUnreadable(readFailureIssue(error, row));
    return;
  }
  if (batch.size > 0) yield valid(batch.values());
}

const subtotalOf = (order: ImportedOrder) =>
  sumBy(order.lines, (line) => line.quantity * line.unitPrice - line.discount);

/**
 * The amounts of an imported order, its total computed by the contract's rule. The order-level
 * discount is what the file's discount leaves after the lines' own when it counts them
 * (Shopify). When the file states a total that is the amounts without the tax, the prices
 * include the tax (Shopify's `taxes_included`).
 */
const amountsOf = (order: ImportedOrder) => {
  const base = {
    lines: order.lines,
    discountTotal: order.discountCountsLines
      ? order.discount - sumBy(order.lines, (line) => line.discount)
      : order.discount,
    shippingTotal: order.shipping,
    taxTotal: order.tax,
  };
  const added = computeOrderTotals(base);
  const taxesIncluded =
    order.statedTotal !== null &&
    order.tax > 0 &&
    order.statedTotal !== added.total &&
    order.statedTotal === added.total - order.tax;
  const amounts = { ...base, taxesIncluded };
  return { ...amounts, ...computeOrderTotals(amounts) };
};

/**
 * Order-level issues (a discount above the lines' sum, a stated total the amounts do not give),
 * as row issues on the order's first row.
 */
const orderIssues = (order: ImportedOrder): RowIssue[] => {
  const amounts = amountsOf(order);
  const issues = findOrderTotalIssues(amounts).map((issue) => ({
    row: order.row,
    field: issue.field,
    message: issue.message,
  }));
  if (issues.length === 0 && order.statedTotal !== null && order.statedTotal !== amounts.total) {
    const digits = minorDigitsOf(order.currency);
    const shown = (value: number) => (value / 10 ** digits).toFixed(digits);
    issues.push({
      row: order.row,
      field: 'total',
      message: `The order's total (${shown(order.statedTotal)}) is not its lines less discounts plus shipping and tax (${shown(amounts.total)}).`,
    });
  }
  return issues;
};

type Customer = NonNullable<ImportedOrder['customer']>;
const customerKey = (customer: Customer) =>
  customer.externalId ? `id:${customer.externalId}` : `email:${customer.email}`;

/** An address of the file with its country as the reference data knows it (or none). */
const withKnownCountry = (
  address: PostalAddress | null,
  countryCodes: Map<string, string>,
): PostalAddress | null =>
  address && {
    ...address,
    countryCode: address.countryCode
      ? (countryCodes.get(address.countryCode.toLowerCase()) ?? null)
      : null,
  };

/**
 * Where an order went: its shipping address, or, for a file that names only a country (the UCI
 * file), an address of that country alone.
 */
const shippingAddressOf = (
  order: ImportedOrder,
  countryCodes: Map<string, string>,
): PostalAddress | null => {
  if (order.shippingAddress) return withKnownCountry(order.shippingAddress, countryCodes);
  const countryCode = order.country
    ? (countryCodes.get(order.country.toLowerCase()) ?? null)
    : null;
  if (!countryCode) return null;
  return {
    name: null,
    company: null,
    line1: null,
    line2: null,
    city: null,
    stateCode: null,
    postalCode: null,
    countryCode,
    phone: null,
  };
};

/**
 * The store's customers for the batch's customer keys, created when new: one lookup by channel
 * id, one by e-mail (each in chunks of INSERT_CHUNK), one insert.
 */
const resolveCustomers = async (
  tx: Database,
  storeId: string,
  channel: string,
  batch: ImportedOrder[],
  countryCodes: Map<string, string>,
  report: OrderImportReport,
): Promise<Map<string, string>> => {
  const wanted = new Map<string, Customer>();
  /** The first order of each new customer: its address and time stand for theirs. */
  const firstOrders = new Map<string, ImportedOrder>();
  for (const order of batch) {
    if (!order.customer) continue;
    const key = customerKey(order.customer);
    wanted.set(key, order.customer);
    if (!firstOrders.has(key)) firstOrders.set(key, order);
  }
  const customers = [...wanted.values()];
  const ids = new Map<string, string>();
  const externalIds = customers.flatMap((c) => (c.externalId ? [c.externalId] : []));
  for (const part of chunk(externalIds, INSERT_CHUNK)) {
    const rows = await tx
      .select({ id: salesCustomers.id, externalId: salesCustomers.externalId })
      .from(salesCustomers)
      .where(
        and(
          eq(salesCustomers.storeId, storeId),
          eq(salesCustomers.channel, channel),
          inArray(salesCustomers.externalId, part),
        ),
      );
    for (const row of rows) ids.set(`id:${row.externalId}`, row.id);
  }
  // A customer the channel id does not find may be in the store by e-mail (made by hand, or
  // imported from another channel): the e-mail is unique in a store, so it finds them.
  const emails = [
    ...new Set([...wanted].flatMap(([key, c]) => (!ids.has(key) && c.email ? [c.email] : []))),
  ];
  const byEmail = new Map<string, string>();
  for (const part of chunk(emails, INSERT_CHUNK)) {
    const rows = await tx
      .select({ id: salesCustomers.id, email: salesCustomers.email })
      .from(salesCustomers)
      .where(and(eq(salesCustomers.storeId, storeId), inArray(salesCustomers.email, part)));
    for (const row of rows) if (row.email) byEmail.set(row.email, row.id);
  }
  const created = [...wanted].flatMap(([key, customer]) => {
    if (ids.has(key)) return [];
    const known = customer.email ? byEmail.get(customer.email) : undefined;
    if (known) {
      ids.set(key, known);
      return [];
    }
    const id = newId('cus');
    ids.set(key, id);
    // Two channel ids with one e-mail in the batch are one customer.
    if (customer.email) byEmail.set(customer.email, id);
    const first = firstOrders.get(key)!;
    return [
      {
        id,
        storeId,
        email: customer.email,
        firstName: customer.firstName,
        lastName: customer.lastName,
        phone: customer.phone,
        defaultAddress:
          shippingAddressOf(first, countryCodes) ??
          withKnownCountry(first.billingAddress, countryCodes),
        acceptsMarketing: customer.acceptsMarketing ?? false,
        // The file says the customer agreed; when is the order's time, the only one it gives.
        marketingConsentAt: customer.acceptsMarketing ? first.placedAt : null,
        marketingConsentSource: customer.acceptsMarketing ? `import:${channel}` : null,
        channel: customer.externalId ? channel : null,
        externalId: customer.externalId,
      },
    ];
  });
  await insertMany(tx, salesCustomers, created);
  report.customers += created.length;
  return ids;
};

/** The batch's orders not recorded yet (a resumed or repeated import skips the rest). */
const freshOrders = async (
  tx: Database,
  storeId: string,
  channel: string,
  orders: ImportedOrder[],
): Promise<ImportedOrder[]> => {
  const known = new Set<string>();
  for (const part of chunk(
    orders.map((order) => order.externalId),
    INSERT_CHUNK,
  )) {
    const rows = await tx
      .select({ externalId: salesOrders.externalId })
      .from(salesOrders)
      .where(
        and(
          eq(salesOrders.storeId, storeId),
          eq(salesOrders.channel, channel),
          inArray(salesOrders.externalId, part),
        ),
      );
    for (const row of rows) known.add(row.externalId!);
  }
  return orders.filter((order) => !known.has(order.externalId));
};

/**
 * Records the batch's refunds not recorded yet, each on its customer's latest order placed
 * before it (the later in the file when two share a time; one lateral lookup for the batch), with refund lines for the lines of the same SKU;
 * then marks those orders refunded in full or in part. Returns the refunds recorded and those
 * without an earlier order to land on.
 */
const recordRefunds = async (
  tx: Database,
  storeId: string,
  channel: string,
  refunds: ImportedOrder[],
  customerIds: Map<string, string>,
): Promise<{ recorded: number; unmatched: number }> => {
  const externalIdOf = (refund: ImportedOrder) => `${channel}:${refund.externalId}`;
  const recorded = new Set<string>();
  for (const part of chunk(refunds.map(externalIdOf), INSERT_CHUNK)) {
    const rows = await tx
      .select({ externalId: salesRefunds.externalId })
      .from(salesRefunds)
      .where(and(eq(salesRefunds.storeId, storeId), inArray(salesRefunds.externalId, part)));
    for (const row of rows) recorded.add(row.externalId!);
  }
  const pending = refunds.flatMap((refund) => {
    const customerId = refund.customer && customerIds.get(customerKey(refund.customer));
    return recorded.has(externalIdOf(refund)) ? [] : [{ refund, customerId }];
  });
  const withCustomer = pending.flatMap(({ refund, customerId }) =>
    customerId ? [{ refund, customerId }] : [],
  );

  const targets = new Map<string, string>();
  for (const part of chunk(withCustomer, 500)) {
    const rows = await queryRows<{ key: string; order_id: string }>(
      tx,
      sql`select r.key, o.id as order_id
        from (values ${sql.join(
          part.map(
            ({ refund, customerId }) =>
              sql`(${refund.externalId}, ${customerId}, ${refund.placedAt.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        )}) as r(key, customer_id, placed_at)
        cross join lateral (
          select id from ${salesOrders}
          where store_id = ${storeId} and customer_id = r.customer_id and placed_at < r.placed_at
          order by placed_at desc, number desc
          limit 1
        ) as o`,
    );
    for (const row of rows) targets.set(row.key, row.order_id);
  }
  const matched = pending.filter(({ refund }) => targets.has(refund.externalId));
  if (matched.length === 0) return { recorded: 0, unmatched: pending.length };

  const targetIds = [...new Set(targets.values())];
  const linesByOrder = new Map<string, { id: string; sku: string | null; quantity: number }[]>();
  for (const part of chunk(targetIds, INSERT_CHUNK)) {
    const rows = await tx
      .select({
        id: salesOrderLines.id,
        orderId: salesOrderLines.orderId,
        sku: salesOrderLines.sku,
        quantity: salesOrderLines.quantity,
      })
      .from(salesOrderLines)
      .where(inArray(salesOrderLines.orderId, part));
    for (const row of rows)
      linesByOrder.set(row.orderId, [...(linesByOrder.get(row.orderId) ?? []), row]);
  }

  const refundRows = matched.map(({ refund }) => ({
    id: newId('ref'),
    orderId: targets.get(refund.externalId)!,
    storeId,
    externalId: externalIdOf(refund),
    amount: subtotalOf(refund),
    note: `Cancellation ${refund.externalId}`,
    createdAt: refund.placedAt,
  }));
  const refundLineRows = matched.flatMap(({ refund }, index) => {
    const { id: refundId, orderId } = refundRows[index]!;
    const lines = linesByOrder.get(orderId) ?? [];
    const quantities = new Map<string, number>();
    for (const line of refund.lines) {
      const match = lines.find((candidate) => candidate.sku !== null && candidate.sku === line.sku);
      if (match) {
        quantities.set(
          match.id,
          Math.min(match.quantity, (quantities.get(match.id) ?? 0) + line.quantity),
        );
      }
    }
    return [...quantities].map(([lineId, quantity]) => ({ refundId, lineId, quantity }));
  });
  await insertMany(tx, salesRefunds, refundRows);
  await insertMany(tx, salesRefundLines, refundLineRows);
  for (const part of chunk(targetIds, INSERT_CHUNK)) {
    await tx
      .update(salesOrders)
      .set({
        hasRefunds: true,
        financialStatus: sql`case when (select coalesce(sum(${salesRefunds.amount}), 0) from ${salesRefunds} where ${salesRefunds.orderId} = ${salesOrders.id}) >= ${salesOrders.total} then 'REFUNDED' else 'PARTIALLY_REFUNDED' end`,
        updatedAt: sql`now()`,
      })
      .where(inArray(salesOrders.id, part));
  }
  return { recorded: matched.length, unmatched: pending.length - matched.length };
};

/** Recomputes the figures of the customers from their orders (canceled ones spend nothing). */
const refreshCustomerFigures = async (tx: Database, storeId: string, customerIds: string[]) => {
  for (const part of chunk(customerIds, INSERT_CHUNK)) {
    await tx.execute(sql`
      update ${salesCustomers} as c set
        order_count = s.order_count,
        total_spent = s.total_spent,
        first_order_at = s.first_order_at,
        last_order_at = s.last_order_at,
        currency_code = coalesce(c.currency_code, s.currency_code),
        updated_at = now()
      from (
        select customer_id,
          count(*)::int as order_count,
          coalesce(sum(total) filter (where cancel_state <> 'CANCELED'), 0)::bigint as total_spent,
          min(placed_at) as first_order_at,
          max(placed_at) as last_order_at,
          min(currency_code) as currency_code
        from ${salesOrders}
        where store_id = ${storeId} and customer_id in (${sql.join(
          part.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by customer_id
      ) as s
      where c.id = s.customer_id`);
  }
};

/**
 * Writes one batch in one transaction: customers (found by channel id or e-mail, else created),
 * orders not yet recorded (numbered in the store's `#` series), their lines, refunds attached to
 * the same customer's latest earlier order (with the lines of the same SKU), the customers'
 * figures recomputed, and one `sales.orders.imported` event. A fixed number of statements per
 * batch, whatever its size.
 */
const writeBatch = async (
  tx: Database,
  events: EventBus,
  storeId: string,
  channel: string,
  batch: ImportedOrder[],
  countryCodes: Map<string, string>,
  report: OrderImportReport,
) => {
  const customerIds = await resolveCustomers(tx, storeId, channel, batch, countryCodes, report);
  const orders = batch.filter((order) => order.kind === 'ORDER');
  const fresh = await freshOrders(tx, storeId, channel, orders);
  report.skippedOrders += orders.length - fresh.length;
  let firstNumber = 0;
  if (fresh.length > 0) {
    const [series] = await tx
      .insert(salesOrderSeries)
      .values({ storeId, prefix: '#', lastNumber: 1000 + fresh.length })
      .onConflictDoUpdate({
        target: [salesOrderSeries.storeId, salesOrderSeries.prefix],
        set: { lastNumber: sql`${salesOrderSeries.lastNumber} + ${fresh.length}` },
      })
      .returning({ lastNumber: salesOrderSeries.lastNumber });
    firstNumber = series!.lastNumber - fresh.length + 1;
  }
  const orderRows = fresh.map((order, position) => {
    const { subtotal, total, discountTotal, taxesIncluded } = amountsOf(order);
    const isCanceled = order.isAdjustment || order.canceledAt !== null;
    // A history without statuses (the UCI file, Atelier's own layout) was paid and sent.
    const fulfillmentState = order.isAdjustment ? 'NONE' : (order.fulfillmentState ?? 'FULFILLED');
    return {
      id: newId('ord'),
      storeId,
      origin: 'IMPORT',
      prefix: '#',
      number: firstNumber + position,
      channel,
      externalId: order.externalId,
      placedAt: order.placedAt,
      timeZone: order.timeZone,
      currencyCode: order.currency,
      subtotal,
      discountTotal,
      shippingTotal: order.shipping,
      taxTotal: order.tax,
      taxesIncluded,
      total,
      discountCodes: order.discountCodes,
      customerId: order.customer ? (customerIds.get(customerKey(order.customer)) ?? null) : null,
      billingAddress: withKnownCountry(order.billingAddress, countryCodes),
      shippingAddress: shippingAddressOf(order, countryCodes),
      // An adjustment (stock or bad debt written off) is kept, canceled, so the history has
      // every invoice of the file; it counts toward no customer's spending.
      financialStatus: order.isAdjustment ? 'VOIDED' : (order.financialStatus ?? 'PAID'),
      productionStatus:
        fulfillmentState === 'FULFILLED' || order.isAdjustment
          ? 'FINISHED'
          : fulfillmentState === 'PARTIAL'
            ? 'PROCESSING'
            : 'OUTSTANDING',
      cancelState: isCanceled ? 'CANCELED' : 'NONE',
      fulfillmentState,
      hasRefunds: order.refundedAmount > 0,
      tags: order.isAdjustment ? ['adjustment', ...order.tags] : order.tags,
      note: order.note,
      itemCount: sumBy(order.lines, (line) => line.quantity),
    };
  });
  await insertMany(tx, salesOrders, orderRows);
  const lineRows = fresh.flatMap((order, index) =>
    order.lines.map((line, position) => ({
      id: newId('oli'),
      orderId: orderRows[index]!.id,
      storeId,
      position,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discount: line.discount,
    })),
  );
  await insertMany(tx, salesOrderLines, lineRows);
  report.orders += fresh.length;
  // What the file says was refunded on an order (Shopify's `Refunded Amount`), as one refund.
  const statedRefunds = fresh.flatMap((order, index) =>
    order.refundedAmount > 0
      ? [
          {
            id: newId('ref'),
            orderId: orderRows[index]!.id,
            storeId,
            externalId: `${channel}:${order.externalId}:refunded`,
            amount: order.refundedAmount,
            note: 'Refunded amount stated by the imported file',
            createdAt: order.placedAt,
          },
        ]
      : [],
  );
  await insertMany(tx, salesRefunds, statedRefunds);
  report.refunds += statedRefunds.length;

  const refunds = await recordRefunds(
    tx,
    storeId,
    channel,
    batch.filter((order) => order.kind === 'REFUND'),
    customerIds,
  );
  report.refunds += refunds.recorded;
  report.unmatchedRefunds += refunds.unmatched;

  // A batch that was written before (a repeated or resumed import) changes no customer's figures.
  if (fresh.length > 0 || refunds.recorded > 0) {
    await refreshCustomerFigures(tx, storeId, [...new Set(customerIds.values())]);
  }
  if (fresh.length > 0) {
    await events.publish(tx, 'sales.orders.imported', {
      aggregateId: storeId,
      storeId,
      payload: { storeId, channel, orderCount: fresh.length },
    });
  }
};

/**
 * Imports an order-lines file into a store (issue 11; format in docs/import-orders.md). Reads the
 * file once to check every row (nothing written when `ALL_OR_NOTHING` finds an issue), then again
 * to write it in batches of IMPORT_BATCH_ORDERS orders, each in its own transaction. Memory stays
 * flat: one batch at a time. Repeating an import (or resuming one) records nothing twice: orders
 * and refunds are known by their ids in the file. Progress is reported 0-10 % for the check and
 * 10-100 % for the writing.
 */
export const importOrderLines = async (options: OrderImportOptions): Promise<OrderImportReport> => {
  const report: OrderImportReport = {
    layout: null,
    rows: 0,
    orders: 0,
    customers: 0,
    skippedOrders: 0,
    refunds: 0,
    unmatchedRefunds: 0,
    issues: [],
    issueCount: 0,
  };
  const size = Math.max(options.sizeBytes, 1);
  let lastReported = -1;
  const progress = async (share: number, message: string) => {
    const percent = Math.min(100, Math.floor(share));
    if (percent === lastReported) return;
    lastReported = percent;
    await options.onProgress?.(percent, message, report);
  };
  const addIssue = (issue: RowIssue) => {
    report.issueCount += 1;
    if (report.issues.length < MAX_REPORTED_ISSUES) report.issues.push(issue);
  };

  // Pass 1: check every row (and every order's amounts) without writing.
  const reading = { ...options, dialect: await sniffDialect(options.open, options.compression) };
  let bytesRead = 0;
  let isUnreadable = false;
  const checking: ReadListener = {
    onLayout: (layout) => (report.layout = layout),
    onRow: () => (report.rows += 1),
    onIssue: addIssue,
    onUnreadable: (issue) => {
      isUnreadable = true;
      addIssue(issue);
    },
    onBytes: (bytes) => (bytesRead = bytes),
  };
  for await (const batch of readOrders(reading, checking)) {
    for (const order of batch) for (const issue of orderIssues(order)) addIssue(issue);
    await progress((bytesRead / size) * 10, 'Checking the rows');
  }
  // A file that cannot be read whole imports nothing, whatever the mode: what a broken quote
  // swallowed cannot be told from what is valid.
  if (
    report.layout === null ||
    isUnreadable ||
    (report.issueCount > 0 && options.mode === 'ALL_OR_NOTHING')
  ) {
    return report;
  }

  // Pass 2: write, batch by batch. Its rows and issues were counted by the check.
  const countryCodes = new Map<string, string>();
  for (const country of await options.listCountries()) {
    countryCodes.set(country.name.toLowerCase(), country.code);
    countryCodes.set(country.code.toLowerCase(), country.code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) {
    if (code) countryCodes.set(alias, code);
  }
  // The check counted the rows: the writing's progress is the share of them read, which (unlike
  // the bytes, read ahead in buffers) keeps pace with what is written.
  let rowsRead = 0;
  const writing: ReadListener = {
    onLayout: () => undefined,
    onRow: () => (rowsRead += 1),
    onIssue: () => undefined,
    onUnreadable: () => undefined,
    onBytes: () => undefined,
  };
  // The next batch is read while the database writes this one (it waits on the database, the
  // reading on this thread): bench:import, PostgreSQL, 2026-11-27.
  const batches = readOrders(reading, writing);
  let next = batches.next();
  try {
    for (let read = await next; !read.done; read = await next) {
      options.signal?.throwIfAborted();
      const rowsWritten = rowsRead;
      next = batches.next();
      // Settled below or by batches.return(): never an unhandled rejection meanwhile.
      next.catch(() => undefined);
      // With VALID_ROWS, an order whose amounts do not add up is left out whole.
      const valid = read.value.filter((order) => orderIssues(order).length === 0);
      await options.db.transaction(async (tx) =>
        writeBatch(
          tx,
          options.events,
          options.storeId,
          options.channel,
          valid,
          countryCodes,
          report,
        ),
      );
      await progress(10 + (rowsWritten / Math.max(report.rows, 1)) * 90, 'Importing orders');
    }
  } finally {
    await next.catch(() => undefined);
    await batches.return(undefined);
  }
  await progress(100, 'Imported');
  return report;
};
