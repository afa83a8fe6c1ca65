import { z } from 'zod';
import {
  ITEM_SORTS,
  MoqFilterSchema,
  OrderCountFilterSchema,
  OrderVolumeFilterSchema,
  ProductionTimeFilterSchema,
  RATING_FILTERS,
  SamplePriceFilterSchema,
  SUPPLIER_SORTS,
} from '@atelier/contract/catalog/filters';
import { CategoryIdTextSchema } from '@atelier/contract/catalog/supplier';
import { parseCsvLoosely } from '@atelier/contract/common/validation';
import {
  CountryCodeSchema,
  type RegionCode,
  RegionCodeSchema,
} from '@atelier/contract/reference/geography';
import {
  DEFAULT_SORT,
  EMPTY_SEARCH,
  FILTER_KEYS,
  type RatingFilter,
  type SearchFilters,
  type SearchSort,
  type SourcingSearchState,
  VIEW_TYPES,
  type ViewType,
} from './search-state';

/** The sourcing search state in the address of /browse-suppliers (shared links, reloads). */

// Address ↔ state. The router parses each query value as JSON when it can (`?vertical=166` is a
// number, `?countryCodes=CN,US` a string), so every parameter accepts both and a bad value is
// dropped instead of failing the page.

const MAX_LIST = 50;

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const idParam = loose(z.coerce.number().int().min(1).max(2_147_483_647));
/**
 * A comma-separated list. One numeric id stays a number: the router writes a string that reads
 * as a number with quotes (`"204"`), and navigation runs this schema on the way out too.
 */
const listParam = loose(
  z
    .union([z.string(), z.number()])
    .transform((value): string | number =>
      typeof value === 'string' && CategoryIdTextSchema.safeParse(value).success
        ? Number(value)
        : value,
    ),
);
const SORT_VALUES = [...new Set([...Object.keys(SUPPLIER_SORTS), ...Object.keys(ITEM_SORTS)])] as [
  SearchSort,
  ...SearchSort[],
];

/** `validateSearch` of /browse-suppliers: the query parameters as the address holds them. */
export const BrowseSearchParamsSchema = z.object({
  viewType: loose(z.enum(VIEW_TYPES)),
  searchKey: loose(
    z
      .union([z.string(), z.number()])
      .transform((value) => String(value).slice(0, 200))
      .pipe(z.string()),
  ),
  vertical: idParam,
  group: idParam,
  subgroup: idParam,
  /** Comma-separated ids; a single id is kept as a number so the address shows it plainly. */
  categoryIds: listParam,
  sort: loose(z.enum(SORT_VALUES)),
  region: loose(RegionCodeSchema),
  countryCodes: listParam,
  samplePrice: loose(SamplePriceFilterSchema),
  moq: loose(MoqFilterSchema),
  orderVolume: loose(OrderVolumeFilterSchema),
  orderCount: loose(OrderCountFilterSchema),
  rating: loose(
    z.coerce
      .number()
      .int()
      .refine((value): value is RatingFilter =>
        (RATING_FILTERS as readonly number[]).includes(value),
      ),
  ),
  productionTime: loose(ProductionTimeFilterSchema),
});
export type BrowseSearchParams = {
  viewType?: ViewType;
  searchKey?: string;
  vertical?: number;
  group?: number;
  subgroup?: number;
  categoryIds?: string | number;
  sort?: SearchSort;
  region?: RegionCode;
  countryCodes?: string | number;
  samplePrice?: SearchFilters['samplePrice'];
  moq?: SearchFilters['moq'];
  orderVolume?: SearchFilters['orderVolume'];
  orderCount?: SearchFilters['orderCount'];
  rating?: number;
  productionTime?: SearchFilters['productionTime'];
};

export const validateBrowseSearch = (raw: Record<string, unknown>): BrowseSearchParams => {
  const parsed = BrowseSearchParamsSchema.parse(raw);
  const params: BrowseSearchParams = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value !== undefined) (params as Record<string, unknown>)[key] = value;
  }
  return params;
};

/** The search state an address describes; anything missing or malformed takes its default. */
export const fromSearchParams = (params: BrowseSearchParams): SourcingSearchState => {
  const filters: SearchFilters = {};
  if (params.samplePrice && params.samplePrice !== 'ALL') filters.samplePrice = params.samplePrice;
  if (params.moq) filters.moq = params.moq;
  if (params.orderVolume) filters.orderVolume = params.orderVolume;
  if (params.orderCount) filters.orderCount = params.orderCount;
  if (params.rating !== undefined && (RATING_FILTERS as readonly number[]).includes(params.rating))
    filters.rating = params.rating as RatingFilter;
  if (params.productionTime) filters.productionTime = params.productionTime;
  return {
    viewType: params.viewType ?? EMPTY_SEARCH.viewType,
    searchKey: params.searchKey?.trim() ?? '',
    vertical: params.vertical ?? null,
    group: params.group ?? null,
    subgroup: params.subgroup ?? null,
    categoryIds: parseCsvLoosely(String(params.categoryIds ?? ''), CategoryIdTextSchema, MAX_LIST),
    sort: params.sort ?? DEFAULT_SORT,
    region: params.region ?? null,
    countryCodes: parseCsvLoosely(String(params.countryCodes ?? ''), CountryCodeSchema, MAX_LIST),
    filters,
  };
};

/** The query parameters of a search state; defaults are left out so addresses stay short. */
export const toSearchParams = (state: SourcingSearchState): BrowseSearchParams => {
  const params: BrowseSearchParams = {};
  if (state.viewType !== EMPTY_SEARCH.viewType) params.viewType = state.viewType;
  const searchKey = state.searchKey.trim();
  if (searchKey) params.searchKey = searchKey;
  if (state.vertical !== null) params.vertical = state.vertical;
  if (state.group !== null) params.group = state.group;
  if (state.subgroup !== null) params.subgroup = state.subgroup;
  if (state.categoryIds.length === 1) params.categoryIds = state.categoryIds[0];
  else if (state.categoryIds.length > 1) params.categoryIds = state.categoryIds.join(',');
  if (state.sort !== DEFAULT_SORT) params.sort = state.sort;
  if (state.region) params.region = state.region;
  if (state.countryCodes.length > 0) params.countryCodes = state.countryCodes.join(',');
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value !== undefined) (params as Record<string, unknown>)[key] = value;
  }
  return params;
};
