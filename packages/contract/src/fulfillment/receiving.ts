import { z } from 'zod';
import { MoneySchema } from '../common/money';

/**
 * Issue 15, receivings (spec §2 /receivings, /receivings/new, /receivings/{sn}/details): goods
 * arriving at the fulfillment center, from a sourcing order stored at the center (spec §4
 * destination STORED_AT_FBP) or from an intake form for goods bought elsewhere. Every item must
 * be mapped to one of the store's variants before the receiving is counted into stock.
 */

/**
 * NEEDS_MAPPING: an item is not mapped to a variant (it blocks receiving); IN_TRANSIT: on its
 * way, ready to be counted; RECEIVED: counted into stock; CANCELED: will not arrive.
 */
export const RECEIVING_STATUSES = ['NEEDS_MAPPING', 'IN_TRANSIT', 'RECEIVED', 'CANCELED'] as const;
export const ReceivingStatusSchema = z.enum(RECEIVING_STATUSES);
export type ReceivingStatus = z.infer<typeof ReceivingStatusSchema>;

/** How the statuses read on screen. */
export const RECEIVING_STATUS_LABELS: Record<ReceivingStatus, string> = {
  NEEDS_MAPPING: 'Needs Mapping',
  IN_TRANSIT: 'In transit',
  RECEIVED: 'Received',
  CANCELED: 'Canceled',
};

/** Where the goods come from. */
export const RECEIVING_SOURCES = ['SOURCING_ORDER', 'INTAKE'] as const;
export const ReceivingSourceSchema = z.enum(RECEIVING_SOURCES);
export type ReceivingSource = z.infer<typeof ReceivingSourceSchema>;

/**
 * Non-compliance incidents found at the dock, each charged RECEIVING_INCIDENT_FEE (issue 15:
 * $15 per incident). An OVERSIZE_PALLET is one over 48×40×60 in or 500 lb; it is found from the
 * pallets' measures, not chosen.
 */
export const RECEIVING_INCIDENT_KINDS = [
  'MISSING_CARTON_LABELS',
  'MIXED_SKU_CARTON',
  'UNEXPECTED_ITEM',
  'DAMAGED_PACKAGING',
  'OVERSIZE_PALLET',
] as const;
export const ReceivingIncidentKindSchema = z.enum(RECEIVING_INCIDENT_KINDS);
export type ReceivingIncidentKind = z.infer<typeof ReceivingIncidentKindSchema>;

export const RECEIVING_INCIDENT_LABELS: Record<ReceivingIncidentKind, string> = {
  MISSING_CARTON_LABELS: 'Cartons without labels',
  MIXED_SKU_CARTON: 'More than one SKU in a carton',
  UNEXPECTED_ITEM: 'An item not on the receiving',
  DAMAGED_PACKAGING: 'Damaged packaging',
  OVERSIZE_PALLET: 'Oversize pallet (over 48×40×60 in or 500 lb)',
};

/** Issue 15: $15 per non-compliance incident, in USD minor units. */
export const RECEIVING_INCIDENT_FEE = { amount: 1500, currencyCode: 'USD' } as const;
/** A pallet over any of these is oversize (inches, inches, inches, pounds). */
export const STANDARD_PALLET_LIMITS = { lengthIn: 48, widthIn: 40, heightIn: 60, weightLb: 500 };
/** The receiving SLA: counted into stock within this many business days of arrival. */
export const RECEIVING_SLA_BUSINESS_DAYS = 2;
/** The most items one receiving lists, and the most cartons one count takes. */
export const MAX_RECEIVING_ITEMS = 100;
export const MAX_RECEIVING_CARTONS = 500;
/** The most units of one item a receiving expects. */
export const MAX_RECEIVING_UNITS = 1_000_000;

export const ReceivingItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The SKU the goods came with (intake form), if any. */
  sku: z.string().nullable(),
  /** The variant the item is counted into; null until it is mapped. */
  variantId: z.string().nullable(),
  /** The mapped variant as the inventory shows it: "SKU · Product / options". */
  variantLabel: z.string().nullable(),
  /** The sourcing order item (spec §7 creator order item) the goods are, if any. */
  creatorOrderItemId: z.string().nullable(),
  expectedQuantity: z.number().int(),
  /** Counted over all cartons (good and damaged); null before the count. */
  receivedQuantity: z.number().int().nullable(),
  /** Of those, units damaged (recorded, not stocked). */
  damagedQuantity: z.number().int(),
  /** received − expected: negative when short, positive when over; null before the count. */
  discrepancy: z.number().int().nullable(),
});
export type ReceivingItem = z.infer<typeof ReceivingItemSchema>;

export const ReceivingFeeSchema = z.object({
  id: z.string(),
  kind: ReceivingIncidentKindSchema,
  note: z.string().nullable(),
  amount: MoneySchema,
});
export type ReceivingFee = z.infer<typeof ReceivingFeeSchema>;

/** A receiving in the list. */
export const ReceivingSummarySchema = z.object({
  id: z.string(),
  /** The receiving's number, e.g. RCV-000012 (its address: /receivings/{sn}/details). */
  sn: z.string(),
  status: ReceivingStatusSchema,
  source: ReceivingSourceSchema,
  warehouseId: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
  /** YYYY-MM-DD, when given. */
  expectedArrivalDate: z.iso.date().nullable(),
  itemCount: z.number().int(),
  expectedUnits: z.number().int(),
  receivedUnits: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  receivedAt: z.iso.datetime().nullable(),
});
export type ReceivingSummary = z.infer<typeof ReceivingSummarySchema>;

/** A receiving with its items, cartons and fees. */
export const ReceivingSchema = ReceivingSummarySchema.extend({
  notes: z.string().nullable(),
  items: z.array(ReceivingItemSchema),
  cartonCount: z.number().int().nullable(),
  fees: z.array(ReceivingFeeSchema),
  feesTotal: MoneySchema,
  hasDiscrepancies: z.boolean(),
  /**
   * When the count is due: RECEIVING_SLA_BUSINESS_DAYS business days after the expected arrival
   * (the warehouse's calendar, weekends skipped); null without an expected arrival or once done.
   */
  slaDueDate: z.iso.date().nullable(),
  canceledReason: z.string().nullable(),
});
export type Receiving = z.infer<typeof ReceivingSchema>;

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/**
 * One item of a new receiving: a sourcing order item (`creatorOrderItemId`: its title comes with
 * it), or goods bought elsewhere named by `title` (and `sku`). `variantId` maps it at once; an
 * item left unmapped makes the receiving NEEDS_MAPPING.
 */
export const NewReceivingItemSchema = z
  .object({
    creatorOrderItemId: z.string().min(1).max(100).optional(),
    title: trimmed(300).optional(),
    sku: trimmed(100).optional(),
    variantId: z.string().min(1).max(100).optional(),
    quantity: z.number().int().min(1).max(MAX_RECEIVING_UNITS),
  })
  .refine((item) => item.creatorOrderItemId !== undefined || item.title !== undefined, {
    message: 'Name the goods, or choose the sourcing order item they are.',
    path: ['title'],
  });

/** POST /receivings: carrier and tracking number are required (issue 15). */
export const CreateReceivingBodySchema = z.object({
  carrier: trimmed(100),
  trackingNumber: trimmed(100),
  expectedArrivalDate: z.iso.date().optional(),
  notes: z.string().trim().max(2000).optional(),
  items: z.array(NewReceivingItemSchema).min(1).max(MAX_RECEIVING_ITEMS),
});
export type CreateReceivingBody = z.infer<typeof CreateReceivingBodySchema>;

export const MapReceivingItemBodySchema = z.object({ variantId: z.string().min(1).max(100) });

/** A pallet as it arrived (inches, pounds). */
export const PalletSchema = z.object({
  lengthIn: z.number().positive().max(1000),
  widthIn: z.number().positive().max(1000),
  heightIn: z.number().positive().max(1000),
  weightLb: z.number().positive().max(100_000),
});

/**
 * POST /receivings/{sn}/receive: the count, carton by carton (each carton's units per item, of
 * which `damaged` are damaged), with the incidents found and the pallets' measures.
 */
export const ReceiveBodySchema = z.object({
  cartons: z
    .array(
      z.object({
        counts: z
          .array(
            z.object({
              itemId: z.string().min(1).max(100),
              quantity: z.number().int().min(0).max(MAX_RECEIVING_UNITS),
              damaged: z.number().int().min(0).max(MAX_RECEIVING_UNITS).default(0),
            }),
          )
          .min(1)
          .max(MAX_RECEIVING_ITEMS),
      }),
    )
    .min(1)
    .max(MAX_RECEIVING_CARTONS),
  incidents: z
    .array(
      z.object({
        kind: ReceivingIncidentKindSchema.exclude(['OVERSIZE_PALLET']),
        note: z.string().trim().max(500).optional(),
      }),
    )
    .max(50)
    .default([]),
  pallets: z.array(PalletSchema).max(100).default([]),
});
export type ReceiveBody = z.infer<typeof ReceiveBodySchema>;

export const CancelReceivingBodySchema = z.object({ reason: trimmed(500) });

/** A sourcing order item on its way to the center that no open receiving holds yet. */
export const ReceivableOrderItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  supplierName: z.string().nullable(),
  quantity: z.number().int(),
  /** Units still to arrive: quantity − received. */
  remainingQuantity: z.number().int(),
  status: z.string(),
  /** The carrier and tracking number of its latest parcel, to fill the form. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type ReceivableOrderItem = z.infer<typeof ReceivableOrderItemSchema>;
