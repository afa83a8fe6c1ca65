// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  RETURN_STATUSES,
  returnEndpoints as api,
  type Return,
  type ReturnSettings,
} from '@atelier/contract/fulfillment/returns';
import { errorResponse, handle } from '@/testing/handlers';
import { render, renderAtRoute } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { ReturnDetails } from './return-details';
import { ReturnList } from './return-list';
import { ReturnSettingsForm } from './return-settings-form';
import { RETURN_STATUS_FILTERS } from './search-params';

const { requestsTo } = startMockServer();

const aReturn = (overrides: Partial<Return> = {}): Return => ({
  id: 'ret_1',
  handle: 'RET-000001',
  orderId: 'ord_1',
  order: { orderNumber: 'R1001', customerName: 'Jane Doe' },
  status: 'SHIPPING',
  refundMethod: 'AUTOMATIC',
  refundDestination: 'ORIGINAL_PAYMENT',
  feeType: 'FREE',
  fee: { amount: 0, currencyCode: 'USD' },
  refund: null,
  receipt: null,
  shipment: null,
  carrier: 'USPS',
  trackingNumber: '9400111899223100000000',
  note: null,
  cancelReason: null,
  lines: [
    {
      id: 'rtl_1',
      orderLineId: 'sol_1',
      variantId: 'var_1',
      sku: 'TOTE-NAT',
      title: 'Canvas tote',
      variantTitle: null,
      quantity: 2,
      unitPrice: 2_400,
      reason: 'TOO_LARGE',
      resolution: 'REFUND',
      exchangeVariantId: null,
      exchangeSku: null,
      units: [],
    },
  ],
  exchangeOrderId: null,
  createdAt: '2026-11-26T15:00:00.000Z',
  receivedAt: null,
  canceledAt: null,
  ...overrides,
});

const SETTINGS: ReturnSettings = {
  isEnabled: true,
  windowDays: 30,
  feeType: 'FREE',
  fee: { amount: 0, currencyCode: 'USD' },
  refundMethod: 'AUTOMATIC',
  refundDestination: 'ORIGINAL_PAYMENT',
  allowExchanges: true,
  updatedAt: null,
};

describe('returns', () => {
  it('filters by the contract’s statuses, shows Complete for received returns and opens one', async () => {
    expect([...RETURN_STATUS_FILTERS].sort()).toEqual([...RETURN_STATUSES].sort());
    server.use(
      handle(api.listReturns, ({ query }) => ({
        items:
          query.status === 'CANCELED'
            ? []
            : [
                aReturn({
                  status: 'RECEIVED',
                  refund: { amount: 4_800, currencyCode: 'USD' },
                }),
              ],
        nextCursor: null,
      })),
    );
    const opened: string[] = [];
    let status: Return['status'] | undefined;
    const view = renderAtRoute({
      path: '/return-settings',
      initialEntry: '/return-settings',
      component: () => (
        <ReturnList
          status={status}
          onStatusChange={(next) => {
            status = next;
          }}
          onOpen={(next) => opened.push(next)}
        />
      ),
    });
    const row = await screen.findByTestId('return-RET-000001');
    expect(within(row).getByText('Complete')).toBeTruthy();
    expect(within(row).getByText('$48.00')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'RET-000001' }));
    expect(opened).toEqual(['RET-000001']);
    view.unmount();

    status = 'CANCELED';
    renderAtRoute({
      path: '/return-settings',
      initialEntry: '/return-settings',
      component: () => <ReturnList status="CANCELED" onStatusChange={() => {}} onOpen={() => {}} />,
    });
    expect((await screen.findByTestId('no-returns')).textContent).toContain(
      'No returns are “Canceled”',
    );
  });

  it('inspects every unit on arrival and shows the receipt', async () => {
    let entry = aReturn();
    server.use(
      handle(api.getReturn, () => entry),
      handle(api.receiveReturn, ({ body }) => {
        entry = aReturn({
          status: 'RECEIVED',
          refund: { amount: 4_800, currencyCode: 'USD' },
          receipt: 'Your return RET-000001 was received and you were refunded $48.00.',
          lines: [
            {
              ...aReturn().lines[0]!,
              units: body.units.map((unit) => ({
                condition: unit.condition,
                note: unit.note ?? null,
                isRestocked: unit.condition === 'GOOD',
              })),
            },
          ],
        });
        return entry;
      }),
    );
    render(<ReturnDetails handle="RET-000001" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Receive and inspect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive RET-000001' });
    expect(within(dialog).getByText('2 of 2 back to stock')).toBeTruthy();
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Condition of TOTE-NAT · unit 2 of 2' }),
      'DAMAGED',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Note on TOTE-NAT · unit 2 of 2' }),
      'Torn strap',
    );
    expect(within(dialog).getByText('1 of 2 back to stock')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive return' }));

    await waitFor(() =>
      expect(requestsTo('POST', '/api/web/fulfillment/returns/RET-000001/receive')).toHaveLength(1),
    );
    expect(requestsTo('POST', '/api/web/fulfillment/returns/RET-000001/receive')[0]!.body).toEqual({
      units: [
        { lineId: 'rtl_1', condition: 'GOOD' },
        { lineId: 'rtl_1', condition: 'DAMAGED', note: 'Torn strap' },
      ],
    });
    expect((await screen.findByTestId('return-receipt')).textContent).toContain(
      'you were refunded $48.00',
    );
    expect(screen.getByTestId('return-status').textContent).toBe('Complete');
    expect(screen.queryByRole('button', { name: 'Receive and inspect' })).toBeNull();
  });

  it('saves a fee in cents and shows the server’s refusal on its field', async () => {
    let refused = true;
    server.use(
      handle(api.getReturnSettings, () => SETTINGS),
      handle(api.updateReturnSettings, ({ body }) => {
        if (refused) {
          refused = false;
          return errorResponse(400, {
            code: 'bad_request',
            message: 'Check the fields.',
            details: [{ field: 'body.windowDays', message: 'Too many days.' }],
          });
        }
        return {
          ...SETTINGS,
          feeType: body.feeType,
          fee: { amount: body.feeAmount, currencyCode: 'USD' },
          updatedAt: '2026-11-28T10:00:00.000Z',
        };
      }),
    );
    render(<ReturnSettingsForm />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Return fee' }),
      'DEDUCT_FROM_REFUND',
    );
    const fee = screen.getByRole('textbox', { name: 'Fee' });
    await userEvent.clear(fee);
    await userEvent.type(fee, '5.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Too many days.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(requestsTo('PUT', '/api/web/fulfillment/return-settings')).toHaveLength(2),
    );
    expect(requestsTo('PUT', '/api/web/fulfillment/return-settings')[1]!.body).toMatchObject({
      feeType: 'DEDUCT_FROM_REFUND',
      feeAmount: 550,
      refundMethod: 'AUTOMATIC',
    });
  });
});
