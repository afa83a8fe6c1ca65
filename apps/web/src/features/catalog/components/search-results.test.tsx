// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  type CatalogItem,
  countCatalogItems,
  listCatalogItems,
} from '@atelier/contract/catalog/item';
import { countCatalogCompanies, listCatalogCompanies } from '@atelier/contract/catalog/supplier';
import { aCatalogCompany } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { render, renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import {
  type BrowseSearchParams,
  fromSearchParams,
  toSearchParams,
  validateBrowseSearch,
} from '../search-address';
import { changeViewType, EMPTY_SEARCH, type SourcingSearchState } from '../search-state';
import { ItemResults, ResultCount, SupplierResults } from './search-results';

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

describe('ResultCount for suppliers', () => {
  it('says which words the suppliers are for when the server corrected a misspelt search', async () => {
    server.use(handle(countCatalogCompanies, () => ({ count: 12, correctedSearchKey: 'hoodie' })));
    render(<ResultCount state={{ ...EMPTY_SEARCH, searchKey: 'hoodei' }} />);
    expect((await screen.findByTestId('result-count')).textContent).toBe(
      '12 suppliers for “hoodie”',
    );
    expect(screen.getByTestId('corrected-search').textContent).toBe(
      'Nothing matched “hoodei”, so these are results for “hoodie”.',
    );
  });
});

const aHoodie: CatalogItem = {
  id: 'itm_hoodie1',
  kind: 'PRODUCT',
  title: 'Heavyweight fleece hoodie',
  description: 'A hoodie.',
  categoryId: null,
  vertical: null,
  group: null,
  subgroup: null,
  price: { amount: 1800, currencyCode: 'USD' },
  samplePrice: null,
  sampleStock: 'IN_STOCK',
  moq: 100,
  productionTimeDays: 30,
  imageUrl: null,
  isSampleKit: false,
  enabledAt: '2025-06-01T00:00:00.000Z',
  company: {
    id: 'cmp_fleece',
    name: 'Fleece Works',
    countryCode: 'PT',
    regionCode: 'EU',
    rating: 4.5,
    capabilities: [],
  },
  fieldSources: {},
  source: 'demo',
  isFavorite: false,
};

/** Both search views as the browse route composes them: state from the address, changes into it. */
const SearchViews = () => {
  const search: BrowseSearchParams = useSearch({ strict: false });
  const state = fromSearchParams(search);
  const navigate = useNavigate();
  const update = (next: SourcingSearchState) =>
    void navigate({ to: '.', search: toSearchParams(next) });
  const actions = {
    onClearFilters: () => {},
    onClearSearch: () => {},
    onShowView: (viewType: 'SUPPLIERS' | 'CATALOG_PRODUCTS') =>
      update(changeViewType(state, viewType)),
  };
  return state.viewType === 'CATALOG_PRODUCTS' ? (
    <ItemResults state={state} {...actions} />
  ) : (
    <SupplierResults state={state} {...actions} />
  );
};

const renderViews = (initialEntry: string) =>
  renderAtRoute({
    path: '/browse-suppliers',
    initialEntry,
    validateSearch: validateBrowseSearch,
    component: SearchViews,
  });

describe('an empty search view (issue 10)', () => {
  it('offers the products found for the same key and filters, and shows them on a click', async () => {
    server.use(
      handle(listCatalogCompanies, () => ({ items: [], nextCursor: null })),
      handle(countCatalogItems, () => ({ count: 88 })),
      handle(listCatalogItems, () => ({ items: [aHoodie], nextCursor: null })),
    );
    const { user, router } = renderViews('/browse-suppliers?searchKey=hoodie&moq=UNITS_100_1000');
    expect(await screen.findByText('No suppliers match “hoodie”')).toBeTruthy();
    expect(await screen.findByText('88 catalog products do.')).toBeTruthy();
    const counted = requestsTo('GET', countCatalogItems.path)[0]?.query;
    expect(counted?.get('searchKey')).toBe('hoodie');
    expect(counted?.get('moq')).toBe('UNITS_100_1000');

    await user.click(screen.getByRole('button', { name: 'Show products' }));
    expect(await screen.findByText('Heavyweight fleece hoodie')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({
      viewType: 'CATALOG_PRODUCTS',
      searchKey: 'hoodie',
      moq: 'UNITS_100_1000',
    });
    expect(requestsTo('GET', listCatalogItems.path)[0]?.query.get('searchKey')).toBe('hoodie');
  });

  it('offers the suppliers when no product matches', async () => {
    server.use(
      handle(listCatalogItems, () => ({ items: [], nextCursor: null })),
      handle(countCatalogCompanies, () => ({ count: 1 })),
      handle(listCatalogCompanies, () => ({
        items: [aCatalogCompany({ id: 'cmp_tanner', name: 'Tannery Row Leather' })],
        nextCursor: null,
      })),
    );
    const { user, router } = renderViews(
      '/browse-suppliers?viewType=CATALOG_PRODUCTS&searchKey=tannery',
    );
    expect(await screen.findByText('No products match “tannery”')).toBeTruthy();
    expect(await screen.findByText('1 supplier does.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show suppliers' }));
    expect(await screen.findByText('Tannery Row Leather')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ searchKey: 'tannery' });
    expect(router.state.location.search).not.toHaveProperty('viewType');
  });

  it('offers nothing else when the other view finds nothing either', async () => {
    server.use(
      handle(listCatalogCompanies, () => ({ items: [], nextCursor: null })),
      handle(countCatalogItems, () => ({ count: 0 })),
    );
    renderViews('/browse-suppliers?searchKey=xqzvw');
    expect(await screen.findByText('No suppliers match “xqzvw”')).toBeTruthy();
    await screen.findByText('Try another search.');
    expect(requestsTo('GET', countCatalogItems.path)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show products' })).toBeNull();
  });
});
