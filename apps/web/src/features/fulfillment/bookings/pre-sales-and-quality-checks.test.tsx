// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fulfillmentBookingEndpoints as api,
  type PreSale,
  type QualityCheck,
} from '@atelier/contract/fulfillment/bookings';
import { fulfillmentEndpoints } from '@atelier/contract/fulfillment/fulfillment-api';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { PreSalesView } from './pre-sales-view';
import { QualityChecksView } from './quality-checks-view';

const { requestsTo } = startMockServer();

const mugLevel = {
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

const aPreSale = (overrides: Partial<PreSale> = {}): PreSale => ({
  variantId: 'var_mug_blue',
  variantLabel: 'MUG-BLUE · Stoneware mug / Blue',
  endsOn: '2030-01-31',
  maxUnits: 150,
  isActive: true,
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

const aCheck = (overrides: Partial<QualityCheck> = {}): QualityCheck => ({
  id: 'qc_1',
  sn: 'QC-000001',
  status: 'REQUESTED',
  productName: 'Mug run',
  creatorOrderItemId: null,
  receivingSn: null,
  inspectionType: 'PRE_SHIPMENT',
  inspectionLevel: 'II',
  aqlMajor: '2.5',
  aqlMinor: '4.0',
  unitsToInspect: 80,
  preferredDate: '2030-01-10',
  notes: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  canceledAt: null,
  ...overrides,
});

describe('PreSalesView', () => {
  it('sets a variant’s pre-sale until a day and up to units, then lists it', async () => {
    let items: PreSale[] = [];
    server.use(
      handle(api.listPreSales, () => ({ items })),
      handle(fulfillmentEndpoints.listInventory, () => ({ items: [mugLevel], nextCursor: null })),
      handle(api.savePreSale, () => {
        items = [aPreSale()];
        return items[0]!;
      }),
    );
    const { user } = render(<PreSalesView />);
    expect(await screen.findByTestId('no-pre-sales')).toBeTruthy();
    await user.click(screen.getAllByLabelText(/^Variant/)[0]!);
    await user.click(await screen.findByRole('option', { name: /MUG-BLUE/, hidden: true }));
    fireEvent.change(screen.getByLabelText(/Take orders until/), {
      target: { value: '2030-01-31' },
    });
    await user.type(screen.getByRole('textbox', { name: /Up to units/ }), '150');
    await user.click(screen.getByRole('button', { name: 'Save pre-sale' }));

    expect(await screen.findByRole('table', { name: 'Pre-sales' })).toBeTruthy();
    expect(screen.getByText('Taking orders')).toBeTruthy();
    expect(requestsTo('PUT', '/api/web/fulfillment/pre-sales/var_mug_blue')[0]?.body).toEqual({
      endsOn: '2030-01-31',
      maxUnits: 150,
    });
  }, 20_000);

  it('asks for a day or units, and shows the server’s refusal', async () => {
    server.use(
      handle(api.listPreSales, () => ({ items: [] })),
      handle(fulfillmentEndpoints.listInventory, () => ({ items: [mugLevel], nextCursor: null })),
      handle(api.savePreSale, () =>
        errorResponse(400, {
          code: 'bad_request',
          message: 'Choose today or a later day.',
          details: [{ field: 'endsOn', message: 'Choose today or a later day.' }],
        }),
      ),
    );
    const { user } = render(<PreSalesView />);
    await screen.findByTestId('no-pre-sales');
    await user.click(screen.getByRole('button', { name: 'Save pre-sale' }));
    expect(await screen.findByText('Choose the product variant.')).toBeTruthy();
    expect(screen.getByText('Give an end date, a number of units, or both.')).toBeTruthy();

    await user.click(screen.getAllByLabelText(/^Variant/)[0]!);
    await user.click(await screen.findByRole('option', { name: /MUG-BLUE/, hidden: true }));
    fireEvent.change(screen.getByLabelText(/Take orders until/), {
      target: { value: '2020-01-31' },
    });
    await user.click(screen.getByRole('button', { name: 'Save pre-sale' }));
    expect(await screen.findByText('Choose today or a later day.')).toBeTruthy();
  }, 20_000);
});

describe('QualityChecksView', () => {
  it('books a quality check with the standard AQL defaults', async () => {
    let items: QualityCheck[] = [];
    server.use(
      handle(api.listQualityChecks, () => ({ items, nextCursor: null })),
      handle(api.createQualityCheck, () => {
        items = [aCheck()];
        return items[0]!;
      }),
    );
    const { user } = render(<QualityChecksView />);
    const empty = await screen.findByTestId('no-quality-checks');
    await user.click(within(empty).getByRole('button', { name: 'Book a quality check' }));
    await user.type(screen.getByRole('textbox', { name: /Product or production run/ }), 'Mug run');
    await user.click(screen.getAllByLabelText(/^Inspection$|^Inspection \*/)[0]!);
    await user.click(
      await screen.findByRole('option', { name: /Pre-shipment inspection/, hidden: true }),
    );
    await user.type(screen.getByRole('textbox', { name: /Units to inspect/ }), '80');
    fireEvent.change(screen.getByLabelText(/Preferred day/), { target: { value: '2030-01-10' } });
    await user.click(screen.getByRole('button', { name: 'Request quality check' }));

    expect(await screen.findByRole('table', { name: 'Quality checks' })).toBeTruthy();
    expect(requestsTo('POST', api.createQualityCheck.path)[0]?.body).toEqual({
      productName: 'Mug run',
      inspectionType: 'PRE_SHIPMENT',
      inspectionLevel: 'II',
      aqlMajor: '2.5',
      aqlMinor: '4.0',
      unitsToInspect: 80,
      preferredDate: '2030-01-10',
    });
  }, 20_000);

  it('cancels a requested check after a confirmation', async () => {
    server.use(
      handle(api.listQualityChecks, () => ({ items: [aCheck()], nextCursor: null })),
      handle(api.cancelQualityCheck, () => aCheck({ status: 'CANCELED' })),
    );
    const { user } = render(<QualityChecksView />);
    await screen.findByRole('table', { name: 'Quality checks' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel QC-000001?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel check' }));
    await waitFor(() =>
      expect(
        requestsTo('POST', '/api/web/fulfillment/quality-checks/QC-000001/cancel'),
      ).toHaveLength(1),
    );
  });
});
