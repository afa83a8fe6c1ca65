import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { catalogCompanies } from './supplier.table';

/**
 * Supplier reviews: one per store per supplier, or one per e-mail from the public page. Only
 * verified reviews (`verified_at` set) count in the supplier's rating (issue 9).
 */
export const catalogCompanyReviews = pgTable(
  'catalog_company_reviews',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => catalogCompanies.id),
    /** Author store; null for a public review. */
    storeId: text('store_id'),
    authorUserId: text('author_user_id'),
    authorName: text('author_name').notNull(),
    /** Public reviews only: the reviewer's e-mail, never shown. */
    authorEmail: text('author_email'),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * When the review began to count: at writing for a store review (its account vouches for
     * it), when the author opened the e-mailed link for a public one. Null: unverified.
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * Issue 12: when the store received goods it ordered from this supplier through Atelier and
     * wrote (or rewrote) this review from /leave-a-review: a verified purchase. Null otherwise.
     */
    purchasedAt: timestamp('purchased_at', { withTimezone: true, mode: 'date' }),
    /** Public reviews: SHA-256 (hex) of the e-mailed confirmation token, kept after use. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('catalog_company_reviews_store_key')
      .on(table.companyId, table.storeId)
      .where(sql`${table.storeId} IS NOT NULL`),
    uniqueIndex('catalog_company_reviews_email_key')
      .on(table.companyId, table.authorEmail)
      .where(sql`${table.authorEmail} IS NOT NULL`),
    uniqueIndex('catalog_company_reviews_confirm_token_key')
      .on(table.confirmTokenHash)
      .where(sql`${table.confirmTokenHash} IS NOT NULL`),
    index('catalog_company_reviews_company_idx').on(
      table.companyId,
      table.createdAt.desc(),
      table.id,
    ),
  ],
);
