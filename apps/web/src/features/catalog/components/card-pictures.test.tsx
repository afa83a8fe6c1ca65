// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { tintOfSupplier } from '@/components/pictures/supplier-tint';
import { aCatalogCompany, aCatalogItem } from '@/testing/factories';
import { renderAtRoute } from '@/testing/render';
import { startMockServer } from '@/testing/server';
import { ItemCard } from './item-card';
import { SupplierCard } from './supplier-card';
import { SupplierHeader } from './supplier-profile';

startMockServer();

/** The drawing's name: Tabler names each icon's svg `tabler-icon-<name>`. */
const drawingIn = (element: Element) =>
  [...(element.querySelector('svg.tabler-icon')?.classList ?? [])].find(
    (name) => name !== 'tabler-icon',
  );

const renderOnPage = (component: () => ReactElement) =>
  renderAtRoute({ path: '/', initialEntry: '/', component });

describe('pictures on catalog cards', () => {
  it("shows a trouser item as trousers on its supplier's tint, a T-shirt as a T-shirt", async () => {
    const jeans = aCatalogItem();
    const tee = aCatalogItem({
      id: 'itm_2',
      title: 'Organic cotton crew-neck T-shirt',
      subgroup: 'Shirts & Tops',
      company: { ...jeans.company, id: 'cmp_2' },
    });
    renderOnPage(() => (
      <>
        <ItemCard item={jeans} />
        <ItemCard item={tee} />
      </>
    ));
    const pants = await screen.findByRole('img', { name: 'Pants (illustration, no photo)' });
    const shirts = screen.getByRole('img', { name: 'Shirts & Tops (illustration, no photo)' });
    expect(drawingIn(pants)).toBe('tabler-icon-atelier-trousers');
    expect(drawingIn(shirts)).toBe('tabler-icon-shirt');
    expect(pants.style.background).toContain(`color-${tintOfSupplier('cmp_1')}-1`);
    expect(shirts.style.background).toContain(`color-${tintOfSupplier('cmp_2')}-1`);
  });

  it('shows the photo of an item that has one', async () => {
    renderOnPage(() => <ItemCard item={aCatalogItem({ imageUrl: '/uploads/jeans.jpg' })} />);
    const picture = await screen.findByRole('img', { name: 'Pants' });
    expect(picture.querySelector('img')?.getAttribute('src')).toBe('/uploads/jeans.jpg');
  });

  it("marks a supplier card with its initials and its main category's picture", async () => {
    renderOnPage(() => (
      <SupplierCard supplier={aCatalogCompany({ name: 'Denim Row', categoryIds: [204] })} />
    ));
    const mark = await screen.findByTestId('supplier-mark');
    expect(mark.textContent).toBe('DR');
    expect(drawingIn(screen.getByTestId('supplier-mark-badge'))).toBe(
      'tabler-icon-atelier-trousers',
    );
  });

  it("tops a supplier's profile with a band of its categories when it has no cover photo", async () => {
    renderOnPage(() => (
      <SupplierHeader supplier={aCatalogCompany({ categoryIds: [2271, 1581] })} mode="public" />
    ));
    const band = await screen.findByTestId('supplier-cover-band');
    const drawings = new Set([...band.querySelectorAll('svg')].map((svg) => svg.classList[1]));
    expect(drawings).toEqual(new Set(['tabler-icon-atelier-dress', 'tabler-icon-atelier-skirt']));
  });
});
