import { DateTime } from 'luxon';
import { minorDigitsOf } from '@atelier/contract/common/money';
import { isEmail } from '@atelier/contract/common/validation';
import type { PostalAddress } from '@atelier/contract/sales/order';
import type { FinancialStatus, FulfillmentState } from '@atelier/contract/sales/order-values';
import { hasNonUtf8, NON_UTF8_MESSAGE } from './import-records';
import {
  ORDER_LINES_LAYOUTS,
  type AddressKind,
  type AddressPart,
  type OrderLineField,
  type OrderLinesLayout,
} from './order-file-layouts';

export type { OrderLineField, OrderLinesLayout } from './order-file-layouts';

/**
 * Order-lines files (issue 11, docs/import-orders.md): one row per order line, the rows of an
 * order together, order-level fields on its first row. The layouts (`order-file-layouts.ts`) are
 * told apart by their headers: Atelier's own (`order_id,placed_at,sku,title,quantity,
 * unit_price,…`), the UCI Online Retail file's, Shopify's orders export, WooCommerce's (one row
 * per item) and the CDNOW history (a row per purchase). This module turns rows into orders and
 * refunds; it writes nothing.
 */

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
    const hasTitleOrSku =
      index.sku !== undefined || index.title !== undefined || layout.lineTitle !== undefined;
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
    message: `Not an order file this import reads: the header needs order_id, placed_at, sku or title, quantity and unit_price (or the columns of a Shopify or WooCommerce orders export, of the UCI Online Retail file or of the CDNOW history); it has ${names.slice(0, 12).join(', ') || 'nothing'}.`,
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
  /** Lines the order's own columns make (WooCommerce's fees), after the rows' lines. */
  extraLines: ImportedLine[];
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

/** Each way a time is written, in the order they are tried (an invalid DateTime: not this way). */
const TIME_FORMATS: ((value: string, timeZone: string) => DateTime)[] = [
  (value, timeZone) => DateTime.fromISO(value, { zone: timeZone, setZone: true }),
  ...OFFSET_DATE_FORMATS.map(
    (format) => (value: string) => DateTime.fromFormat(value, format, { setZone: true }),
  ),
  ...DATE_FORMATS.map(
    (format) => (value: string, timeZone: string) =>
      DateTime.fromFormat(value, format, { zone: timeZone }),
  ),
];
const TIME_PARSERS = TIME_FORMATS.map((parse) => (value: string, timeZone: string) => {
  const time = parse(value, timeZone);
  return time.isValid ? time : undefined;
});
/**
 * The parser that read the last time: a file writes all its times one way, so it is tried first
 * (the ways exclude each other: no text fits two with different answers). Trying them in order
 * cost an import of the UCI file 11 s of 85 (bench:import profile, 2026-11-27).
 */
let lastTimeParser = 0;

/**
 * A time as written in the file: ISO 8601 with an offset, a day (`2011-03-01`, `19970101`), or a
 * local time in `timeZone`.
 */
export const readPlacedAt = (text: string, timeZone: string): Date | undefined => {
  const value = text.trim();
  if (value === '') return undefined;
  const first = TIME_PARSERS[lastTimeParser]!(value, timeZone);
  if (first) return first.toJSDate();
  for (const [index, parse] of TIME_PARSERS.entries()) {
    if (index === lastTimeParser) continue;
    const time = parse(value, timeZone);
    if (time) {
      lastTimeParser = index;
      return time.toJSDate();
    }
  }
  return undefined;
};

/**
 * The coupon codes of WooCommerce's `coupon_items` cell: items separated by `;`, each
 * `key:value` pairs separated by `|`, the reserved characters escaped with `\`
 * (`id:12|code:welcome10|amount:5.00|description:`).
 */
export const readCouponCodes = (text: string): string[] => {
  const split = (value: string, separator: string) =>
    value.split(new RegExp(`(?<!\\\\)\\${separator}`));
  const unescape = (value: string) => value.replace(/\\([:|;])/g, '$1');
  return split(text, ';').flatMap((item) => {
    for (const pair of split(item, '|')) {
      const [key, ...rest] = split(pair, ':');
      if (key?.trim() === 'code') {
        const code = unescape(rest.join(':')).trim();
        return code === '' ? [] : [code];
      }
    }
    return [];
  });
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

type IssueOf = (field: OrderLineField, message: string) => void;

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
    const value = at === undefined ? '' : (record[at] ?? '').trim();
    // `'-5.00` is WooCommerce's way of keeping a spreadsheet from reading -5.00 as a formula.
    return layout.unescapesFormulas && /^'[=+\-@]/.test(value) ? value.slice(1) : value;
  };
  /** The order the previous row belonged to, and its currency (continuation rows need it). */
  let previous: { orderId: string; currency: string } | null = null;
  /** For a layout whose rows are orders: the previous row's customer and day, and their count. */
  let sameDay = { key: '', count: 0 };

  /** The order id of a row: its column, or (CDNOW) the customer and day with a count. */
  const orderIdOf = (record: readonly string[]): string => {
    if (!layout.eachRowIsAnOrder) return cell(record, 'orderId');
    const customer = cell(record, 'customerId');
    const day = cell(record, 'placedAt');
    if (customer === '' || day === '') return '';
    const key = `${customer}-${day}`;
    sameDay = { key, count: sameDay.key === key ? sameDay.count + 1 : 1 };
    return sameDay.count === 1 ? key : `${key}-${sameDay.count}`;
  };

  /**
   * The line's unit price and own discount: from its unit price and discount columns, or, for a
   * layout that states the line's amounts (WooCommerce, CDNOW), from those. The unit price is then
   * the amount before discounts divided by the units, rounded up to the minor unit, and the
   * discount what brings the line to its amount after discounts, so the line adds up exactly.
   */
  const linePrice = (
    record: readonly string[],
    quantity: number,
    currency: string,
    amount: (field: OrderLineField) => number,
    issue: IssueOf,
  ): { unitPrice: number; discount: number } | undefined => {
    const statesAmounts = cell(record, 'lineTotal') !== '' || cell(record, 'lineSubtotal') !== '';
    if (!statesAmounts) {
      const unitPrice = toMinorUnits(cell(record, 'unitPrice'), currency);
      if (unitPrice === undefined) {
        issue('unitPrice', `"${cell(record, 'unitPrice')}" is not an amount such as 2.55`);
        return undefined;
      }
      return { unitPrice, discount: amount('lineDiscount') };
    }
    const after = cell(record, 'lineTotal') === '' ? null : amount('lineTotal');
    const before = cell(record, 'lineSubtotal') === '' ? after : amount('lineSubtotal');
    if (before === null || !Number.isInteger(quantity) || quantity === 0) return undefined;
    const units = Math.abs(quantity);
    const unitPrice = Math.ceil(before / units);
    const discount = unitPrice * units - (after ?? before);
    if (discount < 0) {
      issue('lineTotal', `is more than the line's amount before discounts`);
      return undefined;
    }
    return { unitPrice, discount };
  };

  const readRow = (record: readonly string[], row: number): ReadRow => {
    const issues: RowIssue[] = [];
    const issue: IssueOf = (field, message) =>
      issues.push({ row, field: layout.columns[field] ?? field, message });

    if (hasNonUtf8(record)) issues.push({ row, field: 'file', message: NON_UTF8_MESSAGE });
    const orderId = orderIdOf(record);
    if (orderId === '') {
      if (layout.eachRowIsAnOrder) {
        if (cell(record, 'customerId') === '') issue('customerId', 'is empty');
      } else issue('orderId', 'is empty');
    } else if (orderId.length > 100) issue('orderId', 'has more than 100 characters');
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
    const price = linePrice(record, quantity, currency, amount, issue);
    const sku = cell(record, 'sku') || null;
    const title = cell(record, 'title') || sku || layout.lineTitle || '';
    if (title === '') issue('title', 'and the SKU are both empty');
    if (title.length > MAX_TEXT) issue('title', `has more than ${MAX_TEXT} characters`);

    previous = { orderId, currency };
    const head = continues
      ? null
      : readHead(record, row, { orderId, isRefund, currency, amount, issue });
    if (issues.length > 0 || !price) return { orderId, issues };

    // A refund's lines are the units given back, written as negative quantities by the UCI file.
    const isAdjustment = !isRefund && (quantity < 0 || price.unitPrice < 0);
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
      unitPrice: Math.abs(price.unitPrice),
      discount: price.discount,
    };
    return { orderId, line, isAdjustment, head: head && { ...head, isAdjustment } };
  };

  /** An address of the file's `kind` columns; null when they are all empty. */
  const readAddress = (
    record: readonly string[],
    kind: AddressKind,
    issue: IssueOf,
  ): PostalAddress | null => {
    const part = (name: AddressPart, max: number) => {
      const value = cell(record, `${kind}${name}`);
      if (value.length > max) issue(`${kind}${name}`, `has more than ${max} characters`);
      return value || null;
    };
    const fullName =
      [part('FirstName', 100), part('LastName', 100)].filter(Boolean).join(' ') || null;
    let stateCode = cell(record, `${kind}Province`).toUpperCase() || null;
    if (stateCode !== null && !/^[A-Z0-9]{1,3}$/.test(stateCode)) {
      if (layout.statesMayBeNames) stateCode = null;
      else issue(`${kind}Province`, `"${stateCode}" is not a state code such as NC`);
    }
    const address: PostalAddress = {
      name: part('Name', 200) ?? fullName,
      company: part('Company', 200),
      line1: part('Address1', 300),
      line2: part('Address2', 300),
      city: part('City', 120),
      stateCode,
      postalCode: part('Zip', 20),
      countryCode: part('Country', 2)?.toUpperCase() ?? null,
      phone: part('Phone', 40),
    };
    if (address.countryCode !== null && !/^[A-Z]{2}$/.test(address.countryCode)) {
      issue(`${kind}Country`, `"${address.countryCode}" is not a two-letter country code`);
    }
    return Object.values(address).some((value) => value !== null) ? address : null;
  };

  /** A signed amount (WooCommerce's fees may be negative); 0 when empty. */
  const signedAmount = (
    record: readonly string[],
    field: OrderLineField,
    currency: string,
    issue: IssueOf,
  ) => {
    const text = cell(record, field);
    if (text === '') return 0;
    const value = toMinorUnits(text, currency);
    if (value === undefined) issue(field, `"${text}" is not an amount such as -5.00 or 2.55`);
    return value ?? 0;
  };

  /** The order's own fields, read from its first row. */
  const readHead = (
    record: readonly string[],
    row: number,
    {
      orderId,
      isRefund,
      currency,
      amount,
      issue,
    }: {
      orderId: string;
      isRefund: boolean;
      currency: string;
      amount: (field: OrderLineField) => number;
      issue: IssueOf;
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
    let canceledAt = cancelledText ? readPlacedAt(cancelledText, layout.timeZone) : null;
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
    let financialStatus = word('financialStatus', FINANCIAL_STATUS_WORDS);
    let fulfillmentState = word('fulfillmentStatus', FULFILLMENT_STATUS_WORDS);
    const acceptsMarketing = word('acceptsMarketing', { yes: true, no: false });

    const totalText = cell(record, 'total');
    const statedTotal = totalText === '' ? null : amount('total');
    const shipping = amount('shipping');
    const tax = amount('tax');
    let discount = amount('discount');
    const refundedAmount = amount('refundedAmount');

    const status = layout.statusWords ? word('orderStatus', layout.statusWords) : null;
    if (status) {
      financialStatus = status.financialStatus;
      fulfillmentState = status.fulfillmentState;
      if (status.isCanceled) canceledAt = placedAt ?? null;
      // WooCommerce keeps a partly refunded order `completed`: the refunded total says it.
      if (financialStatus === 'PAID' && refundedAmount > 0) {
        financialStatus =
          statedTotal !== null && refundedAmount >= statedTotal ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      }
    }
    // Fees: one above 0 is a line of the order ("Fees"); one below 0 takes money off it.
    const fee = signedAmount(record, 'fee', currency, issue);
    const extraLines: ImportedLine[] =
      fee > 0 ? [{ sku: null, title: 'Fees', quantity: 1, unitPrice: fee, discount: 0 }] : [];
    if (fee < 0) discount += -fee;

    // The UCI file writes customer ids as floats ("17850.0").
    let customerId = cell(record, 'customerId').replace(/\.0+$/, '') || null;
    if (customerId !== null && customerId === layout.guestCustomerId) customerId = null;
    if (customerId !== null && customerId.length > 100) {
      issue('customerId', 'has more than 100 characters');
    }
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
    const firstName =
      cell(record, 'customerFirstName') ||
      cell(record, 'billingFirstName') ||
      cell(record, 'shippingFirstName') ||
      namedFirst ||
      null;
    const lastName =
      cell(record, 'customerLastName') ||
      cell(record, 'billingLastName') ||
      cell(record, 'shippingLastName') ||
      namedLast.join(' ') ||
      null;
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
      externalId: orderId,
      row,
      placedAt: placedAt!,
      timeZone: layout.timeZone,
      currency,
      extraLines,
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
      discountCodes: [...list('discountCode'), ...readCouponCodes(cell(record, 'couponItems'))],
      note,
      tags: list('tags'),
    };
  };

  return { readRow };
};
