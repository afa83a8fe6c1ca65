import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { fulfillmentBundleComponents, fulfillmentKittingRequests } from './kitting.table';

/** "Export my data" tables of kitting (issue 15): the store's bundles and kitting requests. */
export const createKittingExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'fulfillment_bundle_components',
    from: fulfillmentBundleComponents,
    columns: {
      bundle_variant_id: fulfillmentBundleComponents.bundleVariantId,
      component_variant_id: fulfillmentBundleComponents.componentVariantId,
      quantity: fulfillmentBundleComponents.quantity,
      position: fulfillmentBundleComponents.position,
      updated_at: fulfillmentBundleComponents.updatedAt,
    },
    ofStore: (storeId) => eq(fulfillmentBundleComponents.storeId, storeId),
    keys: [
      fulfillmentBundleComponents.bundleVariantId,
      fulfillmentBundleComponents.componentVariantId,
    ],
  }),
  createTableExportSource(db, {
    table: 'fulfillment_kitting_requests',
    from: fulfillmentKittingRequests,
    columns: {
      id: fulfillmentKittingRequests.id,
      number: fulfillmentKittingRequests.number,
      bundle_variant_id: fulfillmentKittingRequests.bundleVariantId,
      quantity: fulfillmentKittingRequests.quantity,
      status: fulfillmentKittingRequests.status,
      note: fulfillmentKittingRequests.note,
      cancel_reason: fulfillmentKittingRequests.cancelReason,
      created_by: fulfillmentKittingRequests.createdBy,
      created_at: fulfillmentKittingRequests.createdAt,
      completed_at: fulfillmentKittingRequests.completedAt,
    },
    ofStore: (storeId) => eq(fulfillmentKittingRequests.storeId, storeId),
    keys: [fulfillmentKittingRequests.id],
  }),
];
