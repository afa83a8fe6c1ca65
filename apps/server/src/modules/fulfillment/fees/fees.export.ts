import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { fulfillmentFeeCharges, fulfillmentLowStock } from './fees.table';

/**
 * "Export my data" tables of the fulfillment fees (issue 15): the center's charges to the store
 * (pick and pack, priority, storage, cash back) and its low-stock thresholds and alerts.
 */
export const createFeesExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'fulfillment_fee_charges',
    from: fulfillmentFeeCharges,
    columns: {
      id: fulfillmentFeeCharges.id,
      kind: fulfillmentFeeCharges.kind,
      month: fulfillmentFeeCharges.month,
      order_id: fulfillmentFeeCharges.orderId,
      shipment_id: fulfillmentFeeCharges.shipmentId,
      plan_type: fulfillmentFeeCharges.planType,
      quantity: fulfillmentFeeCharges.quantity,
      unit_amount: fulfillmentFeeCharges.unitAmount,
      amount: fulfillmentFeeCharges.amount,
      currency_code: fulfillmentFeeCharges.currencyCode,
      note: fulfillmentFeeCharges.note,
      created_at: fulfillmentFeeCharges.createdAt,
    },
    ofStore: (storeId) => eq(fulfillmentFeeCharges.storeId, storeId),
    keys: [fulfillmentFeeCharges.id],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_low_stock',
    from: fulfillmentLowStock,
    columns: {
      variant_id: fulfillmentLowStock.variantId,
      threshold: fulfillmentLowStock.threshold,
      alerted_at: fulfillmentLowStock.alertedAt,
      updated_at: fulfillmentLowStock.updatedAt,
    },
    ofStore: (storeId) => eq(fulfillmentLowStock.storeId, storeId),
    keys: [fulfillmentLowStock.variantId],
  }),
];
