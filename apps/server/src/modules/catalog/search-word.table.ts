import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The catalog's vocabulary: every word of the items' search text (suppliers' names, titles,
 * descriptions, category names), unstemmed, with how many items hold it. A search that finds
 * nothing asks it which words are unknown and which known word each is closest to (typo
 * correction, pg_trgm). Rebuilt by the catalog writer after the catalog changes.
 */
export const catalogSearchWords = pgTable(
  'catalog_search_words',
  {
    word: text('word').primaryKey(),
    /** Items whose search text holds the word. */
    itemCount: integer('item_count').notNull(),
  },
  (table) => [
    // Prefix lookups ("jack" is known because "jacket" is), whatever the database's collation.
    index('catalog_search_words_prefix_idx').on(sql`${table.word} text_pattern_ops`),
    index('catalog_search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`),
  ],
);
