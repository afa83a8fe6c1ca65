import type { OrderRule, RuleCondition, ShippingMethod } from '@atelier/contract/fulfillment/rules';
import type { OrderOrigin } from '@atelier/contract/sales/order-values';

/** What the rules look at in an order (its lines' SKUs, wholly canceled lines left out). */
export type RuleOrder = {
  skus: readonly string[];
  tags: readonly string[];
  /** The shipping address's country and state codes (null without an address). */
  countryCode: string | null;
  stateCode: string | null;
  /** The order's total in minor units of `currencyCode`. */
  total: number;
  currencyCode: string;
  origin: OrderOrigin;
};

export type RuleOutcome = {
  /** Every insert of the matching rules, one entry per SKU (quantities added up), first seen first. */
  inserts: { sku: string; quantity: number }[];
  /** The packaging of the last matching rule that chooses one. */
  packaging: string | null;
  /** The shipping method of the last matching rule that sets one. */
  shippingMethod: ShippingMethod | null;
  /** One per HOLD action of a matching rule, in the order they applied. */
  holds: { ruleId: string; ruleName: string; detail: string }[];
  /** The rules whose actions applied, in the order they applied. */
  matchedRuleIds: string[];
};

const same = (a: string | null, b: string) => a !== null && a.toUpperCase() === b.toUpperCase();

/** Whether one condition holds for the order (spec of each kind: contract rules.ts). */
export const matchesCondition = (condition: RuleCondition, order: RuleOrder): boolean => {
  switch (condition.kind) {
    case 'SKU':
      return order.skus.some((sku) => same(sku, condition.sku));
    case 'TAG':
      return order.tags.some((tag) => same(tag.trim(), condition.tag));
    case 'COUNTRY':
      return condition.countryCodes.some((code) => same(order.countryCode, code));
    case 'STATE':
      return (
        same(order.countryCode, condition.countryCode) &&
        condition.stateCodes.some((code) => same(order.stateCode, code))
      );
    case 'ORDER_VALUE':
      if (!same(order.currencyCode, condition.currencyCode)) return false;
      return condition.operator === 'GTE'
        ? order.total >= condition.amount
        : order.total <= condition.amount;
    case 'CHANNEL':
      return condition.origins.includes(order.origin);
  }
};

/**
 * Issue 15 order rules, pure: which of a store's rules apply to an order and what they decide.
 * - Rules run in `position` order; a disabled rule never applies (nor through a chain).
 * - A rule matches when every one of its conditions holds (a rule without conditions matches
 *   every order); its actions then apply in their order.
 * - When a matching rule names `thenRuleId`, that rule is evaluated right after it, before the
 *   rules that follow by position; each rule is evaluated at most once per order (so a chain that
 *   the store could not save — a loop — still ends).
 * - Inserts add up; every HOLD action holds the order; for packaging and the shipping method the
 *   last rule to apply wins (a later rule overrides an earlier one).
 */
export const evaluateRules = (rules: readonly OrderRule[], order: RuleOrder): RuleOutcome => {
  const outcome: RuleOutcome = {
    inserts: [],
    packaging: null,
    shippingMethod: null,
    holds: [],
    matchedRuleIds: [],
  };
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const evaluated = new Set<string>();
  const apply = (rule: OrderRule) => {
    outcome.matchedRuleIds.push(rule.id);
    for (const action of rule.actions) {
      switch (action.kind) {
        case 'ADD_INSERT': {
          const known = outcome.inserts.find((insert) => same(insert.sku, action.sku));
          if (known) known.quantity += action.quantity;
          else outcome.inserts.push({ sku: action.sku, quantity: action.quantity });
          break;
        }
        case 'CHOOSE_PACKAGING':
          outcome.packaging = action.packaging;
          break;
        case 'HOLD':
          outcome.holds.push({ ruleId: rule.id, ruleName: rule.name, detail: action.reason });
          break;
        case 'SET_SHIPPING_METHOD':
          outcome.shippingMethod = action.shippingMethod;
          break;
      }
    }
  };
  const evaluate = (first: OrderRule) => {
    let rule: OrderRule | undefined = first;
    while (rule && !evaluated.has(rule.id)) {
      evaluated.add(rule.id);
      if (!rule.isEnabled) return;
      const current: OrderRule = rule;
      if (!current.conditions.every((condition) => matchesCondition(condition, order))) return;
      apply(current);
      rule = current.thenRuleId ? byId.get(current.thenRuleId) : undefined;
    }
  };
  const ordered = [...rules].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  for (const rule of ordered) evaluate(rule);
  return outcome;
};

/**
 * The rule a chain of `thenRuleId` comes back to, if any: following `next` from `startId`
 * through `thenOf` (each rule's chain, as it would be saved). Returns the ids of the loop in
 * order (e.g. [A, B, A]) or null.
 */
export const findRuleLoop = (
  startId: string,
  thenOf: (ruleId: string) => string | null,
): string[] | null => {
  const path = [startId];
  const seen = new Set(path);
  let next = thenOf(startId);
  while (next !== null) {
    path.push(next);
    if (seen.has(next)) return path.slice(path.indexOf(next));
    seen.add(next);
    next = thenOf(next);
  }
  return null;
};
