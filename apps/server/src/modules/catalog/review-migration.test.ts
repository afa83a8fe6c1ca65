import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@/db/client';
import { MIGRATIONS_DIR } from '@/db/migrate';
import { catalogCompanies, catalogCompanyReviews, catalogItems } from '@/db/schema';
import { newId } from '@/lib/ids';
import { createCatalogFactories } from '@/testing/catalog-factories';
import { createTestDatabase } from '@/testing/test-database';

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => connection.close());

/** The data statements of the migration that brought review confirmation (issue 9). */
const dataStatements = (): string[] => {
  // Found by name: the number may change when branches are merged.
  const name = readdirSync(MIGRATIONS_DIR).find((entry) =>
    entry.endsWith('_review_confirmation.sql'),
  );
  const file = readFileSync(path.join(MIGRATIONS_DIR, name ?? 'missing'), 'utf8');
  return file
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => !/^(ALTER|CREATE)\b/.test(statement));
};

const aReviewRow = (companyId: string, values: { rating: number; storeId: string | null }) => ({
  id: newId('rev'),
  companyId,
  storeId: values.storeId,
  authorUserId: null,
  authorName: values.storeId ? 'A store' : 'A visitor',
  authorEmail: values.storeId ? null : `${newId('x')}@example.com`,
  rating: values.rating,
  title: 'Review',
  body: '',
  verifiedAt: null,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2026-01-01T00:00:00.000Z'),
});

describe('the review_confirmation migration on existing reviews', () => {
  it('keeps store reviews counting, stops counting public ones, and recomputes the ratings', async () => {
    const { db } = connection;
    const { aSupplier, anItem } = createCatalogFactories(db);
    // As the earlier code left them: every review counted at once.
    const mixed = await aSupplier({ rating: 3, reviewCount: 2, demoRating: 4.2 });
    const publicOnly = await aSupplier({ rating: 1, reviewCount: 1, demoRating: 3.7 });
    const storeOnly = await aSupplier({ rating: 5, reviewCount: 1, demoRating: 2 });
    const mixedItem = await anItem({ supplier: mixed });
    const publicOnlyItem = await anItem({ supplier: publicOnly });
    await db
      .insert(catalogCompanyReviews)
      .values([
        aReviewRow(mixed.id, { rating: 5, storeId: 'sto_a' }),
        aReviewRow(mixed.id, { rating: 1, storeId: null }),
        aReviewRow(publicOnly.id, { rating: 1, storeId: null }),
        aReviewRow(storeOnly.id, { rating: 5, storeId: 'sto_b' }),
      ]);
    for (const reviewed of [mixed, publicOnly, storeOnly]) {
      await db
        .update(catalogCompanies)
        .set({ fieldSources: { name: 'demo', rating: 'reviews' } })
        .where(eq(catalogCompanies.id, reviewed.id));
    }

    for (const statement of dataStatements()) await db.execute(sql.raw(statement));

    const reviews = await db.select().from(catalogCompanyReviews);
    for (const review of reviews) {
      expect(review.verifiedAt?.toISOString() ?? null).toBe(
        review.storeId ? review.createdAt.toISOString() : null,
      );
    }
    const supplier = async (id: string) =>
      (await db.select().from(catalogCompanies).where(eq(catalogCompanies.id, id)))[0];
    expect(await supplier(mixed.id)).toMatchObject({
      rating: 5,
      reviewCount: 1,
      fieldSources: { name: 'demo', rating: 'reviews' },
    });
    expect(await supplier(publicOnly.id)).toMatchObject({
      rating: 3.7,
      reviewCount: 0,
      fieldSources: { name: 'demo', rating: 'demo' },
    });
    expect(await supplier(storeOnly.id)).toMatchObject({ rating: 5, reviewCount: 1 });

    const items = await db.select().from(catalogItems);
    const itemOf = (id: string) => items.find((item) => item.id === id);
    expect(itemOf(mixedItem.id)).toMatchObject({
      companyRating: 5,
      fieldSources: expect.objectContaining({ companyRating: 'reviews' }),
    });
    expect(itemOf(publicOnlyItem.id)).toMatchObject({
      companyRating: 3.7,
      fieldSources: expect.objectContaining({ companyRating: 'demo' }),
    });
  });
});
