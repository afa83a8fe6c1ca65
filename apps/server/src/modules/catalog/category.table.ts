import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Catalog categories as vertical > group > subgroup (spec §3 "Categories"), from the Google
 * product taxonomy's first three levels; ids are the taxonomy's own numeric ids.
 */
export const catalogCategories = pgTable(
  'catalog_categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    /** 1 = vertical, 2 = group, 3 = subgroup. */
    level: integer('level').notNull(),
    name: text('name').notNull(),
    vertical: text('vertical').notNull(),
    group: text('group'),
    subgroup: text('subgroup'),
    /** Full path as in the taxonomy: "Apparel & Accessories > Clothing > Shirts & Tops". */
    path: text('path').notNull(),
  },
  (table) => [
    index('catalog_categories_parent_idx').on(table.parentId),
    index('catalog_categories_level_idx').on(table.level, table.name),
  ],
);
