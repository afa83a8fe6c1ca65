import { DateTime } from 'luxon';
import { minorDigitsOf } from '@atelier/contract/common/money';
import { isEmail } from '@atelier/contract/common/validation';

/**
 * Order-lines CSV files (issue 11, docs/import-orders.md): one row per order line, the rows of an
 * order together, order-level amounts on its first row. Two layouts are read, told apart by
 * their headers: Atelier's own (`order_id,placed_at,sku,title,quantity,unit_price,…`) and the
 * UCI Online Retail file's (`InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,
 * CustomerID,Country`). This module turns rows into orders and refunds; it writes nothing.
 */

/** What a column of an order-lines file can say. */
export type OrderLineField =
  | 'orderId'
  | 'placedAt'
  | 'sku'
  | 'title'
  | 'quantity'
  | 'unitPrice'
  | 'currency'
  | 'customerId'
  | 'customerEmail'
  | 'customerFirstName'
  | 'customerLastName'
  | 'country'
  | 'shipping'
  | 'tax'
  | 'discount';

export type OrderLinesLayout = {
  id: 'atelier' | 'uci-online-retail';
  label: string;
  /** The header of each field's column, as the file writes it. */
  columns: Partial<Record<OrderLineField, string>>;
  /** Fields a row must have. */
  required: readonly OrderLineField[];
  /** Currency of files without a currency column (ISO 4217). */
  currency: string;
  /** IANA time zone of times written without an offset. */
  timeZone: string;
  /** An order id starting with this is a refund (the UCI file's cancellation invoices, `C…`). */
  refundPrefix: string | null;
  /**
   * Whether rows that are not sales (a negative quantity outside a refund: stock written off; a
   * negative price: bad debt written off) are kept as adjustments instead of refused. The UCI
   * file has 1,338 such invoices among its 22,064; they are recorded as canceled orders.
   */
  keepsAdjustments: boolean;
};

export const ATELIER_LAYOUT: OrderLinesLayout = {
  id: 'atelier',
  label: 'Atelier order lines',
  columns: {
    orderId: 'order_id',
    placedAt: 'placed_at',
    sku: 'sku',
    title: 'title',
    quantity: 'quantity',
    unitPrice: 'unit_price',
    currency: 'currency',
    customerId: 'customer_id',
    customerEmail: 'customer_email',
    customerFirstName: 'customer_first_name',
    customerLastName: 'customer_last_name',
    country: 'country',
    shipping: 'shipping',
    tax: 'tax',
    discount: 'discount',
  },
  required: ['orderId', 'placedAt', 'quantity', 'unitPrice'],
  currency: 'USD',
  timeZone: 'UTC',
  refundPrefix: null,
  keepsAdjustments: false,
};

export const UCI_ONLINE_RETAIL_LAYOUT: OrderLinesLayout = {
  id: 'uci-online-retail',
  label: 'UCI Online Retail',
  columns: {
    orderId: 'InvoiceNo',
    sku: 'StockCode',
    title: 'Description',
    quantity: 'Quantity',
    placedAt: 'InvoiceDate',
    unitPrice: 'UnitPrice',
    customerId: 'CustomerID',
    country: 'Country',
  },
  required: ['orderId', 'placedAt', 'quantity', 'unitPrice'],
  currency: 'GBP',
  timeZone: 'Europe/London',
  refundPrefix: 'C',
  keepsAdjustments: true,
};

export const ORDER_LINES_LAYOUTS = [ATELIER_LAYOUT, UCI_ONLINE_RETAIL_LAYOUT] as const;

/** A problem with one row (1 is the header row, so data starts at 2). */
export type RowIssue = { row: number; field: string; message: string };

/**
 * The layout whose required columns the header has, with the index of each known column; an
 * issue on row 1 naming what is missing when none fits.
 */
export const detectLayout = (
  header: readonly string[],
): { layout: OrderLinesLayout; index: Partial<Record<OrderLineField, number>> } | RowIssue => {
  const names = header.map((name) => name.replace(/^\uFEFF/, '').trim());
  const lower = names.map((name) => name.toLowerCase());
  for (const layout of ORDER_LINES_LAYOUTS) {
    const index: Partial<Record<OrderLineField, number>> = {};
    for (const [field, column] of Object.entries(layout.columns) as [OrderLineField, string][]) {
      const at = lower.indexOf(column.toLowerCase());
      if (at >= 0) index[field] = at;
    }
    const hasTitleOrSku = index.sku !== undefined || index.title !== undefined;
    if (layout.required.every((field) => index[field] !== undefined) && hasTitleOrSku) {
      return { layout, index };
    }
  }
  return {
    row: 1,
    field: 'header',
    message: `Not an order-lines file: the header needs order_id, placed_at, sku or title, quantity and unit_price (or the UCI Online Retail columns); it has ${names.slice(0, 12).join(', ') || 'nothing'}.`,
  };
};

/** One line of an imported order, money in minor units. */
export type ImportedLine = {
  sku: string | null;
  title: string;
  quantity: number;
  unitPrice: number;
};

/** An order (or a refund, for a layout's refund ids) as the file gives it. */
export type ImportedOrder = {
  kind: 'ORDER' | 'REFUND';
  /** Not a sale: stock or bad debt written off (see `keepsAdjustments`); kept as canceled. */
  isAdjustment: boolean;
  externalId: string;
  /** The file row of its first line. */
  row: number;
  placedAt: Date;
  timeZone: string;
  currency: string;
  lines: ImportedLine[];
  customer: {
    externalId: string | null;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
  } | null;
  /** As the file writes it: a country name or an ISO 3166-1 alpha-2 code. */
  country: string | null;
  shipping: number;
  tax: number;
  discount: number;
};

/** "2.55" → 255 (GBP pence); undefined for anything but a plain decimal number. */
export const toMinorUnits = (text: string, currency: string): number | undefined => {
  const value = text.trim();
  if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(value)) return undefined;
  return Math.round(Number(value) * 10 ** minorDigitsOf(currency));
};

const DATE_FORMATS = ['yyyy-MM-dd HH:mm:ss', 'yyyy-MM-dd HH:mm', 'M/d/yyyy H:mm', 'yyyy-MM-dd'];

/** A time as written in the file: ISO 8601 with an offset, or a local time in `timeZone`. */
export const readPlacedAt = (text: string, timeZone: string): Date | undefined => {
  const value = text.trim();
  if (value === '') return undefined;
  const iso = DateTime.fromISO(value, { zone: timeZone, setZone: true });
  if (iso.isValid) return iso.toJSDate();
  for (const format of DATE_FORMATS) {
    const local = DateTime.fromFormat(value, format, { zone: timeZone });
    if (local.isValid) return local.toJSDate();
  }
  return undefined;
};

const MAX_TEXT = 300;

/**
 * Reads one data row into the order it belongs to (`into`, or a new one returned when `into` is
 * another order's). Issues are pushed to `issues`; a row with an issue adds nothing.
 */
export const createOrderLinesReader = (
  layout: OrderLinesLayout,
  index: Partial<Record<OrderLineField, number>>,
) => {
  const cell = (record: readonly string[], field: OrderLineField): string => {
    const at = index[field];
    return at === undefined ? '' : (record[at] ?? '').trim();
  };

  /** The order a row starts or continues, or the row's issues. */
  const readRow = (
    record: readonly string[],
    row: number,
  ): { orderId: string; line: ImportedLine; head: Omit<ImportedOrder, 'lines'> } | RowIssue[] => {
    const issues: RowIssue[] = [];
    const issue = (field: OrderLineField, message: string) =>
      issues.push({ row, field: layout.columns[field] ?? field, message });

    const orderId = cell(record, 'orderId');
    if (orderId === '') issue('orderId', 'is empty');
    else if (orderId.length > 100) issue('orderId', 'has more than 100 characters');
    const isRefund = layout.refundPrefix !== null && orderId.startsWith(layout.refundPrefix);

    const currency = (cell(record, 'currency') || layout.currency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) issue('currency', `"${currency}" is not an ISO 4217 code`);

    const placedAt = readPlacedAt(cell(record, 'placedAt'), layout.timeZone);
    if (!placedAt) {
      issue(
        'placedAt',
        `"${cell(record, 'placedAt')}" is not a date and time such as 2011-03-01 10:00:00`,
      );
    }

    const quantityText = cell(record, 'quantity');
    const quantity = /^-?\d{1,9}$/.test(quantityText) ? Number(quantityText) : NaN;
    if (!Number.isInteger(quantity) || quantity === 0) {
      issue('quantity', `"${quantityText}" is not a whole number other than 0`);
    }
    const unitPrice = toMinorUnits(cell(record, 'unitPrice'), currency);
    if (unitPrice === undefined) {
      issue('unitPrice', `"${cell(record, 'unitPrice')}" is not an amount such as 2.55`);
    }

    const sku = cell(record, 'sku') || null;
    const title = cell(record, 'title') || sku || '';
    if (title === '') issue('title', 'and the SKU are both empty');
    if (title.length > MAX_TEXT) issue('title', `has more than ${MAX_TEXT} characters`);

    const amount = (field: 'shipping' | 'tax' | 'discount') => {
      const text = cell(record, field);
      if (text === '') return 0;
      const value = toMinorUnits(text, currency);
      if (value === undefined || value < 0) {
        issue(field, `"${text}" is not an amount of 0 or more`);
        return 0;
      }
      return value;
    };
    const shipping = amount('shipping');
    const tax = amount('tax');
    const discount = amount('discount');

    // The UCI file writes customer ids as floats ("17850.0").
    const customerId = cell(record, 'customerId').replace(/\.0+$/, '') || null;
    const email = cell(record, 'customerEmail').toLowerCase() || null;
    if (email !== null && !isEmail(email)) {
      issue('customerEmail', `"${email}" is not an e-mail address`);
    }
    if (issues.length > 0) return issues;

    // A refund's lines are the units given back, written as negative quantities by the UCI file.
    const isAdjustment = !isRefund && (quantity < 0 || unitPrice! < 0);
    if (isAdjustment && !layout.keepsAdjustments) {
      return [
        quantity < 0
          ? {
              row,
              field: layout.columns.quantity ?? 'quantity',
              message: 'is negative on an order that is not a refund',
            }
          : { row, field: layout.columns.unitPrice ?? 'unitPrice', message: 'is negative' },
      ];
    }
    const lineQuantity = Math.abs(quantity);
    const linePrice = Math.abs(unitPrice!);
    const firstName = cell(record, 'customerFirstName') || null;
    const lastName = cell(record, 'customerLastName') || null;
    return {
      orderId,
      line: { sku, title, quantity: lineQuantity, unitPrice: linePrice },
      head: {
        kind: isRefund ? 'REFUND' : 'ORDER',
        isAdjustment,
        externalId: orderId,
        row,
        placedAt: placedAt!,
        timeZone: layout.timeZone,
        currency,
        customer:
          customerId || email ? { externalId: customerId, email, firstName, lastName } : null,
        country: cell(record, 'country') || null,
        shipping,
        tax,
        discount,
      },
    };
  };

  return { readRow };
};
