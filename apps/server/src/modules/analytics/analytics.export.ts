import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { analyticsEvents, analyticsShares } from './analytics.table';

/**
 * "Export my data" tables of the analytics module (issue 14): the store's shared reports (with
 * each snapshot as JSON) and the product-analytics events its signed-in members reported.
 * Anonymous events belong to no store. The model fits are derived from the orders, which are
 * exported themselves.
 */
export const createAnalyticsExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'analytics_shares',
    from: analyticsShares,
    columns: {
      id: analyticsShares.id,
      view: analyticsShares.view,
      query: analyticsShares.query,
      result: analyticsShares.result,
      created_by_user_id: analyticsShares.createdByUserId,
      created_at: analyticsShares.createdAt,
      revoked_at: analyticsShares.revokedAt,
    },
    ofStore: (storeId) => eq(analyticsShares.storeId, storeId),
    keys: [analyticsShares.id],
  }),
  createTableExportSource(db, {
    table: 'analytics_events',
    from: analyticsEvents,
    columns: {
      id: analyticsEvents.id,
      received_at: analyticsEvents.receivedAt,
      source_client: analyticsEvents.sourceClient,
      anonymous_user_id: analyticsEvents.anonymousUserId,
      user_id: analyticsEvents.userId,
      common_type: analyticsEvents.commonType,
      event_name: analyticsEvents.eventName,
      common_content: analyticsEvents.commonContent,
      properties: analyticsEvents.properties,
    },
    ofStore: (storeId) => eq(analyticsEvents.storeId, storeId),
    keys: [analyticsEvents.id],
  }),
];
