import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { findOrderTotalIssues } from '@atelier/contract/sales/order-totals';
import type { Database } from '@/db/client';
import type { EventBus } from '@/events/event-bus';
import { newId } from '@/lib/ids';
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
/** Rows per multi-row INSERT (PostgreSQL takes at most 65,535 parameters in one statement). */
const INSERT_CHUNK = 2_000;
/** Issues kept for the report; a file with more says how many there were. */
export const MAX_REPORTED_ISSUES = 100;
/** A row longer than this is refused (the issue's "a 10 MB line"). */
export const MAX_ROW_BYTES = 64 * 1024;

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
  /** Where the orders come from, e.g. `import:uci-online-retail`: external ids are unique in it. */
  channel: string;
  mode: ImportMode;
  /** Opens the file from its start (it is read twice: a check, then the import). */
  open: () => Readable;
  /** Whether the file is gzip-compressed (`.csv.gz`). */
  isGzip?: boolean;
  /** Bytes of the file as stored (compressed, for a `.gz`), for progress. */
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

/** Reads the file's orders, in file order, batch by batch; issues go to the report. */
async function* readOrders(
  options: Pick<OrderImportOptions, 'open' | 'signal' | 'isGzip' | 'batchOrders'>,
  report: OrderImportReport,
  onBytes: (bytes: number) => void,
): AsyncGenerator<ImportedOrder[]> {
  const batchOrders = options.batchOrders ?? IMPORT_BATCH_ORDERS;
  const source = options.open();
  let bytes = 0;
  source.on('data', (chunk: Buffer | string) => {
    bytes += chunk.length;
    onBytes(bytes);
  });
  const decoded = options.isGzip ? source.pipe(createGunzip()) : source;
  const parser = decoded.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_ROW_BYTES,
    }),
  );
  // `pipe` does not pass errors on: a file that cannot be read or unzipped ends the parse.
  source.on('error', (error) => parser.destroy(error));
  if (decoded !== source) decoded.on('error', (error) => parser.destroy(error));
  const addIssue = (issue: RowIssue) => {
    report.issueCount += 1;
    if (report.issues.length < MAX_REPORTED_ISSUES) report.issues.push(issue);
  };

  let reader: ReturnType<typeof createOrderLinesReader> | undefined;
  const done = new Set<string>();
  let batch = new Map<string, ImportedOrder>();
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      options.signal?.throwIfAborted();
      row += 1;
      if (!reader) {
        const detected = detectLayout(record);
        if ('row' in detected) {
          addIssue(detected);
          return;
        }
        report.layout = detected.layout.id;
        reader = createOrderLinesReader(detected.layout, detected.index);
        continue;
      }
      report.rows += 1;
      const read = reader.readRow(record, row);
      if (Array.isArray(read)) {
        for (const issue of read) addIssue(issue);
        continue;
      }
      // Rows of one order may interleave with others' (the UCI file has 35 such rows); they
      // are merged while the order is in the batch being read.
      const current = batch.get(read.orderId);
      if (current) {
        current.lines.push(read.line);
        // One row that is not a sale makes the whole invoice an adjustment.
        if (read.head.isAdjustment) current.isAdjustment = true;
      } else if (done.has(read.orderId)) {
        addIssue({
          row,
          field: 'order',
          message: `The rows of order ${read.orderId} are too far apart: it appeared more than ${batchOrders} orders earlier.`,
        });
        continue;
      } else {
        if (batch.size >= batchOrders) {
          yield [...batch.values()];
          for (const id of batch.keys()) done.add(id);
          batch = new Map();
        }
        batch.set(read.orderId, { ...read.head, lines: [read.line] });
      }
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // csv-parse stops at a broken quote or an oversized row; it says where.
    const line = (error as { lines?: number }).lines ?? row + 1;
    addIssue({
      row: line,
      field: 'file',
      message: `The file cannot be read past this row: ${(error as Error).message}`,
    });
    return;
  }
  if (batch.size > 0) yield [...batch.values()];
}

/** Order-level issues (amounts that do not add up), as row issues on the order's first row. */
const orderIssues = (order: ImportedOrder): RowIssue[] => {
  const subtotal = order.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  return findOrderTotalIssues({
    lines: order.lines.map((line) => ({ ...line, discount: 0 })),
    subtotal,
    discountTotal: order.discount,
    shippingTotal: order.shipping,
    taxTotal: order.tax,
    total: subtotal - order.discount + order.shipping + order.tax,
  }).map((issue) => ({ row: order.row, field: issue.field, message: issue.message }));
};

const chunks = <T>(items: T[], size: number): T[][] => {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size));
  }
  return result;
};

/**
 * Writes one batch in one transaction: customers (found by channel id or e-mail, else created),
 * orders not yet recorded (numbered in the store's `#` series), their lines, refunds attached to
 * the same customer's latest earlier order (with the lines of the same SKU), the customers'
 * figures recomputed, and one `sales.orders.imported` event.
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
  // Customers: one row per channel id (or e-mail) of the batch.
  const customerKey = (customer: NonNullable<ImportedOrder['customer']>) =>
    customer.externalId ? `id:${customer.externalId}` : `email:${customer.email}`;
  const wanted = new Map<string, NonNullable<ImportedOrder['customer']>>();
  for (const order of batch)
    if (order.customer) wanted.set(customerKey(order.customer), order.customer);
  const externalIds = [...wanted.values()].flatMap((c) => (c.externalId ? [c.externalId] : []));
  const emails = [...wanted.values()].flatMap((c) => (!c.externalId && c.email ? [c.email] : []));
  const customerIds = new Map<string, string>();
  const readCustomers = async () => {
    if (externalIds.length > 0) {
      for (const part of chunks(externalIds, INSERT_CHUNK)) {
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
        for (const row of rows) customerIds.set(`id:${row.externalId}`, row.id);
      }
    }
    for (const part of chunks(emails, INSERT_CHUNK)) {
      const rows = await tx
        .select({ id: salesCustomers.id, email: salesCustomers.email })
        .from(salesCustomers)
        .where(and(eq(salesCustomers.storeId, storeId), inArray(salesCustomers.email, part)));
      for (const row of rows) customerIds.set(`email:${row.email}`, row.id);
    }
  };
  await readCustomers();
  const newCustomers = [...wanted.entries()]
    .filter(([key]) => !customerIds.has(key))
    .map(([key, customer]) => {
      const id = newId('cus');
      customerIds.set(key, id);
      return {
        id,
        storeId,
        email: customer.email,
        firstName: customer.firstName,
        lastName: customer.lastName,
        channel: customer.externalId ? channel : null,
        externalId: customer.externalId,
      };
    });
  for (const part of chunks(newCustomers, INSERT_CHUNK)) {
    await tx.insert(salesCustomers).values(part);
  }

  // Orders not recorded yet (a resumed or repeated import skips the rest).
  const orders = batch.filter((order) => order.kind === 'ORDER');
  const known = new Set<string>();
  for (const part of chunks(
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
  const fresh = orders.filter((order) => !known.has(order.externalId));
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
    const subtotal = order.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
    const countryCode = order.country
      ? (countryCodes.get(order.country.toLowerCase()) ?? null)
      : null;
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
      discountTotal: order.discount,
      shippingTotal: order.shipping,
      taxTotal: order.tax,
      total: subtotal - order.discount + order.shipping + order.tax,
      customerId: order.customer ? (customerIds.get(customerKey(order.customer)) ?? null) : null,
      shippingAddress: countryCode
        ? {
            name: null,
            company: null,
            line1: null,
            line2: null,
            city: null,
            stateCode: null,
            postalCode: null,
            countryCode,
            phone: null,
          }
        : null,
      // An adjustment (stock or bad debt written off) is kept, canceled, so the history has
      // every invoice of the file; it counts toward no customer's spending.
      financialStatus: order.isAdjustment ? 'VOIDED' : 'PAID',
      productionStatus: 'FINISHED',
      cancelState: order.isAdjustment ? 'CANCELED' : 'NONE',
      fulfillmentState: order.isAdjustment ? 'NONE' : 'FULFILLED',
      tags: order.isAdjustment ? ['adjustment'] : [],
      itemCount: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    };
  });
  for (const part of chunks(orderRows, 500)) await tx.insert(salesOrders).values(part);
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
    })),
  );
  for (const part of chunks(lineRows, INSERT_CHUNK)) await tx.insert(salesOrderLines).values(part);
  report.orders += fresh.length;

  // Refunds: on the same customer's latest order placed before them.
  for (const refund of batch.filter((order) => order.kind === 'REFUND')) {
    const [already] = await tx
      .select({ id: salesRefunds.id })
      .from(salesRefunds)
      .where(
        and(
          eq(salesRefunds.storeId, storeId),
          eq(salesRefunds.externalId, `${channel}:${refund.externalId}`),
        ),
      )
      .limit(1);
    if (already) continue;
    const customerId = refund.customer ? customerIds.get(customerKey(refund.customer)) : undefined;
    const [target] = customerId
      ? await tx
          .select({ id: salesOrders.id, total: salesOrders.total })
          .from(salesOrders)
          .where(
            and(
              eq(salesOrders.storeId, storeId),
              eq(salesOrders.customerId, customerId),
              lt(salesOrders.placedAt, refund.placedAt),
            ),
          )
          .orderBy(desc(salesOrders.placedAt))
          .limit(1)
      : [];
    if (!target) {
      report.unmatchedRefunds += 1;
      continue;
    }
    const amount = refund.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
    const refundId = newId('ref');
    await tx.insert(salesRefunds).values({
      id: refundId,
      orderId: target.id,
      storeId,
      externalId: `${channel}:${refund.externalId}`,
      amount,
      note: `Cancellation ${refund.externalId}`,
      createdAt: refund.placedAt,
    });
    const lines = await tx
      .select({
        id: salesOrderLines.id,
        sku: salesOrderLines.sku,
        quantity: salesOrderLines.quantity,
      })
      .from(salesOrderLines)
      .where(eq(salesOrderLines.orderId, target.id));
    const refundLines = new Map<string, number>();
    for (const line of refund.lines) {
      const match = lines.find((candidate) => candidate.sku !== null && candidate.sku === line.sku);
      if (match) {
        refundLines.set(
          match.id,
          Math.min(match.quantity, (refundLines.get(match.id) ?? 0) + line.quantity),
        );
      }
    }
    if (refundLines.size > 0) {
      await tx
        .insert(salesRefundLines)
        .values([...refundLines].map(([lineId, quantity]) => ({ refundId, lineId, quantity })));
    }
    await tx
      .update(salesOrders)
      .set({
        hasRefunds: true,
        financialStatus: sql`case when (select coalesce(sum(${salesRefunds.amount}), 0) from ${salesRefunds} where ${salesRefunds.orderId} = ${target.id}) >= ${salesOrders.total} then 'REFUNDED' else 'PARTIALLY_REFUNDED' end`,
        updatedAt: sql`now()`,
      })
      .where(eq(salesOrders.id, target.id));
    report.refunds += 1;
  }

  // The figures of every customer of the batch, from their orders (canceled ones left out).
  const touched = [...new Set(customerIds.values())];
  for (const part of chunks(touched, INSERT_CHUNK)) {
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

  // Pass 1: check every row (and every order's amounts) without writing.
  let checkedBytes = 0;
  for await (const batch of readOrders(options, report, (bytes) => (checkedBytes = bytes))) {
    for (const order of batch) {
      for (const issue of orderIssues(order)) {
        report.issueCount += 1;
        if (report.issues.length < MAX_REPORTED_ISSUES) report.issues.push(issue);
      }
    }
    await progress((checkedBytes / size) * 10, 'Checking the rows');
  }
  const hasIssues = report.issueCount > 0;
  if (report.layout === null || (hasIssues && options.mode === 'ALL_OR_NOTHING')) return report;

  // Pass 2: write, batch by batch.
  const checkedRows = report.rows;
  const issues = report.issues;
  const issueCount = report.issueCount;
  const rowIssues = new Set(issues.map((issue) => issue.row));
  report.rows = 0;
  report.issues = [];
  report.issueCount = 0;
  const countryCodes = new Map<string, string>();
  for (const country of await options.listCountries()) {
    countryCodes.set(country.name.toLowerCase(), country.code);
    countryCodes.set(country.code.toLowerCase(), country.code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) {
    if (code) countryCodes.set(alias, code);
  }
  let writtenBytes = 0;
  for await (const batch of readOrders(options, report, (bytes) => (writtenBytes = bytes))) {
    options.signal?.throwIfAborted();
    // With VALID_ROWS, an order whose first row has an amount issue is left out whole.
    const valid = batch.filter((order) => !rowIssues.has(order.row));
    await options.db.transaction(async (tx) =>
      writeBatch(tx, options.events, options.storeId, options.channel, valid, countryCodes, report),
    );
    await progress(10 + (writtenBytes / size) * 90, 'Importing orders');
  }
  report.rows = checkedRows;
  report.issues = issues;
  report.issueCount = issueCount;
  await progress(100, 'Imported');
  return report;
};
