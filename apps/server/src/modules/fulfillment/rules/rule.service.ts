import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FieldIssue } from '@atelier/contract/common/errors';
import {
  MAX_RULES,
  SaveOrderRuleBodySchema,
  type OrderRule,
  type SaveOrderRuleBody,
} from '@atelier/contract/fulfillment/rules';
import type { Database } from '@/db/client';
import { salesProductVariants } from '@/db/schema';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import { findRuleLoop } from './evaluate-rules';
import { fulfillmentOrderRules, type FulfillmentOrderRuleRow } from './rules.table';

export const toRule = (row: FulfillmentOrderRuleRow): OrderRule => ({
  id: row.id,
  name: row.name,
  position: row.position,
  isEnabled: row.isEnabled,
  conditions: row.conditions,
  actions: row.actions,
  thenRuleId: row.thenRuleId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const ruleNotFound = () =>
  new AppError('not_found', 'No rule of this store has this id.', { reason: 'rule_not_found' });
const badRequest = (details: FieldIssue[], reason?: string) =>
  new AppError('bad_request', details[0]?.message ?? 'Check the fields.', {
    details,
    ...(reason ? { reason } : {}),
  });

type RuleBody = ReturnType<typeof SaveOrderRuleBodySchema.parse>;

/** The body as saved: a country, state or channel listed twice is kept once. */
const parseBody = (input: SaveOrderRuleBody): RuleBody => {
  const body = SaveOrderRuleBodySchema.parse(input);
  const once = <T>(values: T[]) => [...new Set(values)];
  return {
    ...body,
    conditions: body.conditions.map((condition) => {
      switch (condition.kind) {
        case 'COUNTRY':
          return { ...condition, countryCodes: once(condition.countryCodes) };
        case 'STATE':
          return { ...condition, stateCodes: once(condition.stateCodes) };
        case 'CHANNEL':
          return { ...condition, origins: once(condition.origins) };
        case 'SKU':
        case 'TAG':
        case 'ORDER_VALUE':
          return condition;
      }
    }),
  };
};

/** The store's rules in the order they run (positions 1, 2, …; ties by id). */
export const listStoreRules = async (
  handle: Database,
  storeId: string,
  lock = false,
): Promise<FulfillmentOrderRuleRow[]> => {
  const query = handle
    .select()
    .from(fulfillmentOrderRules)
    .where(eq(fulfillmentOrderRules.storeId, storeId))
    .orderBy(asc(fulfillmentOrderRules.position), asc(fulfillmentOrderRules.id));
  return lock ? query.for('update') : query;
};

/**
 * Issue 15 /fulfillment-rules (spec §7 order-rules): a store's order rules. Every write locks the
 * store's rules first, so two saves never build a loop together or the same position twice.
 */
export const createRuleService = ({ db, clock }: { db: Database; clock: Clock }) => {
  /**
   * 400 for what the schema cannot see: an insert SKU that is not one of the store's variants
   * (`actions.N.sku`, reason `insert_sku_unknown`), a `thenRuleId` that is no rule of the store
   * (`thenRuleId`, `rule_not_found`) or that comes back to this rule (`thenRuleId`, `rule_loop`).
   */
  const check = async (
    tx: Database,
    storeId: string,
    ruleId: string,
    body: RuleBody,
    rules: FulfillmentOrderRuleRow[],
  ) => {
    const skus = [
      ...new Set(
        body.actions.flatMap((action) => (action.kind === 'ADD_INSERT' ? [action.sku] : [])),
      ),
    ];
    if (skus.length > 0) {
      const known = await tx
        .select({ sku: salesProductVariants.sku })
        .from(salesProductVariants)
        .where(
          and(eq(salesProductVariants.storeId, storeId), inArray(salesProductVariants.sku, skus)),
        );
      const knownSkus = new Set(known.map((row) => row.sku));
      const issues = body.actions.flatMap((action, index): FieldIssue[] =>
        action.kind === 'ADD_INSERT' && !knownSkus.has(action.sku)
          ? [
              {
                field: `actions.${index}.sku`,
                message: `${action.sku} is not a SKU of your products.`,
              },
            ]
          : [],
      );
      if (issues.length > 0) throw badRequest(issues, 'insert_sku_unknown');
    }
    if (body.thenRuleId === null) return;
    if (!rules.some((rule) => rule.id === body.thenRuleId) && body.thenRuleId !== ruleId) {
      throw badRequest(
        [{ field: 'thenRuleId', message: 'Choose one of your rules to continue with.' }],
        'rule_not_found',
      );
    }
    const thenOf = (id: string) =>
      id === ruleId ? body.thenRuleId : (rules.find((rule) => rule.id === id)?.thenRuleId ?? null);
    const loop = findRuleLoop(ruleId, thenOf);
    if (loop) {
      const nameOf = (id: string) =>
        id === ruleId ? body.name : (rules.find((rule) => rule.id === id)?.name ?? id);
      throw badRequest(
        [
          {
            field: 'thenRuleId',
            message: `This rule would loop: ${loop.map(nameOf).join(' → ')}. A chain of rules must end.`,
          },
        ],
        'rule_loop',
      );
    }
  };

  /** The store's rules in the order they run. */
  const list = async (storeId: string): Promise<OrderRule[]> =>
    (await listStoreRules(db, storeId)).map(toRule);

  /**
   * A new rule, run after the store's others. 400 for the body (see `check`), 409
   * `too_many_rules` past MAX_RULES.
   */
  const create = async (actor: Actor, input: SaveOrderRuleBody): Promise<OrderRule> => {
    const body = parseBody(input);
    return db.transaction(async (tx) => {
      const rules = await listStoreRules(tx, actor.storeId, true);
      if (rules.length >= MAX_RULES) {
        throw new AppError('conflict', `A store keeps at most ${MAX_RULES} rules.`, {
          reason: 'too_many_rules',
        });
      }
      const id = newId('rul');
      await check(tx, actor.storeId, id, body, rules);
      const now = clock.now();
      const [row] = await tx
        .insert(fulfillmentOrderRules)
        .values({
          id,
          storeId: actor.storeId,
          name: body.name,
          position: Math.max(0, ...rules.map((rule) => rule.position)) + 1,
          isEnabled: body.isEnabled,
          conditions: body.conditions,
          actions: body.actions,
          thenRuleId: body.thenRuleId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return toRule(row!);
    });
  };

  /** Replaces one of the store's rules (position kept). 404 `rule_not_found`; 400 as `create`. */
  const update = async (
    actor: Actor,
    ruleId: string,
    input: SaveOrderRuleBody,
  ): Promise<OrderRule> => {
    const body = parseBody(input);
    return db.transaction(async (tx) => {
      const rules = await listStoreRules(tx, actor.storeId, true);
      if (!rules.some((rule) => rule.id === ruleId)) throw ruleNotFound();
      await check(tx, actor.storeId, ruleId, body, rules);
      const [row] = await tx
        .update(fulfillmentOrderRules)
        .set({
          name: body.name,
          isEnabled: body.isEnabled,
          conditions: body.conditions,
          actions: body.actions,
          thenRuleId: body.thenRuleId,
          updatedAt: clock.now(),
        })
        .where(eq(fulfillmentOrderRules.id, ruleId))
        .returning();
      return toRule(row!);
    });
  };

  /**
   * Deletes one of the store's rules; rules that continued with it no longer do (the foreign key
   * clears their `thenRuleId`), and the rules after it move up. 404 `rule_not_found`.
   */
  const remove = async (actor: Actor, ruleId: string): Promise<void> =>
    db.transaction(async (tx) => {
      const rules = await listStoreRules(tx, actor.storeId, true);
      if (!rules.some((rule) => rule.id === ruleId)) throw ruleNotFound();
      await tx.delete(fulfillmentOrderRules).where(eq(fulfillmentOrderRules.id, ruleId));
      await renumber(
        tx,
        rules.filter((rule) => rule.id !== ruleId),
      );
    });

  const renumber = async (tx: Database, ordered: FulfillmentOrderRuleRow[]) => {
    const now = clock.now();
    for (const [index, rule] of ordered.entries()) {
      if (rule.position === index + 1) continue;
      await tx
        .update(fulfillmentOrderRules)
        .set({ position: index + 1, updatedAt: now })
        .where(eq(fulfillmentOrderRules.id, rule.id));
    }
  };

  /**
   * The order the store's rules run in: `ruleIds` names every rule of the store once. 400
   * `ruleIds` (reason `rule_order_mismatch`) for a missing, unknown or repeated id.
   */
  const reorder = async (actor: Actor, ruleIds: string[]): Promise<OrderRule[]> =>
    db.transaction(async (tx) => {
      const rules = await listStoreRules(tx, actor.storeId, true);
      const byId = new Map(rules.map((rule) => [rule.id, rule]));
      if (
        new Set(ruleIds).size !== ruleIds.length ||
        ruleIds.length !== rules.length ||
        ruleIds.some((id) => !byId.has(id))
      ) {
        throw badRequest(
          [{ field: 'ruleIds', message: 'Name every one of your rules once, in the new order.' }],
          'rule_order_mismatch',
        );
      }
      await renumber(
        tx,
        ruleIds.map((id) => byId.get(id)!),
      );
      return (await listStoreRules(tx, actor.storeId)).map(toRule);
    });

  return { list, create, update, remove, reorder };
};
export type RuleService = ReturnType<typeof createRuleService>;
