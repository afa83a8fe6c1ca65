// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  fulfillmentBookingEndpoints as api,
  type PackagingCatalogue,
} from '@atelier/contract/fulfillment/bookings';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { PackagingCatalogueView } from './packaging-catalogue-view';

const { requestsTo } = startMockServer();

const boxes: PackagingCatalogue = {
  category: 'boxes',
  defaultPackagingId: null,
  items: [
    {
      id: 'BX-060604',
      category: 'boxes',
      name: 'Box 6 × 6 × 4 in',
      description: 'For one small item.',
      lengthIn: 6,
      widthIn: 6,
      heightIn: 4,
      unitPrice: { amount: 55, currencyCode: 'USD' },
    },
    {
      id: 'BX-080806',
      category: 'boxes',
      name: 'Box 8 × 8 × 6 in',
      description: 'For candles and mugs.',
      lengthIn: 8,
      widthIn: 8,
      heightIn: 6,
      unitPrice: { amount: 75, currencyCode: 'USD' },
    },
  ],
};

describe('PackagingCatalogueView', () => {
  it('lists the category’s packaging with sizes and prices, and sets the default', async () => {
    server.use(
      handle(api.getPackagingCatalogue, () => boxes),
      handle(api.setDefaultPackaging, ({ body }) => ({
        ...boxes,
        defaultPackagingId: body.packagingId,
      })),
    );
    const { user } = render(<PackagingCatalogueView category="boxes" onCategoryChange={vi.fn()} />);
    const card = await screen.findByTestId('packaging-BX-080806');
    expect(within(card).getByText('8 × 8 × 6 in')).toBeTruthy();
    expect(within(card).getByText(/\$0\.75 per unit/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Use Box 8 × 8 × 6 in as default' }));
    await waitFor(() => expect(within(card).getByText('Default')).toBeTruthy());
    expect(requestsTo('PUT', '/api/web/fulfillment/packaging/boxes/default')[0]?.body).toEqual({
      packagingId: 'BX-080806',
    });
    expect(
      within(screen.getByTestId('packaging-BX-060604')).getByRole('button', {
        name: /as default/,
      }),
    ).toBeTruthy();
  });

  it('opens another category from its tab, and says when a category does not exist', async () => {
    server.use(
      handle(api.getPackagingCatalogue, () =>
        errorResponse(404, {
          code: 'not_found',
          reason: 'packaging_category_not_found',
          message: 'No packaging of this kind.',
        }),
      ),
    );
    const onCategoryChange = vi.fn();
    const { user } = render(
      <PackagingCatalogueView category="crates" onCategoryChange={onCategoryChange} />,
    );
    expect(await screen.findByText('No packaging of this kind')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Padded mailers' }));
    expect(onCategoryChange).toHaveBeenCalledWith('padded-mailers');
  });
});
