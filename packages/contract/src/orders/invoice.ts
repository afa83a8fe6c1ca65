import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { IdSchema, textSchema } from '../common/validation';
import { CurrencyCodeSchema, PostalAddressSchema } from '../sales/order';
import { CheckoutTotalsSchema } from './checkout-totals';
import { PaymentResultSchema } from './order-item';

/**
 * Issue 12: supplier invoices, the cart, checkout and payments (spec §7 orders and payments
 * calls). Money is in integer minor units of the invoice's ISO 4217 currency.
 */

/** What an invoice line sells: goods, or design services (DESIGN50 takes 50 % off those). */
export const INVOICE_LINE_CATEGORIES = ['PRODUCT', 'DESIGN_SERVICE'] as const;
export const InvoiceLineCategorySchema = z.enum(INVOICE_LINE_CATEGORIES);
export type InvoiceLineCategory = z.infer<typeof InvoiceLineCategorySchema>;

/** OPEN until paid (or voided by the supplier); PAID once a checkout paid every line. */
export const InvoiceStatusSchema = z.enum(['OPEN', 'PAID', 'VOIDED']);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

/** A checkout's payment: PENDING while the provider answers; REQUIRES_ACTION for 3-D Secure. */
export const PaymentStatusSchema = z.enum(['PENDING', 'REQUIRES_ACTION', 'COMPLETED', 'DECLINED']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** Largest unit price or shipping amount: $100,000,000.00 in cents. */
export const MAX_INVOICE_AMOUNT = 10_000_000_000;
/** Most lines on one invoice. */
export const MAX_INVOICE_LINES = 200;

const amountSchema = z
  .number()
  .int('An amount in minor units (cents), a whole number.')
  .min(0, 'Not below 0.')
  .max(MAX_INVOICE_AMOUNT, `At most ${MAX_INVOICE_AMOUNT} minor units.`);
const quantitySchema = z
  .number()
  .int('A whole number of units.')
  .min(1, 'At least 1.')
  .max(1_000_000, 'At most 1,000,000.');

export const InvoiceLineInputSchema = z.object({
  title: textSchema(200).pipe(z.string().min(1, 'Give the line a title.')),
  category: InvoiceLineCategorySchema.default('PRODUCT'),
  quantity: quantitySchema,
  unitPrice: amountSchema,
  catalogItemId: IdSchema.nullable().default(null),
});

export const CreateInvoiceInputSchema = z.object({
  /** The conversation with the store (the supplier's side of the chat). */
  conversationId: IdSchema,
  currencyCode: CurrencyCodeSchema.default('USD'),
  lines: z
    .array(InvoiceLineInputSchema)
    .min(1, 'An invoice needs at least one line.')
    .max(MAX_INVOICE_LINES, `At most ${MAX_INVOICE_LINES} lines.`),
  shippingMode: z
    .enum(['PLATFORM_SHIPPING', 'SUPPLIER_SHIPPING', 'NO_SHIPPING_NEEDED', 'CHARGE_SHIPPING_LATER'])
    .default('SUPPLIER_SHIPPING'),
  /** Minor units; must be 0 with CHARGE_SHIPPING_LATER or NO_SHIPPING_NEEDED. */
  shippingAmount: amountSchema.default(0),
  leadTimeDays: z.number().int().min(0).max(365),
  notes: textSchema(2000).nullable().default(null),
});
export type CreateInvoiceInput = z.input<typeof CreateInvoiceInputSchema>;

export const InvoiceLineSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: InvoiceLineCategorySchema,
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  catalogItemId: z.string().nullable(),
  /** The order item this line became once added to the cart, and its status. */
  orderItemId: z.string().nullable(),
  orderItemStatus: z.string().nullable(),
});

export const InvoiceSchema = z.object({
  id: z.string(),
  /** The public pay link's number (/public-pay-invoice/{sn}). */
  sn: z.string(),
  storeId: z.string(),
  /** The store's name (what the supplier sees). */
  storeTitle: z.string(),
  companyId: z.string(),
  supplierName: z.string(),
  status: InvoiceStatusSchema,
  currencyCode: z.string(),
  shippingMode: z.string(),
  shippingAmount: z.number().int(),
  subtotal: z.number().int(),
  /** Subtotal plus shipping: what the supplier asks, before the platform's fees and discounts. */
  total: z.number().int(),
  leadTimeDays: z.number().int(),
  notes: z.string().nullable(),
  lines: z.array(InvoiceLineSchema),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /**
   * Spec §2 /add-shipping-address/{invoiceId}: where the store wants the goods, saved before
   * paying (the supplier quotes shipping charged later to it; checkout starts from it). Null
   * until the store saves one.
   */
  shippingAddress: PostalAddressSchema.nullable(),
  /** When the store last saved `shippingAddress` (ISO 8601), or null. */
  shippingAddressAddedAt: z.iso.datetime().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

const InvoiceIdParams = z.object({ id: IdSchema });

export const createPartnerInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/partner/invoices',
  auth: 'supplier',
  body: CreateInvoiceInputSchema,
  response: InvoiceSchema,
  successStatus: 201,
  summary:
    'Issue 12: the supplier sends an invoice to a store it has a conversation with; it shows in the store’s Invoices tab and as a card in the conversation.',
  tags: ['orders'],
});

export const listPartnerInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/partner/invoices',
  auth: 'supplier',
  query: z.object({ status: InvoiceStatusSchema.optional() }),
  response: z.object({ items: z.array(InvoiceSchema) }),
  summary: "The supplier company's invoices, newest first.",
  tags: ['orders'],
});

export const listInvoices = defineEndpoint({
  method: 'GET',
  path: '/api/web/creator-invoices',
  query: z.object({ status: InvoiceStatusSchema.optional() }),
  response: z.object({ items: z.array(InvoiceSchema), openCount: z.number().int() }),
  summary: 'Spec §2 /inbox/needs-payment: the store’s invoices, newest first, with the open count.',
  tags: ['orders'],
});

export const getInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/web/creator-invoices/:id',
  params: InvoiceIdParams,
  response: InvoiceSchema,
  tags: ['orders'],
});

export const saveInvoiceShippingAddress = defineEndpoint({
  method: 'PUT',
  path: '/api/web/creator-invoices/:id/shipping-address',
  params: InvoiceIdParams,
  body: PostalAddressSchema,
  response: InvoiceSchema,
  summary:
    'Spec §2 /add-shipping-address/{invoiceId}: saves where the goods of the store’s invoice go (replacing any earlier address), checked as checkout checks it: 400 with the field (`postalCode`, `countryCode`, `stateCode`, …) and why; 404 `invoice_not_found` for another store’s invoice; 409 `invoice_not_open` once the invoice is paid or voided. The supplier sees it live.',
  tags: ['orders'],
});

export const addInvoiceToCart = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-invoice-items/action/add-to-cart',
  body: z.object({ invoiceId: IdSchema }),
  response: InvoiceSchema,
  summary:
    'Spec §7: every open line of the invoice becomes an order item in the shopping cart (again: no duplicates).',
  tags: ['orders'],
});

export const removeInvoiceItem = defineEndpoint({
  method: 'DELETE',
  path: '/api/web/creator-invoice-items/:id',
  params: InvoiceIdParams,
  response: InvoiceSchema,
  summary: 'Spec §7: removes a line of an open invoice (and its order item from the cart).',
  tags: ['orders'],
});

export const PaymentMethodInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('test_card'),
    number: z.string().trim().min(1, 'Enter the card number.').max(30),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2100),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'Three or four digits.'),
  }),
  z.object({ type: z.literal('stripe'), paymentMethodId: z.string().min(1).max(200) }),
  /**
   * Spec §7 paypal-capture: the buyer approves at PayPal, then comes back to `returnPath`, a page
   * of this app (the server puts it on its public URL with `?paypalPayment={payment id}`).
   */
  z.object({
    type: z.literal('paypal'),
    returnPath: z
      .string()
      .max(300)
      .regex(/^\/(?![/\\])[A-Za-z0-9\-._~/]*$/, 'A path of this app, such as /checkout.')
      .default('/checkout'),
  }),
]);

export const CheckoutInputSchema = z.object({
  itemIds: z.array(IdSchema).min(1, 'Choose at least one item.').max(500),
  shippingAddress: PostalAddressSchema.nullable().default(null),
  discountCode: textSchema(40).nullable().default(null),
  shippingAssurance: z.boolean().default(false),
  sampleAssurance: z.boolean().default(false),
  paymentMethod: PaymentMethodInputSchema,
});
export type CheckoutInput = z.input<typeof CheckoutInputSchema>;

export const PaymentSchema = z.object({
  id: z.string(),
  status: PaymentStatusSchema,
  /** Spec §4 payment result (null while pending or waiting for authentication). */
  result: PaymentResultSchema.nullable(),
  provider: z.string(),
  amount: z.number().int(),
  currencyCode: z.string(),
  failureReason: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  itemIds: z.array(z.string()),
  /** The breakdown charged (contract checkout-totals). */
  totals: CheckoutTotalsSchema,
  createdAt: z.iso.datetime(),
  /**
   * With REQUIRES_ACTION, in the answer that asked for it: what the buyer must do. PayPal:
   * `redirect` to `url` (PayPal's approval page; null when PayPal is simulated locally and the
   * app shows its own approval step). Stripe: `use_stripe_sdk` with the PaymentIntent's
   * `clientSecret`, which Stripe.js's `handleNextAction` needs for 3-D Secure in the browser
   * (null for the other providers); then `confirm`. Absent otherwise.
   */
  nextAction: z
    .object({
      type: z.enum(['redirect', 'use_stripe_sdk']),
      url: z.string().nullable(),
      clientSecret: z.string().nullable().default(null),
    })
    .nullable()
    .optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const checkout = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-invoice-payments',
  body: CheckoutInputSchema,
  response: PaymentSchema,
  summary:
    'Spec §7: pays the chosen cart items. Needs an `Idempotency-Key` header: the first answer is replayed for 24 h; the same key with another body is 409. A decline answers 200 with result INSTRUMENT_DECLINED and leaves the cart as it was.',
  tags: ['orders'],
});

export const confirmPayment = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-invoice-payments/:id/confirm',
  params: z.object({ id: IdSchema }),
  response: PaymentSchema,
  summary:
    'Finishes a payment that needed the card holder’s authentication (status REQUIRES_ACTION) once they gave it.',
  tags: ['orders'],
});

/**
 * Spec §7 paypal-capture: what the buyer did at PayPal. `approved` (back at the return url):
 * capture; `cancelled` (back at the cancel url, or "Cancel" in the local simulation): decline.
 */
export const PaypalCaptureInputSchema = z.object({
  outcome: z.enum(['approved', 'cancelled']).default('approved'),
});
export type PaypalCaptureInput = z.input<typeof PaypalCaptureInputSchema>;

export const capturePaypalPayment = defineEndpoint({
  method: 'POST',
  path: '/api/web/creator-invoice-payments/:id/paypal-capture',
  params: z.object({ id: IdSchema }),
  body: PaypalCaptureInputSchema,
  response: PaymentSchema,
  summary:
    'Spec §7 paypal-capture: after the buyer approved a PayPal payment (REQUIRES_ACTION) at PayPal, captures it once and settles it like a card (COMPLETED: items IN_PRODUCTION; declined or `outcome: cancelled`: DECLINED, items back in the cart). A second call answers the payment as it is; 404 for another store’s payment; 400 `payment_not_paypal`; 409 `payment_not_awaiting_capture`, `payment_capture_in_progress`, `paypal_not_approved`.',
  tags: ['orders'],
});

/** Whether PayPal is offered as simulated locally (`isLocal`) or through PayPal itself. */
const PaypalPublicConfigSchema = z.object({ isLocal: z.boolean() }).optional();

export const publicPaymentConfig = defineEndpoint({
  method: 'GET',
  path: '/api/public/payments/config',
  auth: 'public',
  response: z.object({
    provider: z.enum(['local', 'stripe']),
    publishableKey: z.string().nullable(),
    testCards: z.array(z.object({ number: z.string(), label: z.string(), outcome: z.string() })),
    paypal: PaypalPublicConfigSchema,
  }),
  summary:
    'The payment provider’s public settings for the public pay link (no login): the local test cards, or Stripe’s publishable key.',
  tags: ['orders'],
});

export const paymentConfig = defineEndpoint({
  method: 'GET',
  path: '/api/web/payments/config',
  response: z.object({
    provider: z.enum(['local', 'stripe']),
    publishableKey: z.string().nullable(),
    testCards: z.array(z.object({ number: z.string(), label: z.string(), outcome: z.string() })),
    paypal: PaypalPublicConfigSchema,
  }),
  summary:
    'Spec §7 card payment provider publishable key; the local provider lists its test cards; `paypal.isLocal` says PayPal is simulated.',
  tags: ['orders'],
});

/** The invoice as its public pay link shows it: nothing of the store's but this invoice. */
export const PublicInvoiceSchema = InvoiceSchema.omit({
  storeId: true,
  companyId: true,
  // Where the store's goods go is not shown to whoever holds the link.
  shippingAddress: true,
  shippingAddressAddedAt: true,
});
export type PublicInvoice = z.infer<typeof PublicInvoiceSchema>;

const SnParams = z.object({ sn: z.string().regex(/^[0-9a-f]{32}$/, 'Not an invoice link.') });

export const getPublicInvoice = defineEndpoint({
  method: 'GET',
  path: '/api/public/invoices/:sn',
  auth: 'public',
  params: SnParams,
  response: PublicInvoiceSchema,
  summary:
    'Spec §2 /public-pay-invoice/{sn}: the invoice of an unguessable 128-bit link, without login; it shows only that invoice.',
  tags: ['orders'],
});

export const payPublicInvoice = defineEndpoint({
  method: 'POST',
  path: '/api/public/invoices/:sn/payments',
  auth: 'public',
  params: SnParams,
  body: CheckoutInputSchema.omit({ itemIds: true }),
  response: PaymentSchema,
  summary:
    'Pays every open line of the invoice of a public link (no login), as its store. Needs an `Idempotency-Key` header, like checkout; a decline can be retried with another card (retry-invoice).',
  tags: ['orders'],
});

export const FinancingOptionSchema = z.object({
  instalments: z.number().int(),
  basisPoints: z.number().int(),
  fee: z.number().int(),
  totalWithFee: z.number().int(),
  instalmentAmount: z.number().int(),
  lastInstalmentAmount: z.number().int(),
});

export const calcFinancingFees = defineEndpoint({
  method: 'GET',
  path: '/api/web/creator-invoice-payments/calc-financing-fee',
  query: z.object({
    amount: z.coerce
      .number()
      .int('An amount in minor units (cents), a whole number.')
      .min(0)
      .max(MAX_INVOICE_AMOUNT),
  }),
  response: z.object({ options: z.array(FinancingOptionSchema) }),
  summary:
    'Spec §7 calc-financing-fee: what paying `amount` (minor units) in instalments costs under each plan of the configuration (FINANCING_PLANS).',
  tags: ['orders'],
});
