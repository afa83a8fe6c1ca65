// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { InventoryLevel } from '@atelier/contract/fulfillment/inventory';
import type { Receiving, ReceivingItem } from '@atelier/contract/fulfillment/receiving';
import { errorResponse, handle } from '@/testing/handlers';
import { renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ReceivingDetails } from './receiving-details';

const { requestsTo } = startMockServer();

const SN = 'RCV-000001';
const RECEIVING_PATH = `/api/web/fulfillment/receivings/${SN}`;

const anItem = (overrides: Partial<ReceivingItem> = {}): ReceivingItem => ({
  id: 'rci_mugs',
  title: 'Stoneware mugs',
  sku: 'KILN-01',
  variantId: 'var_mug_blue',
  variantLabel: 'MUG-BLUE · Stoneware mug / Blue',
  creatorOrderItemId: null,
  expectedQuantity: 10,
  receivedQuantity: null,
  damagedQuantity: 0,
  discrepancy: null,
  ...overrides,
});

const totes = anItem({
  id: 'rci_totes',
  title: 'Canvas totes',
  sku: null,
  variantId: null,
  variantLabel: null,
  expectedQuantity: 12,
});

const aReceiving = (overrides: Partial<Receiving> = {}): Receiving => ({
  id: 'rcv_1',
  sn: SN,
  status: 'IN_TRANSIT',
  source: 'INTAKE',
  warehouseId: 'whs_north_carolina',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  expectedArrivalDate: '2026-11-27',
  itemCount: 2,
  expectedUnits: 22,
  receivedUnits: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  receivedAt: null,
  notes: 'Two pallets, call before delivery',
  items: [anItem(), { ...totes, variantId: 'var_tote', variantLabel: 'TOTE-NAT · Canvas tote' }],
  cartonCount: null,
  fees: [],
  feesTotal: { amount: 0, currencyCode: 'USD' },
  hasDiscrepancies: false,
  slaDueDate: '2026-12-01',
  canceledReason: null,
  ...overrides,
});

const toteLevel: InventoryLevel = {
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
    initialEntry: `/receivings/${SN}/details`,
    component: () => <ReceivingDetails sn={SN} />,
  });

const units = (dialog: HTMLElement, carton: number, title: string) =>
  within(dialog).getByRole('textbox', { name: `Carton ${carton}: units of ${title}` });
const damaged = (dialog: HTMLElement, carton: number, title: string) =>
  within(dialog).getByRole('textbox', { name: `Carton ${carton}: damaged ${title}` });

describe('ReceivingDetails', () => {
  it('maps an unmapped item to a variant, after which the receiving can be received', async () => {
    let current = aReceiving({ status: 'NEEDS_MAPPING', items: [anItem(), totes] });
    let mappingCalls = 0;
    server.use(
      handle(api.getReceiving, () => current),
      handle(api.listInventory, () => ({ items: [toteLevel], nextCursor: null })),
      handle(api.mapReceivingItem, ({ params, body }) => {
        mappingCalls += 1;
        if (mappingCalls === 1) {
          return errorResponse(400, {
            code: 'bad_request',
            message: 'No product variant of this store has this id.',
            details: [
              { field: 'variantId', message: 'No product variant of this store has this id.' },
            ],
          });
        }
        current = aReceiving({
          status: 'IN_TRANSIT',
          items: current.items.map((item) =>
            item.id === params.itemId
              ? {
                  ...item,
                  variantId: body.variantId,
                  variantLabel: 'TOTE-NAT · Canvas tote / Natural',
                }
              : item,
          ),
        });
        return current;
      }),
    );
    const { user } = renderDetails();

    expect(await screen.findByText('Map every item to a variant before receiving')).toBeTruthy();
    expect(screen.getByTestId('receiving-sla').textContent).toBe(
      'Counted into stock within 2 business days of arrival — due Dec 1, 2026',
    );
    expect(screen.getByText('Two pallets, call before delivery')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
    const mugsRow = screen.getByTestId('receiving-item-rci_mugs');
    expect(within(mugsRow).getByText('MUG-BLUE · Stoneware mug / Blue')).toBeTruthy();

    const totesRow = screen.getByTestId('receiving-item-rci_totes');
    await user.click(within(totesRow).getByRole('button', { name: 'Map to variant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map “Canvas totes”' });
    await user.click(within(dialog).getByLabelText('Variant'));
    await user.click(await screen.findByRole('option', { name: /TOTE-NAT/, hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Map item' }));
    expect(
      await within(dialog).findByText('No product variant of this store has this id.'),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Map item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      requestsTo('POST', `${RECEIVING_PATH}/items/rci_totes/mapping`).map(({ body }) => body),
    ).toEqual([{ variantId: 'var_tote' }, { variantId: 'var_tote' }]);
    expect(await within(totesRow).findByText('TOTE-NAT · Canvas tote / Natural')).toBeTruthy();
    expect(screen.getByText('In transit')).toBeTruthy();
    expect(screen.queryByText('Map every item to a variant before receiving')).toBeNull();
    expect(screen.getByRole('button', { name: 'Receive' })).toBeTruthy();
  });

  it('counts two cartons with an incident and an oversize pallet, sending the units as entered', async () => {
    let current = aReceiving();
    server.use(
      handle(api.getReceiving, () => current),
      handle(api.receive, () => {
        current = aReceiving({
          status: 'RECEIVED',
          receivedUnits: 12,
          receivedAt: '2026-11-28T16:00:00.000Z',
          cartonCount: 2,
          slaDueDate: null,
          hasDiscrepancies: true,
          items: [
            anItem({ receivedQuantity: 7, damagedQuantity: 0, discrepancy: -3 }),
            {
              ...current.items[1]!,
              receivedQuantity: 5,
              damagedQuantity: 1,
              discrepancy: -7,
            },
          ],
          fees: [
            {
              id: 'rfe_1',
              kind: 'MISSING_CARTON_LABELS',
              note: 'Carton 2',
              amount: { amount: 1500, currencyCode: 'USD' },
            },
            {
              id: 'rfe_2',
              kind: 'OVERSIZE_PALLET',
              note: null,
              amount: { amount: 1500, currencyCode: 'USD' },
            },
          ],
          feesTotal: { amount: 3000, currencyCode: 'USD' },
        });
        return current;
      }),
    );
    const { user } = renderDetails();

    await user.click(await screen.findByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: `Receive ${SN}` });
    await user.type(units(dialog, 1, 'Stoneware mugs'), '6');
    await user.type(units(dialog, 1, 'Canvas totes'), '5');
    await user.type(damaged(dialog, 1, 'Canvas totes'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Add carton' }));
    await user.type(units(dialog, 2, 'Stoneware mugs'), '1');
    expect(within(dialog).getByTestId('counted-so-far').textContent).toBe(
      'Counted so far: Stoneware mugs 7 of 10 · Canvas totes 5 of 12',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Add incident' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Carton 2');
    await user.click(within(dialog).getByRole('button', { name: 'Add pallet' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Pallet 1: height (in)' }), '70');
    await user.type(within(dialog).getByRole('textbox', { name: 'Pallet 1: weight (lb)' }), '300');
    expect(
      within(dialog).getByText('Pallet 1 is over 48×40×60 in or 500 lb: it is charged $15.00.'),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('fees-preview').textContent).toBe(
      'Non-compliance fees for this count: 2 × $15.00 = $30.00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Receive into stock' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('POST', `${RECEIVING_PATH}/receive`)[0]?.body).toEqual({
      cartons: [
        {
          counts: [
            { itemId: 'rci_mugs', quantity: 6, damaged: 0 },
            { itemId: 'rci_totes', quantity: 5, damaged: 1 },
          ],
        },
        { counts: [{ itemId: 'rci_mugs', quantity: 1, damaged: 0 }] },
      ],
      incidents: [{ kind: 'MISSING_CARTON_LABELS', note: 'Carton 2' }],
      pallets: [{ lengthIn: 48, widthIn: 40, heightIn: 70, weightLb: 300 }],
    });

    const mugsRow = await screen.findByTestId('receiving-item-rci_mugs');
    await waitFor(() =>
      expect(
        within(mugsRow)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([
        'Stoneware mugs',
        'KILN-01',
        'MUG-BLUE · Stoneware mug / Blue',
        '10',
        '7',
        '0',
        '−3',
      ]),
    );
    expect(within(mugsRow).getByText('−3').getAttribute('style')).toContain('red');
    expect(screen.getByText(/Counted in 2 cartons/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel receiving' })).toBeNull();
    const fees = screen.getByRole('table', { name: 'Non-compliance fees' });
    expect(
      within(fees)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'IncidentNoteAmount',
      'Cartons without labelsCarton 2$15.00',
      'Oversize pallet (over 48×40×60 in or 500 lb)—$15.00',
      'Total$30.00',
    ]);
  });

  it('shows what is wrong with a count: on its field, from the server, and a conflict', async () => {
    let answer: 'field' | 'conflict' = 'field';
    server.use(
      handle(api.getReceiving, () => aReceiving({ items: [anItem()] })),
      handle(api.receive, () =>
        answer === 'field'
          ? errorResponse(400, {
              code: 'bad_request',
              message: 'This receiving has no such item.',
              details: [
                { field: 'cartons.1.counts.0.itemId', message: 'This receiving has no such item.' },
              ],
            })
          : errorResponse(409, {
              code: 'conflict',
              reason: 'receiving_closed',
              message: 'This receiving was canceled.',
            }),
      ),
    );
    const { user } = renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: `Receive ${SN}` });
    await user.type(units(dialog, 1, 'Stoneware mugs'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add carton' }));
    await user.type(units(dialog, 2, 'Stoneware mugs'), '3');
    await user.type(damaged(dialog, 2, 'Stoneware mugs'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Receive into stock' }));
    expect(await within(dialog).findByText('More damaged than counted.')).toBeTruthy();
    expect(requestsTo('POST', `${RECEIVING_PATH}/receive`)).toHaveLength(0);

    await user.clear(damaged(dialog, 2, 'Stoneware mugs'));
    await user.click(within(dialog).getByRole('button', { name: 'Receive into stock' }));
    expect(await within(dialog).findByText('This receiving has no such item.')).toBeTruthy();
    expect(units(dialog, 2, 'Stoneware mugs').getAttribute('aria-invalid')).toBe('true');

    answer = 'conflict';
    await user.click(within(dialog).getByRole('button', { name: 'Receive into stock' }));
    const form = within(dialog).getByRole('form', { name: 'Count' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This receiving was canceled.',
    );
    expect(screen.getByRole('dialog', { name: `Receive ${SN}` })).toBeTruthy();
  });

  it('cancels after a confirmation that asks for the reason', async () => {
    let current = aReceiving();
    server.use(
      handle(api.getReceiving, () => current),
      handle(api.cancelReceiving, ({ body }) => {
        current = aReceiving({ status: 'CANCELED', canceledReason: body.reason, slaDueDate: null });
        return current;
      }),
    );
    const { user } = renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Cancel receiving' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel ${SN}?` });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel receiving' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'The supplier sent them to our studio',
    );
    await user.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('POST', `${RECEIVING_PATH}/cancel`)[0]?.body).toEqual({
      reason: 'The supplier sent them to our studio',
    });
    expect(await screen.findByText('This receiving was canceled')).toBeTruthy();
    expect(screen.getByText('The supplier sent them to our studio')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel receiving' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Map to variant' })).toBeNull();
  });

  it('says when the store has no such receiving', async () => {
    server.use(
      handle(api.getReceiving, () =>
        errorResponse(404, {
          code: 'not_found',
          reason: 'receiving_not_found',
          message: 'No receiving of this store has this number.',
        }),
      ),
    );
    renderDetails();
    expect(await screen.findByText('No such receiving')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All receivings' })).toBeTruthy();
  });
});
