import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { IdSchema, textSchema } from '../common/validation';
import { ORDER_ORIGINS } from '../sales/order-values';

/**
 * Issue 15 order rules (/fulfillment-rules, spec §7 order-rules) and order holds: a store's rules
 * run when an order arrives, in their order; each rule whose conditions all match applies its
 * actions (add an insert, choose packaging, hold the order, set the shipping method). An order
 * is held for a rule, for an address the label cannot carry or for missing stock until a store
 * member releases it; a held order is not shipped.
 */

/** The most rules a store keeps, and conditions or actions a rule has. */
export const MAX_RULES = 100;
export const MAX_RULE_CONDITIONS = 20;
export const MAX_RULE_ACTIONS = 10;

/**
 * The shipping services a rule can set: the service levels of the local rate table
 * (shipping/local-labels.ts LOCAL_RATE_TABLE) and of the Shippo adapter's mapping.
 */
export const SHIPPING_METHODS = [
  'Ground',
  'Priority',
  'Express',
  'International Standard',
  'International Express',
] as const;
export const ShippingMethodSchema = z.enum(SHIPPING_METHODS, 'Choose a shipping method.');
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

const skuSchema = textSchema(100).min(1, 'Enter a SKU.');
const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A two-letter country code such as US.');
const stateCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,3}$/, 'A state code such as NC.');
// No transforms in the schemas a rule is answered with: a response is encoded through them.
const codeList = <T extends z.ZodType<string>>(item: T, what: string) =>
  z.array(item).min(1, `Choose at least one ${what}.`).max(100, `At most 100 ${what}s.`);

/**
 * What a rule looks at (all of a rule's conditions must match):
 * - SKU: the order has a line (not wholly canceled) with this SKU (letter case ignored);
 * - TAG: the order carries this tag (letter case ignored);
 * - COUNTRY: the shipping address is in one of these countries;
 * - STATE: the shipping address is in `countryCode` and one of these states;
 * - ORDER_VALUE: the order's total (minor units, cents) is ≥ (`GTE`) or ≤ (`LTE`) `amount`, in
 *   the same currency (an order in another currency does not match);
 * - CHANNEL: the order came from one of these origins (spec §3 Orders "Origin").
 */
export const RuleConditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('SKU'), sku: skuSchema }),
  z.object({ kind: z.literal('TAG'), tag: textSchema(100).min(1, 'Enter a tag.') }),
  z.object({ kind: z.literal('COUNTRY'), countryCodes: codeList(countryCodeSchema, 'country') }),
  z.object({
    kind: z.literal('STATE'),
    countryCode: countryCodeSchema,
    stateCodes: codeList(stateCodeSchema, 'state'),
  }),
  z.object({
    kind: z.literal('ORDER_VALUE'),
    operator: z.enum(['GTE', 'LTE']),
    /** Minor units (cents) of `currencyCode`. */
    amount: z
      .number()
      .int('A whole number of cents.')
      .min(0, 'At least 0.')
      .max(100_000_000_00, 'At most 100,000,000.00.'),
    currencyCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'A currency code such as USD.')
      .default('USD'),
  }),
  z.object({
    kind: z.literal('CHANNEL'),
    origins: codeList(z.enum(ORDER_ORIGINS), 'channel'),
  }),
]);
export type RuleCondition = z.infer<typeof RuleConditionSchema>;
export type RuleConditionKind = RuleCondition['kind'];

/**
 * What a matching rule does:
 * - ADD_INSERT: `quantity` units of one of the store's SKUs go into the parcel (a flyer, a
 *   sample); nothing else is consumed by the rule;
 * - CHOOSE_PACKAGING: the packaging to pack in (a name or packaging category);
 * - HOLD: the order is held (reason RULE) with `reason` as its detail, until released;
 * - SET_SHIPPING_METHOD: the service level the label is bought with, unless the person shipping
 *   chooses another.
 */
export const RuleActionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ADD_INSERT'),
    sku: skuSchema,
    quantity: z.number().int('A whole number.').min(1, 'At least 1.').max(100, 'At most 100.'),
  }),
  z.object({
    kind: z.literal('CHOOSE_PACKAGING'),
    packaging: textSchema(100).min(1, 'Enter the packaging.'),
  }),
  z.object({ kind: z.literal('HOLD'), reason: textSchema(300).min(1, 'Say why it is held.') }),
  z.object({ kind: z.literal('SET_SHIPPING_METHOD'), shippingMethod: ShippingMethodSchema }),
]);
export type RuleAction = z.infer<typeof RuleActionSchema>;
export type RuleActionKind = RuleAction['kind'];

export const RULE_CONDITION_LABELS: Record<RuleConditionKind, string> = {
  SKU: 'Order contains SKU',
  TAG: 'Order tag',
  COUNTRY: 'Destination country',
  STATE: 'Destination state',
  ORDER_VALUE: 'Order value',
  CHANNEL: 'Sales channel',
};

export const RULE_ACTION_LABELS: Record<RuleActionKind, string> = {
  ADD_INSERT: 'Add an insert',
  CHOOSE_PACKAGING: 'Choose packaging',
  HOLD: 'Hold the order',
  SET_SHIPPING_METHOD: 'Set the shipping method',
};

/**
 * A rule as saved. `thenRuleId`: when this rule matches, the named rule is evaluated right after
 * it (before the rules that follow in position order), and not again at its own position. A chain
 * that comes back to a rule (A → B → A, or A → A) is a loop and is refused.
 */
export const SaveOrderRuleBodySchema = z
  .object({
    name: textSchema(100).min(1, 'Name the rule.'),
    isEnabled: z.boolean().default(true),
    conditions: z
      .array(RuleConditionSchema)
      .max(MAX_RULE_CONDITIONS, `At most ${MAX_RULE_CONDITIONS} conditions.`),
    actions: z
      .array(RuleActionSchema)
      .min(1, 'Add at least one action.')
      .max(MAX_RULE_ACTIONS, `At most ${MAX_RULE_ACTIONS} actions.`),
    thenRuleId: IdSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((body, context) => {
    const once = {
      CHOOSE_PACKAGING: 'A rule chooses one packaging.',
      SET_SHIPPING_METHOD: 'A rule sets one shipping method.',
    } as const;
    for (const kind of ['CHOOSE_PACKAGING', 'SET_SHIPPING_METHOD'] as const) {
      const at = body.actions.flatMap((action, index) => (action.kind === kind ? [index] : []));
      if (at.length > 1) {
        context.addIssue({ code: 'custom', path: ['actions', at[1]!], message: once[kind] });
      }
    }
  });
export type SaveOrderRuleBody = z.input<typeof SaveOrderRuleBodySchema>;

export const OrderRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 1-based: rules are evaluated in this order. */
  position: z.number().int(),
  isEnabled: z.boolean(),
  conditions: z.array(RuleConditionSchema),
  actions: z.array(RuleActionSchema),
  thenRuleId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OrderRule = z.infer<typeof OrderRuleSchema>;

/** Why an order is held. */
export const HOLD_REASONS = ['MISSING_STOCK', 'ADDRESS_PROBLEM', 'RULE'] as const;
export const HoldReasonSchema = z.enum(HOLD_REASONS);
export type HoldReason = z.infer<typeof HoldReasonSchema>;
export const HOLD_REASON_LABELS: Record<HoldReason, string> = {
  MISSING_STOCK: 'Missing stock',
  ADDRESS_PROBLEM: 'Address problem',
  RULE: 'Rule',
};

export const OrderHoldSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** The order's number as shown (#1001, R12). */
  orderName: z.string(),
  reason: HoldReasonSchema,
  /** What is wrong (the rule's reason, the address's issues, the SKUs without stock). */
  detail: z.string(),
  /** The rule that held it (reason RULE), if it still exists. */
  ruleId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  releasedAt: z.iso.datetime().nullable(),
  /** Who released it (a member's name, or "Atelier" when the stock arrived). */
  releasedBy: z.string().nullable(),
  releaseNote: z.string().nullable(),
});
export type OrderHold = z.infer<typeof OrderHoldSchema>;

/** What the rules decided for an order when it arrived. */
export const OrderInstructionsSchema = z.object({
  orderId: z.string(),
  inserts: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
  packaging: z.string().nullable(),
  shippingMethod: ShippingMethodSchema.nullable(),
  matchedRuleIds: z.array(z.string()),
  /** When the rules ran (null: they have not run for this order, e.g. an imported one). */
  evaluatedAt: z.iso.datetime().nullable(),
  holds: z.array(OrderHoldSchema),
});
export type OrderInstructions = z.infer<typeof OrderInstructionsSchema>;

const ruleParams = z.object({ ruleId: IdSchema });

export const ReorderRulesBodySchema = z.object({
  /** Every rule of the store, each once, in the new order. */
  ruleIds: z.array(IdSchema).max(MAX_RULES),
});

export const HoldsQuerySchema = z.object({
  status: z.enum(['OPEN', 'RELEASED']).default('OPEN'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const ReleaseHoldBodySchema = z.object({
  note: textSchema(300).optional(),
});
export type ReleaseHoldBody = z.infer<typeof ReleaseHoldBodySchema>;

/** Issue 15 order rules and holds (store members; every row is the caller's store's). */
export const fulfillmentRuleEndpoints = {
  listRules: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/rules',
    response: z.object({ items: z.array(OrderRuleSchema) }),
    summary: 'Issue 15 /fulfillment-rules: the store’s order rules in the order they run.',
    tags: ['fulfillment'],
  }),
  createRule: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/rules',
    body: SaveOrderRuleBodySchema,
    response: OrderRuleSchema,
    successStatus: 201,
    summary:
      'Issue 15: a new rule, run after the others (400 for an insert SKU not the store’s, a rule that loops through `thenRuleId`).',
    tags: ['fulfillment'],
  }),
  updateRule: defineEndpoint({
    method: 'PUT',
    path: '/api/web/fulfillment/rules/:ruleId',
    params: ruleParams,
    body: SaveOrderRuleBodySchema,
    response: OrderRuleSchema,
    summary: 'Issue 15: replaces a rule’s name, conditions, actions and chain (same checks).',
    tags: ['fulfillment'],
  }),
  deleteRule: defineEndpoint({
    method: 'DELETE',
    path: '/api/web/fulfillment/rules/:ruleId',
    params: ruleParams,
    response: z.object({ ok: z.literal(true) }),
    summary: 'Issue 15: deletes a rule (rules that continued with it no longer do).',
    tags: ['fulfillment'],
  }),
  reorderRules: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/rules/reorder',
    body: ReorderRulesBodySchema,
    response: z.object({ items: z.array(OrderRuleSchema) }),
    summary: 'Issue 15: the order the rules run in (every rule of the store, each once).',
    tags: ['fulfillment'],
  }),
  listHolds: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/order-holds',
    query: HoldsQuerySchema,
    response: z.object({ items: z.array(OrderHoldSchema) }),
    summary: 'Issue 15: the store’s held orders (open holds oldest first; released newest first).',
    tags: ['fulfillment'],
  }),
  releaseHold: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/order-holds/:holdId/release',
    params: z.object({ holdId: IdSchema }),
    body: ReleaseHoldBodySchema,
    response: OrderHoldSchema,
    summary: 'Issue 15: releases a hold (409 `hold_released` when it already is).',
    tags: ['fulfillment'],
  }),
  getOrderInstructions: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/orders/:orderId/instructions',
    params: z.object({ orderId: IdSchema }),
    response: OrderInstructionsSchema,
    summary:
      'Issue 15: what the rules decided for an order (inserts, packaging, shipping method) and its holds.',
    tags: ['fulfillment'],
  }),
} as const;
