// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fulfillmentRuleEndpoints as api,
  type OrderHold,
  type OrderRule,
} from '@atelier/contract/fulfillment/rules';
import { handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { HeldOrdersList } from './held-orders-list';
import { RuleList } from './rule-list';

const { requestsTo } = startMockServer();

const aRule = (overrides: Partial<OrderRule> = {}): OrderRule => ({
  id: 'rul_vip',
  name: 'VIP gift',
  position: 1,
  isEnabled: true,
  conditions: [
    { kind: 'TAG', tag: 'VIP' },
    { kind: 'ORDER_VALUE', operator: 'GTE', amount: 10_000, currencyCode: 'USD' },
  ],
  actions: [
    { kind: 'ADD_INSERT', sku: 'THANK-YOU', quantity: 1 },
    { kind: 'CHOOSE_PACKAGING', packaging: 'Gift box' },
  ],
  thenRuleId: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

const express = aRule({
  id: 'rul_express',
  name: 'Canada by Express',
  position: 2,
  isEnabled: false,
  conditions: [{ kind: 'COUNTRY', countryCodes: ['CA'] }],
  actions: [
    { kind: 'SET_SHIPPING_METHOD', shippingMethod: 'Express' },
    { kind: 'HOLD', reason: 'Customs forms' },
  ],
});

const aHold = (overrides: Partial<OrderHold> = {}): OrderHold => ({
  id: 'hld_1',
  orderId: 'ord_1',
  orderName: '#1001',
  reason: 'ADDRESS_PROBLEM',
  detail: 'ABCDE is not a postal code of United States.',
  ruleId: null,
  createdAt: '2026-11-28T15:00:00.000Z',
  releasedAt: null,
  releasedBy: null,
  releaseNote: null,
  ...overrides,
});

describe('RuleList', () => {
  it('invites the first rule when there is none', async () => {
    server.use(handle(api.listRules, () => ({ items: [] })));
    const { user } = render(<RuleList />);
    expect(await screen.findByText('No rules yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create your first rule' }));
    expect(await screen.findByRole('dialog', { name: 'New rule' })).toBeTruthy();
  });

  it('lists the rules in order in words, moves, turns off and deletes one after asking', async () => {
    let items = [aRule(), express];
    server.use(
      handle(api.listRules, () => ({ items })),
      handle(api.reorderRules, ({ body }) => {
        items = body.ruleIds.map((id, index) => ({
          ...items.find((rule) => rule.id === id)!,
          position: index + 1,
        }));
        return { items };
      }),
      handle(api.updateRule, ({ params, body }) => {
        items = items.map((rule) => (rule.id === params.ruleId ? { ...rule, ...body } : rule));
        return items.find((rule) => rule.id === params.ruleId)!;
      }),
      handle(api.deleteRule, ({ params }) => {
        items = items.filter((rule) => rule.id !== params.ruleId);
        return { ok: true as const };
      }),
    );
    const { user } = render(<RuleList />);

    const vip = await screen.findByTestId('rule-rul_vip');
    expect(vip.textContent).toContain('When: Tagged VIP and Order value ≥ $100.00');
    expect(vip.textContent).toContain('Then: Add 1 × THANK-YOU; Pack in Gift box');
    const canada = screen.getByTestId('rule-rul_express');
    expect(canada.textContent).toContain('Off');
    expect(canada.textContent).toContain('Then: Ship by Express; Hold: Customs forms');
    expect(screen.getByRole('button', { name: 'Move VIP gift up' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Move Canada by Express up' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label')),
      ).toEqual(['Canada by Express', 'VIP gift']),
    );
    expect(requestsTo('POST', api.reorderRules.path)[0]?.body).toEqual({
      ruleIds: ['rul_express', 'rul_vip'],
    });

    await user.click(screen.getByRole('switch', { name: 'VIP gift enabled' }));
    await waitFor(() => expect(screen.getByTestId('rule-rul_vip').textContent).toContain('Off'));
    expect(requestsTo('PUT', '/api/web/fulfillment/rules/rul_vip')[0]?.body).toMatchObject({
      name: 'VIP gift',
      isEnabled: false,
    });

    await user.click(screen.getByRole('button', { name: 'Delete VIP gift' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “VIP gift”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(requestsTo('DELETE', '/api/web/fulfillment/rules/rul_vip')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete VIP gift' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete “VIP gift”?' })).getByRole(
        'button',
        { name: 'Delete rule' },
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('rule-rul_vip')).toBeNull());
    expect(requestsTo('DELETE', '/api/web/fulfillment/rules/rul_vip')).toHaveLength(1);
  }, 20_000);
});

describe('HeldOrdersList', () => {
  it('lists held orders with their reasons, releases one, and shows released holds', async () => {
    let open = [
      aHold(),
      aHold({
        id: 'hld_2',
        orderId: 'ord_2',
        orderName: 'R1002',
        reason: 'RULE',
        detail: 'Canada by Express: Customs forms',
        ruleId: 'rul_express',
      }),
    ];
    const released: OrderHold[] = [];
    server.use(
      handle(api.listHolds, ({ query }) => ({ items: query.status === 'OPEN' ? open : released })),
      handle(api.releaseHold, ({ params }) => {
        const hold = {
          ...open.find((one) => one.id === params.holdId)!,
          releasedAt: '2026-11-28T16:00:00.000Z',
          releasedBy: 'Alice Martin',
        };
        open = open.filter((one) => one.id !== params.holdId);
        released.push(hold);
        return hold;
      }),
    );
    const { user } = render(<HeldOrdersList />);

    const table = await screen.findByRole('table', { name: 'Held orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['#1001', 'Address problem', 'ABCDE is not a postal code of United States.'],
      ['R1002', 'Rule', 'Canada by Express: Customs forms'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: '#1001' }).getAttribute('href')).toBe(
      '/order-details/ord_1',
    );

    await user.click(screen.getByRole('button', { name: 'Release R1002 (Rule)' }));
    await waitFor(() => expect(screen.queryByTestId('hold-hld_2')).toBeNull());
    expect(requestsTo('POST', '/api/web/fulfillment/order-holds/hld_2/release')).toHaveLength(1);
    expect(await screen.findByText('R1002 released from its rule hold.')).toBeTruthy();

    await user.click(screen.getByText('Released'));
    const history = await screen.findByRole('table', { name: 'Released holds' });
    expect(within(history).getByText('Alice Martin')).toBeTruthy();
    expect(within(history).getByText('R1002')).toBeTruthy();
  }, 20_000);

  it('says when no order is on hold', async () => {
    server.use(handle(api.listHolds, () => ({ items: [] })));
    render(<HeldOrdersList />);
    expect(await screen.findByText('No orders are on hold: every order can ship.')).toBeTruthy();
  });
});
