import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { fulfillmentOrderOptions } from './order-options.table';

/** "Export my data" table of order options (issue 15): shipping method and priority per order. */
export const createOrderOptionsExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'fulfillment_order_options',
    from: fulfillmentOrderOptions,
    columns: {
      order_id: fulfillmentOrderOptions.orderId,
      shipping_method: fulfillmentOrderOptions.shippingMethod,
      is_priority: fulfillmentOrderOptions.isPriority,
      priority_at: fulfillmentOrderOptions.priorityAt,
      updated_at: fulfillmentOrderOptions.updatedAt,
    },
    ofStore: (storeId) => eq(fulfillmentOrderOptions.storeId, storeId),
    keys: [fulfillmentOrderOptions.orderId],
  }),
];
