// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countCatalogItems } from '@atelier/contract/catalog/item';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { EMPTY_SEARCH, type SourcingSearchState } from '../search-state';
import { ResultCount } from './search-results';

const { requestsTo } = startMockServer();

const productSearch = (searchKey: string): SourcingSearchState => ({
  ...EMPTY_SEARCH,
  viewType: 'CATALOG_PRODUCTS',
  searchKey,
});

describe('ResultCount for products', () => {
  it('says which words the results are for when the server corrected a misspelt search', async () => {
    server.use(handle(countCatalogItems, () => ({ count: 5, correctedSearchKey: 'tamarisk' })));
    render(<ResultCount state={productSearch('tamarsik')} />);
    expect((await screen.findByTestId('result-count')).textContent).toBe(
      '5 products for “tamarisk”',
    );
    expect(screen.getByTestId('corrected-search').textContent).toBe(
      'Nothing matched “tamarsik”, so these are results for “tamarisk”.',
    );
    expect(requestsTo('GET', countCatalogItems.path)[0]?.query.get('searchKey')).toBe('tamarsik');
  });

  it('names the search as typed when nothing was corrected', async () => {
    server.use(handle(countCatalogItems, () => ({ count: 1 })));
    render(<ResultCount state={productSearch('linen apron')} />);
    expect((await screen.findByTestId('result-count')).textContent).toBe(
      '1 product for “linen apron”',
    );
    expect(screen.queryByTestId('corrected-search')).toBeNull();
  });
});
