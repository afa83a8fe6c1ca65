import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import {
  fulfillmentInventoryLevels,
  fulfillmentInventoryMovements,
  fulfillmentReservations,
} from './fulfillment.table';

/**
 * "Export my data" tables of the fulfillment module (issue 15): the store's stock per variant and
 * warehouse, its inventory ledger and the units reserved for its orders. The warehouses are the
 * center's, not the store's.
 */
export const createFulfillmentExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'fulfillment_inventory_levels',
    from: fulfillmentInventoryLevels,
    columns: {
      variant_id: fulfillmentInventoryLevels.variantId,
      warehouse_id: fulfillmentInventoryLevels.warehouseId,
      on_hand: fulfillmentInventoryLevels.onHand,
      reserved: fulfillmentInventoryLevels.reserved,
      updated_at: fulfillmentInventoryLevels.updatedAt,
    },
    ofStore: (storeId) => eq(fulfillmentInventoryLevels.storeId, storeId),
    keys: [fulfillmentInventoryLevels.variantId, fulfillmentInventoryLevels.warehouseId],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_inventory_movements',
    from: fulfillmentInventoryMovements,
    columns: {
      id: fulfillmentInventoryMovements.id,
      seq: fulfillmentInventoryMovements.seq,
      variant_id: fulfillmentInventoryMovements.variantId,
      warehouse_id: fulfillmentInventoryMovements.warehouseId,
      kind: fulfillmentInventoryMovements.kind,
      on_hand_change: fulfillmentInventoryMovements.onHandChange,
      reserved_change: fulfillmentInventoryMovements.reservedChange,
      on_hand_after: fulfillmentInventoryMovements.onHandAfter,
      reserved_after: fulfillmentInventoryMovements.reservedAfter,
      reason: fulfillmentInventoryMovements.reason,
      note: fulfillmentInventoryMovements.note,
      order_id: fulfillmentInventoryMovements.orderId,
      order_line_id: fulfillmentInventoryMovements.orderLineId,
      user_id: fulfillmentInventoryMovements.userId,
      created_at: fulfillmentInventoryMovements.createdAt,
    },
    ofStore: (storeId) => eq(fulfillmentInventoryMovements.storeId, storeId),
    keys: [fulfillmentInventoryMovements.id],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_reservations',
    from: fulfillmentReservations,
    columns: {
      id: fulfillmentReservations.id,
      order_id: fulfillmentReservations.orderId,
      order_line_id: fulfillmentReservations.orderLineId,
      variant_id: fulfillmentReservations.variantId,
      warehouse_id: fulfillmentReservations.warehouseId,
      quantity: fulfillmentReservations.quantity,
      status: fulfillmentReservations.status,
      created_at: fulfillmentReservations.createdAt,
      updated_at: fulfillmentReservations.updatedAt,
    },
    ofStore: (storeId) => eq(fulfillmentReservations.storeId, storeId),
    keys: [fulfillmentReservations.id],
  }),
];
