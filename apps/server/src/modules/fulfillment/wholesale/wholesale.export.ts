import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { fulfillmentWholesaleRequirements } from './wholesale.table';

/** "Export my data" table of wholesale requirements (issue 15): one row per wholesale order. */
export const createWholesaleExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'fulfillment_wholesale_requirements',
    from: fulfillmentWholesaleRequirements,
    columns: {
      order_id: fulfillmentWholesaleRequirements.orderId,
      purchase_order_number: fulfillmentWholesaleRequirements.purchaseOrderNumber,
      ship_window_start: fulfillmentWholesaleRequirements.shipWindowStart,
      ship_window_end: fulfillmentWholesaleRequirements.shipWindowEnd,
      is_packing_slip_required: fulfillmentWholesaleRequirements.isPackingSlipRequired,
      is_carton_label_required: fulfillmentWholesaleRequirements.isCartonLabelRequired,
      is_palletized: fulfillmentWholesaleRequirements.isPalletized,
      instructions: fulfillmentWholesaleRequirements.instructions,
      attachment_file_ids: fulfillmentWholesaleRequirements.attachmentFileIds,
      updated_at: fulfillmentWholesaleRequirements.updatedAt,
    },
    ofStore: (storeId) => eq(fulfillmentWholesaleRequirements.storeId, storeId),
    keys: [fulfillmentWholesaleRequirements.orderId],
  }),
];
