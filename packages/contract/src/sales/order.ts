import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { EmailSchema, textSchema } from '../common/validation';
import {
  CancelStateSchema,
  FinancialStatusSchema,
  FulfillmentStateSchema,
  OrderOriginSchema,
  OrderSortSchema,
  OrderTabSchema,
  ProductionStatusSchema,
} from './order-values-schemas';
import { DEFAULT_ORDER_SORT, MAX_BULK_ORDERS } from './order-values';

export * from './order-values';
export * from './order-values-schemas';

/** ISO 4217 currency code, e.g. USD, GBP. */
export const CurrencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'A three-letter ISO 4217 currency code, e.g. USD.');

/** A postal address; country and state are ISO codes from the reference data (spec §7 commons). */
export const PostalAddressSchema = z.object({
  name: textSchema(200).nullable(),
  company: textSchema(200).nullable(),
  line1: textSchema(300).nullable(),
  line2: textSchema(300).nullable(),
  city: textSchema(120).nullable(),
  /** ISO 3166-2 subdivision code without the country (e.g. "NC"), where the country has states. */
  stateCode: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/, 'A state code such as NC.')
    .nullable(),
  postalCode: textSchema(20).nullable(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, 'A two-letter country code such as US.')
    .nullable(),
  phone: textSchema(40).nullable(),
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

export const OrderCustomerSchema = z.object({
  id: z.string(),
  /** The channel's id for the customer (a Shopify id, the UCI file's CustomerID), if any. */
  externalId: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

/** One line of a store order; money in the order's currency. */
export const OrderLineSchema = z.object({
  id: z.string(),
  variantId: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string(),
  variantTitle: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: MoneySchema,
  /** The line's own discounts. */
  discount: MoneySchema,
  tax: MoneySchema,
  /** quantity × unitPrice − discount. */
  subtotal: MoneySchema,
  /** Units of this line canceled so far. */
  canceledQuantity: z.number().int(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderRefundSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  amount: MoneySchema,
  note: z.string().nullable(),
  lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
});

/** A store order as /orders lists it (spec §3 Orders). */
export const StoreOrderSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** The number as shown: "#1001", "R1001" (manual retail), "W1001" (manual wholesale). */
  name: z.string(),
  origin: OrderOriginSchema,
  /** Channel-side id (unique per channel), null for manual orders. */
  externalId: z.string().nullable(),
  placedAt: z.iso.datetime(),
  /** IANA time zone the order was placed in, e.g. Europe/London. */
  timeZone: z.string(),
  currencyCode: z.string(),
  total: MoneySchema,
  customer: OrderCustomerSchema.nullable(),
  productionStatus: ProductionStatusSchema,
  cancelState: CancelStateSchema,
  fulfillmentState: FulfillmentStateSchema,
  financialStatus: FinancialStatusSchema,
  /** Units over all lines. */
  itemCount: z.number().int(),
  tags: z.array(z.string()),
});
export type StoreOrderSummary = z.infer<typeof StoreOrderSummarySchema>;

/** One store order with its lines, addresses and refunds (spec §2 /order-details/{id}). */
export const StoreOrderSchema = StoreOrderSummarySchema.extend({
  subtotal: MoneySchema,
  discountTotal: MoneySchema,
  shippingTotal: MoneySchema,
  taxTotal: MoneySchema,
  /** Whether the prices include the tax (`taxTotal` is inside them, not added to the total). */
  taxesIncluded: z.boolean(),
  discountCodes: z.array(z.string()),
  shippingAddress: PostalAddressSchema.nullable(),
  billingAddress: PostalAddressSchema.nullable(),
  lines: z.array(OrderLineSchema),
  refunds: z.array(OrderRefundSchema),
  landingSite: z.string().nullable(),
  referringSite: z.string().nullable(),
  utmSource: z.string().nullable(),
  note: z.string().nullable(),
});
export type StoreOrder = z.infer<typeof StoreOrderSchema>;

export const ORDER_LIST_DEFAULT_LIMIT = 25;
export const ORDER_LIST_MAX_LIMIT = 100;

/** A store order's id ("ord_…"). */
export const OrderIdSchema = z.string().regex(/^ord_[a-z0-9]+$/, 'Not an order id.');

/** Up to MAX_BULK_ORDERS order ids, as a list or comma-separated (`?ids=ord_a,ord_b`). */
export const OrderIdListSchema = z
  .union([z.string().max(MAX_BULK_ORDERS * 40), z.array(z.string())])
  .transform((value) =>
    (typeof value === 'string' ? value.split(',') : value)
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  )
  .pipe(
    z
      .array(OrderIdSchema)
      .min(1, 'Choose at least one order.')
      .max(MAX_BULK_ORDERS, `At most ${MAX_BULK_ORDERS} orders at once.`),
  );

/** What narrows the list and its export: tab, search, origin, customer, payment, dates, sort. */
const OrderListFilterSchema = z.object({
  tab: OrderTabSchema.default('ALL'),
  /** An order number ("1001", "#1001", "R1001"), a customer e-mail (or its start) or a SKU. */
  search: textSchema(100).optional(),
  origin: OrderOriginSchema.optional(),
  /** One customer's orders. */
  customerId: z
    .string()
    .regex(/^cus_[a-z0-9]+$/, 'Not a customer id.')
    .optional(),
  /** The payment side (Shopify's financial status). */
  financialStatus: FinancialStatusSchema.optional(),
  /** Placed on or after this day (YYYY-MM-DD, UTC). */
  placedFrom: z.iso.date().optional(),
  /** Placed on or before this day (YYYY-MM-DD, UTC). */
  placedTo: z.iso.date().optional(),
  /** ORDER_SORTS: `-placedAt` (newest first, the default), `total`, `customer`, … */
  sort: OrderSortSchema.default(DEFAULT_ORDER_SORT),
});

const placedRangeIsOrdered = (query: { placedFrom?: string; placedTo?: string }) =>
  !query.placedFrom || !query.placedTo || query.placedFrom <= query.placedTo;
const PLACED_RANGE_ISSUE = { path: ['placedTo'], message: 'The end day is before the start day.' };

export const ListStoreOrdersQuerySchema = OrderListFilterSchema.extend({
  /** Opaque; from the previous page's `nextCursor` (of the same sort). */
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(ORDER_LIST_MAX_LIMIT).default(ORDER_LIST_DEFAULT_LIMIT),
}).refine(placedRangeIsOrdered, PLACED_RANGE_ISSUE);
export type ListStoreOrdersQuery = z.input<typeof ListStoreOrdersQuerySchema>;

/**
 * The orders a CSV export holds: the list's filters and sort (every page), or only the orders
 * `ids` (a selection; still within the store, in the list's sort).
 */
export const ExportStoreOrdersQuerySchema = OrderListFilterSchema.extend({
  ids: OrderIdListSchema.optional(),
}).refine(placedRangeIsOrdered, PLACED_RANGE_ISSUE);
export type ExportStoreOrdersQuery = z.input<typeof ExportStoreOrdersQuerySchema>;

export const StoreOrderPageSchema = z.object({
  items: z.array(StoreOrderSummarySchema),
  nextCursor: z.string().nullable(),
  /** Orders per tab for the same search, origin and dates (the tab itself aside). */
  counts: z.record(OrderTabSchema, z.number().int()),
});
export type StoreOrderPage = z.infer<typeof StoreOrderPageSchema>;

export const MAX_ORDER_LINES = 250;

/** Spec §7 manual-retail / manual-wholesale: an order the store enters by hand. */
export const ManualOrderInputSchema = z.object({
  currencyCode: CurrencyCodeSchema.default('USD'),
  /** When it was placed; now when left out. */
  placedAt: z.iso.datetime({ offset: true }).optional(),
  customer: z
    .object({
      email: EmailSchema,
      firstName: textSchema(100).optional(),
      lastName: textSchema(100).optional(),
    })
    .nullable()
    .default(null),
  shippingAddress: PostalAddressSchema.nullable().default(null),
  lines: z
    .array(
      z
        .object({
          sku: textSchema(100).optional(),
          title: textSchema(300).min(1, 'Name what the line is.'),
          quantity: z.number().int().min(1).max(1_000_000),
          /** Minor units of `currencyCode`. */
          unitPriceAmount: z.number().int().min(0).max(10_000_000_000),
          discountAmount: z.number().int().min(0).default(0),
          taxAmount: z.number().int().min(0).default(0),
        })
        .refine((line) => line.discountAmount <= line.quantity * line.unitPriceAmount, {
          path: ['discountAmount'],
          message: "A line's discount is at most its price (quantity × unit price).",
        }),
    )
    .min(1, 'An order has at least one line.')
    .max(MAX_ORDER_LINES),
  /** Order-level discounts, minor units. */
  discountAmount: z.number().int().min(0).default(0),
  shippingAmount: z.number().int().min(0).default(0),
  /** Order tax beyond the lines' own; minor units. */
  taxAmount: z.number().int().min(0).default(0),
  /** The total the store expects; refused (naming it) when the amounts do not add up to it. */
  totalAmount: z.number().int().min(0).optional(),
  discountCodes: z.array(textSchema(100)).max(20).default([]),
  note: textSchema(5000).optional(),
  tags: z.array(textSchema(60).min(1)).max(50).default([]),
});
export type ManualOrderInput = z.input<typeof ManualOrderInputSchema>;

const OrderIdParams = z.object({ id: OrderIdSchema });

export const listStoreOrders = defineEndpoint({
  method: 'GET',
  path: '/api/web/orders',
  query: ListStoreOrdersQuerySchema,
  response: StoreOrderPageSchema,
  summary:
    "Spec §7 store orders: the store's orders by tab (spec §3), sorted by placed date, number, total or customer, with a search by number, customer e-mail or SKU, origin, payment and dates; keyset pages and counts per tab.",
  tags: ['sales'],
});

export const getStoreOrder = defineEndpoint({
  method: 'GET',
  path: '/api/web/orders/:id',
  params: OrderIdParams,
  response: StoreOrderSchema,
  summary: 'Spec §7: one store order with its lines, addresses and refunds.',
  tags: ['sales'],
});

export const listOrderOrigins = defineEndpoint({
  method: 'GET',
  path: '/api/web/orders/order-origins',
  response: z.object({
    items: z.array(
      z.object({ origin: OrderOriginSchema, label: z.string(), count: z.number().int() }),
    ),
  }),
  summary: "Spec §7 order-origins: every origin with its label and the store's order count.",
  tags: ['sales'],
});

export const createManualRetailOrder = defineEndpoint({
  method: 'POST',
  path: '/api/web/orders/manual-retail',
  body: ManualOrderInputSchema,
  response: StoreOrderSchema,
  successStatus: 201,
  summary: 'Spec §7 manual-retail: enter a retail order by hand (R-numbers).',
  tags: ['sales'],
});

export const createManualWholesaleOrder = defineEndpoint({
  method: 'POST',
  path: '/api/web/orders/manual-wholesale',
  body: ManualOrderInputSchema,
  response: StoreOrderSchema,
  successStatus: 201,
  summary: 'Spec §7 manual-wholesale: enter a wholesale order by hand (W-numbers).',
  tags: ['sales'],
});

/**
 * The orders of the list (tab, search, origin, payment, dates), or the selected `ids`, as a CSV
 * download in Shopify's orders export layout (its headers exactly; one row per line, the order's
 * fields on its first row), in the list's sort. The import reads it back (`shopify-orders`).
 * `text/csv`, UTF-8, attachment.
 */
export const exportStoreOrders = defineEndpoint({
  method: 'GET',
  path: '/api/web/orders/export',
  query: ExportStoreOrdersQuerySchema,
  response: z.unknown(),
  summary: "Download the list's orders as CSV (Shopify's orders export layout).",
  tags: ['orders'],
});
