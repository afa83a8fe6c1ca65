import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { fromSearchParams, toSearchParams, validateBrowseSearch } from './search-address';
import {
  changeViewType,
  chooseCategoryEntry,
  clearFilters,
  countActiveFilters,
  EMPTY_SEARCH,
  entryOfPath,
  setCountryCodes,
  setFilter,
  setRegion,
  setSearchKey,
  type SourcingSearchState,
  toggleCategory,
  toggleCountry,
} from './search-state';

/**
 * What the router does: address text → parsed query → validateSearch → state, and back (a
 * navigation runs validateSearch on the new search before it writes the address).
 */
const stateFromAddress = (search: string): SourcingSearchState =>
  fromSearchParams(validateBrowseSearch(defaultParseSearch(search)));
const addressOf = (state: SourcingSearchState): string =>
  defaultStringifySearch(validateBrowseSearch(toSearchParams(state)));

const FULL: SourcingSearchState = {
  viewType: 'CATALOG_PRODUCTS',
  searchKey: 'denim jacket',
  vertical: 166,
  group: 1604,
  subgroup: null,
  categoryIds: [204, 207],
  sort: 'PRICE_LOW_TO_HIGH',
  region: 'AS',
  countryCodes: ['CN', 'VN'],
  filters: {
    samplePrice: 'USD_5_50',
    moq: 'UNITS_100_1000',
    orderVolume: 'UNITS_1000_5000',
    orderCount: 'ORDERS_50_PLUS',
    rating: 4,
    productionTime: 'MONTHS_1_2',
  },
};

describe('search state ↔ address', () => {
  it('leaves defaults out of the address', () => {
    expect(toSearchParams(EMPTY_SEARCH)).toEqual({});
    expect(addressOf(EMPTY_SEARCH)).toBe('');
    expect(stateFromAddress('')).toEqual(EMPTY_SEARCH);
  });

  it('round-trips every field through the address text', () => {
    const address = addressOf(FULL);
    expect(stateFromAddress(address)).toEqual(FULL);
  });

  it('writes readable parameters', () => {
    const params = new URLSearchParams(
      addressOf({ ...EMPTY_SEARCH, searchKey: 'denim', region: 'AS', categoryIds: [204] }),
    );
    expect(params.get('searchKey')).toBe('denim');
    expect(params.get('region')).toBe('AS');
    expect(params.get('categoryIds')).toBe('204');
    expect(
      new URLSearchParams(addressOf({ ...EMPTY_SEARCH, countryCodes: ['CN', 'US'] })).get(
        'countryCodes',
      ),
    ).toBe('CN,US');
  });

  it('reads a shared address', () => {
    expect(
      stateFromAddress(
        '?searchKey=denim&region=AS&moq=UNITS_100_1000&countryCodes=cn,US&categoryIds=204,207&vertical=166&rating=4&viewType=CATALOG_PRODUCTS&sort=NEWEST',
      ),
    ).toEqual({
      ...EMPTY_SEARCH,
      viewType: 'CATALOG_PRODUCTS',
      searchKey: 'denim',
      vertical: 166,
      categoryIds: [204, 207],
      sort: 'NEWEST',
      region: 'AS',
      countryCodes: ['CN', 'US'],
      filters: { moq: 'UNITS_100_1000', rating: 4 },
    });
  });

  it('keeps a numeric search text as text', () => {
    const state = { ...EMPTY_SEARCH, searchKey: '501' };
    expect(stateFromAddress(addressOf(state)).searchKey).toBe('501');
    expect(stateFromAddress('?searchKey=501').searchKey).toBe('501');
  });

  it('drops malformed values instead of failing the page', () => {
    expect(
      stateFromAddress(
        '?viewType=MAP&region=XX&moq=LOTS&rating=5&sort=CHEAPEST&vertical=-3&categoryIds=1,abc,,1&countryCodes=usa,CN&samplePrice=ALL',
      ),
    ).toEqual({ ...EMPTY_SEARCH, categoryIds: [1], countryCodes: ['CN'] });
  });

  it('caps the search text at 200 characters', () => {
    expect(stateFromAddress(`?searchKey=${'a'.repeat(500)}`).searchKey).toHaveLength(200);
  });
});

describe('spec §4 rules', () => {
  it('resets the filters when a new category entry is chosen', () => {
    const next = chooseCategoryEntry(FULL, entryOfPath([166, 1604, 204]));
    expect(next.filters).toEqual({});
    expect(next.categoryIds).toEqual([]);
    expect([next.vertical, next.group, next.subgroup]).toEqual([166, 1604, 204]);
    // Text, view, sort, region and countries are not filters of the entry.
    expect(next.searchKey).toBe(FULL.searchKey);
    expect(next.viewType).toBe(FULL.viewType);
    expect(next.sort).toBe(FULL.sort);
    expect(next.region).toBe('AS');
    expect(next.countryCodes).toEqual(['CN', 'VN']);
  });

  it('keeps the filters when the same entry is chosen again', () => {
    const same = chooseCategoryEntry(FULL, { vertical: 166, group: 1604, subgroup: null });
    expect(same).toBe(FULL);
  });

  it('resets filters when the entry is cleared', () => {
    const next = chooseCategoryEntry(FULL, entryOfPath([]));
    expect([next.vertical, next.group, next.subgroup]).toEqual([null, null, null]);
    expect(next.filters).toEqual({});
  });

  it('resets the sort to featured when the view type changes', () => {
    const next = changeViewType(FULL, 'SUPPLIERS');
    expect(next.viewType).toBe('SUPPLIERS');
    expect(next.sort).toBe('FEATURED');
    expect(next.filters).toEqual(FULL.filters);
    expect(changeViewType(FULL, 'CATALOG_PRODUCTS')).toBe(FULL);
  });

  it('adds a toggled category id and removes it on the second toggle', () => {
    const added = toggleCategory(EMPTY_SEARCH, 204);
    expect(added.categoryIds).toEqual([204]);
    const two = toggleCategory(added, 207);
    expect(two.categoryIds).toEqual([204, 207]);
    expect(toggleCategory(two, 204).categoryIds).toEqual([207]);
    expect(toggleCategory(toggleCategory(two, 204), 207).categoryIds).toEqual([]);
  });
});

describe('search state changes', () => {
  it('sets and clears single filters; "All" sample prices is no filter', () => {
    const withMoq = setFilter(EMPTY_SEARCH, 'moq', 'UNITS_0_100');
    expect(withMoq.filters).toEqual({ moq: 'UNITS_0_100' });
    expect(setFilter(withMoq, 'moq', undefined).filters).toEqual({});
    expect(setFilter(EMPTY_SEARCH, 'samplePrice', 'ALL').filters).toEqual({});
  });

  it('toggles countries by ISO code in any case', () => {
    const one = toggleCountry(EMPTY_SEARCH, 'cn');
    expect(one.countryCodes).toEqual(['CN']);
    expect(toggleCountry(one, 'CN').countryCodes).toEqual([]);
    expect(setCountryCodes(EMPTY_SEARCH, ['us', 'US', 'it']).countryCodes).toEqual(['US', 'IT']);
  });

  it('clears every filter but keeps the text and the view', () => {
    const cleared = clearFilters(FULL);
    expect(cleared).toEqual({
      ...EMPTY_SEARCH,
      viewType: FULL.viewType,
      searchKey: FULL.searchKey,
      sort: FULL.sort,
    });
    expect(countActiveFilters(cleared)).toBe(0);
  });

  it('counts active filters', () => {
    // 6 filters + region + 2 countries + 2 toggled categories + the entry.
    expect(countActiveFilters(FULL)).toBe(12);
    expect(countActiveFilters(setRegion(EMPTY_SEARCH, 'EU'))).toBe(1);
  });

  it('trims the search text', () => {
    expect(setSearchKey(EMPTY_SEARCH, '  denim ').searchKey).toBe('denim');
  });
});
