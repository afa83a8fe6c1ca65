import { z } from 'zod';
import { MoneySchema } from '../common/money';

/**
 * Issue 15 outbound: shipments of store orders and standalone labels (spec §3 shipping label
 * draft), bought from the ShippingProvider and printed as 4×6 in PDF labels.
 */

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value || null);

/**
 * Spec §3 shipping label draft, an address: name, email, addressLine1, addressLine2, city,
 * state, stateCode, zipCode, phone, country (default United States of America) and countryCode
 * (default US). Whether the state and ZIP fit the country is checked against the reference data.
 */
export const LabelAddressSchema = z.object({
  name: text(200).min(1, 'Enter the name.'),
  email: z
    .union([z.email('Enter an e-mail address such as name@example.com.'), z.literal('')])
    .nullish()
    .transform((value) => value || null),
  company: optionalText(200),
  addressLine1: text(300).min(1, 'Enter the street address.'),
  addressLine2: optionalText(300),
  city: text(120).min(1, 'Enter the city.'),
  state: optionalText(120),
  stateCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, 'A state code such as NC.')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value || null),
  zipCode: optionalText(20),
  phone: optionalText(40),
  country: text(120).default('United States of America'),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'A two-letter country code such as US.')
    .default('US'),
});
export type LabelAddress = z.infer<typeof LabelAddressSchema>;

/** An address as answered (no defaults or transforms: the server's stored shape). */
export const StoredLabelAddressSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  stateCode: z.string().nullable(),
  zipCode: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string(),
  countryCode: z.string(),
});

export const MASS_UNITS = ['lb', 'oz', 'g', 'kg'] as const;
export const DISTANCE_UNITS = ['in', 'cm'] as const;
/** Spec §9: 453.59237 grams per pound (exact). */
export const GRAMS_PER_POUND = 453.59237;
/** The heaviest parcel a label carries, and the longest side (carriers' parcel limits). */
export const MAX_PARCEL_WEIGHT_LB = 150;
export const MAX_PARCEL_SIDE_IN = 108;

/**
 * Spec §3 shipping label draft, the parcel: weight with mass_unit (lb by default), length, width
 * and height with distance_unit (in by default, spec §9 default parcel units). The weight's limit
 * (> 0, at most 150 lb) is checked after conversion.
 */
export const LabelParcelSchema = z.object({
  weight: z.number().positive('The parcel must weigh more than 0.').max(1_000_000),
  massUnit: z.enum(MASS_UNITS).default('lb'),
  length: z.number().positive('Each side is longer than 0.').max(10_000),
  width: z.number().positive('Each side is longer than 0.').max(10_000),
  height: z.number().positive('Each side is longer than 0.').max(10_000),
  distanceUnit: z.enum(DISTANCE_UNITS).default('in'),
});
export type LabelParcel = z.infer<typeof LabelParcelSchema>;

/** A parcel as answered. */
export const StoredLabelParcelSchema = z.object({
  weight: z.number(),
  massUnit: z.enum(MASS_UNITS),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  distanceUnit: z.enum(DISTANCE_UNITS),
});

/** A service the provider offers for a parcel, with its price. */
export const ShippingRateSchema = z.object({
  serviceLevel: z.string(),
  carrier: z.string(),
  amount: MoneySchema,
  /** Business days in transit, as the provider estimates them. */
  estimatedDays: z.number().int().nullable(),
  /** The local rate table's zone (1–8 in the US, 9 abroad); null from a real carrier. */
  zone: z.number().int().nullable(),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

/** Spec §3 shipping label draft: a standalone label, not for an order (no stock moves). */
export const ShippingLabelDraftSchema = z.object({
  fromAddress: LabelAddressSchema,
  toAddress: LabelAddressSchema,
  parcel: LabelParcelSchema,
  /** The service to buy; the cheapest when left out. */
  serviceLevel: z.string().trim().min(1).max(100).optional(),
  notes: z.string().trim().max(1000).optional(),
});
export type ShippingLabelDraft = z.infer<typeof ShippingLabelDraftSchema>;

export const QuoteRatesBodySchema = ShippingLabelDraftSchema.pick({
  fromAddress: true,
  toAddress: true,
  parcel: true,
});

/** Ships reserved lines of a store order (all of them by default; some for partial fulfilment). */
export const ShipOrderBodySchema = z.object({
  lineIds: z.array(z.string().min(1).max(100)).min(1).max(500).optional(),
  parcel: LabelParcelSchema,
  serviceLevel: z.string().trim().min(1).max(100).optional(),
  notes: z.string().trim().max(1000).optional(),
});
export type ShipOrderBody = z.infer<typeof ShipOrderBodySchema>;

/** ACTIVE, or VOIDED once recreated (spec §7 shipments/recreate). */
export const SHIPMENT_STATUSES = ['ACTIVE', 'VOIDED'] as const;
/** The label: PENDING while the job buys and renders it, READY, or FAILED with the reason. */
export const LABEL_STATUSES = ['PENDING', 'READY', 'FAILED'] as const;

export const ShipmentSchema = z.object({
  id: z.string(),
  /** e.g. SHP-000012. */
  sn: z.string(),
  /** The store order it carries; null for a standalone label. */
  orderId: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  labelStatus: z.enum(LABEL_STATUSES),
  labelError: z.string().nullable(),
  /** 'local' (Atelier's offline rate table and labels) or 'shippo'. */
  provider: z.string(),
  serviceLevel: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  rate: MoneySchema,
  zone: z.number().int().nullable(),
  fromAddress: StoredLabelAddressSchema,
  toAddress: StoredLabelAddressSchema,
  parcel: StoredLabelParcelSchema,
  /** The parcel's weight in grams. */
  weightG: z.number().int(),
  notes: z.string().nullable(),
  lines: z.array(
    z.object({ orderLineId: z.string(), variantId: z.string(), quantity: z.number().int() }),
  ),
  /** Where the 4×6 in PDF is, once READY. */
  labelUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  labelReadyAt: z.iso.datetime().nullable(),
  voidedAt: z.iso.datetime().nullable(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** Spec §7 shippo validate-address: the answer for one address. */
export const AddressValidationSchema = z.object({
  isValid: z.boolean(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })),
});
