import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  archiveProduct,
  createProduct,
  exportProducts,
  getProduct,
  listProducts,
  unarchiveProduct,
  updateProduct,
} from '@atelier/contract/sales/product';
import { routeOptions } from '@/lib/endpoint';
import type { ProductService } from './product.service';

/**
 * Issue 11 products and variants (contract `sales/product.ts`), all scoped to the caller's
 * store: list, export (CSV, Shopify's product layout), detail, create (201), update, archive and
 * unarchive.
 */
export const productRoutes =
  (service: ProductService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listProducts.path, routeOptions(listProducts), async (request) =>
      service.listProducts(request.actor, request.query),
    );
    app.get(exportProducts.path, routeOptions(exportProducts), async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="products-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(service.exportProducts(request.actor, request.query))),
    );
    app.get(getProduct.path, routeOptions(getProduct), async (request) =>
      service.getProduct(request.actor, request.params.id),
    );
    app.post(createProduct.path, routeOptions(createProduct), async (request, reply) =>
      reply.status(201).send(await service.createProduct(request.actor, request.body)),
    );
    app.put(updateProduct.path, routeOptions(updateProduct), async (request) =>
      service.updateProduct(request.actor, request.params.id, request.body),
    );
    app.post(archiveProduct.path, routeOptions(archiveProduct), async (request) =>
      service.archiveProduct(request.actor, request.params.id),
    );
    app.post(unarchiveProduct.path, routeOptions(unarchiveProduct), async (request) =>
      service.unarchiveProduct(request.actor, request.params.id),
    );
  };
