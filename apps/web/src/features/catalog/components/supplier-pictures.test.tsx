// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCatalogCompany } from '@/testing/factories';
import { render, renderAtRoute } from '@/testing/render';
import type { CatalogItem } from '@atelier/contract/catalog/item';
import { ItemCard } from './item-card';
import { SupplierCard } from './supplier-card';
import { SupplierHeader } from './supplier-profile';
import { ProfileInfo } from './supplier-profile-tabs';

const withPictures = aCatalogCompany({
  logoUrl: '/api/app/catalog-companies/cmp_1/images/fil_logo',
  coverUrl: '/api/app/catalog-companies/cmp_1/images/fil_cover',
  photoUrls: [
    '/api/app/catalog-companies/cmp_1/images/fil_a',
    '/api/app/catalog-companies/cmp_1/images/fil_b',
  ],
  certifications: ['OEKO-TEX Standard 100'],
});

describe('supplier pictures on the store side', () => {
  it('shows the supplier’s logo and cover in the profile header', () => {
    render(<SupplierHeader supplier={withPictures} mode="public" />);
    // The cover is decorative; the logo is named. Both lie over their illustrations.
    const cover = screen.getByTestId('supplier-cover').querySelector('img');
    expect(cover?.getAttribute('src')).toBe(withPictures.coverUrl);
    const logo = screen.getByRole('img', { name: 'Lakeside Knitwear logo' });
    expect(logo.getAttribute('src')).toBe(withPictures.logoUrl);
  });

  it('lists factory photos and certifications on the profile info tab', () => {
    render(<ProfileInfo supplier={withPictures} />);
    expect(
      screen.getByRole('img', { name: 'Lakeside Knitwear factory photo 2' }).getAttribute('src'),
    ).toBe(withPictures.photoUrls[1]);
    expect(screen.getByText('OEKO-TEX Standard 100')).toBeTruthy();
  });

  it('shows the logo on the supplier card', async () => {
    renderAtRoute({
      path: '/browse-suppliers',
      initialEntry: '/browse-suppliers',
      component: () => <SupplierCard supplier={withPictures} />,
    });
    const card = await screen.findByTestId('supplier-card');
    expect(card.querySelector('img')?.getAttribute('src')).toBe(withPictures.logoUrl);
  });

  it('shows the photo a supplier uploaded on its item card', async () => {
    const item: CatalogItem = {
      id: 'itm_1',
      kind: 'PRODUCT',
      title: 'Boxy hoodie',
      description: '',
      categoryId: null,
      vertical: null,
      group: null,
      subgroup: null,
      price: { amount: 1850, currencyCode: 'USD' },
      samplePrice: null,
      sampleStock: 'IN_STOCK',
      moq: 100,
      productionTimeDays: 30,
      imageUrl: '/api/app/catalog-companies/cmp_1/images/fil_hoodie',
      isSampleKit: false,
      enabledAt: '2026-01-01T00:00:00.000Z',
      company: {
        id: 'cmp_1',
        name: 'Lakeside Knitwear',
        countryCode: 'CN',
        regionCode: 'AS',
        rating: null,
        capabilities: [],
      },
      fieldSources: {},
      source: 'supplier',
      isFavorite: false,
    };
    renderAtRoute({
      path: '/browse-suppliers',
      initialEntry: '/browse-suppliers',
      component: () => <ItemCard item={item} mode="public" />,
    });
    const card = await screen.findByTestId('item-card');
    expect(card.querySelector('img')?.getAttribute('src')).toBe(item.imageUrl);
  });

  it('says so when there are no pictures', () => {
    render(<SupplierHeader supplier={aCatalogCompany()} mode="public" />);
    // No cover photo: the band of the supplier's illustrations, with no image in it.
    expect(screen.getByTestId('supplier-cover').querySelector('img')).toBeNull();
    render(<ProfileInfo supplier={aCatalogCompany()} />);
    expect(screen.getByText('No factory photos yet.')).toBeTruthy();
    expect(screen.queryByText('Certifications')).toBeNull();
  });
});
