import type { ValueSource } from '@atelier/contract/catalog/supplier';
import type { Database } from '@/db/client';
import {
  categoryPathOf,
  categoryWordsOf,
  itemIdOf,
  searchTextOf,
  utcOffsetMinutesOf,
  type CatalogReference,
  type SupplierInsert,
  type ItemInsert,
} from './catalog-rows';
import type { StoredSupplierRow as SupplierRow } from './catalog.mappers';
import { createCatalogWriter } from './catalog-writer.repository';
import { supplierIdOf } from './supplier-identity';
import { parseSupplierCsv, type SupplierCsvRow } from './supplier-csv';

/** Featured score of an imported supplier or item before buyers act on it (seeded ones: 0–100). */
const IMPORT_BASE_RANK = 50;

export type SupplierImportSummary = {
  suppliersCreated: number;
  suppliersUpdated: number;
  itemsCreated: number;
  itemsUpdated: number;
};
export type SupplierImportResult =
  { isImported: true; summary: SupplierImportSummary } | { isImported: false; errors: string[] };

const importSources = (fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, 'import'])) as Record<string, ValueSource>;

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];
const firstSet = <T>(values: readonly (T | null)[]): T | null =>
  values.find((value): value is T => value !== null) ?? null;
const lowest = (values: readonly (number | null)[]): number | null => {
  const numbers = values.filter((value): value is number => value !== null);
  return numbers.length === 0 ? null : Math.min(...numbers);
};

const toInsert = ({
  searchVector: _searchVector,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...row
}: SupplierRow): SupplierInsert => row;

/**
 * One supplier from its rows, merged into the existing row when there is one: values the file
 * gives replace the old ones (source "import"), values it leaves empty keep theirs, offerings
 * and categories add up (the supplier keeps its earlier items).
 */
const buildSupplier = (
  rows: readonly SupplierCsvRow[],
  existing: SupplierRow | undefined,
  reference: CatalogReference,
  now: Date,
): SupplierInsert => {
  const first = rows[0]!;
  const id = supplierIdOf(first.supplierName, first.countryCode);
  const country = reference.countries.get(first.countryCode);
  const countryName = country?.name ?? first.countryCode;
  const base: SupplierInsert = existing
    ? toInsert(existing)
    : {
        id,
        name: first.supplierName,
        description: `Supplier in ${countryName}.`,
        address: null,
        countryCode: first.countryCode,
        regionCode: country?.regionCode ?? null,
        latitude: null,
        longitude: null,
        utcOffsetMinutes: utcOffsetMinutesOf(country?.longitude),
        offerings: [],
        capabilities: [],
        categoryIds: [],
        productionTimeDays: 0,
        orderVolume: 0,
        orderCount: 0,
        rank: IMPORT_BASE_RANK,
        enabledAt: now,
        source: 'import',
        fieldSources: {},
        searchText: '',
      };
  const given = {
    address: firstSet(rows.map((row) => row.address)),
    website: firstSet(rows.map((row) => row.website)),
    description: firstSet(rows.map((row) => row.supplierDescription)),
    capabilities: unique(rows.flatMap((row) => row.capabilities)),
  };
  const supplier: SupplierInsert = {
    ...base,
    name: first.supplierName,
    countryCode: first.countryCode,
    regionCode: country?.regionCode ?? null,
    address: given.address ?? base.address ?? null,
    website: given.website ?? base.website ?? null,
    description: given.description ?? base.description,
    capabilities: given.capabilities.length > 0 ? given.capabilities : base.capabilities,
    offerings: unique([...base.offerings, ...rows.map((row) => row.offering)]),
    categoryIds: unique([...base.categoryIds, ...rows.map((row) => row.categoryId)]),
    samplePriceCents: lowest(rows.map((row) => row.samplePriceCents)),
    moq: lowest(rows.map((row) => row.moq)),
    productionTimeDays: Math.min(...rows.map((row) => row.productionTimeDays)),
    source: 'import',
    fieldSources: {
      ...base.fieldSources,
      ...importSources(['name', 'countryCode', 'regionCode', 'offerings', 'categoryIds']),
      ...importSources(['samplePrice', 'moq', 'productionTimeDays']),
      ...importSources(
        Object.entries(given)
          .filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== null))
          .map(([field]) => field),
      ),
    },
  };
  supplier.searchText = searchTextOf([
    supplier.name,
    supplier.description,
    supplier.capabilities.join(' '),
    categoryWordsOf(supplier.categoryIds, reference.categories),
    countryName,
  ]);
  return supplier;
};

const buildItem = (
  row: SupplierCsvRow,
  supplier: SupplierInsert,
  reference: CatalogReference,
  now: Date,
): ItemInsert => ({
  id: itemIdOf(supplier.id, row.itemTitle),
  companyId: supplier.id,
  kind: row.itemKind,
  title: row.itemTitle,
  description: row.itemDescription ?? '',
  categoryId: row.categoryId,
  categoryPath: categoryPathOf(row.categoryId, reference.categories),
  priceCents: row.unitPriceCents,
  currencyCode: 'USD',
  samplePriceCents: row.samplePriceCents,
  moq: row.moq,
  productionTimeDays: row.productionTimeDays,
  imageUrl: null,
  isSampleKit: false,
  rank: IMPORT_BASE_RANK,
  enabledAt: now,
  companyCountryCode: supplier.countryCode,
  companyRegionCode: supplier.regionCode ?? null,
  companyRating: supplier.rating ?? null,
  companyOrderVolume: supplier.orderVolume,
  companyOrderCount: supplier.orderCount,
  source: 'import',
  fieldSources: importSources([
    'kind',
    'title',
    'description',
    'categoryId',
    'price',
    'samplePrice',
    'moq',
    'productionTimeDays',
  ]),
  searchText: searchTextOf([
    row.itemTitle,
    row.itemDescription,
    categoryWordsOf([row.categoryId], reference.categories),
    supplier.name,
    supplier.capabilities.join(' '),
  ]),
});

/**
 * Upserts validated rows in one transaction: suppliers (merged into existing rows), their items,
 * and the supplier copies on every item of theirs. Re-importing the same rows updates them.
 */
export const importSupplierRows = async (
  db: Database,
  rows: readonly SupplierCsvRow[],
  options: { reference: CatalogReference; now: Date },
): Promise<SupplierImportSummary> => {
  const rowsBySupplier = new Map<string, SupplierCsvRow[]>();
  for (const row of rows) {
    const id = supplierIdOf(row.supplierName, row.countryCode);
    rowsBySupplier.set(id, [...(rowsBySupplier.get(id) ?? []), row]);
  }

  return db.transaction(async (tx) => {
    const writer = createCatalogWriter(tx);
    const companyIds = [...rowsBySupplier.keys()];
    const existing = new Map(
      (await writer.listCompaniesForUpdate(companyIds)).map((supplier) => [supplier.id, supplier]),
    );
    const suppliers = [...rowsBySupplier].map(([id, supplierRows]) =>
      buildSupplier(supplierRows, existing.get(id), options.reference, options.now),
    );
    const items = suppliers.flatMap((supplier) =>
      rowsBySupplier
        .get(supplier.id)!
        .map((row) => buildItem(row, supplier, options.reference, options.now)),
    );
    const existingItemIds = await writer.listExistingItemIds(items.map((item) => item.id));

    await writer.upsertSuppliers(suppliers);
    await writer.upsertItems(items);
    await writer.rebuildSearchWords();
    // The supplier's earlier items carry copies of its filter values; bring them up to date.
    await writer.refreshItemSupplierCopies(...companyIds);
    return {
      suppliersCreated: suppliers.length - existing.size,
      suppliersUpdated: existing.size,
      itemsCreated: items.length - existingItemIds.size,
      itemsUpdated: existingItemIds.size,
    };
  });
};

/**
 * Imports suppliers and their items from the text of a CSV file (docs/import-suppliers.md). All
 * or nothing: when any row is invalid every problem is returned and nothing is written.
 */
export const importSupplierCsv = async (
  db: Database,
  text: string,
  options: { reference: CatalogReference; now: Date },
): Promise<SupplierImportResult> => {
  const { rows, errors } = parseSupplierCsv(text, options.reference);
  if (errors.length > 0) return { isImported: false, errors };
  return { isImported: true, summary: await importSupplierRows(db, rows, options) };
};
