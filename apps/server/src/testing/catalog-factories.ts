import type { Database } from '@/db/client';
import { catalogCompanies, catalogItems } from '@/db/schema';
import { newId } from '@/lib/ids';

type SupplierRow = typeof catalogCompanies.$inferSelect;
type ItemRow = typeof catalogItems.$inferSelect;
type SupplierInsert = typeof catalogCompanies.$inferInsert;
type ItemInsert = typeof catalogItems.$inferInsert;

let sequence = 0;

/**
 * Minimal catalog rows for tests (the real seed is not loaded there), inserted through Drizzle.
 * `aSupplier` makes a demo supplier; `anItem` a product of a given (or new) supplier, with the
 * supplier's filterable values copied as the catalog does.
 */
export const createCatalogFactories = (db: Database) => {
  const aSupplier = async (overrides: Partial<SupplierInsert> = {}): Promise<SupplierRow> => {
    sequence += 1;
    const name = overrides.name ?? `Test Factory ${sequence}`;
    const [row] = await db
      .insert(catalogCompanies)
      .values({
        id: newId('cmp'),
        name,
        description: `${name} makes garments.`,
        address: `${sequence} Mill Road`,
        countryCode: 'CN',
        regionCode: 'AS',
        offerings: ['PRODUCT'],
        capabilities: ['Cut and sew'],
        categoryIds: [],
        samplePriceCents: 2500,
        moq: 100,
        productionTimeDays: 30,
        orderVolume: 500,
        orderCount: 40,
        rating: 4.2,
        demoRating: 4.2,
        reviewCount: 0,
        rank: 1,
        enabledAt: new Date('2025-06-01T00:00:00.000Z'),
        source: 'demo',
        fieldSources: { name: 'demo', rating: 'demo' },
        searchText: name,
        ...overrides,
      })
      .returning();
    return row!;
  };

  const anItem = async (
    overrides: Partial<ItemInsert> & { supplier?: SupplierRow } = {},
  ): Promise<ItemRow> => {
    sequence += 1;
    const { supplier: given, ...values } = overrides;
    const supplier = given ?? (await aSupplier());
    const title = values.title ?? `Test Tee ${sequence}`;
    const [row] = await db
      .insert(catalogItems)
      .values({
        id: newId('itm'),
        companyId: supplier.id,
        kind: 'PRODUCT',
        title,
        description: `${title}, heavyweight cotton.`,
        categoryId: null,
        categoryPath: [],
        priceCents: 800,
        samplePriceCents: 2500,
        moq: 100,
        productionTimeDays: 30,
        rank: 1,
        enabledAt: new Date('2025-06-01T00:00:00.000Z'),
        companyCountryCode: supplier.countryCode,
        companyRegionCode: supplier.regionCode,
        companyRating: supplier.rating,
        companyOrderVolume: supplier.orderVolume,
        companyOrderCount: supplier.orderCount,
        source: 'demo',
        fieldSources: { title: 'demo' },
        searchText: title,
        ...values,
      })
      .returning();
    return row!;
  };

  return { aSupplier, anItem };
};
export type CatalogFactories = ReturnType<typeof createCatalogFactories>;
