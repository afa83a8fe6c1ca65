import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCatalogCategories } from '@atelier/contract/catalog/category';
import { routeOptions } from '@/lib/endpoint';
import type { CategoryRepository } from './category.repository';

/** Spec §7 `GET /web/catalog-categories`. */
export const categoryRoutes =
  (repository: CategoryRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listCatalogCategories.path, routeOptions(listCatalogCategories), async (request) => {
      const { page, size, level, parentId } = request.query;
      const { rows, total } = await repository.list({
        ...(level !== undefined ? { level } : {}),
        ...(parentId !== undefined ? { parentId } : {}),
        offset: page * size,
        limit: size,
      });
      return {
        items: rows.map(({ path: _path, ...category }) => category),
        page,
        size,
        total,
      };
    });
  };
