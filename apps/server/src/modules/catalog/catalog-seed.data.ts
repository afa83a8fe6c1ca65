import type { ValueSource } from '@atelier/contract/catalog/supplier';
import { createSeededRandom, type SeededRandom } from '@/lib/seeded-random';
import {
  categoryPathOf,
  categoryWordsOf,
  itemIdOf,
  loadCatalogReference,
  searchTextOf,
  utcOffsetMinutesOf,
  type CatalogReference,
  type SupplierInsert,
  type ItemInsert,
} from './catalog-rows';
import { DEMO_SUPPLIERS, itemKindOf, type DemoSupplier } from './catalog-seed-demo.data';
import {
  PRODUCT_TEMPLATES,
  pickProductLines,
  pickCapabilities,
  productTitleOf,
} from './catalog-seed-products.data';
import {
  drawSupplierDemoValues,
  drawItemDemoValues,
  drawPriceCents,
  type SupplierDemoValues,
} from './catalog-seed-values.data';
import { supplierIdOf, toReadableName } from './supplier-identity';
import { loadRegistryFacilities, type RegistryFacility } from './registry-facilities.data';

/** Values copied from the registry (or derived from them through reference data). */
const REGISTRY_SUPPLIER_FIELDS = 'name address countryCode regionCode latitude longitude'.split(
  ' ',
);
/** Values the seed generates, keyed by their contract names. */
const DEMO_SUPPLIER_FIELDS = [
  'description offerings capabilities categoryIds samplePrice moq productionTimeDays',
  'orderVolume orderCount rating isConciergeRecommended enabledAt',
].flatMap((fields) => fields.split(' '));
const DEMO_ITEM_FIELDS = [
  'kind title description categoryId price samplePrice moq productionTimeDays',
  'isSampleKit enabledAt',
].flatMap((fields) => fields.split(' '));

const sourcesOf = (fields: readonly string[], source: ValueSource) =>
  Object.fromEntries(fields.map((field) => [field, source])) as Record<string, ValueSource>;

/** Item copies of the supplier's filter values keep the supplier's sources. */
const supplierCopySources = (supplierSources: Record<string, ValueSource>) => ({
  companyCountryCode: supplierSources.countryCode ?? 'demo',
  companyRegionCode: supplierSources.regionCode ?? 'demo',
  companyRating: supplierSources.rating ?? 'demo',
  companyOrderVolume: supplierSources.orderVolume ?? 'demo',
  companyOrderCount: supplierSources.orderCount ?? 'demo',
});

type ItemDraft = {
  kind: ItemInsert['kind'];
  title: string;
  description: string;
  categoryId: number;
  priceCents: number;
};

/** Finishes an item from its draft: demo values near the supplier's, and the supplier copies. */
const buildItem = (
  supplier: SupplierInsert,
  values: SupplierDemoValues,
  draft: ItemDraft,
  random: SeededRandom,
  reference: CatalogReference,
): ItemInsert => {
  const itemValues = drawItemDemoValues(random, values, draft.priceCents);
  const isSampleKit = draft.kind === 'PRODUCT' && random.chance(0.03);
  const title = isSampleKit ? `Sample kit: ${draft.title}` : draft.title;
  const id = itemIdOf(supplier.id, title);
  return {
    id,
    companyId: supplier.id,
    kind: draft.kind,
    title,
    description: draft.description,
    categoryId: draft.categoryId,
    categoryPath: categoryPathOf(draft.categoryId, reference.categories),
    priceCents: isSampleKit
      ? (itemValues.samplePriceCents ?? draft.priceCents * 3)
      : draft.priceCents,
    currencyCode: 'USD',
    samplePriceCents: itemValues.samplePriceCents,
    moq: isSampleKit ? 1 : itemValues.moq,
    productionTimeDays: itemValues.productionTimeDays,
    imageUrl: null,
    isSampleKit,
    rank: itemValues.rank,
    enabledAt: itemValues.enabledAt,
    companyCountryCode: supplier.countryCode,
    companyRegionCode: supplier.regionCode ?? null,
    companyRating: supplier.rating ?? null,
    companyOrderVolume: supplier.orderVolume,
    companyOrderCount: supplier.orderCount,
    source: 'demo',
    fieldSources: {
      ...sourcesOf(DEMO_ITEM_FIELDS, 'demo'),
      ...supplierCopySources(supplier.fieldSources),
    },
    searchText: searchTextOf([
      title,
      draft.description,
      categoryWordsOf([draft.categoryId], reference.categories),
      supplier.name,
      supplier.capabilities.join(' '),
    ]),
  };
};

type SeedSupplierInput = Pick<
  SupplierInsert,
  | 'id'
  | 'name'
  | 'description'
  | 'address'
  | 'countryCode'
  | 'latitude'
  | 'longitude'
  | 'offerings'
  | 'capabilities'
  | 'categoryIds'
  | 'source'
  | 'fieldSources'
>;

/** A seeded supplier row: its own values, the generated ones, and what search reads. */
const toSeedSupplier = (
  input: SeedSupplierInput,
  values: SupplierDemoValues,
  reference: CatalogReference,
): SupplierInsert => {
  const country = reference.countries.get(input.countryCode);
  return {
    ...input,
    regionCode: country?.regionCode ?? null,
    // Without a position of its own, the supplier's clock is read from its country's centre.
    utcOffsetMinutes: utcOffsetMinutesOf(input.longitude ?? country?.longitude),
    samplePriceCents: values.samplePriceCents,
    moq: values.moq,
    productionTimeDays: values.productionTimeDays,
    orderVolume: values.orderVolume,
    orderCount: values.orderCount,
    rating: values.demoRating,
    demoRating: values.demoRating,
    reviewCount: 0,
    isConciergeRecommended: values.isConciergeRecommended,
    rank: values.rank,
    enabledAt: values.enabledAt,
    website: null,
    searchText: searchTextOf([
      input.name,
      input.description,
      input.capabilities.join(' '),
      categoryWordsOf(input.categoryIds, reference.categories),
      country?.name,
    ]),
  };
};

const countryNameOf = (countryCode: string, reference: CatalogReference) =>
  reference.countries.get(countryCode)?.name ?? countryCode;

/** 3–8 base products from the factory's categories, e.g. "Organic cotton crew-neck T-shirt". */
const buildBaseProducts = (
  supplier: SupplierInsert,
  values: SupplierDemoValues,
  random: SeededRandom,
  reference: CatalogReference,
): ItemInsert[] => {
  const candidates = supplier.categoryIds.flatMap((categoryId) =>
    (PRODUCT_TEMPLATES[categoryId] ?? []).flatMap((template) =>
      template.materials.map((material) => ({ categoryId, template, material })),
    ),
  );
  const countryName = countryNameOf(supplier.countryCode, reference);
  return random.sample(candidates, random.int(3, 8)).map(({ categoryId, template, material }) => {
    const title = productTitleOf(material, template.name);
    const categoryName = reference.categories.get(categoryId)?.name ?? '';
    const draft: ItemDraft = {
      kind: 'PRODUCT',
      title,
      description:
        `${title} (${categoryName}). Demo base product of ${supplier.name}, ${countryName}: ` +
        'the price, MOQ, sample price and lead time are generated examples to confirm with ' +
        'the supplier.',
      categoryId,
      priceCents: drawPriceCents(random, template.priceCents),
    };
    return buildItem(supplier, values, draft, random, reference);
  });
};

const buildRegistrySupplier = (facility: RegistryFacility, reference: CatalogReference) => {
  const id = supplierIdOf(facility.name, facility.countryCode);
  const random = createSeededRandom(id);
  const values = drawSupplierDemoValues(random, 'factory');
  const categoryIds = pickProductLines(facility.name, random);
  const capabilities = pickCapabilities(categoryIds, random);
  const categoryNames = categoryIds.map((categoryId) => reference.categories.get(categoryId)?.name);
  const description =
    `Factory in ${countryNameOf(facility.countryCode, reference)} listed in the Open Apparel ` +
    `Registry, at ${facility.address}. Demo profile: the capabilities ` +
    `(${capabilities.join(', ')}), product lines (${categoryNames.join(', ')}), prices, MOQ ` +
    'and lead times shown are generated examples, not figures from the factory.';
  const supplier = toSeedSupplier(
    {
      id,
      name: toReadableName(facility.name),
      description,
      address: facility.address,
      countryCode: facility.countryCode,
      latitude: facility.latitude,
      longitude: facility.longitude,
      offerings: ['PRODUCT'],
      capabilities,
      categoryIds,
      source: 'registry',
      fieldSources: {
        ...sourcesOf(REGISTRY_SUPPLIER_FIELDS, 'registry'),
        ...sourcesOf(DEMO_SUPPLIER_FIELDS, 'demo'),
      },
    },
    values,
    reference,
  );
  return { supplier, items: buildBaseProducts(supplier, values, random, reference) };
};

const PROFILE_BY_OFFERING = {
  PACKAGING: 'packaging',
  SERVICES: 'services',
  WEBSITE: 'website',
} as const;
const LISTING_LABEL = { PACKAGING: 'packaging', SERVICES: 'service', WEBSITE: 'website service' };

const buildDemoSupplier = (demo: DemoSupplier, reference: CatalogReference) => {
  const id = supplierIdOf(demo.name, demo.countryCode);
  const random = createSeededRandom(id);
  const values = drawSupplierDemoValues(random, PROFILE_BY_OFFERING[demo.offering]);
  const templates = random.sample(demo.templates, random.int(4, 8));
  const capabilities = [...new Set(templates.flatMap((template) => template.capabilities))];
  const supplier = toSeedSupplier(
    {
      id,
      name: demo.name,
      description:
        `Demo supplier: ${demo.focus}, based in ` +
        `${countryNameOf(demo.countryCode, reference)}. ` +
        'An example profile generated for the marketplace, not a real company; every value shown ' +
        'is demo data.',
      address: null,
      countryCode: demo.countryCode,
      latitude: null,
      longitude: null,
      offerings: [demo.offering],
      capabilities: capabilities.slice(0, 6),
      categoryIds: [...new Set(templates.map((template) => template.categoryId))],
      source: 'demo',
      fieldSources: sourcesOf(
        [
          ...REGISTRY_SUPPLIER_FIELDS.filter((field) => field !== 'address'),
          ...DEMO_SUPPLIER_FIELDS,
        ],
        'demo',
      ),
    },
    values,
    reference,
  );
  const items = templates.map((template) => {
    const draft: ItemDraft = {
      kind: itemKindOf(demo.offering),
      title: template.title,
      description:
        `${template.detail} Demo ${LISTING_LABEL[demo.offering]} listing of ` +
        `${demo.name}: price, MOQ and lead time are generated examples.`,
      categoryId: template.categoryId,
      priceCents: drawPriceCents(random, template.priceCents),
    };
    return buildItem(supplier, values, draft, random, reference);
  });
  return { supplier, items };
};

/** The ids of the seed's suppliers, without building the rows (a cheap "already seeded?" check). */
export const listSeedSupplierIds = (): string[] => [
  ...loadRegistryFacilities().map((facility) => supplierIdOf(facility.name, facility.countryCode)),
  ...DEMO_SUPPLIERS.map((supplier) => supplierIdOf(supplier.name, supplier.countryCode)),
];

/**
 * The seeded supplier the demo supplier account belongs to: the first registry factory in China
 * by name (the first registry factory at all if none is in China). Stable across runs.
 */
export const demoSupplierCompanyId = (): string => {
  const facilities = loadRegistryFacilities();
  const byName = (a: RegistryFacility, b: RegistryFacility) => a.name.localeCompare(b.name);
  const chosen =
    facilities.filter((facility) => facility.countryCode === 'CN').sort(byName)[0] ??
    [...facilities].sort(byName)[0];
  if (!chosen) throw new Error('The registry seed has no factories.');
  return supplierIdOf(chosen.name, chosen.countryCode);
};

export type SeedCatalog = { suppliers: SupplierInsert[]; items: ItemInsert[] };

/**
 * The seed catalog: the registry's factories with demo values and base products, plus the demo
 * packaging, services and website suppliers. Deterministic: every value is drawn from a random
 * stream seeded by the supplier's id, so every run on every machine builds the same rows.
 */
export const buildSeedCatalog = (
  reference: CatalogReference = loadCatalogReference(),
): SeedCatalog => {
  const built = [
    ...loadRegistryFacilities().map((facility) => buildRegistrySupplier(facility, reference)),
    ...DEMO_SUPPLIERS.map((supplier) => buildDemoSupplier(supplier, reference)),
  ];
  return {
    suppliers: built.map(({ supplier }) => supplier),
    items: built.flatMap(({ items }) => items),
  };
};
