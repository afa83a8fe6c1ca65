// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCatalogItem } from '@/testing/factories';
import { renderAtRoute } from '@/testing/render';
import { startMockServer } from '@/testing/server';
import { CatalogItemDetail } from './catalog-item-detail';

startMockServer();

const renderDetail = (item: ReturnType<typeof aCatalogItem>) =>
  renderAtRoute({
    path: '/',
    initialEntry: '/',
    component: () => <CatalogItemDetail item={item} mode="public" />,
  });

describe('CatalogItemDetail sample stock (spec §4)', () => {
  it('marks the sample out of stock', async () => {
    renderDetail(
      aCatalogItem({
        samplePrice: { amount: 2500, currencyCode: 'USD' },
        sampleStock: 'OUT_OF_STOCK',
      }),
    );
    expect(await screen.findByText('Out of stock')).toBeTruthy();
    expect(screen.getByText('$25.00')).toBeTruthy();
  });

  it('shows no badge in stock', async () => {
    renderDetail(aCatalogItem({ samplePrice: { amount: 2500, currencyCode: 'USD' } }));
    expect(await screen.findByText('$25.00')).toBeTruthy();
    expect(screen.queryByText('Out of stock')).toBeNull();
  });
});
