import {
  ORDER_IMPORT_LAYOUT_LABELS,
  type OrderImportLayout,
} from '@atelier/contract/sales/order-import';
import type { FinancialStatus, FulfillmentState } from '@atelier/contract/sales/order-values';

/**
 * The order file formats the import reads (issue 11, docs/import-orders.md), told apart by their
 * headers: which column fills which order field, and each format's own rules. Reading rows is
 * `order-lines-csv.ts`.
 */

/** What a column of an order file can say. */
export type OrderLineField =
  | 'orderId'
  | 'placedAt'
  | 'sku'
  | 'title'
  | 'quantity'
  | 'unitPrice'
  /** The line's amount before its discounts (WooCommerce's `item_subtotal`). */
  | 'lineSubtotal'
  /** The line's amount after its discounts (WooCommerce's `item_total`, CDNOW's value). */
  | 'lineTotal'
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
  /** WooCommerce's `coupon_items`: `id:1|code:WELCOME10|amount:5.00;…`. */
  | 'couponItems'
  /** WooCommerce's `fee_total`: fees (a positive one is a line, a negative one a discount). */
  | 'fee'
  | 'financialStatus'
  | 'fulfillmentStatus'
  /** One status word saying payment, fulfilment and cancel at once (WooCommerce's `status`). */
  | 'orderStatus'
  | 'cancelledAt'
  | 'refundedAmount'
  | 'acceptsMarketing'
  | 'note'
  | 'tags'
  | 'customerPhone'
  | `${AddressKind}${AddressPart}`;

export type AddressKind = 'shipping' | 'billing';
export type AddressPart =
  | 'Name'
  | 'FirstName'
  | 'LastName'
  | 'Company'
  | 'Address1'
  | 'Address2'
  | 'City'
  | 'Zip'
  | 'Province'
  | 'Country'
  | 'Phone';

/** What one status word of a file (WooCommerce's `status`) says about an order. */
export type OrderStatusMeaning = {
  financialStatus: FinancialStatus;
  fulfillmentState: FulfillmentState;
  isCanceled: boolean;
};

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
   * `Discount Amount` and WooCommerce's `discount_total` do): the order-level discount is then
   * what is left over.
   */
  discountIncludesLines: boolean;
  /**
   * Each row is an order of its own, without an order id column (CDNOW): its id is the
   * customer's id and the day, `-2`, `-3`… for a customer's further rows of the same day.
   */
  eachRowIsAnOrder?: boolean;
  /** The title of a line when the file names none (CDNOW: "CDs"). */
  lineTitle?: string;
  /** The customer id a file writes for a guest (WooCommerce: `0`). */
  guestCustomerId?: string;
  /**
   * Whether a state column may hold a state's name rather than its code (WooCommerce writes the
   * names for countries with numeric codes): such a value is left out, not an issue.
   */
  statesMayBeNames?: boolean;
  /**
   * Whether the file escapes cells starting with `=`, `+`, `-` or `@` with a leading `'` against
   * spreadsheet formulas (WooCommerce's export does): the quote is dropped when reading.
   */
  unescapesFormulas?: boolean;
  /** What the words of the `orderStatus` column mean (lower case). */
  statusWords?: Record<string, OrderStatusMeaning>;
};

export const ATELIER_LAYOUT: OrderLinesLayout = {
  id: 'atelier',
  label: ORDER_IMPORT_LAYOUT_LABELS.atelier,
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
  label: ORDER_IMPORT_LAYOUT_LABELS['uci-online-retail'],
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

const SHOPIFY_ADDRESS_PARTS = [
  'Name',
  'Company',
  'Address1',
  'Address2',
  'City',
  'Zip',
  'Province',
  'Country',
  'Phone',
] as const;

/** Shopify's address columns of one kind: `Shipping Address1` → `shippingAddress1`. */
const shopifyAddressColumns = (kind: AddressKind) =>
  Object.fromEntries(
    SHOPIFY_ADDRESS_PARTS.map((part) => [
      `${kind}${part}`,
      `${kind === 'shipping' ? 'Shipping' : 'Billing'} ${part}`,
    ]),
  ) as Partial<Record<`${AddressKind}${AddressPart}`, string>>;

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

/** WooCommerce's order statuses (`wc-` dropped, as its exports write them). */
const WOOCOMMERCE_STATUS_WORDS: Record<string, OrderStatusMeaning> = {
  pending: { financialStatus: 'PENDING', fulfillmentState: 'NONE', isCanceled: false },
  'checkout-draft': { financialStatus: 'PENDING', fulfillmentState: 'NONE', isCanceled: false },
  'on-hold': { financialStatus: 'PENDING', fulfillmentState: 'NONE', isCanceled: false },
  processing: { financialStatus: 'PAID', fulfillmentState: 'NONE', isCanceled: false },
  completed: { financialStatus: 'PAID', fulfillmentState: 'FULFILLED', isCanceled: false },
  // Given back in full: nothing is left to send, so it is not outstanding work.
  refunded: { financialStatus: 'REFUNDED', fulfillmentState: 'FULFILLED', isCanceled: false },
  cancelled: { financialStatus: 'VOIDED', fulfillmentState: 'NONE', isCanceled: true },
  // The payment failed: the order never went through.
  failed: { financialStatus: 'VOIDED', fulfillmentState: 'NONE', isCanceled: true },
};

/**
 * WooCommerce's order export, in the "Default - One Row per Item" format of WooCommerce
 * Customer / Order / Coupon Export (the extension sold on woocommerce.com; its headers exactly):
 * one row per line item, every row repeating the order's columns. Amounts are before tax,
 * `discount_total` counts the lines' discounts (`item_subtotal` − `item_total`), `order_total`
 * is the items' totals plus shipping, fees and tax. `date` is the shop's local time, written
 * without an offset; it is read as UTC.
 */
export const WOOCOMMERCE_ORDERS_LAYOUT: OrderLinesLayout = {
  id: 'woocommerce-orders',
  label: ORDER_IMPORT_LAYOUT_LABELS['woocommerce-orders'],
  columns: {
    orderId: 'order_id',
    placedAt: 'date',
    orderStatus: 'status',
    shipping: 'shipping_total',
    tax: 'tax_total',
    fee: 'fee_total',
    discount: 'discount_total',
    total: 'order_total',
    refundedAmount: 'refunded_total',
    currency: 'order_currency',
    customerId: 'customer_id',
    billingFirstName: 'billing_first_name',
    billingLastName: 'billing_last_name',
    billingCompany: 'billing_company',
    customerEmail: 'billing_email',
    billingPhone: 'billing_phone',
    billingAddress1: 'billing_address_1',
    billingAddress2: 'billing_address_2',
    billingZip: 'billing_postcode',
    billingCity: 'billing_city',
    billingProvince: 'billing_state',
    billingCountry: 'billing_country',
    shippingFirstName: 'shipping_first_name',
    shippingLastName: 'shipping_last_name',
    shippingAddress1: 'shipping_address_1',
    shippingAddress2: 'shipping_address_2',
    shippingZip: 'shipping_postcode',
    shippingCity: 'shipping_city',
    shippingProvince: 'shipping_state',
    shippingCountry: 'shipping_country',
    shippingCompany: 'shipping_company',
    note: 'customer_note',
    title: 'item_name',
    sku: 'item_sku',
    unitPrice: 'item_price',
    quantity: 'item_quantity',
    lineSubtotal: 'item_subtotal',
    lineTotal: 'item_total',
    couponItems: 'coupon_items',
  },
  required: ['orderId', 'placedAt', 'orderStatus', 'quantity', 'lineTotal'],
  currency: 'USD',
  timeZone: 'UTC',
  refundPrefix: null,
  keepsAdjustments: false,
  discountIncludesLines: true,
  guestCustomerId: '0',
  statesMayBeNames: true,
  unescapesFormulas: true,
  statusWords: WOOCOMMERCE_STATUS_WORDS,
};

/**
 * The CDNOW purchase history (Fader, Hardie & Lee 2005; `CDNOW_master.txt`): blank-separated,
 * header `customer_id date number_of_cds dollar_value`, one purchase per row, ids zero-padded,
 * days as `YYYYMMDD`, values in US dollars. CDNOW sold from Pennsylvania: days are read in
 * America/New_York.
 */
export const CDNOW_LAYOUT: OrderLinesLayout = {
  id: 'cdnow',
  label: ORDER_IMPORT_LAYOUT_LABELS.cdnow,
  columns: {
    customerId: 'customer_id',
    placedAt: 'date',
    quantity: 'number_of_cds',
    lineTotal: 'dollar_value',
  },
  required: ['customerId', 'placedAt', 'quantity', 'lineTotal'],
  currency: 'USD',
  timeZone: 'America/New_York',
  refundPrefix: null,
  keepsAdjustments: false,
  discountIncludesLines: false,
  eachRowIsAnOrder: true,
  lineTitle: 'CDs',
};

export const ORDER_LINES_LAYOUTS = [
  ATELIER_LAYOUT,
  UCI_ONLINE_RETAIL_LAYOUT,
  SHOPIFY_ORDERS_LAYOUT,
  WOOCOMMERCE_ORDERS_LAYOUT,
  CDNOW_LAYOUT,
] as const;
