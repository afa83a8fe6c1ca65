// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fulfillmentEndpoints as api } from '@atelier/contract/fulfillment/fulfillment-api';
import type { InventoryLevel, InventoryMovement } from '@atelier/contract/fulfillment/inventory';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { StockList } from './stock-list';

const { requestsTo } = startMockServer();

const aLevel = (overrides: Partial<InventoryLevel> = {}): InventoryLevel => ({
  variantId: 'var_blue',
  sku: 'MUG-BLUE',
  productTitle: 'Stoneware mug',
  variantTitle: 'Blue',
  warehouseId: 'whs_north_carolina',
  binCode: 'A-0007',
  onHand: 10,
  reserved: 3,
  available: 7,
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

const aMovement = (overrides: Partial<InventoryMovement> = {}): InventoryMovement => ({
  id: 'imv_1',
  variantId: 'var_blue',
  warehouseId: 'whs_north_carolina',
  kind: 'ADJUSTMENT',
  onHandChange: 10,
  reservedChange: 0,
  onHandAfter: 10,
  reservedAfter: 0,
  reason: 'FOUND',
  note: null,
  orderId: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  ...overrides,
});

describe('StockList', () => {
  it('shows the bin, on hand, reserved and available per SKU, and the history of one', async () => {
    server.use(
      handle(api.listInventory, () => ({ items: [aLevel()], nextCursor: null })),
      handle(api.listMovements, () => ({
        items: [
          aMovement({
            id: 'imv_2',
            kind: 'RESERVATION',
            onHandChange: 0,
            reservedChange: 3,
            reservedAfter: 3,
            reason: null,
            orderId: 'ord_1',
          }),
          aMovement(),
        ],
        nextCursor: null,
      })),
    );
    const { user } = render(<StockList />);
    const row = await screen.findByTestId('stock-MUG-BLUE');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['MUG-BLUE', 'Stoneware mug · Blue', 'A-0007', '10', '3', '7', 'AdjustHistory']);
    await user.click(screen.getByRole('button', { name: 'History of MUG-BLUE' }));
    const history = await screen.findByRole('table', { name: 'Stock history' });
    const lines = within(history).getAllByRole('row').slice(1);
    expect(lines.map((line) => within(line).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Reserved for an order',
      'Adjusted · found',
    ]);
    expect(within(lines[0]!).getAllByRole('cell')[3]!.textContent).toBe('+3 → 3');
  });

  it('adjusts by hand with a reason, and shows why the server refused', async () => {
    server.use(
      handle(api.listInventory, () => ({ items: [aLevel()], nextCursor: null })),
      handle(api.adjustInventory, ({ body }) =>
        body.change < -7
          ? errorResponse(400, {
              code: 'bad_request',
              message: 'This would leave 2 on hand, fewer than the 3 reserved for orders.',
              details: [
                {
                  field: 'change',
                  message: 'This would leave 2 on hand, fewer than the 3 reserved for orders.',
                },
              ],
            })
          : aMovement({ onHandChange: body.change, onHandAfter: 10 + body.change }),
      ),
    );
    const { user } = render(<StockList />);
    await user.click(await screen.findByRole('button', { name: 'Adjust the stock of MUG-BLUE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    const change = within(dialog).getByRole('textbox', { name: /Change in units on hand/ });
    await user.type(change, '-8');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(
      await within(dialog).findByText(
        'This would leave 2 on hand, fewer than the 3 reserved for orders.',
      ),
    ).toBeTruthy();

    await user.clear(change);
    await user.type(change, '-2');
    await user.click(within(dialog).getByRole('textbox', { name: 'Note' }));
    await user.keyboard('Two chipped');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo('POST', api.adjustInventory.path).at(-1)?.body).toEqual({
      variantId: 'var_blue',
      change: -2,
      reason: 'CYCLE_COUNT',
      note: 'Two chipped',
    });
  });

  it('says there is nothing to show yet', async () => {
    server.use(handle(api.listInventory, () => ({ items: [], nextCursor: null })));
    render(<StockList />);
    expect(await screen.findByText(/No product with a tracked variant yet/)).toBeTruthy();
  });
});
