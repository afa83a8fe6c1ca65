import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import { minorDigitsOf } from '@atelier/contract/common/money';
import type { OrderSort, OrderTab, PostalAddress } from '@atelier/contract/sales/order';
import { formatOrderNumber, type OrderOrigin } from '@atelier/contract/sales/order-values';
import {
  positionOf,
  type OrderFilter,
  type OrderPosition,
  type StoreOrderRepository,
} from './store-order.repository';
import type { SalesCustomerRow, SalesOrderLineRow, SalesOrderRow } from './sales.table';

/** Shopify's orders export header, every column in its order (the import reads it back). */
export const SHOPIFY_ORDER_EXPORT_HEADERS = [
  'Name',
  'Email',
  'Financial Status',
  'Paid at',
  'Fulfillment Status',
  'Fulfilled at',
  'Accepts Marketing',
  'Currency',
  'Subtotal',
  'Shipping',
  'Taxes',
  'Total',
  'Discount Code',
  'Discount Amount',
  'Shipping Method',
  'Created at',
  'Lineitem quantity',
  'Lineitem name',
  'Lineitem price',
  'Lineitem compare at price',
  'Lineitem sku',
  'Lineitem requires shipping',
  'Lineitem taxable',
  'Lineitem fulfillment status',
  'Billing Name',
  'Billing Street',
  'Billing Address1',
  'Billing Address2',
  'Billing Company',
  'Billing City',
  'Billing Zip',
  'Billing Province',
  'Billing Country',
  'Billing Phone',
  'Shipping Name',
  'Shipping Street',
  'Shipping Address1',
  'Shipping Address2',
  'Shipping Company',
  'Shipping City',
  'Shipping Zip',
  'Shipping Province',
  'Shipping Country',
  'Shipping Phone',
  'Notes',
  'Note Attributes',
  'Cancelled at',
  'Payment Method',
  'Payment Reference',
  'Refunded Amount',
  'Vendor',
  'Outstanding Balance',
  'Employee',
  'Location',
  'Device ID',
  'Id',
  'Tags',
  'Risk Level',
  'Source',
  'Lineitem discount',
  'Tax 1 Name',
  'Tax 1 Value',
  'Tax 2 Name',
  'Tax 2 Value',
  'Tax 3 Name',
  'Tax 3 Value',
  'Tax 4 Name',
  'Tax 4 Value',
  'Tax 5 Name',
  'Tax 5 Value',
  'Phone',
  'Receipt Number',
  'Duties',
  'Billing Province Name',
  'Shipping Province Name',
  'Payment ID',
  'Payment Terms Name',
  'Next Payment Due At',
  'Payment References',
] as const;
type Header = (typeof SHOPIFY_ORDER_EXPORT_HEADERS)[number];

/** Orders read per page while exporting: memory stays flat whatever the store's size. */
const EXPORT_PAGE = 500;

const FULFILLMENT_WORDS = { FULFILLED: 'fulfilled', PARTIAL: 'partial', NONE: 'unfulfilled' };

type ExportedOrder = SalesOrderRow & { customer: SalesCustomerRow | null };

/** An address as Shopify's export writes one kind of it (`Shipping Name`, …). */
const addressCells = (kind: 'Billing' | 'Shipping', address: PostalAddress | null) => {
  const street = [address?.line1, address?.line2].filter(Boolean).join(', ');
  return {
    [`${kind} Name`]: address?.name ?? '',
    [`${kind} Street`]: street,
    [`${kind} Address1`]: address?.line1 ?? '',
    [`${kind} Address2`]: address?.line2 ?? '',
    [`${kind} Company`]: address?.company ?? '',
    [`${kind} City`]: address?.city ?? '',
    [`${kind} Zip`]: address?.postalCode ?? '',
    [`${kind} Province`]: address?.stateCode ?? '',
    [`${kind} Country`]: address?.countryCode ?? '',
    [`${kind} Phone`]: address?.phone ?? '',
  } as Partial<Record<Header, string>>;
};

/**
 * The rows of one order in Shopify's layout: one per line, the order's own fields on the first.
 * Shopify's `Subtotal` is after discounts and its `Discount Amount` counts the lines' own.
 */
export const shopifyOrderRows = (
  order: ExportedOrder,
  lines: readonly SalesOrderLineRow[],
  refunded: number,
): string[][] => {
  const digits = minorDigitsOf(order.currencyCode);
  const amount = (value: number) => (value / 10 ** digits).toFixed(digits);
  const time = (value: Date) =>
    DateTime.fromJSDate(value, { zone: order.timeZone }).toFormat('yyyy-MM-dd HH:mm:ss ZZZ');
  const name = formatOrderNumber(order.origin as OrderOrigin, order.number);
  const lineDiscounts = lines.reduce((sum, line) => sum + line.discount, 0);
  const isPaid = ['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(order.financialStatus);
  const first: Partial<Record<Header, string>> = {
    'Financial Status': order.financialStatus.toLowerCase(),
    'Paid at': isPaid ? time(order.placedAt) : '',
    'Fulfillment Status':
      FULFILLMENT_WORDS[order.fulfillmentState as keyof typeof FULFILLMENT_WORDS],
    'Accepts Marketing': order.customer ? (order.customer.acceptsMarketing ? 'yes' : 'no') : '',
    Currency: order.currencyCode,
    Subtotal: amount(order.subtotal - order.discountTotal),
    Shipping: amount(order.shippingTotal),
    Taxes: amount(order.taxTotal),
    Total: amount(order.total),
    'Discount Code': order.discountCodes.join(', '),
    'Discount Amount': amount(order.discountTotal + lineDiscounts),
    ...addressCells('Billing', order.billingAddress),
    ...addressCells('Shipping', order.shippingAddress),
    Notes: order.note ?? '',
    'Cancelled at': order.cancelState === 'CANCELED' ? time(order.updatedAt) : '',
    'Refunded Amount': amount(refunded),
    'Outstanding Balance': amount(isPaid || order.cancelState === 'CANCELED' ? 0 : order.total),
    Id: order.id,
    Tags: order.tags.join(', '),
    Phone: order.customer?.phone ?? '',
  };
  return lines.map((line, index) => {
    const cells: Partial<Record<Header, string>> = {
      ...(index === 0 ? first : {}),
      Name: name,
      Email: order.customer?.email ?? '',
      'Created at': time(order.placedAt),
      'Lineitem quantity': String(line.quantity),
      'Lineitem name': line.title,
      'Lineitem price': amount(line.unitPrice),
      'Lineitem sku': line.sku ?? '',
      'Lineitem requires shipping': 'true',
      'Lineitem taxable': 'true',
      'Lineitem fulfillment status':
        order.fulfillmentState === 'FULFILLED' ? 'fulfilled' : 'pending',
      'Lineitem discount': amount(line.discount),
    };
    return SHOPIFY_ORDER_EXPORT_HEADERS.map((header) => cells[header] ?? '');
  });
};

/**
 * The store's orders of `tab` and `filter`, in `sort` order (newest first unless given), as CSV
 * text in Shopify's orders export layout, page by page (EXPORT_PAGE orders a page: memory stays
 * flat).
 */
export async function* exportShopifyOrdersCsv(
  repository: StoreOrderRepository,
  storeId: string,
  tab: OrderTab,
  filter: OrderFilter,
  sort: OrderSort = '-placedAt',
): AsyncGenerator<string> {
  // The UTF-8 byte-order mark makes spreadsheets read accents right; the import skips it.
  yield `\uFEFF${stringify([[...SHOPIFY_ORDER_EXPORT_HEADERS]])}`;
  let after: OrderPosition | undefined;
  for (;;) {
    const orders = await repository.listOrders(storeId, tab, filter, {
      sort,
      limit: EXPORT_PAGE,
      after,
    });
    if (orders.length === 0) return;
    const ids = orders.map((order) => order.id);
    const [lines, refunds] = await Promise.all([
      repository.listLinesOf(storeId, ids),
      repository.refundTotalsOf(storeId, ids),
    ]);
    yield stringify(
      orders.flatMap((order) =>
        shopifyOrderRows(order, lines.get(order.id) ?? [], refunds.get(order.id) ?? 0),
      ),
    );
    after = positionOf(orders.at(-1)!);
    if (orders.length < EXPORT_PAGE) return;
  }
}
