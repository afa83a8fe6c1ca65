import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { catalogFavorites } from './favorite.table';
import { catalogCompanyReviews } from './review.table';

/** "Export my data" tables of the catalog module (issue 8): the store's favorites and reviews. */
export const createCatalogExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'catalog_favorites',
    from: catalogFavorites,
    columns: {
      target_type: catalogFavorites.targetType,
      target_id: catalogFavorites.targetId,
      created_at: catalogFavorites.createdAt,
    },
    ofStore: (storeId) => eq(catalogFavorites.storeId, storeId),
    keys: [catalogFavorites.targetType, catalogFavorites.targetId],
  }),
  createTableExportSource(db, {
    table: 'catalog_company_reviews',
    from: catalogCompanyReviews,
    columns: {
      id: catalogCompanyReviews.id,
      company_id: catalogCompanyReviews.companyId,
      author_user_id: catalogCompanyReviews.authorUserId,
      author_name: catalogCompanyReviews.authorName,
      rating: catalogCompanyReviews.rating,
      title: catalogCompanyReviews.title,
      body: catalogCompanyReviews.body,
      created_at: catalogCompanyReviews.createdAt,
      updated_at: catalogCompanyReviews.updatedAt,
    },
    ofStore: (storeId) => eq(catalogCompanyReviews.storeId, storeId),
    keys: [catalogCompanyReviews.id],
  }),
];
