import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ValueSource } from '@atelier/contract/catalog/supplier';
import type { Database } from '@/db/client';
import { catalogCompanies } from './supplier.table';
import { catalogItems } from './item.table';
import { catalogCompanyReviews } from './review.table';

export type ReviewRow = typeof catalogCompanyReviews.$inferSelect;
type NewReview = typeof catalogCompanyReviews.$inferInsert;

/** The supplier fields a rating refresh reads, from the row locked for the write. */
export type RatedSupplier = {
  id: string;
  name: string;
  demoRating: number | null;
  fieldSources: Record<string, ValueSource>;
};

/** Where a page of reviews continues: the last row's exact created_at (µs, UTC ISO) and id. */
export type ReviewPosition = { createdAt: string; id: string };

export type ReviewStats = {
  /** Verified reviews only: the ones that count. */
  count: number;
  /** Mean stars rounded to one decimal (numeric rounding, half away from zero); null if none. */
  average: number | null;
  distribution: Record<'1' | '2' | '3' | '4' | '5', number>;
  /** Public reviews still waiting for their author to confirm the e-mail: never counted. */
  unverifiedCount: number;
};

/** The content a public review's author may send again while it is unverified. */
export type PendingReviewContent = Pick<
  ReviewRow,
  'authorName' | 'rating' | 'title' | 'body' | 'confirmTokenHash' | 'confirmExpiresAt' | 'updatedAt'
>;

const reviews = catalogCompanyReviews;

// The cursor keeps PostgreSQL's microseconds: a JS Date would cut them to milliseconds, and a
// page could then skip rows written within the same millisecond.
const exactCreatedAt = sql<string>`to_char(${reviews.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const isVerified = sql`${reviews.verifiedAt} IS NOT NULL`;

/**
 * Count, average and stars distribution of the supplier's verified reviews (store reviews, and
 * public reviews their authors confirmed), plus how many unverified ones wait aside.
 */
const computeStats = async (db: Database, companyId: string): Promise<ReviewStats> => {
  const byStars = (stars: number) =>
    sql<number>`(count(*) FILTER (WHERE ${isVerified} AND ${reviews.rating} = ${stars}))::int`;
  const [row] = await db
    .select({
      count: sql<number>`(count(*) FILTER (WHERE ${isVerified}))::int`,
      unverifiedCount: sql<number>`(count(*) FILTER (WHERE NOT ${isVerified}))::int`,
      // avg of integers is an exact numeric in PostgreSQL: 79 stars / 20 = 3.95 rounds to 4.0.
      average: sql<
        number | null
      >`round(avg(${reviews.rating}) FILTER (WHERE ${isVerified}), 1)::float8`,
      one: byStars(1),
      two: byStars(2),
      three: byStars(3),
      four: byStars(4),
      five: byStars(5),
    })
    .from(reviews)
    .where(eq(reviews.companyId, companyId));
  return {
    count: row?.count ?? 0,
    average: row?.average ?? null,
    distribution: {
      '1': row?.one ?? 0,
      '2': row?.two ?? 0,
      '3': row?.three ?? 0,
      '4': row?.four ?? 0,
      '5': row?.five ?? 0,
    },
    unverifiedCount: row?.unverifiedCount ?? 0,
  };
};

export const createReviewRepository = (db: Database) => ({
  /** Count, average (one decimal) and stars distribution of verified reviews; unverified count. */
  computeStats: (companyId: string): Promise<ReviewStats> => computeStats(db, companyId),

  /**
   * Locks the supplier row until the transaction ends, so that concurrent reviews of one
   * supplier recompute its rating one after the other. Undefined when there is no such supplier.
   */
  async lockSupplier(companyId: string): Promise<RatedSupplier | undefined> {
    const [row] = await db
      .select({
        id: catalogCompanies.id,
        name: catalogCompanies.name,
        demoRating: catalogCompanies.demoRating,
        fieldSources: catalogCompanies.fieldSources,
      })
      .from(catalogCompanies)
      .where(eq(catalogCompanies.id, companyId))
      .for('update');
    return row;
  },

  async findById(id: string): Promise<ReviewRow | undefined> {
    const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).limit(1);
    return row;
  },

  async findByStore(companyId: string, storeId: string): Promise<ReviewRow | undefined> {
    const [row] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.companyId, companyId), eq(reviews.storeId, storeId)))
      .limit(1);
    return row;
  },

  async findByAuthorEmail(companyId: string, email: string): Promise<ReviewRow | undefined> {
    const [row] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.companyId, companyId), eq(reviews.authorEmail, email)))
      .limit(1);
    return row;
  },

  async findByConfirmTokenHash(tokenHash: string): Promise<ReviewRow | undefined> {
    const [row] = await db
      .select()
      .from(reviews)
      .where(eq(reviews.confirmTokenHash, tokenHash))
      .limit(1);
    return row;
  },

  /** Rewrites an unverified public review (and its link); undefined once it is verified. */
  async replacePending(id: string, values: PendingReviewContent): Promise<ReviewRow | undefined> {
    const [row] = await db
      .update(reviews)
      .set(values)
      .where(and(eq(reviews.id, id), isNull(reviews.verifiedAt)))
      .returning();
    return row;
  },

  /**
   * Marks the review of this token verified (not an edit: `updated_at` stays). Single use:
   * undefined when the token no longer matches or the review is already verified (a concurrent
   * confirmation won).
   */
  async markVerified(id: string, tokenHash: string, now: Date): Promise<ReviewRow | undefined> {
    const [row] = await db
      .update(reviews)
      .set({ verifiedAt: now })
      .where(
        and(
          eq(reviews.id, id),
          eq(reviews.confirmTokenHash, tokenHash),
          isNull(reviews.verifiedAt),
        ),
      )
      .returning();
    return row;
  },

  async insert(values: NewReview): Promise<ReviewRow> {
    const [row] = await db.insert(reviews).values(values).returning();
    return row!;
  },

  async update(
    id: string,
    values: Pick<ReviewRow, 'rating' | 'title' | 'body' | 'authorName' | 'updatedAt'> &
      Partial<Pick<ReviewRow, 'purchasedAt'>>,
  ): Promise<ReviewRow> {
    const [row] = await db.update(reviews).set(values).where(eq(reviews.id, id)).returning();
    return row!;
  },

  /** Newest first (created_at, then id, both descending); `limit` rows after `after`. */
  async listBySupplier(
    companyId: string,
    options: { limit: number; after?: ReviewPosition },
  ): Promise<{ row: ReviewRow; position: ReviewPosition }[]> {
    const { after } = options;
    const rows = await db
      .select({ row: reviews, exactCreatedAt })
      .from(reviews)
      .where(
        and(
          eq(reviews.companyId, companyId),
          after
            ? sql`(${reviews.createdAt}, ${reviews.id}) < (${after.createdAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(options.limit);
    return rows.map(({ row, exactCreatedAt: createdAt }) => ({
      row,
      position: { createdAt, id: row.id },
    }));
  },

  /**
   * Spec §7 / issue #3: the supplier's rating becomes the average of its verified reviews (the demo
   * rating again when there are none), with its review count and `fieldSources.rating`, and the
   * copy of the rating on each of its catalog items follows. Call inside the transaction that
   * locked the supplier with `lockSupplier`.
   */
  async refreshSupplierRating(supplier: RatedSupplier, now: Date): Promise<ReviewStats> {
    const stats = await computeStats(db, supplier.id);
    const hasReviews = stats.count > 0;
    const rating = hasReviews ? stats.average : supplier.demoRating;
    const { rating: _previous, ...otherSources } = supplier.fieldSources;
    const fieldSources: Record<string, ValueSource> = hasReviews
      ? { ...otherSources, rating: 'reviews' }
      : supplier.demoRating !== null
        ? { ...otherSources, rating: 'demo' }
        : otherSources;
    await db
      .update(catalogCompanies)
      .set({ rating, reviewCount: stats.count, fieldSources, updatedAt: now })
      .where(eq(catalogCompanies.id, supplier.id));
    // The items' copy of the rating carries the same source as the supplier's own.
    const itemRatingSource = fieldSources.rating ?? 'demo';
    await db
      .update(catalogItems)
      .set({
        companyRating: rating,
        fieldSources: sql`${catalogItems.fieldSources} || jsonb_build_object('companyRating', ${itemRatingSource}::text)`,
        updatedAt: now,
      })
      .where(eq(catalogItems.companyId, supplier.id));
    return stats;
  },
});
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
