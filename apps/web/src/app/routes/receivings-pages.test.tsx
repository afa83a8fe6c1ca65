// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { InventoryLevel } from '@atelier/contract/fulfillment/inventory';
import type { Receiving } from '@atelier/contract/fulfillment/receiving';
import { errorResponse, handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { NewReceivingPage, ReceivingDetailsPage } from './receivings-pages';

const { requestsTo } = startMockServer();

const aReceiving = (overrides: Partial<Receiving> = {}): Receiving => ({
  id: 'rcv_1',
  sn: 'RCV-000001',
  status: 'NEEDS_MAPPING',
  source: 'INTAKE',
  warehouseId: 'whs_north_carolina',
  carrier: 'UPS',
  trackingNumber: '1Z999',
  expectedArrivalDate: '2026-11-27',
  itemCount: 1,
  expectedUnits: 12,
  receivedUnits: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  receivedAt: null,
  notes: null,
  items: [
    {
      id: 'rci_1',
      title: 'Totes from the printer',
      sku: 'PRINTER-TOTE',
      variantId: null,
      variantLabel: null,
      creatorOrderItemId: null,
      expectedQuantity: 12,
      receivedQuantity: null,
      damagedQuantity: 0,
      discrepancy: null,
    },
  ],
  cartonCount: null,
  fees: [],
  feesTotal: { amount: 0, currencyCode: 'USD' },
  hasDiscrepancies: false,
  slaDueDate: '2026-12-01',
  canceledReason: null,
  ...overrides,
});

const level: InventoryLevel = {
  variantId: 'var_tote',
  sku: 'TOTE-NAT',
  productTitle: 'Canvas tote',
  variantTitle: 'Natural',
  warehouseId: 'whs_north_carolina',
  binCode: null,
  onHand: 0,
  reserved: 0,
  available: 0,
  updatedAt: null,
};

const renderDetails = () =>
  renderAtRoute({
    path: '/receivings/$sn/details',
    initialEntry: '/receivings/RCV-000001/details',
    component: () => <ReceivingDetailsPage sn="RCV-000001" />,
  });

describe('receiving details', () => {
  it('maps the item, then counts two cartons and shows the discrepancy', async () => {
    let current = aReceiving();
    server.use(
      handle(api.getReceiving, () => current),
      handle(api.listInventory, () => ({ items: [level], nextCursor: null })),
      handle(api.mapReceivingItem, ({ body }) => {
        current = aReceiving({
          status: 'IN_TRANSIT',
          items: [
            {
              ...current.items[0]!,
              variantId: body.variantId,
              variantLabel: 'TOTE-NAT · Canvas tote',
            },
          ],
        });
        return current;
      }),
      handle(api.receive, () => {
        current = aReceiving({
          status: 'RECEIVED',
          receivedUnits: 11,
          cartonCount: 2,
          slaDueDate: null,
          hasDiscrepancies: true,
          items: [
            {
              ...current.items[0]!,
              receivedQuantity: 11,
              damagedQuantity: 1,
              discrepancy: -1,
            },
          ],
        });
        return current;
      }),
    );
    const { user } = renderDetails();
    expect(await screen.findByText('Map every item to a variant before receiving')).toBeTruthy();
    expect(screen.getByText(/within 2 business days of arrival — due Dec 1, 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Map to variant' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Variant'), 'TOTE');
    await user.click(
      await screen.findByRole('option', { name: /TOTE-NAT/, hidden: true }, { timeout: 3_000 }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Map item' }));
    await screen.findByText('TOTE-NAT · Canvas tote');
    expect(
      requestsTo('POST', '/api/web/fulfillment/receivings/RCV-000001/items/rci_1/mapping')[0]?.body,
    ).toEqual({
      variantId: 'var_tote',
    });

    await user.click(await screen.findByRole('button', { name: 'Receive' }));
    const count = await screen.findByRole('dialog', { name: 'Receive RCV-000001' });
    await user.type(
      within(count).getByRole('textbox', { name: 'Carton 1: units of Totes from the printer' }),
      '7',
    );
    await user.click(within(count).getByRole('button', { name: 'Add carton' }));
    await user.type(
      within(count).getByRole('textbox', { name: 'Carton 2: units of Totes from the printer' }),
      '4',
    );
    await user.type(
      within(count).getByRole('textbox', { name: 'Carton 2: damaged Totes from the printer' }),
      '1',
    );
    await user.click(within(count).getByRole('button', { name: 'Receive into stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      requestsTo('POST', '/api/web/fulfillment/receivings/RCV-000001/receive')[0]?.body,
    ).toEqual({
      cartons: [
        { counts: [{ itemId: 'rci_1', quantity: 7, damaged: 0 }] },
        { counts: [{ itemId: 'rci_1', quantity: 4, damaged: 1 }] },
      ],
      incidents: [],
      pallets: [],
    });
    expect(await screen.findByText('−1')).toBeTruthy();
    expect(screen.getByText(/Counted in 2 cartons/)).toBeTruthy();
  }, 20_000);

  it('shows why the count was refused, and cancels after asking for a reason', async () => {
    server.use(
      handle(api.getReceiving, () =>
        aReceiving({
          status: 'IN_TRANSIT',
          items: [{ ...aReceiving().items[0]!, variantId: 'var_tote', variantLabel: 'TOTE-NAT' }],
        }),
      ),
      handle(api.receive, () =>
        errorResponse(409, {
          code: 'conflict',
          reason: 'receiving_closed',
          message: 'This receiving was canceled.',
        }),
      ),
      handle(api.cancelReceiving, () =>
        aReceiving({ status: 'CANCELED', canceledReason: 'Sent to the studio' }),
      ),
    );
    const { user } = renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Receive' }));
    const count = await screen.findByRole('dialog', { name: 'Receive RCV-000001' });
    await user.type(
      within(count).getByRole('textbox', { name: 'Carton 1: units of Totes from the printer' }),
      '12',
    );
    await user.click(within(count).getByRole('button', { name: 'Receive into stock' }));
    expect(await within(count).findByText('This receiving was canceled.')).toBeTruthy();
    await user.click(within(count).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Cancel receiving' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel RCV-000001?' });
    const cancel = within(confirm).getByRole('button', { name: 'Cancel receiving' });
    expect(cancel.hasAttribute('disabled')).toBe(true);
    await user.type(within(confirm).getByRole('textbox', { name: /Reason/ }), 'Sent to the studio');
    await user.click(cancel);
    await waitFor(() =>
      expect(
        requestsTo('POST', '/api/web/fulfillment/receivings/RCV-000001/cancel')[0]?.body,
      ).toEqual({
        reason: 'Sent to the studio',
      }),
    );
  });
});

describe('new receiving', () => {
  it('takes a sourcing order item going to the center, with its parcel’s carrier and tracking', async () => {
    server.use(
      handle(api.listReceivableOrderItems, () => ({
        items: [
          {
            id: 'coi_1',
            title: 'Tote run of 100',
            supplierName: 'Acme Knits',
            quantity: 100,
            remainingQuantity: 100,
            status: 'SHIPPED',
            carrier: 'DHL',
            trackingNumber: 'DHL555',
          },
        ],
      })),
      handle(api.createReceiving, () => aReceiving({ source: 'SOURCING_ORDER' })),
      handle(api.getReceiving, () => aReceiving()),
    );
    const { user, router } = renderAtRoute({
      path: '/receivings/new',
      initialEntry: '/receivings/new',
      component: () => <NewReceivingPage />,
    });
    await user.click(await screen.findByRole('checkbox', { name: /Tote run of 100/ }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Tracking number/ }).value).toBe(
      'DHL555',
    );
    await user.click(screen.getByRole('button', { name: 'Create receiving' }));
    await waitFor(() =>
      expect(requestsTo('POST', api.createReceiving.path)[0]?.body).toEqual({
        carrier: 'DHL',
        trackingNumber: 'DHL555',
        items: [{ creatorOrderItemId: 'coi_1', quantity: 100 }],
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/receivings/RCV-000001/details'),
    );
  });
});
