import { RATING_FILTERS } from '@atelier/contract/catalog/filters';
import { CategoryIdTextSchema } from '@atelier/contract/catalog/supplier';
import { parseCsvLoosely } from '@atelier/contract/common/validation';
import { CountryCodeSchema } from '@atelier/contract/reference/geography';
import type { BrowseSearchParams } from './search-params';
import {
  DEFAULT_SORT,
  EMPTY_SEARCH,
  FILTER_KEYS,
  type RatingFilter,
  type SearchFilters,
  type SourcingSearchState,
} from './search-state';

export { type BrowseSearchParams, validateBrowseSearch } from './search-params';

/**
 * The sourcing search state in the address of /browse-suppliers (shared links, reloads): what
 * the parameters that search-params.ts validated mean. Loaded with the page and the route's
 * loader, not with the app's first page (it uses the contract's schemas).
 */

const MAX_LIST = 50;

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
