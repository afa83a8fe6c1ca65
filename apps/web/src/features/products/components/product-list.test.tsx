// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { listProducts, type ProductSummary } from '@atelier/contract/sales/product';
import { handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { type InventorySearchParams, validateInventorySearch } from '../search-params';
import { ProductList } from './product-list';

const { requestsTo } = startMockServer();

const aProductSummary = (overrides: Partial<ProductSummary> = {}): ProductSummary => ({
  id: 'prd_apron',
  title: 'Linen apron',
  vendor: 'Atelier Goods',
  productType: 'Apron',
  status: 'ACTIVE',
  imageUrl: null,
  variantCount: 2,
  minPrice: { amount: 2_400, currencyCode: 'USD' },
  maxPrice: { amount: 2_600, currencyCode: 'USD' },
  skus: ['AP-SAGE', 'AP-RUST'],
  updatedAt: '2026-03-04T10:00:00.000Z',
  ...overrides,
});

/** The list as /inventory composes it: its tab and search from the address, changes into it. */
const Inventory = () => {
  const { status = 'ACTIVE', search = '' }: InventorySearchParams = useSearch({ strict: false });
  const navigate = useNavigate();
  return (
    <ProductList
      status={status}
      search={search}
      onChange={(next) => void navigate({ to: '.', search: next })}
    />
  );
};

const renderList = (initialEntry = '/inventory') =>
  renderAtRoute({
    path: '/inventory',
    initialEntry,
    validateSearch: validateInventorySearch,
    component: Inventory,
  });

describe('ProductList', () => {
  it('shows the active products with both tabs’ counts, and the archived ones on their tab', async () => {
    const tote = aProductSummary({
      id: 'prd_tote',
      title: 'Canvas tote',
      variantCount: 4,
      minPrice: { amount: 1_800, currencyCode: 'USD' },
      maxPrice: { amount: 1_800, currencyCode: 'USD' },
      skus: ['TOTE-1', 'TOTE-2', 'TOTE-3', 'TOTE-4'],
      imageUrl: 'https://cdn.example.com/tote.jpg',
    });
    const mug = aProductSummary({ id: 'prd_mug', title: 'Stoneware mug', status: 'ARCHIVED' });
    server.use(
      handle(listProducts, ({ query }) => ({
        items: query.status === 'ARCHIVED' ? [mug] : [aProductSummary(), tote],
        nextCursor: null,
        counts: { ACTIVE: 2, ARCHIVED: 1 },
      })),
    );
    const { user, router } = renderList();

    const table = await screen.findByTestId('products-table');
    const apron = within(table).getByRole('link', { name: 'Linen apron' });
    expect(apron.getAttribute('href')).toBe('/inventory/prd_apron');
    const toteRow = within(table).getByRole('link', { name: 'Canvas tote' }).closest('tr')!;
    expect(within(toteRow).getByText('TOTE-1, TOTE-2 +2')).toBeTruthy();
    expect(within(toteRow).getByText('$18.00')).toBeTruthy();
    expect(within(table).getByText('$24.00 – $26.00')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Active\s*2/, selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Archived\s*1/ })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: /Archived/ }));
    expect(await within(table).findByRole('link', { name: 'Stoneware mug' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ status: 'ARCHIVED' });
    expect(requestsTo('GET', listProducts.path).at(-1)?.query.get('status')).toBe('ARCHIVED');
  });

  it('puts the search into the address and the query, and says when nothing matches', async () => {
    server.use(
      handle(listProducts, ({ query }) => ({
        items: query.search ? [] : [aProductSummary()],
        nextCursor: null,
        counts: query.search ? { ACTIVE: 0, ARCHIVED: 0 } : { ACTIVE: 1, ARCHIVED: 0 },
      })),
    );
    const { user, router } = renderList();
    await screen.findByRole('link', { name: 'Linen apron' });

    await user.type(screen.getByRole('textbox', { name: 'Search products' }), 'AP-OLIVE');
    expect(await screen.findByText('No products match')).toBeTruthy();
    expect(router.state.location.search).toEqual({ search: 'AP-OLIVE' });
    expect(requestsTo('GET', listProducts.path).at(-1)?.query.get('search')).toBe('AP-OLIVE');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('link', { name: 'Linen apron' })).toBeTruthy();
    expect(router.state.location.search).toEqual({});
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search products' }).value).toBe(
      '',
    );
  });

  it('starts from the address’ tab and search', async () => {
    server.use(
      handle(listProducts, () => ({
        items: [aProductSummary({ status: 'ARCHIVED' })],
        nextCursor: null,
        counts: { ACTIVE: 0, ARCHIVED: 1 },
      })),
    );
    renderList('/inventory?status=archived&search=Linen');
    await screen.findByRole('link', { name: 'Linen apron' });
    const query = requestsTo('GET', listProducts.path)[0]?.query;
    expect(query?.get('status')).toBe('ARCHIVED');
    expect(query?.get('search')).toBe('Linen');
    expect(screen.getByRole('tab', { name: /Archived/, selected: true })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search products' }).value).toBe(
      'Linen',
    );
  });

  it('invites a store without products to add one', async () => {
    server.use(
      handle(listProducts, () => ({
        items: [],
        nextCursor: null,
        counts: { ACTIVE: 0, ARCHIVED: 0 },
      })),
    );
    renderList();
    expect(await screen.findByText('No products yet')).toBeTruthy();
    const add = screen.getByRole('link', { name: 'Add product' });
    expect(add.getAttribute('href')).toBe('/inventory/new');
  });

  it('loads the next page after the cursor', async () => {
    server.use(
      handle(listProducts, ({ query }) =>
        query.cursor === 'c2'
          ? {
              items: [aProductSummary({ id: 'prd_mug', title: 'Stoneware mug' })],
              nextCursor: null,
              counts: { ACTIVE: 2, ARCHIVED: 0 },
            }
          : { items: [aProductSummary()], nextCursor: 'c2', counts: { ACTIVE: 2, ARCHIVED: 0 } },
      ),
    );
    const { user } = renderList();
    await screen.findByRole('link', { name: 'Linen apron' });
    expect(screen.getByText('1 of 2 shown')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Stoneware mug' })).toBeTruthy();
    expect(screen.getByText('2 of 2 shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when the products could not be loaded, and tries again', async () => {
    server.use(
      handle(listProducts, () => new Response(null, { status: 503 }), { once: true }),
      handle(listProducts, () => ({
        items: [aProductSummary()],
        nextCursor: null,
        counts: { ACTIVE: 1, ARCHIVED: 0 },
      })),
    );
    const { user } = renderList();
    expect(await screen.findByText('The products could not be loaded')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Linen apron' })).toBeTruthy());
  });
});
