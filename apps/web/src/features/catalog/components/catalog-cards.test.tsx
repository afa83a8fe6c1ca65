// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import type { CatalogCompany } from '@atelier/contract/catalog/supplier';
import { aCatalogCompany } from '@/testing/factories';
import { renderAtRoute } from '@/testing/render';
import { startMockServer } from '@/testing/server';
import { ItemCard } from './item-card';
import { SupplierCard } from './supplier-card';
import { SupplierHeader } from './supplier-profile';

startMockServer();

const anItem = (overrides: Partial<CatalogItem> = {}): CatalogItem => ({
  id: 'itm_1',
  kind: 'PRODUCT',
  title: 'Ribbed beanie',
  description: 'Merino rib knit.',
  categoryId: null,
  vertical: 'Apparel',
  group: null,
  subgroup: null,
  price: { amount: 450, currencyCode: 'USD' },
  samplePrice: null,
  sampleStock: 'IN_STOCK',
  moq: 100,
  productionTimeDays: 20,
  imageUrl: null,
  isSampleKit: false,
  enabledAt: '2025-01-01T00:00:00.000Z',
  company: {
    id: 'cmp_1',
    name: 'Lakeside Knitwear',
    countryCode: 'PT',
    regionCode: 'EU',
    rating: 4.5,
    capabilities: [],
  },
  fieldSources: {},
  source: 'demo',
  isFavorite: false,
  ...overrides,
});

const renderUi = (component: () => React.ReactElement) =>
  renderAtRoute({ path: '/', initialEntry: '/', component });

const renderSupplierCard = (supplier: CatalogCompany) =>
  renderUi(() => <SupplierCard supplier={supplier} />);

const ratingText = async () => (await screen.findByTestId('supplier-rating')).textContent;

describe('SupplierCard rating (issue 10)', () => {
  it('shows the stars with the count of the reviews they come from', async () => {
    renderSupplierCard(
      aCatalogCompany({ rating: 4.63, reviewCount: 12, fieldSources: { rating: 'reviews' } }),
    );
    expect(await ratingText()).toBe('4.6· 12 reviews');
    expect(screen.getByTestId('supplier-rating').getAttribute('aria-label')).toBe(
      'Rated 4.6 of 5: from 12 reviews',
    );
  });

  it('labels a generated rating as a demo rating, never with "No reviews yet"', async () => {
    renderSupplierCard(
      aCatalogCompany({ rating: 4.5, reviewCount: 0, fieldSources: { rating: 'demo' } }),
    );
    expect(await ratingText()).toBe('4.5· Demo rating');
    expect(screen.queryByText(/No reviews yet/)).toBeNull();
  });

  it('shows "No reviews yet" without a number when no review stands behind the rating', async () => {
    renderSupplierCard(
      aCatalogCompany({ rating: 4.2, reviewCount: 0, fieldSources: { rating: 'import' } }),
    );
    expect(await ratingText()).toBe('No reviews yet');
    expect(screen.queryByText('4.2')).toBeNull();
  });
});

describe('Demo data badge (issue 10)', () => {
  it('marks a supplier card once and names only its generated values', async () => {
    const { user } = renderSupplierCard(
      aCatalogCompany({
        rating: 4.5,
        fieldSources: {
          rating: 'demo',
          moq: 'demo',
          samplePrice: 'supplier',
          productionTimeDays: 'demo',
        },
      }),
    );
    const card = await screen.findByTestId('supplier-card');
    const badges = within(card).getAllByText('Demo data');
    expect(badges).toHaveLength(1);

    await user.tab(); // the supplier's name
    await user.tab(); // the favourite toggle
    await user.tab();
    const badge = document.activeElement;
    expect(badge?.textContent).toBe('Demo data');
    // The badge carries the explanation as its accessible description (the tooltip shows the
    // same text on hover or keyboard focus; deferred-tooltip.test.tsx covers the opening).
    const description = badge?.getAttribute('aria-description') ?? '';
    expect(description).toBe(
      'Demo values: rating, MOQ, and production time. Generated for this catalog, not figures from the supplier; confirm them with the supplier.',
    );
    expect(description).not.toContain('sample price');
  });

  it('leaves a card whose values the supplier set unmarked', async () => {
    renderSupplierCard(
      aCatalogCompany({ fieldSources: { moq: 'supplier', samplePrice: 'supplier' } }),
    );
    await screen.findByTestId('supplier-card');
    expect(screen.queryByText('Demo data')).toBeNull();
  });

  it('marks an item card once for its price and MOQ', async () => {
    renderUi(() => <ItemCard item={anItem({ fieldSources: { price: 'demo', moq: 'demo' } })} />);
    const card = await screen.findByTestId('item-card');
    expect(within(card).getAllByText('Demo data')).toHaveLength(1);
    expect(card.querySelectorAll('[data-demo-value]')).toHaveLength(1);
  });

  it('marks the supplier header once, for its rating and facts together', async () => {
    renderUi(() => (
      <SupplierHeader
        supplier={aCatalogCompany({
          rating: 4.1,
          fieldSources: { rating: 'demo', moq: 'demo', orderVolume: 'demo', orderCount: 'demo' },
        })}
        mode="public"
      />
    ));
    await screen.findByTestId('supplier-facts');
    expect(screen.getAllByText('Demo data')).toHaveLength(1);
  });
});
