import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@/lib/paths';
import { createTestApp, type TestContext } from '@/testing/test-app';
import { loadCatalogReference, type CatalogReference } from './catalog-rows';
import { buildSeedCatalog } from './catalog-seed.data';
import { createCatalogWriter } from './catalog-writer.repository';
import { catalogCompanies } from './supplier.table';
import { supplierIdOf } from './supplier-identity';
import { catalogItems } from './item.table';
import { parseSupplierCsv, SUPPLIER_CSV_COLUMNS } from './supplier-csv';
import { importSupplierCsv } from './supplier-import.service';

const HEADER = SUPPLIER_CSV_COLUMNS.join(',');
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';

const VALID = csv(
  'Atlantico Knitwear Lda,PT,"Rua do Exemplo 12, Famalicão",https://atlantico.example,Knitwear for small runs.,Knitting;Cut & sew,PRODUCT,Organic cotton T-shirt,PRODUCT,180 gsm jersey.,212,6.80,35,150,30',
  'Atlantico Knitwear Lda,pt,,,,Screen printing,PRODUCT,Fleece hoodie,,330 gsm fleece.,212,18.50,,100,35',
  'Kraftbox Packaging Ltd,GB,,,,Custom boxes,PACKAGING,Kraft mailer box,PACKAGING,E-flute mailer.,973,0.95,25,,14',
  'Shopline Web Studio,US,,,,Shopify,WEBSITE,Shopify store setup,,Store setup.,5300,2400,,1,30',
);

describe('parseSupplierCsv', () => {
  let reference: CatalogReference;
  beforeAll(() => {
    reference = loadCatalogReference();
  });

  it('reads valid rows with their line numbers, prices in cents and empty values as custom', () => {
    const { rows, errors } = parseSupplierCsv(VALID, reference);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      line: 2,
      countryCode: 'PT',
      capabilities: ['Knitting', 'Cut & sew'],
      itemKind: 'PRODUCT',
      unitPriceCents: 680,
      samplePriceCents: 3500,
      moq: 150,
    });
    expect(rows[1]).toMatchObject({
      line: 3,
      countryCode: 'PT',
      samplePriceCents: null,
      address: null,
    });
    expect(rows[2]).toMatchObject({ itemKind: 'PACKAGING', moq: null, unitPriceCents: 95 });
    expect(rows[3]).toMatchObject({ offering: 'WEBSITE', itemKind: 'SERVICES' });
  });

  it('reports every invalid row as "row N: column: reason" and returns no rows', () => {
    const { rows, errors } = parseSupplierCsv(
      csv(
        'Good Supplier,PT,,,,,PRODUCT,Good item,,,212,5,,,30',
        'Bad Country Ltd,XX,,,,,PRODUCT,Item,,,212,5,,,30',
        'Negative Moq Ltd,CN,,,,,PRODUCT,Item,,,212,5,,-5,30',
        'No Title Ltd,CN,,,,,PRODUCT,,,,212,5,,,30',
        '',
        'Bad Category Ltd,CN,,,,,PRODUCT,Item,,,99999999,5,,,30',
        'Deep Category Ltd,CN,,,,,PRODUCT,Item,,,5598,5,,,30',
      ),
      reference,
    );
    expect(rows).toEqual([]);
    expect(errors).toEqual([
      'row 3: country_code: unknown country code XX',
      'row 4: moq: must be a whole number from 1 to 10000000',
      'row 5: item_title: is required',
      'row 7: category_id: 99999999 is not a catalog category (a taxonomy id of levels 1-3)',
      'row 8: category_id: 5598 is not a catalog category (a taxonomy id of levels 1-3)',
    ]);
  });

  it('counts lines inside quoted values and blank lines when numbering rows', () => {
    const { errors } = parseSupplierCsv(
      csv(
        'Multi Line Ltd,CN,"Line one\nLine two",,,,PRODUCT,Item,,"a\nb\nc",212,5,,,30',
        '',
        'Late Error Ltd,CN,,,,,PRODUCT,Item,,,212,five,,,30',
      ),
      reference,
    );
    expect(errors).toEqual([
      'row 7: unit_price_usd: must be an amount in US dollars such as 12.50 (no sign, no $)',
    ]);
  });

  it('checks the header, offerings, kinds and duplicate items', () => {
    expect(parseSupplierCsv('supplier_name,colour\nA,B\n', reference).errors).toEqual(
      expect.arrayContaining([
        'row 1: country_code: missing column',
        'row 1: colour: unknown column',
      ]),
    );
    expect(parseSupplierCsv(`${HEADER}\n`, reference).errors).toEqual([
      'row 2: file: no supplier rows under the header',
    ]);
    const { errors } = parseSupplierCsv(
      csv(
        'A Ltd,CN,,ftp://a,,,SHOES,Item,,,212,5,,,30',
        'B Ltd,CN,,,,,SERVICES,Item,PRODUCT,,212,5,,,30',
        'C Ltd,CN,,,,,PRODUCT,Tee,,,212,5,,,30',
        'c  ltd,cn,,,,,PRODUCT,TEE,,,212,5,,,30',
      ),
      reference,
    );
    expect(errors).toEqual([
      'row 2: website: must be a web address starting with https://',
      'row 2: offering: must be one of PRODUCT, PACKAGING, SERVICES, WEBSITE',
      'row 3: item_kind: PRODUCT does not fit offering SERVICES (use SERVICES or leave it empty)',
      "row 5: item_title: the same supplier's item is on row 4",
    ]);
  });

  it('accepts the documented example file', () => {
    const example = readFileSync(
      path.join(REPO_ROOT, 'docs/examples/suppliers-import.csv'),
      'utf8',
    );
    const { rows, errors } = parseSupplierCsv(example, reference);
    expect(errors).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(5);
  });
});

describe('importSupplierCsv', () => {
  let context: TestContext;
  let reference: CatalogReference;
  const now = new Date('2026-11-02T10:00:00.000Z');
  beforeAll(async () => {
    context = await createTestApp();
    reference = loadCatalogReference();
  });
  afterAll(async () => context.close());

  const db = () => context.connection.db;
  const runImport = (text: string) => importSupplierCsv(db(), text, { reference, now });
  const supplierCount = () => createCatalogWriter(db()).countSuppliers();
  const itemCount = () => createCatalogWriter(db()).countItems();

  it('imports a valid file in one go, merging a supplier listed on several rows', async () => {
    const result = await runImport(VALID);
    expect(result).toEqual({
      isImported: true,
      summary: { suppliersCreated: 3, suppliersUpdated: 0, itemsCreated: 4, itemsUpdated: 0 },
    });
    const id = supplierIdOf('Atlantico Knitwear Lda', 'PT');
    const [supplier] = await db()
      .select()
      .from(catalogCompanies)
      .where(eq(catalogCompanies.id, id));
    expect(supplier).toMatchObject({
      name: 'Atlantico Knitwear Lda',
      countryCode: 'PT',
      regionCode: 'EU',
      address: 'Rua do Exemplo 12, Famalicão',
      website: 'https://atlantico.example',
      capabilities: ['Knitting', 'Cut & sew', 'Screen printing'],
      offerings: ['PRODUCT'],
      categoryIds: [212],
      samplePriceCents: 3500,
      moq: 100,
      productionTimeDays: 30,
      rating: null,
      source: 'import',
      enabledAt: now,
    });
    expect(supplier!.fieldSources).toMatchObject({
      name: 'import',
      address: 'import',
      moq: 'import',
    });
    const items = await db().select().from(catalogItems).where(eq(catalogItems.companyId, id));
    expect(items.map((item) => item.title).sort()).toEqual([
      'Fleece hoodie',
      'Organic cotton T-shirt',
    ]);
    expect(items[0]).toMatchObject({
      kind: 'PRODUCT',
      categoryPath: [166, 1604, 212],
      source: 'import',
      companyCountryCode: 'PT',
      companyRegionCode: 'EU',
    });
  });

  it('updates rather than duplicates when the same file is imported again', async () => {
    const before = { companies: await supplierCount(), items: await itemCount() };
    const result = await runImport(VALID.replace('6.80', '7.10'));
    expect(result).toEqual({
      isImported: true,
      summary: { suppliersCreated: 0, suppliersUpdated: 3, itemsCreated: 0, itemsUpdated: 4 },
    });
    expect({ companies: await supplierCount(), items: await itemCount() }).toEqual(before);
    const [item] = await db()
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.title, 'Organic cotton T-shirt'));
    expect(item!.priceCents).toBe(710);
  });

  it('imports nothing when any row is invalid, and reports each bad row', async () => {
    const before = { companies: await supplierCount(), items: await itemCount() };
    const result = await runImport(
      csv(
        'Fine Supplier Ltd,PT,,,,,PRODUCT,Fine item,,,212,5,,,30',
        'Bad Country Ltd,XX,,,,,PRODUCT,Item,,,212,5,,,30',
        'Negative Moq Ltd,CN,,,,,PRODUCT,Item,,,212,5,,-1,30',
        'No Title Ltd,CN,,,,,PRODUCT,,,,212,5,,,30',
        'Bad Category Ltd,CN,,,,,PRODUCT,Item,,,123456789,5,,,30',
      ),
    );
    expect(result.isImported).toBe(false);
    const rowsAndColumns = result.isImported
      ? []
      : result.errors.map((error) => error.split(':').slice(0, 2).join(':'));
    expect(rowsAndColumns).toEqual([
      'row 3: country_code',
      'row 4: moq',
      'row 5: item_title',
      'row 6: category_id',
    ]);
    expect({ companies: await supplierCount(), items: await itemCount() }).toEqual(before);
    const fine = await db()
      .select()
      .from(catalogCompanies)
      .where(eq(catalogCompanies.id, supplierIdOf('Fine Supplier Ltd', 'PT')));
    expect(fine).toEqual([]);
  });

  it('merges into a registry factory, keeping its position, counters and items', async () => {
    const seed = buildSeedCatalog(reference);
    const factory = seed.suppliers.find((supplier) => supplier.source === 'registry')!;
    const factoryItems = seed.items.filter((item) => item.companyId === factory.id);
    const writer = createCatalogWriter(db());
    await writer.upsertSuppliers([factory]);
    await writer.upsertItems(factoryItems);
    await db()
      .update(catalogCompanies)
      .set({ detailViewCount: 12, rating: 4.4, reviewCount: 2 })
      .where(eq(catalogCompanies.id, factory.id));

    const name = factory.name.toUpperCase();
    const result = await runImport(
      csv(
        `"${name}",${factory.countryCode},,https://factory.example,,Embroidery,PRODUCT,Embroidered cap,,,173,3.20,20,300,25`,
      ),
    );
    expect(result).toMatchObject({ summary: { suppliersCreated: 0, suppliersUpdated: 1 } });

    const [row] = await db()
      .select()
      .from(catalogCompanies)
      .where(eq(catalogCompanies.id, factory.id));
    expect(row).toMatchObject({
      name,
      address: factory.address,
      latitude: factory.latitude,
      longitude: factory.longitude,
      website: 'https://factory.example',
      capabilities: ['Embroidery'],
      categoryIds: [...new Set([...factory.categoryIds, 173])],
      detailViewCount: 12,
      rating: 4.4,
      reviewCount: 2,
      source: 'import',
      enabledAt: factory.enabledAt,
    });
    expect(row!.fieldSources).toMatchObject({
      name: 'import',
      website: 'import',
      address: 'registry',
      latitude: 'registry',
      orderVolume: 'demo',
    });
    const items = await db()
      .select()
      .from(catalogItems)
      .where(inArray(catalogItems.companyId, [factory.id]));
    expect(items).toHaveLength(factoryItems.length + 1);
    for (const item of items) expect(item.companyRating).toBe(4.4);
  });
});
