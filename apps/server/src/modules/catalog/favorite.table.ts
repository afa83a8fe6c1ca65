import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A store's favourite suppliers (COMPANY) and items (ITEM). */
export const catalogFavorites = pgTable(
  'catalog_favorites',
  {
    storeId: text('store_id').notNull(),
    targetType: text('target_type', { enum: ['COMPANY', 'ITEM'] }).notNull(),
    targetId: text('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.storeId, table.targetType, table.targetId] }),
    index('catalog_favorites_store_idx').on(table.storeId, table.createdAt.desc()),
  ],
);
