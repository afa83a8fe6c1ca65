// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { InventoryLevel } from '@atelier/contract/fulfillment/inventory';
import type { ReceivableOrderItem, Receiving } from '@atelier/contract/fulfillment/receiving';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { NewReceivingForm } from './new-receiving-form';

const { requestsTo } = startMockServer();

const anOrderItem = (overrides: Partial<ReceivableOrderItem> = {}): ReceivableOrderItem => ({
  id: 'coi_totes',
  title: 'Tote run of 100',
  supplierName: 'Acme Knits',
  quantity: 100,
  remainingQuantity: 80,
  status: 'SHIPPED',
  carrier: 'DHL',
  trackingNumber: 'DHL555',
  ...overrides,
});

const aReceiving = (overrides: Partial<Receiving> = {}): Receiving => ({
  id: 'rcv_7',
  sn: 'RCV-000007',
  status: 'IN_TRANSIT',
  source: 'SOURCING_ORDER',
  warehouseId: 'whs_north_carolina',
  carrier: 'DHL',
  trackingNumber: 'DHL555',
  expectedArrivalDate: null,
  itemCount: 1,
  expectedUnits: 60,
  receivedUnits: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  receivedAt: null,
  notes: null,
  items: [],
  cartonCount: null,
  fees: [],
  feesTotal: { amount: 0, currencyCode: 'USD' },
  hasDiscrepancies: false,
  slaDueDate: null,
  canceledReason: null,
  ...overrides,
});

const mugLevel: InventoryLevel = {
  variantId: 'var_mug_blue',
  sku: 'MUG-BLUE',
  productTitle: 'Stoneware mug',
  variantTitle: 'Blue',
  warehouseId: 'whs_north_carolina',
  binCode: null,
  onHand: 0,
  reserved: 0,
  available: 0,
  updatedAt: null,
};

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('NewReceivingForm', () => {
  it('announces sourcing order items, filling the carrier and tracking from their parcel', async () => {
    server.use(
      handle(api.listReceivableOrderItems, () => ({
        items: [
          anOrderItem(),
          anOrderItem({
            id: 'coi_caps',
            title: 'Cap run of 50',
            quantity: 50,
            remainingQuantity: 50,
            carrier: 'FedEx',
            trackingNumber: 'FX777',
          }),
        ],
      })),
      handle(api.createReceiving, () => aReceiving()),
    );
    const onCreated = vi.fn();
    const { user } = render(<NewReceivingForm onCreated={onCreated} />);

    await user.click(await screen.findByRole('checkbox', { name: /Tote run of 100/ }));
    expect(screen.getByText(/80 of 100 still to arrive/)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Carrier/ }).value).toBe('DHL');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Tracking number/ }).value).toBe(
      'DHL555',
    );
    const units = screen.getByRole<HTMLInputElement>('textbox', {
      name: 'Units of Tote run of 100',
    });
    expect(units.value).toBe('80');
    await user.clear(units);
    await user.type(units, '60');

    // The fields are filled already: the second item's parcel does not overwrite them.
    await user.click(screen.getByRole('checkbox', { name: /Cap run of 50/ }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Tracking number/ }).value).toBe(
      'DHL555',
    );
    fireEvent.change(screen.getByLabelText('Expected arrival'), {
      target: { value: '2026-12-03' },
    });
    await user.type(textbox('Notes'), 'Two pallets, call before delivery');
    await user.click(screen.getByRole('button', { name: 'Create receiving' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ sn: 'RCV-000007' });
    expect(requestsTo('POST', api.createReceiving.path)[0]?.body).toEqual({
      carrier: 'DHL',
      trackingNumber: 'DHL555',
      expectedArrivalDate: '2026-12-03',
      notes: 'Two pallets, call before delivery',
      items: [
        { creatorOrderItemId: 'coi_totes', quantity: 60 },
        { creatorOrderItemId: 'coi_caps', quantity: 50 },
      ],
    });
  });

  it('announces goods bought elsewhere, mapped to a variant picked from the stock', async () => {
    server.use(
      handle(api.listReceivableOrderItems, () => ({ items: [] })),
      handle(api.listInventory, ({ query }) => ({
        items: !query.search || 'MUG-BLUE'.includes(query.search.toUpperCase()) ? [mugLevel] : [],
        nextCursor: null,
      })),
      handle(api.createReceiving, () => aReceiving({ source: 'INTAKE' })),
    );
    const onCreated = vi.fn();
    const { user } = render(<NewReceivingForm onCreated={onCreated} />);

    expect(
      await screen.findByText(/No sourcing order item is on its way to the fulfillment center/),
    ).toBeTruthy();
    await user.type(textbox(/Carrier/), 'UPS');
    await user.type(textbox(/Tracking number/), '1Z999AA10123456784');
    await user.click(screen.getByRole('button', { name: 'Add goods' }));
    const line = screen.getByTestId('intake-line');
    await user.type(
      within(line).getByRole('textbox', { name: /What is it/ }),
      'Mugs from the kiln',
    );
    await user.type(within(line).getByRole('textbox', { name: 'SKU' }), 'KILN-01');
    await user.type(within(line).getByRole('textbox', { name: /Units/ }), '24');
    await user.click(within(line).getByLabelText('Variant'));
    await user.keyboard('mug');
    // happy-dom has no layout, so the dropdown in the page's grid counts as detached and hidden.
    await user.click(
      await screen.findByRole('option', { name: 'MUG-BLUE · Stoneware mug / Blue', hidden: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Create receiving' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledOnce());
    expect(requestsTo('POST', api.createReceiving.path)[0]?.body).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      items: [
        { title: 'Mugs from the kiln', sku: 'KILN-01', variantId: 'var_mug_blue', quantity: 24 },
      ],
    });
  });

  it('says what is missing before sending anything', async () => {
    server.use(
      handle(api.listReceivableOrderItems, () => ({ items: [] })),
      handle(api.listInventory, () => ({ items: [mugLevel], nextCursor: null })),
    );
    const { user } = render(<NewReceivingForm onCreated={vi.fn()} />);
    await screen.findByText(/No sourcing order item is on its way/);
    await user.click(screen.getByRole('button', { name: 'Create receiving' }));
    expect(await screen.findByText('Enter the carrier.')).toBeTruthy();
    expect(screen.getByText('Enter the tracking number.')).toBeTruthy();
    expect(
      screen.getByText('Choose a sourcing order item or add goods bought elsewhere.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add goods' }));
    await user.click(screen.getByRole('button', { name: 'Create receiving' }));
    expect(await screen.findByText('Say what the goods are.')).toBeTruthy();
    expect(screen.getByText('Enter the units.')).toBeTruthy();
    expect(requestsTo('POST', api.createReceiving.path)).toHaveLength(0);
  });

  it('shows the server’s refusal under the item it names, or above the form', async () => {
    let answer: 'bad_quantity' | 'held' = 'bad_quantity';
    server.use(
      handle(api.listReceivableOrderItems, () => ({ items: [anOrderItem()] })),
      handle(api.createReceiving, () =>
        answer === 'bad_quantity'
          ? errorResponse(400, {
              code: 'bad_request',
              message: 'Only 70 of “Tote run of 100” are still to arrive.',
              details: [
                {
                  field: 'items.0.quantity',
                  message: 'Only 70 of “Tote run of 100” are still to arrive.',
                },
              ],
            })
          : errorResponse(409, {
              code: 'conflict',
              reason: 'order_item_in_receiving',
              message: '“Tote run of 100” is on another open receiving.',
            }),
      ),
    );
    const onCreated = vi.fn();
    const { user } = render(<NewReceivingForm onCreated={onCreated} />);
    await user.click(await screen.findByRole('checkbox', { name: /Tote run of 100/ }));
    await user.click(screen.getByRole('button', { name: 'Create receiving' }));
    const units = screen.getByRole('textbox', { name: 'Units of Tote run of 100' });
    expect(
      await screen.findByText('Only 70 of “Tote run of 100” are still to arrive.'),
    ).toBeTruthy();
    expect(units.getAttribute('aria-invalid')).toBe('true');

    answer = 'held';
    await user.click(screen.getByRole('button', { name: 'Create receiving' }));
    const form = screen.getByRole('form', { name: 'New receiving' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      '“Tote run of 100” is on another open receiving.',
    );
    expect(onCreated).not.toHaveBeenCalled();
  });
});
