import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { buildSeedCatalog, type SeedCatalog } from './catalog-seed.data';
import { createCatalogWriter } from './catalog-writer.repository';
import { catalogCompanies } from './supplier.table';
import { catalogItems } from './item.table';

describe('catalog writer and seedCatalog', () => {
  let context: TestContext;
  let seed: SeedCatalog;
  beforeAll(async () => {
    context = await createTestApp();
    seed = buildSeedCatalog();
  });
  afterAll(async () => context.close());

  const db = () => context.connection.db;
  const supplierRow = async (id: string) =>
    (await db().select().from(catalogCompanies).where(eq(catalogCompanies.id, id)))[0]!;

  it('loads the whole seed catalog once; a second run writes nothing', async () => {
    const first = await context.catalog.seedCatalog();
    expect(first).toEqual({
      suppliers: seed.suppliers.length,
      items: seed.items.length,
      isWritten: true,
    });
    const writer = createCatalogWriter(db());
    expect(await writer.countSuppliers()).toBe(seed.suppliers.length);
    expect(await writer.countItems()).toBe(seed.items.length);

    const second = await context.catalog.seedCatalog();
    expect(second).toEqual({ ...first, isWritten: false });

    // Suppliers imported beside the seed do not make it look incomplete.
    await writer.upsertSuppliers([
      { ...seed.suppliers[0]!, id: 'cmp_importedextra', name: 'Imported Extra', source: 'import' },
    ]);
    expect((await context.catalog.seedCatalog()).isWritten).toBe(false);
    expect(await writer.countSuppliers()).toBe(seed.suppliers.length + 1);
  });

  it('stores the rows as built, with a search vector', async () => {
    const supplier = seed.suppliers[0]!;
    const row = await supplierRow(supplier.id);
    expect(row).toMatchObject({
      name: supplier.name,
      address: supplier.address,
      latitude: supplier.latitude,
      moq: supplier.moq,
      fieldSources: supplier.fieldSources,
    });
    const [match] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(catalogItems)
      .where(sql`${catalogItems.searchVector} @@ plainto_tsquery('english', 'sneakers')`);
    expect(match!.count).toBeGreaterThan(10);
  });

  it('updates data on a re-upsert but keeps counters, rank, rating and enabled date', async () => {
    const supplier = seed.suppliers[1]!;
    await db()
      .update(catalogCompanies)
      .set({
        detailViewCount: 7,
        recommendCount: 3,
        rank: 99,
        rating: 2,
        reviewCount: 1,
        fieldSources: { ...supplier.fieldSources, rating: 'reviews' },
      })
      .where(eq(catalogCompanies.id, supplier.id));

    const changed = { ...supplier, description: 'Changed description.', rank: 1, rating: 5 };
    await createCatalogWriter(db()).upsertSuppliers([changed]);

    const row = await supplierRow(supplier.id);
    expect(row).toMatchObject({
      description: 'Changed description.',
      detailViewCount: 7,
      recommendCount: 3,
      rank: 99,
      rating: 2,
      reviewCount: 1,
      enabledAt: supplier.enabledAt,
    });
    expect(row.fieldSources.rating).toBe('reviews');
  });

  it('lets an imported row replace a seeded one, never the other way round', async () => {
    const supplier = seed.suppliers[2]!;
    const writer = createCatalogWriter(db());
    await writer.upsertSuppliers([
      {
        ...supplier,
        name: 'Imported Name Ltd',
        source: 'import',
        fieldSources: { name: 'import' },
      },
    ]);
    expect(await supplierRow(supplier.id)).toMatchObject({
      name: 'Imported Name Ltd',
      source: 'import',
      fieldSources: { ...supplier.fieldSources, name: 'import' },
    });

    await writer.upsertSuppliers([supplier]);
    expect(await supplierRow(supplier.id)).toMatchObject({
      name: 'Imported Name Ltd',
      source: 'import',
    });
  });

  it('keeps the values a supplier set itself when the seed or an import writes the row again', async () => {
    const supplier = seed.suppliers[3]!;
    await db()
      .update(catalogCompanies)
      .set({
        moq: 7,
        description: 'Our own words about our mill.',
        fieldSources: sql`${catalogCompanies.fieldSources} || '{"moq":"supplier","description":"supplier"}'::jsonb`,
      })
      .where(eq(catalogCompanies.id, supplier.id));
    const writer = createCatalogWriter(db());
    await writer.upsertSuppliers([supplier]);
    await writer.upsertSuppliers([
      {
        ...supplier,
        moq: 9,
        name: 'Imported Again Ltd',
        source: 'import',
        fieldSources: { moq: 'import', name: 'import' },
      },
    ]);
    const row = await supplierRow(supplier.id);
    expect(row).toMatchObject({
      moq: 7,
      description: 'Our own words about our mill.',
      name: 'Imported Again Ltd',
    });
    expect(row.fieldSources).toMatchObject({
      moq: 'supplier',
      description: 'supplier',
      name: 'import',
    });
  });

  it("copies a supplier's filter values onto its items", async () => {
    const supplier = seed.suppliers[3]!;
    await db()
      .update(catalogCompanies)
      .set({ rating: 1.5, orderVolume: 12345, orderCount: 321 })
      .where(eq(catalogCompanies.id, supplier.id));
    await createCatalogWriter(db()).refreshItemSupplierCopies(supplier.id);

    const items = await db()
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.companyId, supplier.id));
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) {
      expect(item).toMatchObject({
        companyRating: 1.5,
        companyOrderVolume: 12345,
        companyOrderCount: 321,
        companyCountryCode: supplier.countryCode,
      });
    }
    const other = await db()
      .select({ volume: catalogItems.companyOrderVolume })
      .from(catalogItems)
      .where(eq(catalogItems.companyId, seed.suppliers[4]!.id));
    expect(other[0]!.volume).toBe(seed.suppliers[4]!.orderVolume);
  });
});
