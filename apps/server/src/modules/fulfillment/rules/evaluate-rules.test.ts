import { describe, expect, it } from 'vitest';
import type { OrderRule, RuleAction, RuleCondition } from '@atelier/contract/fulfillment/rules';
import { evaluateRules, findRuleLoop, type RuleOrder, type RuleOutcome } from './evaluate-rules';

const anOrder = (overrides: Partial<RuleOrder> = {}): RuleOrder => ({
  skus: ['SCARF-ROSE', 'TOTE-INK'],
  tags: ['VIP', 'gift '],
  countryCode: 'US',
  stateCode: 'NC',
  total: 12_500,
  currencyCode: 'USD',
  origin: 'SHOPIFY_CREATOR',
  ...overrides,
});

let ids = 0;
const aRule = (
  conditions: RuleCondition[],
  actions: RuleAction[],
  overrides: Partial<OrderRule> = {},
): OrderRule => {
  ids += 1;
  return {
    id: `rul_${ids}`,
    name: `Rule ${ids}`,
    position: ids,
    isEnabled: true,
    conditions,
    actions,
    thenRuleId: null,
    createdAt: '2026-11-28T00:00:00.000Z',
    updatedAt: '2026-11-28T00:00:00.000Z',
    ...overrides,
  };
};

const hold: RuleAction = { kind: 'HOLD', reason: 'Check by hand' };
const matched = (outcome: RuleOutcome) => outcome.matchedRuleIds.length > 0;

describe('evaluateRules: each condition', () => {
  it.each<[string, RuleCondition, Partial<RuleOrder>, boolean]>([
    ['SKU in the order', { kind: 'SKU', sku: 'SCARF-ROSE' }, {}, true],
    ['SKU in another letter case', { kind: 'SKU', sku: 'scarf-rose' }, {}, true],
    ['SKU not in the order', { kind: 'SKU', sku: 'HAT-RED' }, {}, false],
    ['tag on the order', { kind: 'TAG', tag: 'vip' }, {}, true],
    ['tag with spaces around it on the order', { kind: 'TAG', tag: 'Gift' }, {}, true],
    ['tag not on the order', { kind: 'TAG', tag: 'wholesale' }, {}, false],
    ['country in the list', { kind: 'COUNTRY', countryCodes: ['CA', 'US'] }, {}, true],
    ['country not in the list', { kind: 'COUNTRY', countryCodes: ['CA'] }, {}, false],
    [
      'no address: no country',
      { kind: 'COUNTRY', countryCodes: ['US'] },
      { countryCode: null },
      false,
    ],
    ['state in the list', { kind: 'STATE', countryCode: 'US', stateCodes: ['NC', 'SC'] }, {}, true],
    ['state not in the list', { kind: 'STATE', countryCode: 'US', stateCodes: ['CA'] }, {}, false],
    [
      'same state code in another country',
      { kind: 'STATE', countryCode: 'AU', stateCodes: ['NC'] },
      {},
      false,
    ],
    [
      'value at least, equal',
      { kind: 'ORDER_VALUE', operator: 'GTE', amount: 12_500, currencyCode: 'USD' },
      {},
      true,
    ],
    [
      'value at least, below',
      { kind: 'ORDER_VALUE', operator: 'GTE', amount: 12_501, currencyCode: 'USD' },
      {},
      false,
    ],
    [
      'value at most, equal',
      { kind: 'ORDER_VALUE', operator: 'LTE', amount: 12_500, currencyCode: 'USD' },
      {},
      true,
    ],
    [
      'value at most, above',
      { kind: 'ORDER_VALUE', operator: 'LTE', amount: 12_499, currencyCode: 'USD' },
      {},
      false,
    ],
    [
      'value in another currency',
      { kind: 'ORDER_VALUE', operator: 'GTE', amount: 0, currencyCode: 'USD' },
      { currencyCode: 'EUR' },
      false,
    ],
    ['channel in the list', { kind: 'CHANNEL', origins: ['SHOPIFY_CREATOR', 'IMPORT'] }, {}, true],
    ['channel not in the list', { kind: 'CHANNEL', origins: ['MANUAL_WHOLESALE'] }, {}, false],
  ])('%s', (_case, condition, order, expected) => {
    expect(matched(evaluateRules([aRule([condition], [hold])], anOrder(order)))).toBe(expected);
  });
});

describe('evaluateRules: rules, actions and order', () => {
  const us: RuleCondition = { kind: 'COUNTRY', countryCodes: ['US'] };
  const ca: RuleCondition = { kind: 'COUNTRY', countryCodes: ['CA'] };
  const vip: RuleCondition = { kind: 'TAG', tag: 'VIP' };
  const insert = (sku: string, quantity = 1): RuleAction => ({ kind: 'ADD_INSERT', sku, quantity });
  const packaging = (name: string): RuleAction => ({ kind: 'CHOOSE_PACKAGING', packaging: name });
  const ship = (method: 'Ground' | 'Priority' | 'Express'): RuleAction => ({
    kind: 'SET_SHIPPING_METHOD',
    shippingMethod: method,
  });

  it.each<[string, () => OrderRule[], Partial<RuleOutcome>]>([
    [
      'no rules: nothing decided',
      () => [],
      { inserts: [], packaging: null, shippingMethod: null, holds: [], matchedRuleIds: [] },
    ],
    [
      'every condition must match',
      () => [aRule([us, vip], [insert('FLYER')]), aRule([us, ca], [insert('STICKER')])],
      { inserts: [{ sku: 'FLYER', quantity: 1 }] },
    ],
    [
      'a rule without conditions matches every order',
      () => [aRule([], [packaging('Mailer')])],
      { packaging: 'Mailer' },
    ],
    [
      'inserts of several rules add up by SKU',
      () => [aRule([us], [insert('FLYER', 2), insert('STICKER')]), aRule([vip], [insert('flyer')])],
      {
        inserts: [
          { sku: 'FLYER', quantity: 3 },
          { sku: 'STICKER', quantity: 1 },
        ],
      },
    ],
    [
      'the later rule overrides packaging and shipping method',
      () => [
        aRule([us], [packaging('Box S'), ship('Ground')]),
        aRule([vip], [packaging('Gift box'), ship('Express')]),
      ],
      { packaging: 'Gift box', shippingMethod: 'Express' },
    ],
    [
      'position decides, not the order of the list',
      () => [
        aRule([vip], [ship('Express')], { position: 2 }),
        aRule([us], [ship('Ground')], { position: 1 }),
      ],
      { shippingMethod: 'Express' },
    ],
    [
      'a disabled rule does nothing',
      () => [aRule([us], [ship('Priority'), hold], { isEnabled: false })],
      { shippingMethod: null, holds: [], matchedRuleIds: [] },
    ],
    [
      'every HOLD holds the order, with its rule and reason',
      () => [
        aRule([us], [{ kind: 'HOLD', reason: 'Signature needed' }], { id: 'rul_a', name: 'A' }),
        aRule([vip], [{ kind: 'HOLD', reason: 'VIP check' }], { id: 'rul_b', name: 'B' }),
      ],
      {
        holds: [
          { ruleId: 'rul_a', ruleName: 'A', detail: 'Signature needed' },
          { ruleId: 'rul_b', ruleName: 'B', detail: 'VIP check' },
        ],
        matchedRuleIds: ['rul_a', 'rul_b'],
      },
    ],
    [
      'a chained rule runs right after the rule that names it, and only once',
      () => [
        aRule([us], [ship('Ground')], { id: 'rul_1st', position: 1, thenRuleId: 'rul_3rd' }),
        aRule([vip], [ship('Priority')], { id: 'rul_2nd', position: 2 }),
        aRule([vip], [ship('Express')], { id: 'rul_3rd', position: 3 }),
      ],
      { shippingMethod: 'Priority', matchedRuleIds: ['rul_1st', 'rul_3rd', 'rul_2nd'] },
    ],
    [
      'a chain stops at a rule that does not match or is disabled',
      () => [
        aRule([us], [insert('A')], { id: 'rul_x', position: 1, thenRuleId: 'rul_y' }),
        aRule([ca], [insert('B')], { id: 'rul_y', position: 2, thenRuleId: 'rul_z' }),
        aRule([], [insert('C')], { id: 'rul_z', position: 3, isEnabled: false }),
      ],
      { inserts: [{ sku: 'A', quantity: 1 }], matchedRuleIds: ['rul_x'] },
    ],
    [
      'a chain that loops (never saved) still ends',
      () => [
        aRule([], [insert('A')], { id: 'rul_p', position: 1, thenRuleId: 'rul_q' }),
        aRule([], [insert('B')], { id: 'rul_q', position: 2, thenRuleId: 'rul_p' }),
      ],
      { matchedRuleIds: ['rul_p', 'rul_q'] },
    ],
  ])('%s', (_case, rules, expected) => {
    expect(evaluateRules(rules(), anOrder())).toMatchObject(expected);
  });
});

describe('findRuleLoop', () => {
  it.each<[string, Record<string, string | null>, string, string[] | null]>([
    ['no chain', { a: null }, 'a', null],
    ['a chain that ends', { a: 'b', b: 'c', c: null }, 'a', null],
    ['a rule that continues with itself', { a: 'a' }, 'a', ['a', 'a']],
    ['two rules in a circle', { a: 'b', b: 'a' }, 'a', ['a', 'b', 'a']],
    ['a loop further down the chain', { a: 'b', b: 'c', c: 'b' }, 'a', ['b', 'c', 'b']],
  ])('%s', (_case, chain, start, expected) => {
    expect(findRuleLoop(start, (id) => chain[id] ?? null)).toEqual(expected);
  });
});
