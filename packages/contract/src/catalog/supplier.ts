import { z } from 'zod';
import { isCategoryIdText } from './category-id';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { csv } from '../common/validation';
import { RegionCodeSchema } from '../reference/geography';
import {
  MoqFilterSchema,
  OrderCountFilterSchema,
  OrderVolumeFilterSchema,
  ProductionTimeFilterSchema,
  RatingFilterSchema,
  SamplePriceFilterSchema,
  SupplierSortSchema,
} from './filters';

/** Where a value came from (issue #3): the public registry, generated demo data, the supplier, an import. */
export const ValueSourceSchema = z.enum(['registry', 'demo', 'supplier', 'import', 'reviews']);
export type ValueSource = z.infer<typeof ValueSourceSchema>;

/** Spec §3 catalog item kinds. */
export const CatalogItemKindSchema = z.enum([
  'PRODUCT',
  'PACKAGING',
  'SERVICES',
  'SUPPLIER',
  'RFP_PRODUCT',
  'RFP_PACKAGING',
  'RFP_SERVICES',
]);
export type CatalogItemKind = z.infer<typeof CatalogItemKindSchema>;

/** What a supplier offers: the kinds of the sourcing home tabs. */
export const SupplierOfferingSchema = z.enum(['PRODUCT', 'PACKAGING', 'SERVICES', 'WEBSITE']);
export type SupplierOffering = z.infer<typeof SupplierOfferingSchema>;

/** Spec §7 catalog company: a supplier in the marketplace. */
export const CatalogCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string().nullable(),
  countryCode: z.string(),
  countryName: z.string(),
  regionCode: RegionCodeSchema.nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  offerings: z.array(SupplierOfferingSchema),
  capabilities: z.array(z.string()),
  categoryIds: z.array(z.number().int()),
  /** Sample price; null means the supplier quotes samples case by case (custom quote). */
  samplePrice: MoneySchema.nullable(),
  /** Minimum order quantity in units; null means custom. */
  moq: z.number().int().nullable(),
  /** Typical production time in days. */
  productionTimeDays: z.number().int(),
  /** Typical units per order. */
  orderVolume: z.number().int(),
  /** Orders completed. */
  orderCount: z.number().int(),
  /** Average stars 1–5 (one decimal), from reviews when there are any. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  isOnline: z.boolean(),
  isConciergeRecommended: z.boolean(),
  website: z.string().nullable(),
  /** Certifications the supplier lists (issue 10; empty until the supplier sets them). */
  certifications: z.array(z.string()),
  /** Public image URLs the supplier uploaded (issue 10); null or empty when none. */
  logoUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  photoUrls: z.array(z.string()),
  enabledAt: z.iso.datetime(),
  /** Where each value came from: `{ name: 'registry', moq: 'demo', … }`. */
  fieldSources: z.record(z.string(), ValueSourceSchema),
  source: ValueSourceSchema,
  isFavorite: z.boolean(),
});
export type CatalogCompany = z.infer<typeof CatalogCompanySchema>;

/** A category id as a query or an address writes it: up to nine digits, never 0. */
export const CategoryIdTextSchema = z
  .string()
  .refine(isCategoryIdText, 'Use category ids.')
  .transform(Number);

export const SearchKeySchema = z.string().trim().max(200, 'A search has at most 200 characters.');

/** Filters shared by supplier and item searches (spec §3 sourcing search state, §9). */
export const CatalogFilterQuerySchema = z.object({
  searchKey: SearchKeySchema.optional(),
  samplePrice: SamplePriceFilterSchema.optional(),
  moq: MoqFilterSchema.optional(),
  orderVolume: OrderVolumeFilterSchema.optional(),
  orderCount: OrderCountFilterSchema.optional(),
  rating: RatingFilterSchema.optional(),
  productionTime: ProductionTimeFilterSchema.optional(),
  region: RegionCodeSchema.optional(),
  countryCodes: csv(
    z
      .string()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Use ISO codes such as CN.'),
    50,
  ).optional(),
  categoryIds: csv(CategoryIdTextSchema, 50).optional(),
});
export type CatalogFilterQuery = z.infer<typeof CatalogFilterQuerySchema>;

/** Opaque keyset cursor from a previous page's `nextCursor`. */
export const CursorSchema = z
  .string()
  .max(500)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor from this API.');

export const ListCatalogCompaniesQuerySchema = CatalogFilterQuerySchema.extend({
  offering: SupplierOfferingSchema.optional(),
  sort: SupplierSortSchema.default('FEATURED'),
  /** Spec §9: supplier search default size 50. */
  size: z.coerce.number().int().min(1).max(100).default(50),
  cursor: CursorSchema.optional(),
});
export type ListCatalogCompaniesQuery = z.infer<typeof ListCatalogCompaniesQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const listCatalogCompanies = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-companies',
  query: ListCatalogCompaniesQuerySchema,
  response: pageOf(CatalogCompanySchema),
  summary:
    'Spec §7: search suppliers with filters, sort and keyset pages. A search key finds a supplier by its own words (name, description, capabilities; typos in the name tolerated) or by the titles of its catalog items, own words first; misspelt words that find nothing are corrected.',
  tags: ['catalog'],
});

export const countCatalogCompanies = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-companies/action/count',
  query: ListCatalogCompaniesQuerySchema.omit({ sort: true, size: true, cursor: true }),
  response: z.object({
    count: z.number().int(),
    /**
     * Set when the search key's words found nothing and misspelt ones were corrected: the key
     * the count (and the list) answered for, e.g. "hoodie" for "hoodei".
     */
    correctedSearchKey: z.string().optional(),
  }),
  summary:
    'Spec §7: how many suppliers match the filters (misspelt search words corrected when they find nothing).',
  tags: ['catalog'],
});

export const CompanyIdsParamsSchema = z.object({
  ids: csv(z.string().regex(/^cmp_[a-z0-9]+$/, 'Not a supplier id.'), 100),
});

export const getCatalogCompanies = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-companies/:ids',
  params: CompanyIdsParamsSchema,
  response: z.object({ items: z.array(CatalogCompanySchema) }),
  summary: 'Spec §7: suppliers by id (comma-separated, up to 100); unknown ids are left out.',
  tags: ['catalog'],
});

export const getPublicCatalogCompany = defineEndpoint({
  method: 'GET',
  path: '/api/app/catalog-companies/:id',
  auth: 'public',
  params: z.object({ id: z.string().regex(/^cmp_[a-z0-9]+$/, 'Not a supplier id.') }),
  response: CatalogCompanySchema,
  summary: 'Spec §7: one supplier for the public preview page.',
  tags: ['catalog'],
});

export const CountryInfoSchema = z.object({
  countryCode: z.string(),
  countryName: z.string(),
  regionCode: RegionCodeSchema.nullable(),
  supplierCount: z.number().int(),
});

export const getCompanyCountryInfo = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-companies/-/country-info',
  response: z.object({ items: z.array(CountryInfoSchema) }),
  summary: 'Spec §7: countries that have suppliers, with counts, for the country filter.',
  tags: ['catalog'],
});

export const CatalogActionSchema = z.enum(['RECOMMEND', 'DETAIL_VIEW']);

export const recordCompanyAction = defineEndpoint({
  method: 'POST',
  path: '/api/web/catalog-companies/:id/actions',
  params: z.object({ id: z.string().regex(/^cmp_[a-z0-9]+$/, 'Not a supplier id.') }),
  body: z.object({ action: CatalogActionSchema }),
  response: z.object({ ok: z.literal(true) }),
  successStatus: 202,
  summary: 'Spec §7: record a recommend or detail-view action (feeds "featured").',
  tags: ['catalog'],
});
