// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as inventoryApi } from '@atelier/contract/fulfillment/fulfillment-api';
import type { InventoryLevel } from '@atelier/contract/fulfillment/inventory';
import {
  kittingEndpoints as api,
  type Bundle,
  type KittingRequest,
} from '@atelier/contract/fulfillment/kitting';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { KittingPageContent } from './kitting-page-content';

const { requestsTo } = startMockServer();

const aLevel = (sku: string, variantId: string): InventoryLevel => ({
  variantId,
  sku,
  productTitle: sku.startsWith('GIFT') ? 'Gift set' : 'Candle',
  variantTitle: '',
  warehouseId: 'whs_north_carolina',
  binCode: null,
  onHand: 10,
  reserved: 0,
  available: 10,
  updatedAt: null,
});
const LEVELS = [aLevel('CANDLE-FIG', 'var_fig'), aLevel('GIFT-SET', 'var_gift')];
const GIFT: Bundle = {
  variantId: 'var_gift',
  sku: 'GIFT-SET',
  title: 'Gift set',
  components: [{ variantId: 'var_fig', sku: 'CANDLE-FIG', title: 'Candle', quantity: 2 }],
  buildable: 5,
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const REQUEST: KittingRequest = {
  id: 'kit_1',
  sn: 'KIT-000001',
  bundleVariantId: 'var_gift',
  sku: 'GIFT-SET',
  title: 'Gift set',
  quantity: 3,
  status: 'REQUESTED',
  note: null,
  cancelReason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  completedAt: null,
};

describe('KittingPageContent', () => {
  it('makes a bundle, shows the server’s refusal on the component, and saves it', async () => {
    let bundles: Bundle[] = [];
    let refused = true;
    server.use(
      handle(inventoryApi.listInventory, () => ({ items: LEVELS, nextCursor: null })),
      handle(api.listBundles, () => ({ items: bundles })),
      handle(api.listKittingRequests, () => ({ items: [] })),
      handle(api.setBundle, () => {
        if (refused) {
          refused = false;
          return errorResponse(400, {
            code: 'bad_request',
            message: 'A bundle cannot contain itself.',
            details: [
              { field: 'components.0.variantId', message: 'A bundle cannot contain itself.' },
            ],
          });
        }
        bundles = [GIFT];
        return GIFT;
      }),
    );
    render(<KittingPageContent />);
    await screen.findByTestId('no-bundles');
    await userEvent.click(screen.getByRole('button', { name: 'New bundle' }));
    const dialog = await screen.findByRole('dialog', { name: 'New bundle' });
    await waitFor(() =>
      expect(within(dialog).getAllByRole('option', { name: /CANDLE-FIG/ }).length).toBeGreaterThan(
        0,
      ),
    );
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Bundle variant' }),
      'var_gift',
    );
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Component 1' }),
      'var_gift',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bundle' }));
    expect(await within(dialog).findByText('A bundle cannot contain itself.')).toBeTruthy();

    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Component 1' }),
      'var_fig',
    );
    const units = within(dialog).getByRole('textbox', { name: 'Units of component 1' });
    await userEvent.clear(units);
    await userEvent.type(units, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bundle' }));
    const row = await screen.findByTestId('bundle-GIFT-SET');
    expect(row.textContent).toContain('2 × CANDLE-FIG');
    expect(requestsTo('PUT', '/api/web/fulfillment/bundles/var_gift').at(-1)!.body).toEqual({
      components: [{ variantId: 'var_fig', quantity: 2 }],
    });
  });

  it('marks a kitting request assembled', async () => {
    let request = REQUEST;
    server.use(
      handle(inventoryApi.listInventory, () => ({ items: LEVELS, nextCursor: null })),
      handle(api.listBundles, () => ({ items: [GIFT] })),
      handle(api.listKittingRequests, () => ({ items: [request] })),
      handle(api.completeKittingRequest, () => {
        request = { ...REQUEST, status: 'COMPLETED', completedAt: '2026-11-28T11:00:00.000Z' };
        return request;
      }),
    );
    render(<KittingPageContent />);
    const row = await screen.findByTestId('kitting-KIT-000001');
    await userEvent.click(within(row).getByRole('button', { name: 'Mark assembled' }));
    await waitFor(() => expect(within(row).getByText('Assembled')).toBeTruthy());
    expect(within(row).queryByRole('button', { name: 'Mark assembled' })).toBeNull();
  });

  it('asks why before canceling a kitting request, and keeps it when told to', async () => {
    let request = REQUEST;
    server.use(
      handle(inventoryApi.listInventory, () => ({ items: LEVELS, nextCursor: null })),
      handle(api.listBundles, () => ({ items: [GIFT] })),
      handle(api.listKittingRequests, () => ({ items: [request] })),
      handle(api.cancelKittingRequest, () => {
        request = { ...REQUEST, status: 'CANCELED', cancelReason: 'Bundle discontinued' };
        return request;
      }),
    );
    render(<KittingPageContent />);
    const row = await screen.findByTestId('kitting-KIT-000001');
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel KIT-000001?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('POST', '/api/web/fulfillment/kitting-requests/KIT-000001/cancel')).toEqual(
      [],
    );

    await userEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel KIT-000001?' });
    const submit = within(dialog).getByRole('button', { name: 'Cancel request' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Bundle discontinued',
    );
    await userEvent.click(submit);
    await waitFor(() => expect(within(row).getByText('Bundle discontinued')).toBeTruthy());
    expect(
      requestsTo('POST', '/api/web/fulfillment/kitting-requests/KIT-000001/cancel').at(-1)!.body,
    ).toEqual({ reason: 'Bundle discontinued' });
    expect(within(row).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
