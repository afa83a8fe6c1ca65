import { describe, expect, it } from 'vitest';
import { validateCustomersSearch, validateOrdersSearch } from './search-params';

describe('validateOrdersSearch', () => {
  it('keeps the tab, filters and sort of the address, in any case', () => {
    expect(
      validateOrdersSearch({
        activeTabKey: 'on_hold',
        origin: 'manual_retail',
        financialStatus: 'paid',
        placedFrom: '2011-03-01',
        placedTo: '2011-03-31',
        sort: '-total',
      }),
    ).toEqual({
      activeTabKey: 'ON_HOLD',
      search: undefined,
      customerId: undefined,
      origin: 'MANUAL_RETAIL',
      financialStatus: 'PAID',
      placedFrom: '2011-03-01',
      placedTo: '2011-03-31',
      sort: '-total',
    });
  });

  it('drops what it cannot read, the default sort and an end day before the start', () => {
    expect(
      validateOrdersSearch({
        origin: 'EBAY',
        financialStatus: 42,
        placedFrom: '2011-03-31',
        placedTo: '2011-03-01',
        sort: '-placedAt',
        customerId: 'robert',
      }),
    ).toMatchObject({
      origin: undefined,
      financialStatus: undefined,
      placedFrom: '2011-03-31',
      placedTo: undefined,
      sort: undefined,
      customerId: undefined,
    });
    expect(validateOrdersSearch({ placedFrom: '2011-13-01', sort: 'email' })).toMatchObject({
      placedFrom: undefined,
      sort: undefined,
    });
  });
});

describe('validateCustomersSearch', () => {
  it('reads the search and the sort', () => {
    expect(validateCustomersSearch({ search: 'ada', sort: 'total_spent' })).toEqual({
      search: 'ada',
      sort: 'TOTAL_SPENT',
    });
    expect(validateCustomersSearch({ sort: 'NAME' }).sort).toBeUndefined();
  });
});
