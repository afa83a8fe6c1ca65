import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isInRange,
  MOQ_BUCKETS,
  ORDER_COUNT_BUCKETS,
  ORDER_VOLUME_BUCKETS,
  PRODUCTION_TIME_BUCKETS,
  productionTimeBucketOf,
  RATING_FILTERS,
  SAMPLE_PRICE_BUCKETS,
  samplePriceBucketOf,
} from '@atelier/contract/catalog/filters';
import { DATA_ROOT } from '@/lib/paths';
import { loadCatalogReference, type CatalogReference } from './catalog-rows';
import { buildSeedCatalog, listSeedSupplierIds, type SeedCatalog } from './catalog-seed.data';
import { SEED_AS_OF } from './catalog-seed-values.data';
import { supplierIdOf, normalizeSupplierName, toReadableName } from './supplier-identity';
import { FACILITIES_FILE } from './registry-facilities.data';

const MIN_PER_BUCKET = 10;

type FacilityRow = {
  name: string;
  address: string;
  country_code: string;
  lat: string;
  lng: string;
};
const facilityRows = parse<FacilityRow>(readFileSync(path.join(DATA_ROOT, FACILITIES_FILE)), {
  columns: true,
  bom: true,
});

describe('buildSeedCatalog', () => {
  let reference: CatalogReference;
  let seed: SeedCatalog;
  beforeAll(() => {
    reference = loadCatalogReference();
    seed = buildSeedCatalog(reference);
  });
  const registry = () => seed.suppliers.filter((supplier) => supplier.source === 'registry');
  const demo = () => seed.suppliers.filter((supplier) => supplier.source === 'demo');

  it('builds the same rows on every run', () => {
    expect(buildSeedCatalog(reference)).toEqual(seed);
    expect(listSeedSupplierIds()).toEqual(seed.suppliers.map((supplier) => supplier.id));
  });

  it('has one supplier per distinct name and country, with unique ids', () => {
    const distinct = new Set(
      facilityRows.map((row) => `${normalizeSupplierName(row.name)}|${row.country_code}`),
    );
    expect(facilityRows).toHaveLength(932);
    expect(distinct.size).toBe(924);
    expect(registry()).toHaveLength(distinct.size);
    expect(new Set(seed.suppliers.map((supplier) => supplier.id)).size).toBe(seed.suppliers.length);
    expect(new Set(seed.items.map((item) => item.id)).size).toBe(seed.items.length);
    for (const supplier of seed.suppliers) expect(supplier.id).toMatch(/^cmp_[a-z0-9]{16}$/);
    for (const item of seed.items) expect(item.id).toMatch(/^itm_[a-z0-9]{16}$/);
  });

  it('keeps every registry value as published, from the first of duplicate rows', () => {
    const byId = new Map(registry().map((supplier) => [supplier.id, supplier]));
    const seen = new Set<string>();
    for (const row of facilityRows) {
      const id = supplierIdOf(row.name, row.country_code);
      if (seen.has(id)) continue;
      seen.add(id);
      const supplier = byId.get(id)!;
      const country = reference.countries.get(row.country_code)!;
      expect(supplier).toMatchObject({
        name: toReadableName(row.name),
        address: row.address.trim(),
        countryCode: row.country_code,
        regionCode: country.regionCode,
        latitude: Number(row.lat),
        longitude: Number(row.lng),
        utcOffsetMinutes: Math.round(Number(row.lng) / 15) * 60 || 0,
        offerings: ['PRODUCT'],
        website: null,
        reviewCount: 0,
      });
      expect(normalizeSupplierName(supplier.name)).toBe(normalizeSupplierName(row.name));
    }
  });

  it('marks real values "registry" and every generated value "demo"', () => {
    for (const supplier of registry()) {
      const sources = supplier.fieldSources;
      for (const field of [
        'name',
        'address',
        'countryCode',
        'regionCode',
        'latitude',
        'longitude',
      ]) {
        expect(sources[field]).toBe('registry');
      }
      for (const field of [
        'description',
        'capabilities',
        'categoryIds',
        'samplePrice',
        'moq',
        'productionTimeDays',
        'orderVolume',
        'orderCount',
        'rating',
        'isConciergeRecommended',
        'enabledAt',
      ]) {
        expect(sources[field]).toBe('demo');
      }
      expect(supplier.description).toContain('Demo profile');
    }
    for (const supplier of demo()) {
      expect(new Set(Object.values(supplier.fieldSources))).toEqual(new Set(['demo']));
      expect(supplier.description).toMatch(/^Demo supplier: /);
      expect(supplier.address).toBeNull();
    }
    for (const item of seed.items) {
      expect(item.source).toBe('demo');
      expect(item.fieldSources).toMatchObject({ title: 'demo', price: 'demo', moq: 'demo' });
      expect(item.imageUrl).toBeNull();
    }
  });

  it('finds at least ten suppliers in every filter bucket', () => {
    const companies = seed.suppliers;
    const countWhere = (predicate: (supplier: (typeof companies)[number]) => boolean) =>
      companies.filter(predicate).length;

    for (const bucket of Object.keys(SAMPLE_PRICE_BUCKETS).filter((key) => key !== 'ALL')) {
      const count = countWhere(
        (supplier) => samplePriceBucketOf(supplier.samplePriceCents ?? null) === bucket,
      );
      expect(count, `sample price ${bucket}`).toBeGreaterThanOrEqual(MIN_PER_BUCKET);
    }
    for (const [key, range] of Object.entries(MOQ_BUCKETS)) {
      const count = countWhere((supplier) =>
        'min' in range
          ? supplier.moq != null && isInRange(supplier.moq, range)
          : supplier.moq == null,
      );
      expect(count, `moq ${key}`).toBeGreaterThanOrEqual(MIN_PER_BUCKET);
    }
    for (const [key, range] of Object.entries({ ...ORDER_VOLUME_BUCKETS })) {
      const count = countWhere((supplier) => isInRange(supplier.orderVolume, range));
      expect(count, `order volume ${key}`).toBeGreaterThanOrEqual(MIN_PER_BUCKET);
    }
    for (const [key, range] of Object.entries(ORDER_COUNT_BUCKETS)) {
      const count = countWhere((supplier) => isInRange(supplier.orderCount, range));
      expect(count, `order count ${key}`).toBeGreaterThanOrEqual(MIN_PER_BUCKET);
    }
    for (const key of Object.keys(PRODUCTION_TIME_BUCKETS)) {
      const count = countWhere(
        (supplier) => productionTimeBucketOf(supplier.productionTimeDays) === key,
      );
      expect(count, `production time ${key}`).toBeGreaterThanOrEqual(MIN_PER_BUCKET);
    }
    for (const stars of RATING_FILTERS) {
      // Each "N & up" filter also has suppliers of exactly that band, so the filters differ.
      const band = countWhere(
        (supplier) =>
          supplier.rating != null && supplier.rating >= stars && supplier.rating < stars + 1,
      );
      expect(band, `rating ${stars}`).toBeGreaterThanOrEqual(MIN_PER_BUCKET);
    }
  });

  it('generates values within their documented ranges', () => {
    for (const supplier of seed.suppliers) {
      expect(supplier.rating).toBe(supplier.demoRating);
      expect(supplier.rating! * 10).toBe(Math.round(supplier.rating! * 10));
      expect(supplier.rating).toBeGreaterThanOrEqual(1);
      expect(supplier.rating).toBeLessThanOrEqual(5);
      expect(supplier.rank).toBeGreaterThanOrEqual(0);
      expect(supplier.rank).toBeLessThanOrEqual(100);
      expect(supplier.enabledAt.getTime()).toBeLessThan(SEED_AS_OF.getTime());
      expect(supplier.enabledAt.getTime()).toBeGreaterThan(
        SEED_AS_OF.getTime() - 731 * 24 * 3600 * 1000,
      );
      expect(supplier.capabilities.length).toBeGreaterThanOrEqual(2);
      expect(supplier.capabilities.length).toBeLessThanOrEqual(6);
    }
    for (const supplier of registry()) {
      expect(supplier.capabilities.length).toBeGreaterThanOrEqual(3);
      expect(supplier.categoryIds.length).toBeGreaterThanOrEqual(1);
      expect(supplier.categoryIds.length).toBeLessThanOrEqual(3);
    }
    const concierge = seed.suppliers.filter((supplier) => supplier.isConciergeRecommended).length;
    expect(concierge / seed.suppliers.length).toBeGreaterThan(0.02);
    expect(concierge / seed.suppliers.length).toBeLessThan(0.1);
  });

  it('files every item under a catalog category of level 1-3 with its full path', () => {
    for (const item of seed.items) {
      const category = reference.categories.get(item.categoryId!);
      expect(category, `${item.title} → ${item.categoryId}`).toBeDefined();
      expect(category!.level).toBeLessThanOrEqual(3);
      expect(item.categoryPath).toHaveLength(category!.level);
      expect(item.categoryPath.at(-1)).toBe(item.categoryId);
      const parent = item.categoryPath.at(-2);
      if (parent !== undefined) expect(category!.parentId).toBe(parent);
    }
    for (const supplier of registry()) {
      for (const categoryId of supplier.categoryIds) {
        expect(reference.categories.get(categoryId)?.vertical).toMatch(
          /^(Apparel & Accessories|Luggage & Bags|Home & Garden|Sporting Goods|Office Supplies|Business & Industrial)$/,
        );
      }
    }
  });

  it('gives each factory the product lines its name says, and lists items only from them', () => {
    const productLinesOf = (name: string, countryCode: string) => {
      const supplier = seed.suppliers.find((row) => row.id === supplierIdOf(name, countryCode));
      expect(supplier, name).toBeDefined();
      const items = seed.items.filter((item) => item.companyId === supplier!.id);
      return { lines: supplier!.categoryIds, items };
    };
    // Issue 10: the Romanian shoe factory ("industria de încălțăminte") lists shoes only.
    const romanian = productLinesOf('SC INDUSTRIA DE INCALTAMINTE [SOARA]', 'RO');
    expect(romanian.lines).toEqual([187]);
    for (const item of romanian.items) {
      expect(item.categoryId).toBe(187);
      expect(item.title).toMatch(/sneakers|shoes|boots|slides|loafers|sandals/);
      expect(item.description).not.toMatch(/dress/i);
    }
    const cases: [name: string, countryCode: string, firstLine: number][] = [
      ['WENZHOU JIETU(AOLUN) SHOES FACTORY', 'CN', 187],
      ['Calzificio Anson', 'IT', 213],
      ['Catawba Sox LLC.', 'US', 213],
      ['Pan Pacific sweaters Ltd.', 'BD', 212],
      ['Nantong Jackbeanie Headwear & Garment Co. Ltd.', 'CN', 173],
      ['NOMAN TERRY TOWEL MILLS LTD', 'BD', 4077],
      ['Longyou Qinda Tent Factory', 'CN', 1013],
      ['Multi Packaging Solutions Tczew SP. Z.o.o.', 'PL', 973],
      ['NINGBO RIZI DRESSES CO LTD', 'CN', 2271],
      ['Hanes Ink', 'HN', 213],
      ['Impress Printing & Embroidery', 'BD', 212],
    ];
    for (const [name, countryCode, firstLine] of cases) {
      expect(productLinesOf(name, countryCode).lines[0], name).toBe(firstLine);
    }
    for (const supplier of seed.suppliers) {
      const lines = new Set(supplier.categoryIds);
      for (const item of seed.items.filter((row) => row.companyId === supplier.id)) {
        expect(lines.has(item.categoryId!), `${supplier.name}: ${item.title}`).toBe(true);
      }
    }
  });

  it('never says a word twice in a row in an item title', () => {
    for (const item of seed.items) {
      expect(item.title, item.title).not.toMatch(/\b(\w+)[\s-]+\1\b/i);
    }
  });

  it('gives each registry factory 3-8 base products and copies its filter values onto them', () => {
    const companies = new Map(seed.suppliers.map((supplier) => [supplier.id, supplier]));
    const itemCounts = new Map<string, number>();
    for (const item of seed.items) {
      const supplier = companies.get(item.companyId)!;
      itemCounts.set(item.companyId, (itemCounts.get(item.companyId) ?? 0) + 1);
      expect(item).toMatchObject({
        companyCountryCode: supplier.countryCode,
        companyRegionCode: supplier.regionCode,
        companyRating: supplier.rating,
        companyOrderVolume: supplier.orderVolume,
        companyOrderCount: supplier.orderCount,
      });
      expect(item.searchText).toContain(supplier.name);
      expect(item.priceCents).toBeGreaterThan(0);
      expect(item.kind).toBe(
        supplier.offerings[0] === 'PACKAGING'
          ? 'PACKAGING'
          : supplier.offerings[0] === 'PRODUCT'
            ? 'PRODUCT'
            : 'SERVICES',
      );
      if (item.isSampleKit) expect(item.title).toMatch(/^Sample kit: /);
    }
    for (const supplier of registry()) {
      expect(itemCounts.get(supplier.id)).toBeGreaterThanOrEqual(3);
      expect(itemCounts.get(supplier.id)).toBeLessThanOrEqual(8);
    }
    const sampleKits = seed.items.filter((item) => item.isSampleKit).length;
    expect(sampleKits / seed.items.length).toBeGreaterThan(0.01);
    expect(sampleKits / seed.items.length).toBeLessThan(0.06);
  });

  it('adds demo packaging, services and website suppliers with listings of their kind', () => {
    const offeringCounts = Object.fromEntries(
      (['PACKAGING', 'SERVICES', 'WEBSITE'] as const).map((offering) => [
        offering,
        demo().filter((supplier) => supplier.offerings.includes(offering)).length,
      ]),
    );
    expect(offeringCounts).toEqual({ PACKAGING: 25, SERVICES: 20, WEBSITE: 12 });
    const kinds = new Set(seed.items.map((item) => item.kind));
    expect(kinds).toEqual(new Set(['PRODUCT', 'PACKAGING', 'SERVICES']));
  });
});
