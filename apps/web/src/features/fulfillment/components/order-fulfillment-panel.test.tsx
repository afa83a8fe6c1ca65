// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { OrderReservation } from '@atelier/contract/fulfillment/inventory';
import type { Shipment } from '@atelier/contract/fulfillment/shipment';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { OrderFulfillmentPanel } from './order-fulfillment-panel';

const { requestsTo } = startMockServer();

const reservation: OrderReservation = {
  orderId: 'ord_1',
  isMissingStock: false,
  lines: [
    {
      lineId: 'oli_rose',
      sku: 'SCARF-ROSE',
      variantId: 'var_rose',
      warehouseId: 'whs_north_carolina',
      quantity: 2,
      reserved: 2,
      status: 'RESERVED',
    },
    {
      lineId: 'oli_ink',
      sku: 'SCARF-INK',
      variantId: 'var_ink',
      warehouseId: 'whs_north_carolina',
      quantity: 1,
      reserved: 1,
      status: 'RESERVED',
    },
  ],
};

const address = {
  name: 'Jane Doe',
  email: null,
  company: null,
  addressLine1: '120 Main St',
  addressLine2: null,
  city: 'Raleigh',
  state: null,
  stateCode: 'NC',
  zipCode: '27601',
  phone: null,
  country: 'United States of America',
  countryCode: 'US',
};
const aShipment = (overrides: Partial<Shipment> = {}): Shipment => ({
  id: 'shp_1',
  sn: 'SHP-000001',
  orderId: 'ord_1',
  status: 'ACTIVE',
  labelStatus: 'READY',
  labelError: null,
  provider: 'local',
  serviceLevel: 'Ground',
  carrier: 'Atelier Local Post',
  trackingNumber: 'AT123456789012345678',
  rate: { amount: 700, currencyCode: 'USD' },
  zone: 2,
  fromAddress: address,
  toAddress: address,
  parcel: { weight: 2, massUnit: 'lb', length: 10, width: 8, height: 4, distanceUnit: 'in' },
  weightG: 907,
  notes: null,
  lines: [{ orderLineId: 'oli_rose', variantId: 'var_rose', quantity: 2 }],
  labelUrl: '/api/web/fulfillment/shipments/SHP-000001/label.pdf',
  createdAt: '2026-11-28T10:00:00.000Z',
  labelReadyAt: '2026-11-28T10:00:01.000Z',
  voidedAt: null,
  ...overrides,
});

describe('OrderFulfillmentPanel', () => {
  it('ships the lines left checked with the parcel entered, and shows the server’s refusal', async () => {
    let shipped = false;
    server.use(
      handle(api.orderReservation, () => reservation),
      handle(api.listShipments, () => ({ items: shipped ? [aShipment()] : [], nextCursor: null })),
      handle(api.shipOrder, ({ body }) => {
        if (body.parcel.weight > 150) {
          return errorResponse(400, {
            code: 'bad_request',
            message: 'A parcel weighs at most 150 lb; this one weighs 900 lb.',
            details: [
              {
                field: 'parcel.weight',
                message: 'A parcel weighs at most 150 lb; this one weighs 900 lb.',
              },
            ],
          });
        }
        shipped = true;
        return aShipment({ labelStatus: 'PENDING', trackingNumber: null, labelUrl: null });
      }),
    );
    const { user } = render(<OrderFulfillmentPanel orderId="ord_1" />);
    const panel = await screen.findByRole('region', { name: 'Fulfillment center' });
    await within(panel).findByText('SCARF-ROSE');
    expect(within(panel).getAllByText('Reserved')).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Ship with a label' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship with a label' });
    // Shipping part of the order: the ink scarf stays.
    await user.click(within(dialog).getByRole('checkbox', { name: 'SCARF-INK × 1' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Weight' }), '900');
    for (const [side, value] of [
      ['Length', '10'],
      ['Width', '8'],
      ['Height', '4'],
    ] as const) {
      await user.type(within(dialog).getByRole('textbox', { name: side }), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Ship these lines' }));
    expect(
      await within(dialog).findByText('A parcel weighs at most 150 lb; this one weighs 900 lb.'),
    ).toBeTruthy();

    const weight = within(dialog).getByRole('textbox', { name: 'Weight' });
    await user.clear(weight);
    await user.type(weight, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Ship these lines' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('POST', '/api/web/fulfillment/orders/ord_1/shipments').at(-1)?.body).toEqual({
      parcel: { weight: 2, massUnit: 'lb', length: 10, width: 8, height: 4, distanceUnit: 'in' },
      lineIds: ['oli_rose'],
    });
    expect(await within(panel).findByText('SHP-000001')).toBeTruthy();
  });

  it('offers to try the reservation again while an order waits for stock', async () => {
    server.use(
      handle(api.orderReservation, () => ({
        ...reservation,
        isMissingStock: true,
        lines: [{ ...reservation.lines[0]!, reserved: 0, status: 'MISSING_STOCK' as const }],
      })),
      handle(api.listShipments, () => ({ items: [], nextCursor: null })),
      handle(api.reserveOrder, () => reservation),
    );
    const { user } = render(<OrderFulfillmentPanel orderId="ord_1" />);
    const panel = await screen.findByRole('region', { name: 'Fulfillment center' });
    expect(await within(panel).findByText('Missing stock')).toBeTruthy();
    expect(
      within(panel).getByRole('button', { name: 'Ship with a label' }).hasAttribute('disabled'),
    ).toBe(true);
    await user.click(within(panel).getByRole('button', { name: 'Try to reserve again' }));
    await waitFor(() =>
      expect(requestsTo('POST', '/api/web/fulfillment/orders/ord_1/reservation')).toHaveLength(1),
    );
  });
});
