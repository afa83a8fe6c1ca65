import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import path from 'node:path';
import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { StartReportBodySchema, type FulfillmentReport } from '@atelier/contract/fulfillment/fees';
import type { Database } from '@/db/client';
import { salesOrders } from '@/db/schema';
import { PermanentJobError, type JobHandler } from '@/modules/jobs';
import { fulfillmentShipments } from '../fulfillment.table';
import { shipmentSn } from '../shipment.service';
import { CENTER_TIME_ZONE, periodBounds } from './calendar';
import { rowsOf } from './fee.service';
import { returnsReport } from '../return.report';

export type { ReportDefinition, ReportPeriod } from './report-definition';
import type { ReportDefinition, ReportPeriod } from './report-definition';

const BATCH = 500;

/** Cents as dollars with two decimals (−15 → "-0.15"). */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The financial report: fees by month (America/New_York) and kind, receivings' incidents
 * included, one row per month and kind with the number of charges and the amount (cash back
 * negative), then a TOTAL row per month.
 */
const financial: ReportDefinition = {
  fileStem: 'fulfillment-financial-report',
  columns: ['month', 'kind', 'charges', 'amount_usd', 'amount_cents', 'currency'],
  async count(db, storeId, period) {
    return (await financialRows(db, storeId, period)).length;
  },
  async *batches(db, storeId, period) {
    yield await financialRows(db, storeId, period);
  },
};

const financialRows = async (db: Database, storeId: string, period: ReportPeriod) => {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const result = await db.execute(sql`
    select month, kind, count(*)::int as charges, sum(amount)::bigint as amount from (
      select month, kind, amount from fulfillment_fee_charges
      where store_id = ${storeId} and created_at >= ${start} and created_at < ${end}
      union all
      select to_char(created_at at time zone ${CENTER_TIME_ZONE}, 'YYYY-MM') as month,
        'RECEIVING_INCIDENT' as kind, amount from fulfillment_fees
      where store_id = ${storeId} and created_at >= ${start} and created_at < ${end}
    ) as fees
    group by month, kind
    order by month, kind`);
  const rows = rowsOf<{ month: string; kind: string; charges: number; amount: string | number }>(
    result,
  );
  const out: unknown[][] = [];
  const months = [...new Set(rows.map((row) => row.month))];
  for (const month of months) {
    let total = 0;
    let charges = 0;
    for (const row of rows.filter((candidate) => candidate.month === month)) {
      const amount = Number(row.amount);
      total += amount;
      charges += Number(row.charges);
      out.push([month, row.kind, Number(row.charges), dollars(amount), amount, 'USD']);
    }
    out.push([month, 'TOTAL', charges, dollars(total), total, 'USD']);
  }
  return out;
};

/** The outbound report: every shipment made in the period, labels voided by a recreate too. */
const outbound: ReportDefinition = {
  fileStem: 'fulfillment-outbound-report',
  columns: [
    'sn',
    'order',
    'status',
    'carrier',
    'service',
    'tracking_number',
    'weight_g',
    'weight_lb',
    'cost_usd',
    'cost_cents',
    'currency',
    'created_at',
  ],
  async count(db, storeId, period) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(fulfillmentShipments)
      .where(inPeriod(storeId, period));
    return Number(row?.n ?? 0);
  },
  async *batches(db, storeId, period) {
    let after = 0;
    for (;;) {
      const rows = await db
        .select({
          number: fulfillmentShipments.number,
          prefix: salesOrders.prefix,
          orderNumber: salesOrders.number,
          status: fulfillmentShipments.status,
          carrier: fulfillmentShipments.carrier,
          serviceLevel: fulfillmentShipments.serviceLevel,
          trackingNumber: fulfillmentShipments.trackingNumber,
          weightG: fulfillmentShipments.weightG,
          rateAmount: fulfillmentShipments.rateAmount,
          currencyCode: fulfillmentShipments.currencyCode,
          createdAt: fulfillmentShipments.createdAt,
        })
        .from(fulfillmentShipments)
        .leftJoin(
          salesOrders,
          and(
            eq(salesOrders.id, fulfillmentShipments.orderId),
            eq(salesOrders.storeId, fulfillmentShipments.storeId),
          ),
        )
        .where(and(inPeriod(storeId, period), gt(fulfillmentShipments.number, after)))
        .orderBy(asc(fulfillmentShipments.number))
        .limit(BATCH);
      if (rows.length === 0) return;
      yield rows.map((row) => [
        shipmentSn(row.number),
        row.prefix === null ? '' : `${row.prefix}${row.orderNumber}`,
        row.status,
        row.carrier ?? '',
        row.serviceLevel,
        row.trackingNumber ?? '',
        row.weightG,
        (row.weightG / 453.59237).toFixed(2),
        dollars(row.rateAmount),
        row.rateAmount,
        row.currencyCode,
        row.createdAt.toISOString(),
      ]);
      after = rows.at(-1)!.number;
      if (rows.length < BATCH) return;
    }
  },
};

const inPeriod = (storeId: string, period: ReportPeriod) =>
  and(
    eq(fulfillmentShipments.storeId, storeId),
    gte(fulfillmentShipments.createdAt, period.start),
    lt(fulfillmentShipments.createdAt, period.end),
  );

/**
 * The report definitions by kind. The lead's returns report: add `returns` to
 * FULFILLMENT_REPORTS and `registerReport('returns', definition)` (or an entry here).
 */
const reports = new Map<string, ReportDefinition>([
  ['financial', financial],
  ['outbound', outbound],
  ['returns', returnsReport],
]);

/** Adds (or replaces) a report kind's definition, e.g. the returns report. */
export const registerReport = (kind: FulfillmentReport, definition: ReportDefinition) => {
  reports.set(kind, definition);
};

/** A text a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'string'
      ? FORMULA_START.test(value)
        ? `'${value}`
        : value
      : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
/** One CSV line (RFC 4180, CRLF). Numbers are written as they are, so "-0.15" stays a number. */
export const csvLine = (cells: readonly unknown[]) =>
  `${cells
    .map((cell) =>
      typeof cell === 'string' && /^-?\d+(\.\d+)?$/.test(cell) ? cell : csvCell(cell),
    )
    .join(',')}\r\n`;

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * One XLSX cell: a short decimal text ("-0.15") as a number, a Date as a date, other objects as JSON,
 * text as text (a cell of text is never run as a formula in XLSX).
 */
const xlsxCell = (value: unknown): ExcelJS.CellValue => {
  if (value === null || value === undefined) return null;
  // A long or zero-led digit string (a tracking number, a ZIP code) stays text: as a number it
  // would lose digits.
  if (typeof value === 'string') {
    return /^-?(0|[1-9]\d{0,14})(\.\d{1,6})?$/.test(value) ? Number(value) : value;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  if (typeof value === 'bigint') return Number(value);
  return JSON.stringify(value);
};

/** What a report job's key says; PermanentJobError for a key no start would make. */
export const parseReportKey = (key: string) => {
  const [report, format, from, to, ...rest] = key.split(':');
  const parsed = StartReportBodySchema.safeParse({ report, format, from, to });
  if (rest.length > 0 || !parsed.success || !reports.has(parsed.data.report)) {
    throw new PermanentJobError(`Not a report job key: ${key}`);
  }
  return parsed.data;
};

/**
 * FULFILLMENT_REPORT_JOB_KIND: writes one report as CSV or XLSX into the job's folder (`jobFilesDir`),
 * reporting progress batch by batch, and returns its file name, size and type for the jobs
 * download. Idempotent: an attempt starts from an empty folder and renames its file into place
 * at the end. Only the job's store's rows are read.
 */
export const createReportJobHandler =
  ({ db, jobFilesDir }: { db: Database; jobFilesDir: (jobId: string) => string }): JobHandler =>
  async (job, { storeId, key, attempt, signal, reportProgress }) => {
    const request = parseReportKey(key);
    const definition = reports.get(request.report)!;
    const period: ReportPeriod = {
      from: request.from,
      to: request.to,
      ...periodBounds(request.from, request.to),
    };
    const dir = jobFilesDir(job.id);
    const extension = request.format === 'xlsx' ? 'xlsx' : 'csv';
    const fileName = `${definition.fileStem}-${request.from}-to-${request.to}.${extension}`;
    const partial = path.join(dir, `.attempt-${attempt}.${extension}`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await reportProgress(1, 'Counting rows');
    const total = await definition.count(db, storeId, period);
    const chunks: string[] = [csvLine(definition.columns)];
    // XLSX: streamed to the file row by row (exceljs), numbers as numbers, the header bold.
    const workbook =
      extension === 'xlsx'
        ? new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useStyles: true })
        : null;
    const sheet = workbook?.addWorksheet(
      definition.fileStem.replace(/^fulfillment-/, '').slice(0, 31),
    );
    if (sheet) {
      const header = sheet.addRow([...definition.columns]);
      header.font = { bold: true };
      header.commit();
    }
    let written = 0;
    for await (const batch of definition.batches(db, storeId, period)) {
      signal.throwIfAborted();
      for (const row of batch) {
        if (sheet) sheet.addRow(row.map(xlsxCell)).commit();
        else chunks.push(csvLine(row));
      }
      written += batch.length;
      await reportProgress(
        Math.min(95, 5 + Math.floor((90 * written) / Math.max(total, 1))),
        `Writing rows (${written} of ${Math.max(total, written)})`,
        { rows: written },
      );
    }
    if (workbook && sheet) {
      sheet.commit();
      await workbook.commit();
    } else {
      // A UTF-8 byte order mark, so spreadsheets read accented product names right.
      await writeFile(partial, `\uFEFF${chunks.join('')}`, 'utf8');
    }
    await rename(partial, path.join(dir, fileName));
    const { size } = await stat(path.join(dir, fileName));
    await reportProgress(100, `${written} rows`, { rows: written });
    return {
      fileName,
      sizeBytes: size,
      contentType: extension === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8',
      rows: written,
    };
  };
