import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { MoneySchema } from '../common/money';
import { RegionCodeSchema } from '../reference/geography';
import {
  CatalogActionSchema,
  CatalogFilterQuerySchema,
  CatalogItemKindSchema,
  CursorSchema,
  pageOf,
  SearchKeySchema,
  ValueSourceSchema,
} from './supplier';
import { ItemSortSchema } from './filters';

/**
 * Spec §4 stock: whether the supplier can send a sample of an item now. A store cannot order a
 * sample of an OUT_OF_STOCK item (409 `sample_out_of_stock`); it asks the supplier in chat.
 */
export const SAMPLE_STOCK_STATUSES = ['IN_STOCK', 'OUT_OF_STOCK'] as const;
export const SampleStockSchema = z.enum(SAMPLE_STOCK_STATUSES, 'Choose in stock or out of stock.');
export type SampleStock = z.infer<typeof SampleStockSchema>;
export const SAMPLE_STOCK_LABELS: Record<SampleStock, string> = {
  IN_STOCK: 'In stock',
  OUT_OF_STOCK: 'Out of stock',
};

/** Spec §7 catalog item: a base product, packaging or service a supplier offers. */
export const CatalogItemSchema = z.object({
  id: z.string(),
  kind: CatalogItemKindSchema,
  title: z.string(),
  description: z.string(),
  categoryId: z.number().int().nullable(),
  vertical: z.string().nullable(),
  group: z.string().nullable(),
  subgroup: z.string().nullable(),
  /** Unit price at the MOQ. */
  price: MoneySchema,
  samplePrice: MoneySchema.nullable(),
  /** Spec §4 stock of samples (whatever `samplePrice`). */
  sampleStock: SampleStockSchema,
  moq: z.number().int().nullable(),
  productionTimeDays: z.number().int(),
  /** No invented photos: null unless a real image exists; the web shows a category icon. */
  imageUrl: z.string().nullable(),
  isSampleKit: z.boolean(),
  enabledAt: z.iso.datetime(),
  company: z.object({
    id: z.string(),
    name: z.string(),
    countryCode: z.string(),
    regionCode: RegionCodeSchema.nullable(),
    rating: z.number().nullable(),
    capabilities: z.array(z.string()),
  }),
  fieldSources: z.record(z.string(), ValueSourceSchema),
  source: ValueSourceSchema,
  isFavorite: z.boolean(),
});
export type CatalogItem = z.infer<typeof CatalogItemSchema>;

export const ListCatalogItemsQuerySchema = CatalogFilterQuerySchema.extend({
  kind: CatalogItemKindSchema.optional(),
  companyId: z
    .string()
    .regex(/^cmp_[a-z0-9]+$/, 'Not a supplier id.')
    .optional(),
  sort: ItemSortSchema.default('FEATURED'),
  size: z.coerce.number().int().min(1).max(100).default(24),
  cursor: CursorSchema.optional(),
});
export type ListCatalogItemsQuery = z.infer<typeof ListCatalogItemsQuerySchema>;

export const listCatalogItems = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-items',
  // Public preview pages list a supplier's base products without a session.
  auth: 'optional',
  query: ListCatalogItemsQuerySchema,
  response: pageOf(CatalogItemSchema),
  summary: 'Spec §7: search catalog items with filters, sort and keyset pages.',
  tags: ['catalog'],
});

const ItemIdSchema = z.string().regex(/^itm_[a-z0-9]+$/, 'Not a catalog item id.');

export const getCatalogItem = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-items/:id',
  params: z.object({ id: ItemIdSchema }),
  response: CatalogItemSchema.extend({ similarItems: z.array(CatalogItemSchema) }),
  summary: 'One catalog item with similar items (same subgroup, price within ±50%).',
  tags: ['catalog'],
});

export const getPublicCatalogItem = defineEndpoint({
  method: 'GET',
  path: '/api/app/catalog-items/:id',
  auth: 'public',
  params: z.object({ id: ItemIdSchema }),
  response: CatalogItemSchema,
  summary: 'One catalog item for the public preview page.',
  tags: ['catalog'],
});

export const countCatalogItems = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-items/action/count',
  query: ListCatalogItemsQuerySchema.omit({ sort: true, size: true, cursor: true }),
  response: z.object({
    count: z.number().int(),
    /**
     * Set when the search key's words found nothing and misspelt ones were corrected: the key
     * the count (and the list) answered for, e.g. "hoodies" for "hoodeis".
     */
    correctedSearchKey: z.string().optional(),
  }),
  summary:
    'Spec §7: how many items match the filters (misspelt search words corrected when they find nothing).',
  tags: ['catalog'],
});

export const CategoryFacetSchema = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parentId: z.number().int().nullable(),
  count: z.number().int(),
});

export const getCatalogItemCategoryGroups = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-items/action/category-group',
  query: ListCatalogItemsQuerySchema.omit({ sort: true, size: true, cursor: true }),
  response: z.object({ items: z.array(CategoryFacetSchema) }),
  summary: 'Spec §7 facet counts: matching items per vertical, group and subgroup.',
  tags: ['catalog'],
});

export const SuggestionSchema = z.object({
  type: z.enum(['ITEM', 'SUPPLIER', 'CATEGORY']),
  text: z.string(),
  id: z.string(),
});

export const suggestAutoComplete = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-items/action/suggest-auto-complete',
  query: z.object({
    searchKey: SearchKeySchema.pipe(z.string().min(1, 'Type at least one character.')),
    size: z.coerce.number().int().min(1).max(20).default(8),
  }),
  response: z.object({ items: z.array(SuggestionSchema) }),
  summary: 'Spec §7: suggestions from item titles, supplier names and categories.',
  tags: ['catalog'],
});

export const listProductListings = defineEndpoint({
  method: 'GET',
  path: '/api/web/catalog-items/-/product-listings',
  query: z.object({ cursor: CursorSchema.optional() }),
  response: pageOf(CatalogItemSchema),
  summary: 'Spec §9: product listings, size 100, newest rank, excluding sample kits.',
  tags: ['catalog'],
});

export const recordItemAction = defineEndpoint({
  method: 'POST',
  path: '/api/web/catalog-items/:id/actions',
  params: z.object({ id: ItemIdSchema }),
  body: z.object({ action: CatalogActionSchema }),
  response: z.object({ ok: z.literal(true) }),
  successStatus: 202,
  summary: 'Spec §7: record a recommend or detail-view action (feeds "featured").',
  tags: ['catalog'],
});
