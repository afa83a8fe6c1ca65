import type {
  ItemSort,
  MoqFilter,
  OrderCountFilter,
  OrderVolumeFilter,
  ProductionTimeFilter,
  RATING_FILTERS,
  SamplePriceFilter,
  SupplierSort,
} from '@atelier/contract/catalog/filters';
import type { RegionCode } from '@atelier/contract/reference/geography';

/**
 * Spec §3 sourcing search state and the §4 rules that change it. Pure functions only; the
 * address mapping is in search-address.ts, the API queries in search-query.ts.
 */

/** Spec §3 view types of the sourcing marketplace. The first is the default. */
export const VIEW_TYPES = ['SUPPLIERS', 'EXPANDED_NETWORK', 'CATALOG_PRODUCTS', 'RFP'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

export type SearchSort = SupplierSort | ItemSort;
export const DEFAULT_SORT = 'FEATURED' satisfies SupplierSort & ItemSort;

export type RatingFilter = (typeof RATING_FILTERS)[number];

/** Spec §3 "filters": sample price, MOQ, average review, production time, order volume (+ count). */
export type SearchFilters = {
  samplePrice?: SamplePriceFilter;
  moq?: MoqFilter;
  orderVolume?: OrderVolumeFilter;
  orderCount?: OrderCountFilter;
  rating?: RatingFilter;
  productionTime?: ProductionTimeFilter;
};
export type FilterKey = keyof SearchFilters;
export const FILTER_KEYS = [
  'samplePrice',
  'moq',
  'orderVolume',
  'orderCount',
  'rating',
  'productionTime',
] as const satisfies readonly FilterKey[];

/** A category entry: the vertical > group > subgroup chosen to browse (category ids). */
export type CategoryEntry = {
  vertical: number | null;
  group: number | null;
  subgroup: number | null;
};

export type SourcingSearchState = CategoryEntry & {
  viewType: ViewType;
  searchKey: string;
  /** Categories toggled in the filter panel, inside the entry. */
  categoryIds: number[];
  sort: SearchSort;
  region: RegionCode | null;
  countryCodes: string[];
  filters: SearchFilters;
};

export const EMPTY_SEARCH: SourcingSearchState = {
  viewType: 'SUPPLIERS',
  searchKey: '',
  vertical: null,
  group: null,
  subgroup: null,
  categoryIds: [],
  sort: DEFAULT_SORT,
  region: null,
  countryCodes: [],
  filters: {},
};

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

// Spec §4 rules.

const sameEntry = (state: CategoryEntry, entry: CategoryEntry) =>
  state.vertical === entry.vertical &&
  state.group === entry.group &&
  state.subgroup === entry.subgroup;

/**
 * Spec §4: choosing a new category entry resets the filters. The categories toggled inside the
 * previous entry go too (they would point outside the new one); text, view, sort, region and
 * countries stay. Choosing the entry already shown changes nothing.
 */
export const chooseCategoryEntry = (
  state: SourcingSearchState,
  entry: CategoryEntry,
): SourcingSearchState =>
  sameEntry(state, entry) ? state : { ...state, ...entry, categoryIds: [], filters: {} };

/** The entry of a category path from the vertical down: `[166, 1604, 204]`. */
export const entryOfPath = (path: readonly number[]): CategoryEntry => ({
  vertical: path[0] ?? null,
  group: path[1] ?? null,
  subgroup: path[2] ?? null,
});

/** The deepest category of the entry, or null when none is chosen. */
export const entryCategoryId = (state: CategoryEntry): number | null =>
  state.subgroup ?? state.group ?? state.vertical;

/** Spec §4: changing the view type resets the sort to featured. */
export const changeViewType = (
  state: SourcingSearchState,
  viewType: ViewType,
): SourcingSearchState =>
  viewType === state.viewType ? state : { ...state, viewType, sort: DEFAULT_SORT };

/** Spec §4: toggling a category adds its id, or removes it when it is there. */
export const toggleCategory = (state: SourcingSearchState, id: number): SourcingSearchState => ({
  ...state,
  categoryIds: state.categoryIds.includes(id)
    ? state.categoryIds.filter((existing) => existing !== id)
    : [...state.categoryIds, id],
});

export const setSearchKey = (
  state: SourcingSearchState,
  searchKey: string,
): SourcingSearchState => ({
  ...state,
  searchKey: searchKey.trim(),
});

export const setSort = (state: SourcingSearchState, sort: SearchSort): SourcingSearchState => ({
  ...state,
  sort,
});

export const setFilter = <K extends FilterKey>(
  state: SourcingSearchState,
  key: K,
  value: SearchFilters[K] | undefined,
): SourcingSearchState => {
  const filters = { ...state.filters };
  if (value === undefined || value === 'ALL') delete filters[key];
  else filters[key] = value;
  return { ...state, filters };
};

export const setRegion = (
  state: SourcingSearchState,
  region: RegionCode | null,
): SourcingSearchState => ({ ...state, region });

/** Adds or removes one country (ISO code, any case). */
export const toggleCountry = (state: SourcingSearchState, code: string): SourcingSearchState => {
  const upper = code.toUpperCase();
  return {
    ...state,
    countryCodes: state.countryCodes.includes(upper)
      ? state.countryCodes.filter((existing) => existing !== upper)
      : [...state.countryCodes, upper],
  };
};

export const setCountryCodes = (
  state: SourcingSearchState,
  codes: readonly string[],
): SourcingSearchState => ({
  ...state,
  countryCodes: unique(codes.map((code) => code.toUpperCase())),
});

/** "Clear filters": everything that narrows the results except the text and the view. */
export const clearFilters = (state: SourcingSearchState): SourcingSearchState => ({
  ...state,
  vertical: null,
  group: null,
  subgroup: null,
  categoryIds: [],
  region: null,
  countryCodes: [],
  filters: {},
});

/** How many narrowing choices are active (for the "Filters (n)" button). */
export const countActiveFilters = (state: SourcingSearchState): number =>
  Object.keys(state.filters).length +
  (state.region ? 1 : 0) +
  state.countryCodes.length +
  state.categoryIds.length +
  (entryCategoryId(state) === null ? 0 : 1);
