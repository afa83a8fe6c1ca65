// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CatalogCompany, listCatalogCompanies } from '@atelier/contract/catalog/supplier';
import { aCatalogCompany } from '@/testing/factories';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { useSupplierSearch } from '../api/supplier-queries';
import { ResultGrid } from './result-grid';

const { requestsTo } = startMockServer();

const PAGES = 6;
const PAGE_SIZE = 3;

/**
 * Six pages of three suppliers; a page's cursor is the number of the next one. Each answer takes
 * `delayMs`, long enough for the page to be seen loading, as over a network.
 */
const serveSupplierPages = (delayMs = 50) =>
  server.use(
    handle(
      listCatalogCompanies,
      ({ query }) => {
        const page = Number(query.cursor ?? '0');
        return {
          items: Array.from({ length: PAGE_SIZE }, (_, index) =>
            aCatalogCompany({ id: `cmp_p${page}i${index}`, name: `Supplier ${page}-${index}` }),
          ),
          nextCursor: page + 1 < PAGES ? String(page + 1) : null,
        };
      },
      { delayMs },
    ),
  );

/**
 * An IntersectionObserver that reports each observed element as in view, once, as a browser
 * does when the end of a short list is on screen. happy-dom's never reports.
 */
class EverVisibleObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** Names of the cards rendered, one entry per render of a card. */
const cardsRendered: string[] = [];
const supplierKey = (supplier: CatalogCompany) => supplier.id;
const supplierName = (supplier: CatalogCompany) => {
  cardsRendered.push(supplier.name);
  return <span>{supplier.name}</span>;
};

const SupplierGrid = () => (
  <ResultGrid
    query={useSupplierSearch({})}
    label="Suppliers"
    getKey={supplierKey}
    renderItem={supplierName}
    empty={<p>None</p>}
  />
);

const pagesAsked = () => requestsTo('GET', listCatalogCompanies.path).length;

describe('ResultGrid paging', () => {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    globalThis.IntersectionObserver = EverVisibleObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  it('loads one page when the end comes into view and exactly one more per click of "Load more"', async () => {
    serveSupplierPages();
    const { user } = render(<SupplierGrid />);
    // The first page, then one more because its end is in view; and no third by itself.
    expect(await screen.findByText('Supplier 1-2')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pagesAsked()).toBe(2);
    expect(screen.queryByText('Supplier 2-0')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Supplier 2-2')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pagesAsked()).toBe(3);
    expect(screen.getAllByRole('listitem')).toHaveLength(3 * PAGE_SIZE);
  });

  it("renders only the new page's cards when a page arrives, not again those shown", async () => {
    serveSupplierPages();
    const { user } = render(<SupplierGrid />);
    await screen.findByText('Supplier 1-2');
    await waitFor(() => expect(pagesAsked()).toBe(2));
    cardsRendered.length = 0;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Supplier 2-2')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The cards already shown are not rendered again. (A deferred render that a busy machine
    // interrupts renders the new cards twice; that is React's, not a card shown again.)
    expect([...new Set(cardsRendered)]).toEqual(['Supplier 2-0', 'Supplier 2-1', 'Supplier 2-2']);
  });

  it('asks once when "Load more" is clicked twice while its page is on the way', async () => {
    serveSupplierPages(150);
    const { user } = render(<SupplierGrid />);
    await screen.findByText('Supplier 1-2');
    await waitFor(() => expect(pagesAsked()).toBe(2));
    const button = screen.getByRole('button', { name: 'Load more' });
    await user.click(button);
    await user.click(button);
    expect(await screen.findByText('Supplier 2-2')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pagesAsked()).toBe(3);
  });
});
