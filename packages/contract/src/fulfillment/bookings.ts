import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { IdSchema, textSchema } from '../common/validation';
import { LabelAddressSchema, StoredLabelAddressSchema } from './shipment';

/**
 * Issue 15 bookings with the fulfillment center: freight shipments of a store's goods to the
 * center (spec §2 /fulfillment-services/book-freight-shipment), quality checks of a production
 * run (tile "book quality check", /homebase/quality-control), pre-sales (tile "set up a pre
 * sale"), warehouse support tickets (spec §3 support ticket categories, 30-day window) and the
 * order packaging catalogue (spec §2 /order-packaging/{packagingCategory}).
 */

/** Spec §9: 453.59237 grams per pound (exact). */
const GRAMS_PER_POUND = 453.59237;

/** A page of a store's rows, newest first ("Load more" with `nextCursor`). */
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** The `nextCursor` of the page before. */
  cursor: z.string().max(40).optional(),
});

/** YYYY-MM-DD. */
const daySchema = z.iso.date('A date such as 2026-12-01.');

/** The sn of one of the store's receivings (RCV-000012), to link a booking to. */
const receivingSnSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^RCV-\d{1,15}$/, 'A receiving number such as RCV-000012.');

const optionalNote = (max: number) =>
  textSchema(max)
    .nullish()
    .transform((value) => value || null);

// ---------------------------------------------------------------------------------------------
// Freight

/**
 * The freight modes (standard terms): LTL less than truckload, FTL full truckload, FCL ocean
 * full container load, LCL ocean less than container load, AIR air freight.
 */
export const FREIGHT_MODES = ['LTL', 'FTL', 'FCL', 'LCL', 'AIR'] as const;
export const FreightModeSchema = z.enum(FREIGHT_MODES);
export type FreightMode = z.infer<typeof FreightModeSchema>;
export const FREIGHT_MODE_LABELS: Record<FreightMode, string> = {
  LTL: 'LTL · less than truckload',
  FTL: 'FTL · full truckload',
  FCL: 'FCL · ocean, full container load',
  LCL: 'LCL · ocean, less than container load',
  AIR: 'Air freight',
};

/**
 * REQUESTED: sent to the center; QUOTED: the center priced it; BOOKED: a carrier is booked;
 * DELIVERED: at the center; CANCELED: by the store while REQUESTED or QUOTED.
 */
export const FREIGHT_STATUSES = ['REQUESTED', 'QUOTED', 'BOOKED', 'DELIVERED', 'CANCELED'] as const;
export const FreightStatusSchema = z.enum(FREIGHT_STATUSES);
export type FreightStatus = z.infer<typeof FreightStatusSchema>;
export const FREIGHT_STATUS_LABELS: Record<FreightStatus, string> = {
  REQUESTED: 'Requested',
  QUOTED: 'Quoted',
  BOOKED: 'Booked',
  DELIVERED: 'Delivered',
  CANCELED: 'Canceled',
};
/** The statuses in which the store can still cancel a booking. */
export const CANCELABLE_FREIGHT_STATUSES: readonly FreightStatus[] = ['REQUESTED', 'QUOTED'];

/** What the goods travel on. */
export const HANDLING_UNITS = ['PALLET', 'CARTON'] as const;
export const HandlingUnitSchema = z.enum(HANDLING_UNITS);
export type HandlingUnit = z.infer<typeof HandlingUnitSchema>;

export const FREIGHT_WEIGHT_UNITS = ['lb', 'kg'] as const;
export const FreightWeightUnitSchema = z.enum(FREIGHT_WEIGHT_UNITS);
export type FreightWeightUnit = z.infer<typeof FreightWeightUnitSchema>;
export const FREIGHT_DIMENSION_UNITS = ['in', 'cm'] as const;
export const FreightDimensionUnitSchema = z.enum(FREIGHT_DIMENSION_UNITS);
export type FreightDimensionUnit = z.infer<typeof FreightDimensionUnitSchema>;

/** The most handling units one booking moves, and the heaviest booking (lb, or its kg). */
export const MAX_FREIGHT_UNITS = 1_000;
export const MAX_FREIGHT_WEIGHT_LB = 100_000;
/** The longest side of one handling unit (inches, or its cm). */
export const MAX_FREIGHT_SIDE_IN = 600;

/** Grams in `weight` of `unit`, rounded to the gram (453.59237 g per lb, spec §9). */
export const freightWeightGrams = (weight: number, unit: FreightWeightUnit): number =>
  Math.round(unit === 'kg' ? weight * 1000 : weight * GRAMS_PER_POUND);

const positive = (what: string) =>
  z.number(`Enter the ${what}.`).positive(`The ${what} must be more than 0.`);

/**
 * POST …/freight-bookings: the origin address (state and postal code checked against the
 * country's reference data), the day the goods are ready for pickup (not in the past), the mode,
 * how many pallets or cartons, their total weight (lb or kg; at most 100,000 lb), one unit's
 * dimensions, what the goods are, and optionally the receiving they will arrive as.
 */
export const CreateFreightBookingBodySchema = z
  .object({
    origin: LabelAddressSchema,
    pickupReadyDate: daySchema,
    mode: FreightModeSchema,
    handlingUnit: HandlingUnitSchema,
    unitCount: z
      .number('Enter how many.')
      .int('A whole number.')
      .min(1, 'At least 1.')
      .max(MAX_FREIGHT_UNITS, `At most ${MAX_FREIGHT_UNITS.toLocaleString('en-US')}.`),
    weight: positive('total weight'),
    weightUnit: FreightWeightUnitSchema.default('lb'),
    length: positive('length'),
    width: positive('width'),
    height: positive('height'),
    dimensionUnit: FreightDimensionUnitSchema.default('in'),
    commodity: textSchema(500).min(1, 'Say what the goods are.'),
    receivingSn: receivingSnSchema.nullish().or(z.literal('').transform(() => null)),
    notes: optionalNote(2000),
  })
  .superRefine((body, context) => {
    if (
      freightWeightGrams(body.weight, body.weightUnit) >
      MAX_FREIGHT_WEIGHT_LB * GRAMS_PER_POUND
    ) {
      context.addIssue({
        code: 'custom',
        path: ['weight'],
        message: `At most ${MAX_FREIGHT_WEIGHT_LB.toLocaleString('en-US')} lb (45,359 kg).`,
      });
    }
    const maxSide = body.dimensionUnit === 'cm' ? MAX_FREIGHT_SIDE_IN * 2.54 : MAX_FREIGHT_SIDE_IN;
    for (const side of ['length', 'width', 'height'] as const) {
      if (body[side] > maxSide) {
        context.addIssue({
          code: 'custom',
          path: [side],
          message: `At most ${maxSide} ${body.dimensionUnit}.`,
        });
      }
    }
  });
export type CreateFreightBookingBody = z.input<typeof CreateFreightBookingBodySchema>;
/** The body as the server reads it (defaults applied). */
export type CreateFreightBookingInput = z.output<typeof CreateFreightBookingBodySchema>;

export const FreightBookingSchema = z.object({
  id: z.string(),
  /** FRT-000012 (its address: /fulfillment-services/book-freight-shipment?sn=FRT-000012). */
  sn: z.string(),
  status: FreightStatusSchema,
  origin: StoredLabelAddressSchema,
  pickupReadyDate: z.iso.date(),
  mode: FreightModeSchema,
  handlingUnit: HandlingUnitSchema,
  unitCount: z.number().int(),
  /** The total weight as entered, and in grams (453.59237 g per lb). */
  weight: z.number(),
  weightUnit: FreightWeightUnitSchema,
  weightG: z.number().int(),
  /** One handling unit's sides as entered. */
  length: z.number(),
  width: z.number(),
  height: z.number(),
  dimensionUnit: FreightDimensionUnitSchema,
  commodity: z.string(),
  receivingSn: z.string().nullable(),
  notes: z.string().nullable(),
  /** The center's price once QUOTED (USD cents). */
  quote: MoneySchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  canceledAt: z.iso.datetime().nullable(),
});
export type FreightBooking = z.infer<typeof FreightBookingSchema>;

// ---------------------------------------------------------------------------------------------
// Quality checks

/**
 * Standard inspection types: PPI pre-production inspection, DUPRO during production inspection,
 * PSI pre-shipment inspection, CLC container loading check.
 */
export const INSPECTION_TYPES = [
  'PRE_PRODUCTION',
  'DURING_PRODUCTION',
  'PRE_SHIPMENT',
  'CONTAINER_LOADING',
] as const;
export const InspectionTypeSchema = z.enum(INSPECTION_TYPES);
export type InspectionType = z.infer<typeof InspectionTypeSchema>;
export const INSPECTION_TYPE_LABELS: Record<InspectionType, string> = {
  PRE_PRODUCTION: 'Pre-production inspection (PPI)',
  DURING_PRODUCTION: 'During production inspection (DUPRO)',
  PRE_SHIPMENT: 'Pre-shipment inspection (PSI)',
  CONTAINER_LOADING: 'Container loading check (CLC)',
};

/** ISO 2859-1 (ANSI/ASQ Z1.4) general inspection levels; II is the usual one. */
export const INSPECTION_LEVELS = ['I', 'II', 'III'] as const;
export const InspectionLevelSchema = z.enum(INSPECTION_LEVELS);
export type InspectionLevel = z.infer<typeof InspectionLevelSchema>;
/** Acceptable quality limits (AQL, % defective) for major and minor defects. */
export const AQL_VALUES = ['0.65', '1.0', '1.5', '2.5', '4.0', '6.5'] as const;
export const AqlSchema = z.enum(AQL_VALUES);
export type Aql = z.infer<typeof AqlSchema>;

export const QC_STATUSES = ['REQUESTED', 'SCHEDULED', 'PASSED', 'FAILED', 'CANCELED'] as const;
export const QcStatusSchema = z.enum(QC_STATUSES);
export type QcStatus = z.infer<typeof QcStatusSchema>;
export const QC_STATUS_LABELS: Record<QcStatus, string> = {
  REQUESTED: 'Requested',
  SCHEDULED: 'Scheduled',
  PASSED: 'Passed',
  FAILED: 'Failed',
  CANCELED: 'Canceled',
};
export const CANCELABLE_QC_STATUSES: readonly QcStatus[] = ['REQUESTED', 'SCHEDULED'];
export const MAX_QC_UNITS = 100_000;

/**
 * POST …/quality-checks: the production run (a name, and optionally the sourcing order item or
 * the receiving it is), the inspection type, level and AQLs (II, 2.5 major, 4.0 minor by
 * default), the units to inspect and the preferred day (not in the past).
 */
export const CreateQualityCheckBodySchema = z.object({
  productName: textSchema(300).min(1, 'Name the product or production run.'),
  creatorOrderItemId: IdSchema.nullish().or(z.literal('').transform(() => null)),
  receivingSn: receivingSnSchema.nullish().or(z.literal('').transform(() => null)),
  inspectionType: InspectionTypeSchema,
  inspectionLevel: InspectionLevelSchema.default('II'),
  aqlMajor: AqlSchema.default('2.5'),
  aqlMinor: AqlSchema.default('4.0'),
  unitsToInspect: z
    .number('Enter the units to inspect.')
    .int('Whole units only.')
    .min(1, 'At least 1 unit.')
    .max(MAX_QC_UNITS, `At most ${MAX_QC_UNITS.toLocaleString('en-US')} units.`),
  preferredDate: daySchema,
  notes: optionalNote(2000),
});
export type CreateQualityCheckBody = z.input<typeof CreateQualityCheckBodySchema>;
/** The body as the server reads it (defaults applied). */
export type CreateQualityCheckInput = z.output<typeof CreateQualityCheckBodySchema>;

export const QualityCheckSchema = z.object({
  id: z.string(),
  /** QC-000012. */
  sn: z.string(),
  status: QcStatusSchema,
  productName: z.string(),
  creatorOrderItemId: z.string().nullable(),
  receivingSn: z.string().nullable(),
  inspectionType: InspectionTypeSchema,
  inspectionLevel: InspectionLevelSchema,
  aqlMajor: AqlSchema,
  aqlMinor: AqlSchema,
  unitsToInspect: z.number().int(),
  preferredDate: z.iso.date(),
  notes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  canceledAt: z.iso.datetime().nullable(),
});
export type QualityCheck = z.infer<typeof QualityCheckSchema>;

// ---------------------------------------------------------------------------------------------
// Pre-sales

export const MAX_PRE_SALE_UNITS = 1_000_000;

/**
 * PUT …/pre-sales/:variantId: orders for the variant are taken while it is out of stock until
 * `endsOn` (inclusive, YYYY-MM-DD, not in the past) and/or for up to `maxUnits` units beyond the
 * stock; at least one of the two.
 */
export const SavePreSaleBodySchema = z
  .object({
    endsOn: daySchema.nullish().or(z.literal('').transform(() => null)),
    maxUnits: z
      .number('Enter the units.')
      .int('Whole units only.')
      .min(1, 'At least 1 unit.')
      .max(MAX_PRE_SALE_UNITS, `At most ${MAX_PRE_SALE_UNITS.toLocaleString('en-US')} units.`)
      .nullish(),
  })
  .refine((body) => Boolean(body.endsOn) || (body.maxUnits ?? null) !== null, {
    path: ['endsOn'],
    message: 'Give an end date, a number of units, or both.',
  });
export type SavePreSaleBody = z.input<typeof SavePreSaleBodySchema>;
/** The body as the server reads it (defaults applied). */
export type SavePreSaleInput = z.output<typeof SavePreSaleBodySchema>;

export const PreSaleSchema = z.object({
  variantId: z.string(),
  /** "SKU · Product / options". */
  variantLabel: z.string(),
  endsOn: z.iso.date().nullable(),
  maxUnits: z.number().int().nullable(),
  /** Whether it still takes orders today (not past `endsOn`). */
  isActive: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type PreSale = z.infer<typeof PreSaleSchema>;

// ---------------------------------------------------------------------------------------------
// Support tickets

/** Spec §3 support ticket categories. */
export const SUPPORT_TICKET_CATEGORIES = [
  'RETURN_EXCHANGE',
  'MISSING_WRONG_ITEMS',
  'LOST_DELAYED',
  'BROKEN',
  'CANCELED_REFUND',
  'RELEASE_HOLD',
  'WHOLESALE_ATTACHMENT_PACKING_SLIP',
  'WHOLESALE_ORDER_REQUIREMENTS',
] as const;
export const SupportTicketCategorySchema = z.enum(SUPPORT_TICKET_CATEGORIES);
export type SupportTicketCategory = z.infer<typeof SupportTicketCategorySchema>;
/** How the categories read on screen (spec §3: LOST_DELAYED is "Carrier Issues"). */
export const SUPPORT_TICKET_CATEGORY_LABELS: Record<SupportTicketCategory, string> = {
  RETURN_EXCHANGE: 'Return or exchange',
  MISSING_WRONG_ITEMS: 'Missing or wrong items',
  LOST_DELAYED: 'Carrier Issues',
  BROKEN: 'Broken items',
  CANCELED_REFUND: 'Canceled order or refund',
  RELEASE_HOLD: 'Release a hold',
  WHOLESALE_ATTACHMENT_PACKING_SLIP: 'Wholesale attachment or packing slip',
  WHOLESALE_ORDER_REQUIREMENTS: 'Wholesale order requirements',
};

export const SUPPORT_TICKET_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export const SupportTicketStatusSchema = z.enum(SUPPORT_TICKET_STATUSES);
export type SupportTicketStatus = z.infer<typeof SupportTicketStatusSchema>;
export const SUPPORT_TICKET_STATUS_LABELS: Record<SupportTicketStatus, string> = {
  OPEN: 'Open',
  ANSWERED: 'Answered',
  CLOSED: 'Closed',
};

/** A ticket about an order is opened within this many days of its shipment (or creation). */
export const SUPPORT_TICKET_WINDOW_DAYS = 30;

/**
 * POST …/support-tickets: about one of the store's orders (and one of its shipments, SHP-…, if
 * given), in a §3 category, with a message. Refused (400 `support_ticket_window_closed`) more
 * than SUPPORT_TICKET_WINDOW_DAYS days after the order's latest shipment, or after the order was
 * placed when it has not shipped.
 */
export const OpenSupportTicketBodySchema = z.object({
  orderId: z.string().trim().min(1, 'Choose the order.').max(64),
  shipmentSn: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^SHP-\d{1,15}$/, 'A shipment number such as SHP-000012.')
    .nullish()
    .or(z.literal('').transform(() => null)),
  category: SupportTicketCategorySchema,
  message: textSchema(5000).min(1, 'Say what happened.'),
});
export type OpenSupportTicketBody = z.input<typeof OpenSupportTicketBodySchema>;
/** The body as the server reads it (defaults applied). */
export type OpenSupportTicketInput = z.output<typeof OpenSupportTicketBodySchema>;

export const SupportTicketSchema = z.object({
  id: z.string(),
  /** TKT-000012. */
  sn: z.string(),
  status: SupportTicketStatusSchema,
  category: SupportTicketCategorySchema,
  orderId: z.string(),
  /** The order's number as shown (#1001, R12). */
  orderName: z.string(),
  shipmentSn: z.string().nullable(),
  message: z.string(),
  /** The center's answer, once ANSWERED. */
  answer: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

// ---------------------------------------------------------------------------------------------
// Order packaging

/** Spec §2 /order-packaging/{packagingCategory}: the kinds of packaging the center offers. */
export const PACKAGING_CATEGORIES = [
  'poly-mailers',
  'padded-mailers',
  'boxes',
  'tissue-paper',
  'inserts',
] as const;
export const PackagingCategorySchema = z.enum(PACKAGING_CATEGORIES);
export type PackagingCategory = z.infer<typeof PackagingCategorySchema>;
export const PACKAGING_CATEGORY_LABELS: Record<PackagingCategory, string> = {
  'poly-mailers': 'Poly mailers',
  'padded-mailers': 'Padded mailers',
  boxes: 'Shipping boxes',
  'tissue-paper': 'Tissue paper',
  inserts: 'Inserts and cards',
};

/** One packaging the center stocks: sizes in inches (height 0 for flat goods), USD cents a unit. */
export const PackagingItemSchema = z.object({
  id: z.string(),
  category: PackagingCategorySchema,
  name: z.string(),
  description: z.string(),
  lengthIn: z.number(),
  widthIn: z.number(),
  heightIn: z.number(),
  unitPrice: MoneySchema,
});
export type PackagingItem = z.infer<typeof PackagingItemSchema>;

export const PackagingCatalogueSchema = z.object({
  category: PackagingCategorySchema,
  items: z.array(PackagingItemSchema),
  /** The store's default packaging of this category, if chosen. */
  defaultPackagingId: z.string().nullable(),
});
export type PackagingCatalogue = z.infer<typeof PackagingCatalogueSchema>;

// ---------------------------------------------------------------------------------------------

const snParams = z.object({ sn: z.string().trim().max(40) });
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** Issue 15 bookings (store members; every row is the caller's store's). */
export const fulfillmentBookingEndpoints = {
  listFreightBookings: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/freight-bookings',
    query: pageQuery.extend({ status: FreightStatusSchema.optional() }),
    response: pageOf(FreightBookingSchema),
    summary:
      'Issue 15 /fulfillment-services/book-freight-shipment: the store’s freight bookings, newest first.',
    tags: ['fulfillment'],
  }),
  getFreightBooking: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/freight-bookings/:sn',
    params: snParams,
    response: FreightBookingSchema,
    summary: 'Issue 15: one freight booking by its sn (404 `freight_booking_not_found`).',
    tags: ['fulfillment'],
  }),
  createFreightBooking: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/freight-bookings',
    body: CreateFreightBookingBodySchema,
    response: FreightBookingSchema,
    successStatus: 201,
    summary:
      'Issue 15: books a freight shipment of the store’s goods to the center (400 for an address the reference data refuses, a pickup day in the past, a receiving not the store’s).',
    tags: ['fulfillment'],
  }),
  cancelFreightBooking: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/freight-bookings/:sn/cancel',
    params: snParams,
    response: FreightBookingSchema,
    summary:
      'Issue 15: cancels a REQUESTED or QUOTED freight booking (409 `freight_booking_not_cancelable` otherwise).',
    tags: ['fulfillment'],
  }),
  listQualityChecks: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/quality-checks',
    query: pageQuery,
    response: pageOf(QualityCheckSchema),
    summary: 'Issue 15 book quality check: the store’s quality checks, newest first.',
    tags: ['fulfillment'],
  }),
  createQualityCheck: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/quality-checks',
    body: CreateQualityCheckBodySchema,
    response: QualityCheckSchema,
    successStatus: 201,
    summary:
      'Issue 15: books a quality check (400 for a day in the past, a sourcing order item or receiving not the store’s).',
    tags: ['fulfillment'],
  }),
  cancelQualityCheck: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/quality-checks/:sn/cancel',
    params: snParams,
    response: QualityCheckSchema,
    summary:
      'Issue 15: cancels a REQUESTED or SCHEDULED quality check (409 `quality_check_not_cancelable` otherwise).',
    tags: ['fulfillment'],
  }),
  listPreSales: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/pre-sales',
    response: z.object({ items: z.array(PreSaleSchema) }),
    summary: 'Issue 15 set up a pre sale: the store’s pre-sales by SKU.',
    tags: ['fulfillment'],
  }),
  savePreSale: defineEndpoint({
    method: 'PUT',
    path: '/api/web/fulfillment/pre-sales/:variantId',
    params: z.object({ variantId: IdSchema }),
    body: SavePreSaleBodySchema,
    response: PreSaleSchema,
    summary:
      'Issue 15: sets a variant’s pre-sale (400 for a variant not the store’s, an end date in the past).',
    tags: ['fulfillment'],
  }),
  deletePreSale: defineEndpoint({
    method: 'DELETE',
    path: '/api/web/fulfillment/pre-sales/:variantId',
    params: z.object({ variantId: IdSchema }),
    response: z.object({ ok: z.literal(true) }),
    summary: 'Issue 15: ends a variant’s pre-sale (404 `pre_sale_not_found` without one).',
    tags: ['fulfillment'],
  }),
  listSupportTickets: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/support-tickets',
    query: pageQuery.extend({ status: SupportTicketStatusSchema.optional() }),
    response: pageOf(SupportTicketSchema),
    summary: 'Issue 15: the store’s warehouse support tickets, newest first.',
    tags: ['fulfillment'],
  }),
  openSupportTicket: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/support-tickets',
    body: OpenSupportTicketBodySchema,
    response: SupportTicketSchema,
    successStatus: 201,
    summary:
      'Issue 15 (spec §3 categories): opens a ticket about a store order within 30 days of its shipment, or of the order when not shipped (400 `support_ticket_window_closed` after).',
    tags: ['fulfillment'],
  }),
  closeSupportTicket: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/support-tickets/:sn/close',
    params: snParams,
    response: SupportTicketSchema,
    summary: 'Issue 15: closes a ticket (409 `support_ticket_closed` when it already is).',
    tags: ['fulfillment'],
  }),
  getPackagingCatalogue: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/packaging/:category',
    params: z.object({ category: z.string().max(60) }),
    response: PackagingCatalogueSchema,
    summary:
      'Issue 15 /order-packaging/{packagingCategory}: the packaging of a category with the store’s default (404 `packaging_category_not_found`).',
    tags: ['fulfillment'],
  }),
  setDefaultPackaging: defineEndpoint({
    method: 'PUT',
    path: '/api/web/fulfillment/packaging/:category/default',
    params: z.object({ category: z.string().max(60) }),
    body: z.object({ packagingId: z.string().trim().min(1, 'Choose a packaging.').max(60) }),
    response: PackagingCatalogueSchema,
    summary:
      'Issue 15: the store’s default packaging of a category (400 `packagingId` for one not in it).',
    tags: ['fulfillment'],
  }),
} as const;
