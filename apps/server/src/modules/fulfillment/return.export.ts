import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import {
  fulfillmentReturnLines,
  fulfillmentReturns,
  fulfillmentReturnSettings,
  fulfillmentReturnUnits,
} from './return.table';

/**
 * "Export my data" tables of returns (issue 15): the store's return settings, its returns with
 * their lines and the inspection of every unit.
 */
export const createReturnExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'fulfillment_return_settings',
    from: fulfillmentReturnSettings,
    columns: {
      is_enabled: fulfillmentReturnSettings.isEnabled,
      window_days: fulfillmentReturnSettings.windowDays,
      fee_type: fulfillmentReturnSettings.feeType,
      fee_amount: fulfillmentReturnSettings.feeAmount,
      currency_code: fulfillmentReturnSettings.currencyCode,
      refund_method: fulfillmentReturnSettings.refundMethod,
      refund_destination: fulfillmentReturnSettings.refundDestination,
      allow_exchanges: fulfillmentReturnSettings.allowExchanges,
      updated_at: fulfillmentReturnSettings.updatedAt,
    },
    ofStore: (storeId) => eq(fulfillmentReturnSettings.storeId, storeId),
    keys: [fulfillmentReturnSettings.storeId],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_returns',
    from: fulfillmentReturns,
    columns: {
      id: fulfillmentReturns.id,
      number: fulfillmentReturns.number,
      order_id: fulfillmentReturns.orderId,
      status: fulfillmentReturns.status,
      refund_method: fulfillmentReturns.refundMethod,
      refund_destination: fulfillmentReturns.refundDestination,
      fee_type: fulfillmentReturns.feeType,
      fee_amount: fulfillmentReturns.feeAmount,
      currency_code: fulfillmentReturns.currencyCode,
      refund_amount: fulfillmentReturns.refundAmount,
      receipt: fulfillmentReturns.receipt,
      shipment_id: fulfillmentReturns.shipmentId,
      carrier: fulfillmentReturns.carrier,
      tracking_number: fulfillmentReturns.trackingNumber,
      note: fulfillmentReturns.note,
      cancel_reason: fulfillmentReturns.cancelReason,
      exchange_order_id: fulfillmentReturns.exchangeOrderId,
      created_by: fulfillmentReturns.createdBy,
      created_at: fulfillmentReturns.createdAt,
      received_at: fulfillmentReturns.receivedAt,
      canceled_at: fulfillmentReturns.canceledAt,
    },
    ofStore: (storeId) => eq(fulfillmentReturns.storeId, storeId),
    keys: [fulfillmentReturns.id],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_return_lines',
    from: fulfillmentReturnLines,
    columns: {
      id: fulfillmentReturnLines.id,
      return_id: fulfillmentReturnLines.returnId,
      order_line_id: fulfillmentReturnLines.orderLineId,
      variant_id: fulfillmentReturnLines.variantId,
      sku: fulfillmentReturnLines.sku,
      title: fulfillmentReturnLines.title,
      variant_title: fulfillmentReturnLines.variantTitle,
      quantity: fulfillmentReturnLines.quantity,
      unit_price: fulfillmentReturnLines.unitPrice,
      reason: fulfillmentReturnLines.reason,
      resolution: fulfillmentReturnLines.resolution,
      exchange_variant_id: fulfillmentReturnLines.exchangeVariantId,
      exchange_sku: fulfillmentReturnLines.exchangeSku,
      position: fulfillmentReturnLines.position,
    },
    ofStore: (storeId) => eq(fulfillmentReturnLines.storeId, storeId),
    keys: [fulfillmentReturnLines.id],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_return_units',
    from: fulfillmentReturnUnits,
    columns: {
      line_id: fulfillmentReturnUnits.lineId,
      unit_index: fulfillmentReturnUnits.unitIndex,
      condition: fulfillmentReturnUnits.condition,
      note: fulfillmentReturnUnits.note,
      is_restocked: fulfillmentReturnUnits.isRestocked,
    },
    ofStore: (storeId) => eq(fulfillmentReturnUnits.storeId, storeId),
    keys: [fulfillmentReturnUnits.lineId, fulfillmentReturnUnits.unitIndex],
  }),
];
