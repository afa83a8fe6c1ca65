import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { textSchema } from '../common/validation';
import { CUSTOMER_SORTS } from './customer-values';
import { PostalAddressSchema } from './order';

export * from './customer-values';

/**
 * Issue 11 customers of a store: who ordered, with the figures their orders give (kept right in
 * the same transaction as the orders). E-mail is unique per store, compared lower-cased.
 */
export const StoreCustomerSummarySchema = z.object({
  id: z.string(), // "cus_…"
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  /** The channel's id for the customer (a Shopify id, the UCI file's CustomerID), if any. */
  externalId: z.string().nullable(),
  /** ISO 3166-1 alpha-2 of the default address. */
  countryCode: z.string().nullable(),
  acceptsMarketing: z.boolean(),
  orderCount: z.number().int().min(0),
  /** What the orders that are not canceled add up to; null before the first order. */
  totalSpent: MoneySchema.nullable(),
  firstOrderAt: z.iso.datetime().nullable(),
  lastOrderAt: z.iso.datetime().nullable(),
  tags: z.array(z.string()),
  createdAt: z.iso.datetime(),
});
export type StoreCustomerSummary = z.infer<typeof StoreCustomerSummarySchema>;

export const StoreCustomerSchema = StoreCustomerSummarySchema.extend({
  defaultAddress: PostalAddressSchema.nullable(),
  /** When and where the customer agreed to marketing (null: not agreed, or not recorded). */
  marketingConsentAt: z.iso.datetime().nullable(),
  marketingConsentSource: z.string().nullable(),
});
export type StoreCustomer = z.infer<typeof StoreCustomerSchema>;

export const CustomerSortSchema = z.enum(CUSTOMER_SORTS);

export const ListStoreCustomersQuerySchema = z.object({
  /** The start of an e-mail, first or last name, or a channel id. */
  search: textSchema(100).optional(),
  sort: CustomerSortSchema.default('LAST_ORDER'),
  /** Opaque; from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListStoreCustomersQuery = z.input<typeof ListStoreCustomersQuerySchema>;

export const StoreCustomerPageSchema = z.object({
  items: z.array(StoreCustomerSummarySchema),
  nextCursor: z.string().nullable(),
  /** Customers matching the search (all pages). */
  total: z.number().int().min(0),
});
export type StoreCustomerPage = z.infer<typeof StoreCustomerPageSchema>;

export const listStoreCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/web/customers',
  query: ListStoreCustomersQuerySchema,
  response: StoreCustomerPageSchema,
  summary: "The store's customers, by last order or total spent, in keyset pages.",
  tags: ['customers'],
});

/** One customer; their orders are `GET /api/web/orders?customerId=…`. 404 `customer_not_found`. */
export const getStoreCustomer = defineEndpoint({
  method: 'GET',
  path: '/api/web/customers/:id',
  params: z.object({ id: z.string().regex(/^cus_[a-z0-9]+$/, 'Not a customer id.') }),
  response: StoreCustomerSchema,
  tags: ['customers'],
});

/**
 * The customers matching the search as a CSV download (`text/csv`, UTF-8, attachment), sorted as
 * asked: e-mail, names, phone, country, marketing consent, orders, total spent, first and last
 * order, tags.
 */
export const exportStoreCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/web/customers/export',
  query: ListStoreCustomersQuerySchema.pick({ search: true, sort: true }),
  response: z.unknown(),
  tags: ['customers'],
});
