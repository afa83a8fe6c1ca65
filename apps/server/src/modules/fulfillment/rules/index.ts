import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHoldService, type HoldServiceDeps } from './hold.service';
import { createRuleService } from './rule.service';
import { ruleRoutes } from './rules.routes';

export { evaluateRules } from './evaluate-rules';

/**
 * Issue 15 order rules and holds, built by the fulfillment module's index.ts:
 * - `routes`: /fulfillment-rules' calls (rules CRUD and reorder, held orders, release);
 * - a `sales.order.created` subscriber (`fulfillment.order-rules`) runs the rules on each new
 *   order and holds it for a rule, an address problem or missing stock; holds are announced as
 *   `fulfillment.order.held` and `fulfillment.order.hold-released` (for the order's status);
 * - `shipmentHolds`: give it to the shipment service, which then refuses a held order (409
 *   `order_on_hold`) and buys the label with the rules' shipping method unless one is chosen;
 * - `sendHoldDigests(now)`: the daily digest of held orders (a timer in app.ts calls it; once
 *   per store and day however often).
 */
export const createOrderRules = (deps: HoldServiceDeps) => {
  const { events } = deps;
  const rules = createRuleService({ db: deps.db, clock: deps.clock });
  const holds = createHoldService(deps);
  events.subscribe('fulfillment.order-rules', ['sales.order.created'], async (event) => {
    await holds.evaluateArrivedOrder(event.payload.storeId, event.payload.orderId);
  });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(ruleRoutes(rules, holds));
  };
  return {
    routes,
    rules,
    holds,
    shipmentHolds: { beforeShip: holds.beforeShip, assertNotHeld: holds.assertNotHeld },
    sendHoldDigest: holds.sendHoldDigest,
    sendHoldDigests: holds.sendHoldDigests,
  };
};
export type OrderRules = ReturnType<typeof createOrderRules>;
