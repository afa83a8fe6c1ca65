import type { CatalogFilterQuery } from '@atelier/contract/catalog/supplier';
import {
  ITEM_SORTS,
  type ItemSort,
  SUPPLIER_SORTS,
  type SupplierSort,
} from '@atelier/contract/catalog/filters';
import {
  DEFAULT_SORT,
  entryCategoryId,
  FILTER_KEYS,
  type SearchSort,
  type SourcingSearchState,
  type ViewType,
} from './search-state';

/** The search state of /browse-suppliers as API queries (spec §7 catalog calls). */

const isSupplierSort = (sort: SearchSort): sort is SupplierSort => sort in SUPPLIER_SORTS;
const isItemSort = (sort: SearchSort): sort is ItemSort => sort in ITEM_SORTS;

/** The sorts a view offers. */
export const sortsOf = (viewType: ViewType): { value: SearchSort; label: string }[] => {
  const sorts: Record<string, { label: string }> =
    viewType === 'CATALOG_PRODUCTS' ? ITEM_SORTS : SUPPLIER_SORTS;
  return Object.entries(sorts).map(([value, { label }]) => ({
    value: value as SearchSort,
    label,
  }));
};

/** Query values as the contract's query schemas take them (ids and codes comma-separated). */
export type FilterQueryInput = Omit<CatalogFilterQuery, 'categoryIds' | 'countryCodes'> & {
  categoryIds?: string;
  countryCodes?: string;
};

/**
 * The filters of a search as API query values. Categories toggled in the panel narrow the
 * entry; with none toggled the entry itself is the category filter. `withToggled: false` leaves
 * the toggled ones out (the panel's facet counts must not shrink as they are ticked).
 */
export const toFilterQuery = (
  state: SourcingSearchState,
  options: { withToggled?: boolean } = {},
): FilterQueryInput => {
  const query: FilterQueryInput = {};
  if (state.searchKey) query.searchKey = state.searchKey;
  for (const key of FILTER_KEYS) {
    const value = state.filters[key];
    if (value !== undefined) (query as Record<string, unknown>)[key] = value;
  }
  if (state.region) query.region = state.region;
  if (state.countryCodes.length > 0) query.countryCodes = state.countryCodes.join(',');
  const entryId = entryCategoryId(state);
  const toggled = options.withToggled === false ? [] : state.categoryIds;
  const categoryIds = toggled.length > 0 ? toggled : entryId === null ? [] : [entryId];
  if (categoryIds.length > 0) query.categoryIds = categoryIds.join(',');
  return query;
};

export const toSupplierQuery = (state: SourcingSearchState) => ({
  ...toFilterQuery(state),
  sort: isSupplierSort(state.sort) ? state.sort : DEFAULT_SORT,
});

export const toItemQuery = (state: SourcingSearchState) => ({
  ...toFilterQuery(state),
  sort: isItemSort(state.sort) ? state.sort : DEFAULT_SORT,
});
