import { DateTime } from 'luxon';
import { minorDigitsOf } from '@atelier/contract/common/money';
import { isEmail } from '@atelier/contract/common/validation';
import type { PostalAddress } from '@atelier/contract/sales/order';
import {
  ORDER_IMPORT_LAYOUT_LABELS,
  type OrderImportLayout,
} from '@atelier/contract/sales/order-import';
import type { FinancialStatus, FulfillmentState } from '@atelier/contract/sales/order-values';

/**
 * Order-lines CSV files (issue 11, docs/import-orders.md): one row per order line, the rows of an
 * order together, order-level fields on its first row. Three layouts are read, told apart by
 * their headers: Atelier's own (`order_id,placed_at,sku,title,quantity,unit_price,…`), the
 * UCI Online Retail file's (`InvoiceNo,StockCode,Description,Quantity,InvoiceDate,UnitPrice,
 * CustomerID,Country`) and Shopify's orders export (`Name,Email,Financial Status,…`, its
 * headers exactly). This module turns rows into orders and refunds; it writes nothing.
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
  | 'discount'
  | 'lineDiscount'
  | 'total'
  | 'discountCode'
  | 'financialStatus'
  | 'fulfillmentStatus'
  | 'cancelledAt'
  | 'refundedAmount'
  | 'acceptsMarketing'
  | 'note'
  | 'tags'
  | 'customerPhone'
  | `${AddressKind}${AddressPart}`;

type AddressKind = 'shipping' | 'billing';
type AddressPart =
  'Name' | 'Company' | 'Address1' | 'Address2' | 'City' | 'Zip' | 'Province' | 'Country' | 'Phone';
const ADDRESS_PARTS: readonly AddressPart[] = [
  'Name',
  'Company',
  'Address1',
  'Address2',
  'City',
  'Zip',
  'Province',
  'Country',
  'Phone',
];

export type OrderLinesLayout = {
  id: OrderImportLayout;
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
  /**
   * Whether the order's discount column already counts the lines' own discounts (Shopify's
   * `Discount Amount` does): the order-level discount is then what is left over.
   */
  discountIncludesLines: boolean;
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
  discountIncludesLines: false,
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
  discountIncludesLines: false,
};

/** Shopify's address columns of one kind: `Shipping Address1` → `shippingAddress1`. */
const shopifyAddressColumns = (kind: AddressKind) =>
  Object.fromEntries(
    ADDRESS_PARTS.map((part) => [
      `${kind}${part}`,
      `${kind === 'shipping' ? 'Shipping' : 'Billing'} ${part}`,
    ]),
  ) as Record<`${AddressKind}${AddressPart}`, string>;

/**
 * Shopify's orders export (Admin → Orders → Export, "CSV for Excel, Numbers, or other
 * spreadsheet programs"): one row per line item, the order's fields on its first row only.
 * `Name` (#1001) is the order's id in the file; `Created at` is written with its offset.
 */
export const SHOPIFY_ORDERS_LAYOUT: OrderLinesLayout = {
  id: 'shopify-orders',
  label: ORDER_IMPORT_LAYOUT_LABELS['shopify-orders'],
  columns: {
    orderId: 'Name',
    customerEmail: 'Email',
    financialStatus: 'Financial Status',
    fulfillmentStatus: 'Fulfillment Status',
    acceptsMarketing: 'Accepts Marketing',
    currency: 'Currency',
    shipping: 'Shipping',
    tax: 'Taxes',
    total: 'Total',
    discountCode: 'Discount Code',
    discount: 'Discount Amount',
    placedAt: 'Created at',
    quantity: 'Lineitem quantity',
    title: 'Lineitem name',
    unitPrice: 'Lineitem price',
    sku: 'Lineitem sku',
    lineDiscount: 'Lineitem discount',
    customerPhone: 'Phone',
    ...shopifyAddressColumns('billing'),
    ...shopifyAddressColumns('shipping'),
    note: 'Notes',
    cancelledAt: 'Cancelled at',
    refundedAmount: 'Refunded Amount',
    tags: 'Tags',
  },
  required: ['orderId', 'placedAt', 'quantity', 'unitPrice'],
  currency: 'USD',
  timeZone: 'UTC',
  refundPrefix: null,
  keepsAdjustments: false,
  discountIncludesLines: true,
};

export const ORDER_LINES_LAYOUTS = [
  ATELIER_LAYOUT,
  UCI_ONLINE_RETAIL_LAYOUT,
  SHOPIFY_ORDERS_LAYOUT,
] as const;

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
  const separator =
    names.length === 1 ? [';', '\t', '|'].find((c) => names[0]!.includes(c)) : undefined;
  if (separator) {
    const shown = separator === '\t' ? 'tabs' : `"${separator}"`;
    return {
      row: 1,
      field: 'header',
      message: `The columns are separated by ${shown}: save the file as CSV with commas (in a spreadsheet, "Comma-separated values").`,
    };
  }
  return {
    row: 1,
    field: 'header',
    message: `Not an order file this import reads: the header needs order_id, placed_at, sku or title, quantity and unit_price (or the columns of a Shopify orders export, or of the UCI Online Retail file); it has ${names.slice(0, 12).join(', ') || 'nothing'}.`,
  };
};

/** One line of an imported order, money in minor units. */
export type ImportedLine = {
  sku: string | null;
  title: string;
  quantity: number;
  unitPrice: number;
  /** The line's own discount. */
  discount: number;
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
    phone: string | null;
    /** Marketing consent as the file says it (null: it does not say). */
    acceptsMarketing: boolean | null;
  } | null;
  /** As the file writes it: a country name or an ISO 3166-1 alpha-2 code. */
  country: string | null;
  shippingAddress: PostalAddress | null;
  billingAddress: PostalAddress | null;
  shipping: number;
  tax: number;
  /** The order's discount column: what codes take off (see `discountCountsLines`). */
  discount: number;
  /** Whether `discount` counts the lines' own discounts too (the layout's `discountIncludesLines`). */
  discountCountsLines: boolean;
  /** The total the file states, checked against the amounts (null: it states none). */
  statedTotal: number | null;
  /** Statuses the file states (null: an imported history, taken as paid and fulfilled). */
  financialStatus: FinancialStatus | null;
  fulfillmentState: FulfillmentState | null;
  canceledAt: Date | null;
  /** Money given back on the order, as one refund without lines. */
  refundedAmount: number;
  discountCodes: string[];
  note: string | null;
  tags: string[];
};

/** Shopify's financial statuses (its order export's `Financial Status`). */
const FINANCIAL_STATUS_WORDS: Record<string, FinancialStatus> = {
  pending: 'PENDING',
  authorized: 'AUTHORIZED',
  partially_paid: 'PARTIALLY_PAID',
  paid: 'PAID',
  partially_refunded: 'PARTIALLY_REFUNDED',
  refunded: 'REFUNDED',
  voided: 'VOIDED',
};
/** Shopify's fulfillment statuses; `restocked` orders were given back to stock, unsent. */
const FULFILLMENT_STATUS_WORDS: Record<string, FulfillmentState> = {
  fulfilled: 'FULFILLED',
  partial: 'PARTIAL',
  unfulfilled: 'NONE',
  restocked: 'NONE',
};

/** "2.55" → 255 (GBP pence); undefined for anything but a plain decimal number. */
export const toMinorUnits = (text: string, currency: string): number | undefined => {
  const value = text.trim();
  if (!/^-?\d{1,12}(\.\d{1,6})?$/.test(value)) return undefined;
  return Math.round(Number(value) * 10 ** minorDigitsOf(currency));
};

const DATE_FORMATS = ['yyyy-MM-dd HH:mm:ss', 'yyyy-MM-dd HH:mm', 'M/d/yyyy H:mm', 'yyyy-MM-dd'];
/** Times written with their offset, as Shopify's export does ("2025-03-02 14:05:11 -0500"). */
const OFFSET_DATE_FORMATS = ['yyyy-MM-dd HH:mm:ss ZZZ', 'yyyy-MM-dd HH:mm:ss ZZ'];

/** A time as written in the file: ISO 8601 with an offset, or a local time in `timeZone`. */
export const readPlacedAt = (text: string, timeZone: string): Date | undefined => {
  const value = text.trim();
  if (value === '') return undefined;
  const iso = DateTime.fromISO(value, { zone: timeZone, setZone: true });
  if (iso.isValid) return iso.toJSDate();
  for (const format of OFFSET_DATE_FORMATS) {
    const withOffset = DateTime.fromFormat(value, format, { setZone: true });
    if (withOffset.isValid) return withOffset.toJSDate();
  }
  for (const format of DATE_FORMATS) {
    const local = DateTime.fromFormat(value, format, { zone: timeZone });
    if (local.isValid) return local.toJSDate();
  }
  return undefined;
};

const MAX_TEXT = 300;

/** What reading one row gives: a line of an order (with the order's fields on its first row). */
export type ReadRow =
  | {
      orderId: string;
      line: ImportedLine;
      /** The row is not a sale (see `keepsAdjustments`): its whole order is an adjustment. */
      isAdjustment: boolean;
      /** The order's fields, from its first row; null on the rows that continue it. */
      head: Omit<ImportedOrder, 'lines'> | null;
    }
  | { orderId: string; issues: RowIssue[] };

/**
 * Reads data rows into the orders they belong to. A row continues the order of the row before
 * it when it has the same id: only its line is read (Shopify leaves the order's columns empty
 * there). Problems are returned with the row's order id, so the caller can leave the whole order
 * out.
 */
export const createOrderLinesReader = (
  layout: OrderLinesLayout,
  index: Partial<Record<OrderLineField, number>>,
) => {
  const cell = (record: readonly string[], field: OrderLineField): string => {
    const at = index[field];
    return at === undefined ? '' : (record[at] ?? '').trim();
  };
  /** The order the previous row belonged to, and its currency (continuation rows need it). */
  let previous: { orderId: string; currency: string } | null = null;

  const readRow = (record: readonly string[], row: number): ReadRow => {
    const issues: RowIssue[] = [];
    const issue = (field: OrderLineField, message: string) =>
      issues.push({ row, field: layout.columns[field] ?? field, message });

    // Bytes that are not UTF-8 (a Latin-1 "é") were read as U+FFFD.
    if (record.some((value) => value.includes('\uFFFD'))) {
      issues.push({
        row,
        field: 'file',
        message: 'has characters that are not UTF-8 text: save the file as CSV UTF-8',
      });
    }
    const orderId = cell(record, 'orderId');
    if (orderId === '') issue('orderId', 'is empty');
    else if (orderId.length > 100) issue('orderId', 'has more than 100 characters');
    const continues = orderId !== '' && previous?.orderId === orderId;
    const isRefund = layout.refundPrefix !== null && orderId.startsWith(layout.refundPrefix);

    const currency =
      continues && cell(record, 'currency') === ''
        ? previous!.currency
        : (cell(record, 'currency') || layout.currency).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) issue('currency', `"${currency}" is not an ISO 4217 code`);

    const amount = (field: OrderLineField) => {
      const text = cell(record, field);
      if (text === '') return 0;
      const value = toMinorUnits(text, currency);
      if (value === undefined || value < 0) {
        issue(field, `"${text}" is not an amount of 0 or more`);
        return 0;
      }
      return value;
    };

    // The line.
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
    const lineDiscount = amount('lineDiscount');

    previous = { orderId, currency };
    const head = continues ? null : readHead(record, row, { isRefund, currency, amount, issue });
    if (issues.length > 0) return { orderId, issues };

    // A refund's lines are the units given back, written as negative quantities by the UCI file.
    const isAdjustment = !isRefund && (quantity < 0 || unitPrice! < 0);
    if (isAdjustment && !layout.keepsAdjustments) {
      return {
        orderId,
        issues: [
          quantity < 0
            ? {
                row,
                field: layout.columns.quantity ?? 'quantity',
                message: 'is negative on an order that is not a refund',
              }
            : { row, field: layout.columns.unitPrice ?? 'unitPrice', message: 'is negative' },
        ],
      };
    }
    const line: ImportedLine = {
      sku,
      title,
      quantity: Math.abs(quantity),
      unitPrice: Math.abs(unitPrice!),
      discount: lineDiscount,
    };
    return { orderId, line, isAdjustment, head: head && { ...head, isAdjustment } };
  };

  /** An address of the file's `kind` columns; null when they are all empty. */
  const readAddress = (
    record: readonly string[],
    kind: AddressKind,
    issue: (field: OrderLineField, message: string) => void,
  ): PostalAddress | null => {
    const part = (name: AddressPart, max: number) => {
      const value = cell(record, `${kind}${name}`);
      if (value.length > max) issue(`${kind}${name}`, `has more than ${max} characters`);
      return value || null;
    };
    const address: PostalAddress = {
      name: part('Name', 200),
      company: part('Company', 200),
      line1: part('Address1', 300),
      line2: part('Address2', 300),
      city: part('City', 120),
      stateCode: part('Province', 3)?.toUpperCase() ?? null,
      postalCode: part('Zip', 20),
      countryCode: part('Country', 2)?.toUpperCase() ?? null,
      phone: part('Phone', 40),
    };
    if (address.countryCode !== null && !/^[A-Z]{2}$/.test(address.countryCode)) {
      issue(`${kind}Country`, `"${address.countryCode}" is not a two-letter country code`);
    }
    if (address.stateCode !== null && !/^[A-Z0-9]{1,3}$/.test(address.stateCode)) {
      issue(`${kind}Province`, `"${address.stateCode}" is not a state code such as NC`);
    }
    return Object.values(address).some((value) => value !== null) ? address : null;
  };

  /** The order's own fields, read from its first row. */
  const readHead = (
    record: readonly string[],
    row: number,
    {
      isRefund,
      currency,
      amount,
      issue,
    }: {
      isRefund: boolean;
      currency: string;
      amount: (field: OrderLineField) => number;
      issue: (field: OrderLineField, message: string) => void;
    },
  ): Omit<ImportedOrder, 'lines' | 'isAdjustment'> => {
    const placedAt = readPlacedAt(cell(record, 'placedAt'), layout.timeZone);
    if (!placedAt) {
      issue(
        'placedAt',
        `"${cell(record, 'placedAt')}" is not a date and time such as 2011-03-01 10:00:00`,
      );
    }
    const cancelledText = cell(record, 'cancelledAt');
    const canceledAt = cancelledText ? readPlacedAt(cancelledText, layout.timeZone) : null;
    if (canceledAt === undefined) {
      issue('cancelledAt', `"${cancelledText}" is not a date and time`);
    }
    const word = <T>(field: OrderLineField, words: Record<string, T>): T | null => {
      const text = cell(record, field).toLowerCase();
      if (text === '') return null;
      const value = words[text];
      if (value === undefined) {
        issue(field, `"${text}" is not one of ${Object.keys(words).join(', ')}`);
        return null;
      }
      return value;
    };
    const financialStatus = word('financialStatus', FINANCIAL_STATUS_WORDS);
    const fulfillmentState = word('fulfillmentStatus', FULFILLMENT_STATUS_WORDS);
    const acceptsMarketing = word('acceptsMarketing', { yes: true, no: false });

    const totalText = cell(record, 'total');
    const statedTotal = totalText === '' ? null : amount('total');
    const shipping = amount('shipping');
    const tax = amount('tax');
    const discount = amount('discount');
    const refundedAmount = amount('refundedAmount');

    // The UCI file writes customer ids as floats ("17850.0").
    const customerId = cell(record, 'customerId').replace(/\.0+$/, '') || null;
    const email = cell(record, 'customerEmail').toLowerCase() || null;
    if (email !== null && !isEmail(email)) {
      issue('customerEmail', `"${email}" is not an e-mail address`);
    }
    const shippingAddress = readAddress(record, 'shipping', issue);
    const billingAddress = readAddress(record, 'billing', issue);
    // Shopify names the customer only in the addresses: "Jane Doe" → Jane, Doe.
    const [namedFirst, ...namedLast] = (billingAddress?.name || shippingAddress?.name || '').split(
      /\s+/,
    );
    const firstName = cell(record, 'customerFirstName') || namedFirst || null;
    const lastName = cell(record, 'customerLastName') || namedLast.join(' ') || null;
    const phone = cell(record, 'customerPhone') || billingAddress?.phone || null;
    const note = cell(record, 'note') || null;
    if (note !== null && note.length > 5_000) issue('note', 'has more than 5,000 characters');
    const list = (field: OrderLineField) =>
      cell(record, field)
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
        .slice(0, 50);

    return {
      kind: isRefund ? 'REFUND' : 'ORDER',
      externalId: cell(record, 'orderId'),
      row,
      placedAt: placedAt!,
      timeZone: layout.timeZone,
      currency,
      customer:
        customerId || email
          ? {
              externalId: customerId,
              email,
              firstName: firstName?.slice(0, 100) ?? null,
              lastName: lastName?.slice(0, 100) ?? null,
              phone: phone?.slice(0, 40) ?? null,
              acceptsMarketing,
            }
          : null,
      country: cell(record, 'country') || null,
      shippingAddress,
      billingAddress,
      shipping,
      tax,
      discount,
      discountCountsLines: layout.discountIncludesLines,
      statedTotal,
      financialStatus,
      fulfillmentState,
      canceledAt: canceledAt ?? null,
      refundedAmount,
      discountCodes: list('discountCode'),
      note,
      tags: list('tags'),
    };
  };

  return { readRow };
};
