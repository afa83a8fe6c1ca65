import { z } from 'zod';
import {
  RULE_ACTION_LABELS,
  RULE_CONDITION_LABELS,
  SaveOrderRuleBodySchema,
  SHIPPING_METHODS,
  type OrderRule,
  type RuleAction,
  type RuleActionKind,
  type RuleCondition,
  type RuleConditionKind,
  type SaveOrderRuleBody,
} from '@atelier/contract/fulfillment/rules';
import { formatMoney } from '@atelier/contract/common/money';
import { ORDER_ORIGIN_LABELS, ORDER_ORIGINS } from '@atelier/contract/sales/order-values';

/**
 * The rule editor's values: one flat row per condition and action (the fields of every kind, the
 * chosen `kind` deciding which are sent), code lists as typed ("US, CA") and money in dollars.
 * The schema turns them into the contract's body and checks it with the contract's own schema,
 * so the form refuses exactly what the server would.
 */
const ConditionDraftSchema = z.object({
  kind: z.enum(Object.keys(RULE_CONDITION_LABELS) as [RuleConditionKind, ...RuleConditionKind[]]),
  sku: z.string(),
  tag: z.string(),
  countryCodes: z.string(),
  countryCode: z.string(),
  stateCodes: z.string(),
  operator: z.enum(['GTE', 'LTE']),
  /** Dollars and cents as typed, e.g. "100" or "99.50". */
  amount: z.string(),
  origins: z.array(z.enum(ORDER_ORIGINS)),
});
export type ConditionDraft = z.infer<typeof ConditionDraftSchema>;

const ActionDraftSchema = z.object({
  kind: z.enum(Object.keys(RULE_ACTION_LABELS) as [RuleActionKind, ...RuleActionKind[]]),
  sku: z.string(),
  quantity: z.number().optional(),
  packaging: z.string(),
  reason: z.string(),
  shippingMethod: z.enum(SHIPPING_METHODS).or(z.literal('')),
});
export type ActionDraft = z.infer<typeof ActionDraftSchema>;

const DraftShapeSchema = z.object({
  name: z.string(),
  isEnabled: z.boolean(),
  conditions: z.array(ConditionDraftSchema),
  actions: z.array(ActionDraftSchema),
  /** '' for none. */
  thenRuleId: z.string(),
});
export type RuleDraft = z.infer<typeof DraftShapeSchema>;

export const emptyCondition = (kind: RuleConditionKind = 'SKU'): ConditionDraft => ({
  kind,
  sku: '',
  tag: '',
  countryCodes: '',
  countryCode: 'US',
  stateCodes: '',
  operator: 'GTE',
  amount: '',
  origins: [],
});

export const emptyAction = (kind: RuleActionKind = 'ADD_INSERT'): ActionDraft => ({
  kind,
  sku: '',
  quantity: 1,
  packaging: '',
  reason: '',
  shippingMethod: '',
});

export const EMPTY_RULE_DRAFT: RuleDraft = {
  name: '',
  isEnabled: true,
  conditions: [emptyCondition()],
  actions: [emptyAction()],
  thenRuleId: '',
};

const codes = (typed: string) =>
  typed
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code.length > 0);

/** "99.5" → 9950 cents; null when it is not an amount with at most two decimals. */
export const centsOf = (typed: string): number | null => {
  const match = /^\s*\$?(\d{1,12})(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
};

const conditionOf = (draft: ConditionDraft): unknown => {
  switch (draft.kind) {
    case 'SKU':
      return { kind: 'SKU', sku: draft.sku };
    case 'TAG':
      return { kind: 'TAG', tag: draft.tag };
    case 'COUNTRY':
      return { kind: 'COUNTRY', countryCodes: codes(draft.countryCodes) };
    case 'STATE':
      return { kind: 'STATE', countryCode: draft.countryCode, stateCodes: codes(draft.stateCodes) };
    case 'ORDER_VALUE':
      return {
        kind: 'ORDER_VALUE',
        operator: draft.operator,
        amount: centsOf(draft.amount) ?? -1,
        currencyCode: 'USD',
      };
    case 'CHANNEL':
      return { kind: 'CHANNEL', origins: draft.origins };
  }
};

const actionOf = (draft: ActionDraft): unknown => {
  switch (draft.kind) {
    case 'ADD_INSERT':
      return { kind: 'ADD_INSERT', sku: draft.sku, quantity: draft.quantity };
    case 'CHOOSE_PACKAGING':
      return { kind: 'CHOOSE_PACKAGING', packaging: draft.packaging };
    case 'HOLD':
      return { kind: 'HOLD', reason: draft.reason };
    case 'SET_SHIPPING_METHOD':
      return { kind: 'SET_SHIPPING_METHOD', shippingMethod: draft.shippingMethod || undefined };
  }
};

/**
 * The body's field (`conditions.0.countryCodes.1`, `actions.1`, a server issue's `field` without
 * `body.`) as the editor's field (`conditions.0.countryCodes`, `actions.1.kind`).
 */
export const formFieldOf = (path: readonly PropertyKey[]): string => {
  const [head, index, field] = path.map(String);
  if ((head === 'conditions' || head === 'actions') && index !== undefined) {
    if (field === undefined) return `${head}.${index}.kind`;
    return `${head}.${index}.${field}`;
  }
  return head ?? 'name';
};

export const RuleFormSchema = DraftShapeSchema.transform((draft, context): SaveOrderRuleBody => {
  const body = {
    name: draft.name,
    isEnabled: draft.isEnabled,
    conditions: draft.conditions.map(conditionOf),
    actions: draft.actions.map(actionOf),
    thenRuleId: draft.thenRuleId || null,
  };
  const parsed = SaveOrderRuleBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path);
    const isAmount = field.endsWith('.amount') && issue.message === 'At least 0.';
    context.addIssue({
      code: 'custom',
      message: isAmount ? 'Enter an amount such as 100 or 99.50.' : issue.message,
      path: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    });
  }
  return z.NEVER;
});

const dollars = (cents: number) => {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
};

/** A saved rule as the editor's values. */
export const draftOf = (rule: OrderRule): RuleDraft => ({
  name: rule.name,
  isEnabled: rule.isEnabled,
  thenRuleId: rule.thenRuleId ?? '',
  conditions: rule.conditions.map((condition): ConditionDraft => {
    const draft = emptyCondition(condition.kind);
    switch (condition.kind) {
      case 'SKU':
        return { ...draft, sku: condition.sku };
      case 'TAG':
        return { ...draft, tag: condition.tag };
      case 'COUNTRY':
        return { ...draft, countryCodes: condition.countryCodes.join(', ') };
      case 'STATE':
        return {
          ...draft,
          countryCode: condition.countryCode,
          stateCodes: condition.stateCodes.join(', '),
        };
      case 'ORDER_VALUE':
        return { ...draft, operator: condition.operator, amount: dollars(condition.amount) };
      case 'CHANNEL':
        return { ...draft, origins: condition.origins };
    }
  }),
  actions: rule.actions.map((action): ActionDraft => {
    const draft = emptyAction(action.kind);
    switch (action.kind) {
      case 'ADD_INSERT':
        return { ...draft, sku: action.sku, quantity: action.quantity };
      case 'CHOOSE_PACKAGING':
        return { ...draft, packaging: action.packaging };
      case 'HOLD':
        return { ...draft, reason: action.reason };
      case 'SET_SHIPPING_METHOD':
        return { ...draft, shippingMethod: action.shippingMethod };
    }
  }),
});

/** One condition in words, for the list ("Tagged VIP", "Order value ≥ $100.00"). */
export const describeCondition = (condition: RuleCondition): string => {
  switch (condition.kind) {
    case 'SKU':
      return `Contains ${condition.sku}`;
    case 'TAG':
      return `Tagged ${condition.tag}`;
    case 'COUNTRY':
      return `Ships to ${condition.countryCodes.join(', ')}`;
    case 'STATE':
      return `Ships to ${condition.stateCodes.join(', ')} (${condition.countryCode})`;
    case 'ORDER_VALUE':
      return `Order value ${condition.operator === 'GTE' ? '≥' : '≤'} ${formatMoney({
        amount: condition.amount,
        currencyCode: condition.currencyCode,
      })}`;
    case 'CHANNEL':
      return `From ${condition.origins.map((origin) => ORDER_ORIGIN_LABELS[origin]).join(', ')}`;
  }
};

/** One action in words ("Add 1 × FLYER", "Hold: Signature needed"). */
export const describeAction = (action: RuleAction): string => {
  switch (action.kind) {
    case 'ADD_INSERT':
      return `Add ${action.quantity} × ${action.sku}`;
    case 'CHOOSE_PACKAGING':
      return `Pack in ${action.packaging}`;
    case 'HOLD':
      return `Hold: ${action.reason}`;
    case 'SET_SHIPPING_METHOD':
      return `Ship by ${action.shippingMethod}`;
  }
};
