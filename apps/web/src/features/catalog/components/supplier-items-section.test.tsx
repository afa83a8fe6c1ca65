// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listCatalogCategories } from '@atelier/contract/catalog/category';
import {
  createOwnSupplierItem,
  deleteOwnSupplierItem,
  listOwnSupplierItems,
  type SupplierItem,
  updateOwnSupplierItem,
} from '@atelier/contract/catalog/supplier-item';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { SupplierItemsSection } from './supplier-items-section';

const { requestsTo } = startMockServer();

const anItem = (overrides: Partial<SupplierItem> = {}): SupplierItem => ({
  id: 'itm_1',
  kind: 'PRODUCT',
  title: 'Heavy tee',
  description: 'Combed cotton.',
  categoryId: null,
  categoryPath: null,
  moq: 100,
  price: { amount: 800, currencyCode: 'USD' },
  sampleStock: 'IN_STOCK',
  image: null,
  fieldSources: { title: 'demo' },
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const withItems = (items: SupplierItem[]) =>
  server.use(
    handle(listOwnSupplierItems, () => ({ items })),
    handle(listCatalogCategories, () => ({ items: [], page: 0, size: 9999, total: 0 })),
  );

describe('SupplierItemsSection', () => {
  it('says when the catalogue is empty and adds an item from the dialog', async () => {
    withItems([]);
    server.use(
      handle(createOwnSupplierItem, ({ body }) =>
        anItem({ id: 'itm_new', title: body.title, price: body.price }),
      ),
    );
    const { user } = render(<SupplierItemsSection />);
    expect(await screen.findByText(/No items in your catalogue yet/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an item' });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Boxy hoodie');
    await user.type(screen.getByRole('textbox', { name: /Unit price/ }), '18.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));

    await waitFor(() => expect(requestsTo('POST', createOwnSupplierItem.path)).toHaveLength(1));
    expect(requestsTo('POST', createOwnSupplierItem.path)[0]?.body).toEqual({
      kind: 'PRODUCT',
      title: 'Boxy hoodie',
      description: '',
      categoryId: null,
      moq: 100,
      price: { amount: 1850, currencyCode: 'USD' },
      imageFileId: null,
      sampleStock: 'IN_STOCK',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('pictures an item without a photo by its own category, and one with a photo by it', async () => {
    withItems([
      anItem({ categoryPath: 'Apparel & Accessories > Clothing > Pants' }),
      anItem({
        id: 'itm_2',
        title: 'Snapback cap',
        categoryPath: 'Apparel & Accessories > Clothing > Hats',
        image: { fileId: 'fil_1', url: '/files/cap.jpg' },
      }),
    ]);
    render(<SupplierItemsSection supplierId="cmp_1" />);
    expect(await screen.findByRole('img', { name: 'Pants (illustration, no photo)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Hats' })).toBeTruthy();
  });

  it('edits only the changed fields and removes an item after confirming', async () => {
    withItems([anItem()]);
    server.use(
      handle(updateOwnSupplierItem, ({ body }) => anItem({ moq: body.moq ?? 100 })),
      handle(deleteOwnSupplierItem, () => ({ ok: true as const })),
    );
    const { user } = render(<SupplierItemsSection />);
    expect(await screen.findByText('Heavy tee')).toBeTruthy();
    expect(screen.getByText('$8.00 · MOQ 100 units')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Heavy tee' }));
    const moq = await screen.findByRole('textbox', { name: /MOQ/ });
    await user.clear(moq);
    await user.type(moq, '250');
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() =>
      expect(requestsTo('PATCH', '/api/partner/catalog-items/itm_1')).toHaveLength(1),
    );
    expect(requestsTo('PATCH', '/api/partner/catalog-items/itm_1')[0]?.body).toEqual({
      moq: 250,
    });

    expect(screen.getByText('Samples in stock')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Heavy tee' }));
    expect(screen.getByText('Remove Heavy tee?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(requestsTo('DELETE', '/api/partner/catalog-items/itm_1')).toHaveLength(1),
    );
  });

  it('marks an item’s samples out of stock', async () => {
    withItems([anItem()]);
    server.use(
      handle(updateOwnSupplierItem, ({ body }) =>
        anItem({ sampleStock: body.sampleStock ?? 'IN_STOCK' }),
      ),
    );
    const { user } = render(<SupplierItemsSection />);
    await user.click(await screen.findByRole('button', { name: 'Edit Heavy tee' }));
    await user.click(await screen.findByRole('combobox', { name: /Sample stock/ }));
    await user.click(await screen.findByRole('option', { name: 'Out of stock', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() =>
      expect(requestsTo('PATCH', '/api/partner/catalog-items/itm_1')).toHaveLength(1),
    );
    expect(requestsTo('PATCH', '/api/partner/catalog-items/itm_1')[0]?.body).toEqual({
      sampleStock: 'OUT_OF_STOCK',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
