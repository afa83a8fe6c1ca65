import { describe, expect, it } from 'vitest';
import { toFilterQuery, toItemQuery, toSupplierQuery } from './search-query';
import { EMPTY_SEARCH, entryOfPath, setSort, type SourcingSearchState } from './search-state';

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

describe('state → API query', () => {
  it('maps every filter to the contract names', () => {
    expect(toFilterQuery(FULL)).toEqual({
      searchKey: 'denim jacket',
      samplePrice: 'USD_5_50',
      moq: 'UNITS_100_1000',
      orderVolume: 'UNITS_1000_5000',
      orderCount: 'ORDERS_50_PLUS',
      rating: 4,
      productionTime: 'MONTHS_1_2',
      region: 'AS',
      countryCodes: 'CN,VN',
      categoryIds: '204,207',
    });
    expect(toFilterQuery(EMPTY_SEARCH)).toEqual({});
  });

  it('uses the entry as the category filter when nothing is toggled', () => {
    const entryOnly = { ...EMPTY_SEARCH, ...entryOfPath([166, 1604]) };
    expect(toFilterQuery(entryOnly).categoryIds).toBe('1604');
    expect(toFilterQuery(FULL, { withToggled: false }).categoryIds).toBe('1604');
  });

  it('falls back to featured when the sort belongs to the other view', () => {
    expect(toSupplierQuery(FULL).sort).toBe('FEATURED');
    expect(toItemQuery(FULL).sort).toBe('PRICE_LOW_TO_HIGH');
    expect(toSupplierQuery(setSort(EMPTY_SEARCH, 'ONLINE_NOW')).sort).toBe('ONLINE_NOW');
    expect(toItemQuery(setSort(EMPTY_SEARCH, 'ONLINE_NOW')).sort).toBe('FEATURED');
  });
});
