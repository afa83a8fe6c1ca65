// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  countCatalogCompanies,
  getCompanyCountryInfo,
  listCatalogCompanies,
} from '@atelier/contract/catalog/supplier';
import { listCountries } from '@atelier/contract/reference/geography';
import { aCatalogCompany } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import {
  type BrowseSearchParams,
  fromSearchParams,
  toSearchParams,
  validateBrowseSearch,
} from '../search-address';
import { FilterPanel } from './filter-panel';
import { ResultCount, SupplierResults } from './search-results';

const SEARCH_PATH = '/api/web/catalog-companies';

const { requestsTo } = startMockServer();

/** The browse page's search as the route composes it: state from the address, changes into it. */
const SupplierSearch = () => {
  const search: BrowseSearchParams = useSearch({ strict: false });
  const state = fromSearchParams(search);
  const navigate = useNavigate();
  const update = (next: typeof state) => void navigate({ to: '.', search: toSearchParams(next) });
  const noop = () => {};
  return (
    <>
      <FilterPanel state={state} onChange={update} categories={[]} />
      <ResultCount state={state} />
      <SupplierResults state={state} onClearFilters={noop} onClearSearch={noop} onShowView={noop} />
    </>
  );
};

const renderSearch = (initialEntry = '/browse-suppliers') => {
  const small = aCatalogCompany({ id: 'cmp_small', name: 'Small Batch Studio', moq: 20 });
  const large = aCatalogCompany({ id: 'cmp_large', name: 'Volume Mills', moq: 5000 });
  server.use(
    handle(listCountries, () => ({ items: [] })),
    handle(getCompanyCountryInfo, () => ({ items: [] })),
    handle(listCatalogCompanies, ({ query }) => ({
      items: query.moq === 'UNITS_0_100' ? [small] : [small, large],
      nextCursor: null,
    })),
    handle(countCatalogCompanies, ({ query }) => ({ count: query.moq ? 1 : 2 })),
  );
  return renderAtRoute({
    path: '/browse-suppliers',
    initialEntry,
    validateSearch: validateBrowseSearch,
    component: SupplierSearch,
  });
};

describe('FilterPanel', () => {
  it('puts a chosen filter into the address and the search the server receives', async () => {
    const { user, router } = renderSearch();
    expect(await screen.findByText('Volume Mills')).toBeTruthy();

    const moq = screen.getByRole('group', { name: 'Minimum order' });
    await user.click(within(moq).getByText('0-100 units'));

    await waitFor(() => expect(screen.queryByText('Volume Mills')).toBeNull());
    expect(screen.getByText('Small Batch Studio')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ moq: 'UNITS_0_100' });
    const last = requestsTo('GET', SEARCH_PATH).at(-1);
    expect(last?.query.get('moq')).toBe('UNITS_0_100');
  });

  it('starts from the filters in the address, and clearing them searches everything again', async () => {
    const { user, router } = renderSearch('/browse-suppliers?moq=UNITS_0_100');
    expect(await screen.findByText('Small Batch Studio')).toBeTruthy();
    expect(requestsTo('GET', SEARCH_PATH)[0]?.query.get('moq')).toBe('UNITS_0_100');

    await user.click(screen.getByRole('button', { name: 'Clear all (1)' }));

    expect(await screen.findByText('Volume Mills')).toBeTruthy();
    expect(router.state.location.search).not.toHaveProperty('moq');
    expect(requestsTo('GET', SEARCH_PATH).at(-1)?.query.has('moq')).toBe(false);
  });
});
