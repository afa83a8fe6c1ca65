import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { ShipmentSchema } from './shipment';

/**
 * Issue 15, returns (spec §2 Manage Returns /return-settings, §3 Returns, §4 Returns): a customer
 * sends back units of a shipped store order, of any channel; the center inspects every unit and
 * puts only the good ones back on hand (RETURN_RESTOCK); the customer is refunded or given store
 * credit, less the return fee when the store deducts one.
 */

/**
 * Spec §4: CREATED (the customer created it, nothing received), SHIPPING (the customer is
 * shipping it), RECEIVED (shown as Complete: refunded or processed), CANCELED (no refund, the
 * reason shown).
 */
export const RETURN_STATUSES = ['CREATED', 'SHIPPING', 'RECEIVED', 'CANCELED'] as const;
export const ReturnStatusSchema = z.enum(RETURN_STATUSES);
export type ReturnStatus = z.infer<typeof ReturnStatusSchema>;

/** How the statuses read on screen (spec §4: RECEIVED is shown as Complete). */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  CREATED: 'Created',
  SHIPPING: 'Customer shipping',
  RECEIVED: 'Complete',
  CANCELED: 'Canceled',
};

/**
 * Spec §3 refundMethod: AUTOMATIC (refunded when the return is received), MANUAL (the store
 * refunds it itself), STORE_CREDIT (credit for the customer's next order).
 */
export const REFUND_METHODS = ['AUTOMATIC', 'MANUAL', 'STORE_CREDIT'] as const;
export const RefundMethodSchema = z.enum(REFUND_METHODS);
export type RefundMethod = z.infer<typeof RefundMethodSchema>;

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  AUTOMATIC: 'Automatic refund',
  MANUAL: 'Manual refund',
  STORE_CREDIT: 'Store credit',
};

/** Spec §3 return fee: FREE, or DEDUCT_FROM_REFUND (the fee comes off the refund). */
export const RETURN_FEE_TYPES = ['FREE', 'DEDUCT_FROM_REFUND'] as const;
export const ReturnFeeTypeSchema = z.enum(RETURN_FEE_TYPES);
export type ReturnFeeType = z.infer<typeof ReturnFeeTypeSchema>;

/** Spec §3 refund destination. */
export const REFUND_DESTINATIONS = ['ORIGINAL_PAYMENT', 'STORE_CREDIT'] as const;
export const RefundDestinationSchema = z.enum(REFUND_DESTINATIONS);
export type RefundDestination = z.infer<typeof RefundDestinationSchema>;

/** What the customer wants for a line: the money back, or another variant in exchange. */
export const RETURN_RESOLUTIONS = ['REFUND', 'EXCHANGE'] as const;
export const ReturnResolutionSchema = z.enum(RETURN_RESOLUTIONS);
export type ReturnResolution = z.infer<typeof ReturnResolutionSchema>;

/** Why the customer sends it back. */
export const RETURN_REASONS = [
  'TOO_SMALL',
  'TOO_LARGE',
  'NOT_AS_DESCRIBED',
  'DAMAGED',
  'DEFECTIVE',
  'WRONG_ITEM',
  'CHANGED_MIND',
  'OTHER',
] as const;
export const ReturnReasonSchema = z.enum(RETURN_REASONS);
export type ReturnReason = z.infer<typeof ReturnReasonSchema>;

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  TOO_SMALL: 'Too small',
  TOO_LARGE: 'Too large',
  NOT_AS_DESCRIBED: 'Not as described',
  DAMAGED: 'Arrived damaged',
  DEFECTIVE: 'Defective',
  WRONG_ITEM: 'Wrong item sent',
  CHANGED_MIND: 'Changed their mind',
  OTHER: 'Other',
};

/**
 * What the inspection found for one unit. Only GOOD units go back on hand; a MISSING unit was
 * not in the parcel and is not refunded.
 */
export const UNIT_CONDITIONS = ['GOOD', 'DAMAGED', 'DEFECTIVE', 'MISSING'] as const;
export const UnitConditionSchema = z.enum(UNIT_CONDITIONS);
export type UnitCondition = z.infer<typeof UnitConditionSchema>;

export const UNIT_CONDITION_LABELS: Record<UnitCondition, string> = {
  GOOD: 'Good: back to stock',
  DAMAGED: 'Damaged',
  DEFECTIVE: 'Defective',
  MISSING: 'Missing from the parcel',
};

/** The longest return window a store can set, in days. */
export const MAX_RETURN_WINDOW_DAYS = 365;

/** A store's return settings (/return-settings), the defaults until the store saves its own. */
export const ReturnSettingsSchema = z.object({
  /** Whether returns can be created for the store's orders. */
  isEnabled: z.boolean(),
  /** Days after an order's parcel left the center during which a return can be created. */
  windowDays: z.number().int(),
  feeType: ReturnFeeTypeSchema,
  /** The fee when `feeType` is DEDUCT_FROM_REFUND, in minor units (USD). */
  fee: MoneySchema,
  refundMethod: RefundMethodSchema,
  refundDestination: RefundDestinationSchema,
  /** Whether the customer may ask for another variant instead of the money. */
  allowExchanges: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type ReturnSettings = z.infer<typeof ReturnSettingsSchema>;

export const DEFAULT_RETURN_SETTINGS: Omit<ReturnSettings, 'updatedAt'> = {
  isEnabled: true,
  windowDays: 30,
  feeType: 'FREE',
  fee: { amount: 0, currencyCode: 'USD' },
  refundMethod: 'AUTOMATIC',
  refundDestination: 'ORIGINAL_PAYMENT',
  allowExchanges: true,
};

export const UpdateReturnSettingsBodySchema = z
  .object({
    isEnabled: z.boolean(),
    windowDays: z.number().int().min(1).max(MAX_RETURN_WINDOW_DAYS),
    feeType: ReturnFeeTypeSchema,
    /** The fee in cents (USD); at most $1,000. */
    feeAmount: z.number().int().min(0).max(100_000),
    refundMethod: RefundMethodSchema,
    refundDestination: RefundDestinationSchema,
    allowExchanges: z.boolean(),
  })
  .superRefine((body, context) => {
    if (body.feeType === 'DEDUCT_FROM_REFUND' && body.feeAmount === 0) {
      context.addIssue({
        code: 'custom',
        path: ['feeAmount'],
        message: 'Enter the fee to deduct from the refund, or choose a free return.',
      });
    }
    if (body.refundMethod === 'STORE_CREDIT' && body.refundDestination !== 'STORE_CREDIT') {
      context.addIssue({
        code: 'custom',
        path: ['refundDestination'],
        message: 'A store-credit refund goes to store credit.',
      });
    }
  });
export type UpdateReturnSettingsBody = z.infer<typeof UpdateReturnSettingsBodySchema>;

/** One inspected unit of a return line. */
export const ReturnUnitSchema = z.object({
  condition: UnitConditionSchema,
  note: z.string().nullable(),
  /** Whether it went back on hand (GOOD units only). */
  isRestocked: z.boolean(),
});
export type ReturnUnit = z.infer<typeof ReturnUnitSchema>;

export const ReturnLineSchema = z.object({
  id: z.string(),
  orderLineId: z.string(),
  variantId: z.string().nullable(),
  sku: z.string().nullable(),
  title: z.string(),
  variantTitle: z.string().nullable(),
  quantity: z.number().int(),
  /** The price paid per unit, in minor units of the order's currency. */
  unitPrice: z.number().int(),
  reason: ReturnReasonSchema,
  resolution: ReturnResolutionSchema,
  /** The variant wanted in exchange (resolution EXCHANGE). */
  exchangeVariantId: z.string().nullable(),
  exchangeSku: z.string().nullable(),
  /** The units as inspected, once received (empty before). */
  units: z.array(ReturnUnitSchema),
});
export type ReturnLine = z.infer<typeof ReturnLineSchema>;

/** A return (spec §3 Returns). `handle` reads RET-000012. */
export const ReturnSchema = z.object({
  id: z.string(),
  handle: z.string(),
  orderId: z.string(),
  order: z.object({ orderNumber: z.string(), customerName: z.string().nullable() }),
  status: ReturnStatusSchema,
  refundMethod: RefundMethodSchema,
  refundDestination: RefundDestinationSchema,
  feeType: ReturnFeeTypeSchema,
  /** The fee taken off the refund (0 when FREE). */
  fee: MoneySchema,
  /** The money back once received: the refundable units' prices less the fee, never below 0. */
  refund: MoneySchema.nullable(),
  /** What the customer was told when it was received (spec §4 receipt wording). */
  receipt: z.string().nullable(),
  /** The return label (customer → center), when the center made one. */
  shipment: ShipmentSchema.nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  note: z.string().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(ReturnLineSchema),
  /** The exchange order sent for EXCHANGE lines, once received. */
  exchangeOrderId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  receivedAt: z.iso.datetime().nullable(),
  canceledAt: z.iso.datetime().nullable(),
});
export type Return = z.infer<typeof ReturnSchema>;

const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const CreateReturnBodySchema = z.object({
  orderId: z.string().min(1).max(60),
  lines: z
    .array(
      z.object({
        orderLineId: z.string().min(1).max(60),
        quantity: z.number().int().min(1).max(10_000),
        reason: ReturnReasonSchema,
        resolution: ReturnResolutionSchema.default('REFUND'),
        exchangeVariantId: z.string().min(1).max(60).optional(),
      }),
    )
    .min(1, 'Choose at least one item to return.')
    .max(200),
  /** Overrides the store's refund method for this return. */
  refundMethod: RefundMethodSchema.optional(),
  note: z.string().trim().max(2000).optional(),
});
export type CreateReturnBody = z.infer<typeof CreateReturnBodySchema>;

/** The customer's parcel is on its way: with its tracking number, or with a label made here. */
export const ShipReturnBodySchema = z.union([
  z.object({ carrier: trimmed(100), trackingNumber: trimmed(100) }),
  z.object({ createLabel: z.literal(true) }),
]);
export type ShipReturnBody = z.infer<typeof ShipReturnBodySchema>;

/** The inspection: one entry per unit of every line (a line of 3 units has 3). */
export const ReceiveReturnBodySchema = z.object({
  units: z
    .array(
      z.object({
        lineId: z.string().min(1).max(60),
        condition: UnitConditionSchema,
        note: z.string().trim().max(500).optional(),
      }),
    )
    .min(1)
    .max(10_000),
});
export type ReceiveReturnBody = z.infer<typeof ReceiveReturnBodySchema>;

export const CancelReturnBodySchema = z.object({ reason: trimmed(500) });

export const ReturnsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
  status: ReturnStatusSchema.optional(),
  orderId: z.string().max(60).optional(),
});

/** The export job's kind (CSV of the store's returns in FileStorage, spec §7 export-job). */
export const RETURNS_EXPORT_JOB_KIND = 'fulfillment.returns-export';

const handleParams = z.object({ handle: z.string().max(40) });

/** Issue 15, return calls (spec §7 return-orders list, detail, export-job; /return-settings). */
export const returnEndpoints = {
  getReturnSettings: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/return-settings',
    response: ReturnSettingsSchema,
    summary: 'Issue 15 /return-settings: the store’s return settings (defaults until saved).',
    tags: ['fulfillment'],
  }),
  updateReturnSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/web/fulfillment/return-settings',
    body: UpdateReturnSettingsBodySchema,
    response: ReturnSettingsSchema,
    summary: 'Issue 15 /return-settings: saves the store’s return settings.',
    tags: ['fulfillment'],
  }),
  listReturns: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/returns',
    query: ReturnsQuerySchema,
    response: z.object({ items: z.array(ReturnSchema), nextCursor: z.string().nullable() }),
    summary: 'Issue 15 return-orders list: the store’s returns, newest first.',
    tags: ['fulfillment'],
  }),
  createReturn: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/returns',
    body: CreateReturnBodySchema,
    response: ReturnSchema,
    summary: 'Issue 15: a return of shipped units of a store order (status CREATED).',
    tags: ['fulfillment'],
  }),
  getReturn: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/returns/:handle',
    params: handleParams,
    response: ReturnSchema,
    summary: 'Issue 15 return-orders detail.',
    tags: ['fulfillment'],
  }),
  shipReturn: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/returns/:handle/ship',
    params: handleParams,
    body: ShipReturnBodySchema,
    response: ReturnSchema,
    summary: 'Issue 15: the customer ships the return (tracking given, or a return label made).',
    tags: ['fulfillment'],
  }),
  receiveReturn: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/returns/:handle/receive',
    params: handleParams,
    body: ReceiveReturnBodySchema,
    response: ReturnSchema,
    summary:
      'Issue 15: the return arrived; every unit inspected, good units restocked, refund or credit.',
    tags: ['fulfillment'],
  }),
  cancelReturn: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/returns/:handle/cancel',
    params: handleParams,
    body: CancelReturnBodySchema,
    response: ReturnSchema,
    summary: 'Issue 15: cancels a return not yet received, with a reason (no refund).',
    tags: ['fulfillment'],
  }),
};
