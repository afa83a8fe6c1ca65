import { isCategoryIdText } from '@atelier/contract/catalog/category-id';
import {
  ITEM_SORTS,
  MOQ_BUCKETS,
  ORDER_COUNT_BUCKETS,
  ORDER_VOLUME_BUCKETS,
  PRODUCTION_TIME_BUCKETS,
  RATING_FILTERS,
  SAMPLE_PRICE_BUCKETS,
  SUPPLIER_SORTS,
} from '@atelier/contract/catalog/filter-values';
import { REGION_CODES, type RegionCode } from '@atelier/contract/reference/region-codes';
import { knownParams, readChoice, readInteger } from '@/lib/search-params';
import { type SearchFilters, type SearchSort, VIEW_TYPES, type ViewType } from './search-state';

/**
 * The query parameters of /browse-suppliers as the address holds them (shared links, reloads).
 * This is the route's `validateSearch`, part of the app's first page: it reads the contract's
 * Zod-free value lists, not its schemas (issue 10). What the parameters mean is read by
 * search-address.ts, which loads with the page.
 */
export type BrowseSearchParams = {
  viewType?: ViewType;
  searchKey?: string;
  vertical?: number;
  group?: number;
  subgroup?: number;
  /** Comma-separated ids; a single id is kept as a number so the address shows it plainly. */
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

const keysOf = <T extends object>(values: T) => Object.keys(values) as Extract<keyof T, string>[];
const SORTS = [...new Set<SearchSort>([...keysOf(SUPPLIER_SORTS), ...keysOf(ITEM_SORTS)])];
const ID_RANGE = { min: 1, max: 2_147_483_647 };
const MAX_SEARCH_KEY = 200;

/**
 * A comma-separated list. One numeric id stays a number: the router writes a string that reads
 * as a number with quotes (`"204"`), and navigation runs `validateSearch` on the way out too.
 */
const readList = (value: unknown): string | number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  return isCategoryIdText(value) ? Number(value) : value;
};

/** `validateSearch` of /browse-suppliers: the known parameters, malformed ones left out. */
export const validateBrowseSearch = (raw: Record<string, unknown>): BrowseSearchParams => {
  const rating = readInteger(raw.rating, { min: 1, max: 5 });
  return knownParams<BrowseSearchParams>({
    viewType: readChoice(raw.viewType, VIEW_TYPES),
    searchKey:
      typeof raw.searchKey === 'string' || typeof raw.searchKey === 'number'
        ? String(raw.searchKey).slice(0, MAX_SEARCH_KEY)
        : undefined,
    vertical: readInteger(raw.vertical, ID_RANGE),
    group: readInteger(raw.group, ID_RANGE),
    subgroup: readInteger(raw.subgroup, ID_RANGE),
    categoryIds: readList(raw.categoryIds),
    sort: readChoice(raw.sort, SORTS),
    region: readChoice(raw.region, REGION_CODES),
    countryCodes: readList(raw.countryCodes),
    samplePrice: readChoice(raw.samplePrice, keysOf(SAMPLE_PRICE_BUCKETS)),
    moq: readChoice(raw.moq, keysOf(MOQ_BUCKETS)),
    orderVolume: readChoice(raw.orderVolume, keysOf(ORDER_VOLUME_BUCKETS)),
    orderCount: readChoice(raw.orderCount, keysOf(ORDER_COUNT_BUCKETS)),
    rating:
      rating !== undefined && (RATING_FILTERS as readonly number[]).includes(rating)
        ? rating
        : undefined,
    productionTime: readChoice(raw.productionTime, keysOf(PRODUCTION_TIME_BUCKETS)),
  });
};
