// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  fulfillmentRuleEndpoints as api,
  type OrderRule,
} from '@atelier/contract/fulfillment/rules';
import { errorResponse, handle } from '@/testing/handlers';
import { render } from '@/testing/render';
import { server, startMockServer } from '@/testing/server';
import { RuleEditorModal } from './rule-editor-modal';

const { requestsTo } = startMockServer();

const aRule = (overrides: Partial<OrderRule> = {}): OrderRule => ({
  id: 'rul_vip',
  name: 'VIP gift',
  position: 1,
  isEnabled: true,
  conditions: [{ kind: 'TAG', tag: 'VIP' }],
  actions: [{ kind: 'ADD_INSERT', sku: 'THANK-YOU', quantity: 1 }],
  thenRuleId: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

const choose = async (user: ReturnType<typeof render>['user'], label: string, option: string) => {
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  // Each select has its own list (a closed one may still be in the page): this one's.
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(found).toBeTruthy();
    return found!;
  });
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
};

describe('RuleEditorModal', () => {
  it('builds a rule from conditions and actions and sends it in the contract’s terms', async () => {
    server.use(
      handle(api.createRule, ({ body }) => ({
        ...aRule(),
        ...body,
        id: 'rul_new',
        position: 2,
      })),
    );
    const onClose = vi.fn();
    const { user } = render(<RuleEditorModal rule={null} rules={[aRule()]} onClose={onClose} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Big Canadian orders');
    // The first condition: ships to Canada; a second: an order of $150.50 or more.
    await choose(user, 'Condition 1', 'Destination country');
    await user.type(screen.getByRole('textbox', { name: /Countries 1/ }), 'ca, us');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await choose(user, 'Condition 2', 'Order value');
    await user.type(screen.getByRole('textbox', { name: /Order total in USD 2/ }), '150.50');
    // The actions: an insert (the first row), then hold and ship by Express.
    await user.type(screen.getByRole('textbox', { name: /Insert SKU 1/ }), 'THANK-YOU');
    await user.click(screen.getByRole('button', { name: 'Add action' }));
    await choose(user, 'Action 2', 'Hold the order');
    await user.type(screen.getByRole('textbox', { name: 'Hold reason 2' }), 'Customs forms');
    await user.click(screen.getByRole('button', { name: 'Add action' }));
    await choose(user, 'Action 3', 'Set the shipping method');
    await choose(user, 'Shipping method 3', 'Express');
    await choose(user, 'Continue with', '1. VIP gift');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requestsTo('POST', api.createRule.path)[0]?.body).toEqual({
      name: 'Big Canadian orders',
      isEnabled: true,
      conditions: [
        { kind: 'COUNTRY', countryCodes: ['CA', 'US'] },
        { kind: 'ORDER_VALUE', operator: 'GTE', amount: 15_050, currencyCode: 'USD' },
      ],
      actions: [
        { kind: 'ADD_INSERT', sku: 'THANK-YOU', quantity: 1 },
        { kind: 'HOLD', reason: 'Customs forms' },
        { kind: 'SET_SHIPPING_METHOD', shippingMethod: 'Express' },
      ],
      thenRuleId: 'rul_vip',
    });
  }, 30_000);

  it('says what is missing before sending, and shows the server’s refusals on their fields', async () => {
    server.use(
      handle(api.updateRule, () =>
        errorResponse(400, {
          code: 'bad_request',
          reason: 'rule_loop',
          message: 'This rule would loop.',
          details: [
            { field: 'thenRuleId', message: 'This rule would loop: VIP gift → Next → VIP gift.' },
            { field: 'actions.0.sku', message: 'NOPE is not a SKU of your products.' },
          ],
        }),
      ),
    );
    const next = aRule({ id: 'rul_next', name: 'Next', position: 2, thenRuleId: 'rul_vip' });
    const { user } = render(
      <RuleEditorModal rule={aRule()} rules={[aRule(), next]} onClose={() => undefined} />,
    );
    expect(screen.getByRole('textbox', { name: /Tag 1/ })).toHaveProperty('value', 'VIP');

    // Emptied fields are refused on the form; nothing is sent.
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.clear(screen.getByRole('textbox', { name: /Tag 1/ }));
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('Name the rule.')).toBeTruthy();
    expect(await screen.findByText('Enter a tag.')).toBeTruthy();
    expect(requestsTo('PUT', '/api/web/fulfillment/rules/rul_vip')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'VIP gift');
    await user.type(screen.getByRole('textbox', { name: /Tag 1/ }), 'VIP');
    const insert = screen.getByRole('textbox', { name: /Insert SKU 1/ });
    await user.clear(insert);
    await user.type(insert, 'NOPE');
    await choose(user, 'Continue with', '2. Next');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(
      await screen.findByText('This rule would loop: VIP gift → Next → VIP gift.'),
    ).toBeTruthy();
    expect(screen.getByText('NOPE is not a SKU of your products.')).toBeTruthy();
    expect(requestsTo('PUT', '/api/web/fulfillment/rules/rul_vip')[0]?.body).toMatchObject({
      thenRuleId: 'rul_next',
      actions: [{ kind: 'ADD_INSERT', sku: 'NOPE', quantity: 1 }],
    });
  }, 30_000);

  it('removes a condition: a rule without conditions applies to every order', async () => {
    const { user } = render(
      <RuleEditorModal rule={aRule()} rules={[aRule()]} onClose={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(screen.getByText('No conditions: the rule applies to every order.')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('textbox', { name: /Tag 1/ })).toBeNull();
  });
});
