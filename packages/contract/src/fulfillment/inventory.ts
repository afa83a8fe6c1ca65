import { z } from 'zod';

/**
 * Issue 15, the fulfillment center's stock: warehouses, inventory per variant and warehouse, the
 * inventory ledger (every change is a movement) and the reservation of store orders' lines.
 */

/** A warehouse of the fulfillment center (the default one is in North Carolina, spec §9). */
export const WarehouseSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  stateCode: z.string(),
  countryCode: z.string(),
  /** IANA time zone of the warehouse (cut-offs are its local times). */
  timeZone: z.string(),
  isDefault: z.boolean(),
});
export type Warehouse = z.infer<typeof WarehouseSchema>;

/**
 * What changed the stock. RESERVATION and RELEASE move units between available and reserved
 * (on hand unchanged); RECEIVING, SHIPMENT, RETURN_RESTOCK, ADJUSTMENT and KITTING (components
 * out, kits in) change what is on hand.
 */
export const INVENTORY_MOVEMENT_KINDS = [
  'RECEIVING',
  'RESERVATION',
  'RELEASE',
  'SHIPMENT',
  'RETURN_RESTOCK',
  'ADJUSTMENT',
  'KITTING',
] as const;
export const InventoryMovementKindSchema = z.enum(INVENTORY_MOVEMENT_KINDS);
export type InventoryMovementKind = z.infer<typeof InventoryMovementKindSchema>;

/** Why stock was adjusted by hand. */
export const ADJUSTMENT_REASONS = [
  'CYCLE_COUNT',
  'DAMAGED',
  'LOST',
  'FOUND',
  'CORRECTION',
] as const;
export const AdjustmentReasonSchema = z.enum(ADJUSTMENT_REASONS);
export type AdjustmentReason = z.infer<typeof AdjustmentReasonSchema>;

/** The most units one adjustment moves, either way. */
export const MAX_ADJUSTMENT_UNITS = 1_000_000;

/** A variant's stock in one warehouse: `available` = `onHand` − `reserved` (never below 0). */
export const InventoryLevelSchema = z.object({
  variantId: z.string(),
  sku: z.string().nullable(),
  productTitle: z.string(),
  /** The variant's option values joined with " / " (empty for a product without options). */
  variantTitle: z.string(),
  warehouseId: z.string(),
  /**
   * The bin the SKU is kept in at this warehouse ("A-0001", given when its stock is first
   * counted there); null for a variant never stocked there.
   */
  binCode: z.string().nullable(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  updatedAt: z.iso.datetime().nullable(),
});
export type InventoryLevel = z.infer<typeof InventoryLevelSchema>;

/** One row of the inventory ledger, with the stock it left. */
export const InventoryMovementSchema = z.object({
  id: z.string(),
  variantId: z.string(),
  warehouseId: z.string(),
  kind: InventoryMovementKindSchema,
  onHandChange: z.number().int(),
  reservedChange: z.number().int(),
  onHandAfter: z.number().int(),
  reservedAfter: z.number().int(),
  reason: AdjustmentReasonSchema.nullable(),
  note: z.string().nullable(),
  /** The store order a reservation, release or shipment is for. */
  orderId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type InventoryMovement = z.infer<typeof InventoryMovementSchema>;

/** An adjustment by hand: `change` units on hand (negative takes units away). */
export const AdjustInventoryBodySchema = z.object({
  variantId: z.string().min(1).max(100),
  /** Default: the default warehouse. */
  warehouseId: z.string().min(1).max(100).optional(),
  change: z
    .number()
    .int()
    .min(-MAX_ADJUSTMENT_UNITS)
    .max(MAX_ADJUSTMENT_UNITS)
    .refine((value) => value !== 0, 'An adjustment changes at least one unit.'),
  reason: AdjustmentReasonSchema,
  note: z.string().trim().max(500).optional(),
});
export type AdjustInventoryBody = z.infer<typeof AdjustInventoryBodySchema>;

/**
 * How an order line stands: RESERVED (all its units are held for it), MISSING_STOCK (not enough
 * available: nothing is held, all or nothing), NOT_STOCKED (no tracked variant of the store has
 * its SKU: nothing to hold), CANCELED (no unit left to ship) or SHIPPED (its units left with a
 * shipment).
 */
export const LINE_RESERVATION_STATUSES = [
  'RESERVED',
  'SHIPPED',
  'MISSING_STOCK',
  'NOT_STOCKED',
  'CANCELED',
] as const;
export const LineReservationStatusSchema = z.enum(LINE_RESERVATION_STATUSES);
export type LineReservationStatus = z.infer<typeof LineReservationStatusSchema>;

/** The reservation of a store order, line by line. */
export const OrderReservationSchema = z.object({
  orderId: z.string(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      sku: z.string().nullable(),
      variantId: z.string().nullable(),
      warehouseId: z.string().nullable(),
      /** Units to ship: ordered less canceled. */
      quantity: z.number().int(),
      reserved: z.number().int(),
      status: LineReservationStatusSchema,
    }),
  ),
  /** Whether some line waits for stock (the order is held for missing stock). */
  isMissingStock: z.boolean(),
});
export type OrderReservation = z.infer<typeof OrderReservationSchema>;
