import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fulfillmentRuleEndpoints as api } from '@atelier/contract/fulfillment/rules';
import { routeOptions } from '@/lib/endpoint';
import type { HoldService } from './hold.service';
import type { RuleService } from './rule.service';

/**
 * Issue 15 order rules and holds (store members; spec §2 /fulfillment-rules, §7 order-rules):
 * the rules in their order, saved, deleted and reordered; held orders listed and released; what
 * the rules decided for an order.
 */
export const ruleRoutes =
  (rules: RuleService, holds: HoldService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(api.listRules.path, routeOptions(api.listRules), async (request) => ({
      items: await rules.list(request.actor.storeId),
    }));
    app.post(api.createRule.path, routeOptions(api.createRule), async (request, reply) =>
      reply.status(201).send(await rules.create(request.actor, request.body)),
    );
    app.post(api.reorderRules.path, routeOptions(api.reorderRules), async (request) => ({
      items: await rules.reorder(request.actor, request.body.ruleIds),
    }));
    app.put(api.updateRule.path, routeOptions(api.updateRule), async (request) =>
      rules.update(request.actor, request.params.ruleId, request.body),
    );
    app.delete(api.deleteRule.path, routeOptions(api.deleteRule), async (request) => {
      await rules.remove(request.actor, request.params.ruleId);
      return { ok: true as const };
    });
    app.get(api.listHolds.path, routeOptions(api.listHolds), async (request) => ({
      items: await holds.list(request.actor.storeId, request.query),
    }));
    app.post(api.releaseHold.path, routeOptions(api.releaseHold), async (request) =>
      holds.release(request.actor, request.params.holdId, request.body.note),
    );
    app.get(
      api.getOrderInstructions.path,
      routeOptions(api.getOrderInstructions),
      async (request) => holds.getInstructions(request.actor.storeId, request.params.orderId),
    );
  };
