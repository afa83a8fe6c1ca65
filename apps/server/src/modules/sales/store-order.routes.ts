import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createManualRetailOrder,
  createManualWholesaleOrder,
  getStoreOrder,
  listOrderOrigins,
  listStoreOrders,
} from '@atelier/contract/sales/order';
import { routeOptions } from '@/lib/endpoint';
import type { StoreOrderService } from './store-order.service';

/**
 * Spec §7 store orders (issue 11), all scoped to the caller's store: `GET /api/web/orders`
 * (tab, search, origin, dates, keyset pages, counts per tab), `GET /api/web/orders/:id` (404
 * `order_not_found`), `GET /api/web/orders/order-origins`, and `POST
 * /api/web/orders/manual-retail|manual-wholesale` (201; 400 `order_totals` naming the amount that
 * does not add up).
 */
export const storeOrderRoutes =
  (service: StoreOrderService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listStoreOrders.path, routeOptions(listStoreOrders), async (request) =>
      service.listOrders(request.actor, request.query),
    );

    app.get(listOrderOrigins.path, routeOptions(listOrderOrigins), async (request) =>
      service.listOrigins(request.actor),
    );

    app.get(getStoreOrder.path, routeOptions(getStoreOrder), async (request) =>
      service.getOrder(request.actor, request.params.id),
    );

    app.post(
      createManualRetailOrder.path,
      routeOptions(createManualRetailOrder),
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createManualOrder(request.actor, 'MANUAL_RETAIL', request.body)),
    );

    app.post(
      createManualWholesaleOrder.path,
      routeOptions(createManualWholesaleOrder),
      async (request, reply) =>
        reply
          .status(201)
          .send(await service.createManualOrder(request.actor, 'MANUAL_WHOLESALE', request.body)),
    );
  };
