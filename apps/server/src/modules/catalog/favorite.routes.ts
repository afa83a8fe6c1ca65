import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addFavorite, listFavorites, removeFavorite } from '@atelier/contract/catalog/favorite';
import { routeOptions } from '@/lib/endpoint';
import type { FavoriteService } from './favorite.service';

/**
 * Favourites (issue #3, /favorites): `GET /api/web/favorites` → `{ companies, items }` of the
 * caller's store; `POST` `{ type: COMPANY | ITEM, id }` (idempotent, 404 when the target doesn't
 * exist); `DELETE /api/web/favorites/:type/:id` (idempotent). Each answers `{ ok: true }`.
 */
export const favoriteRoutes =
  (favoriteService: FavoriteService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(listFavorites.path, routeOptions(listFavorites), async (request) =>
      favoriteService.listFavorites(request.actor),
    );

    app.post(addFavorite.path, routeOptions(addFavorite), async (request) => {
      await favoriteService.addFavorite(request.actor, request.body);
      return { ok: true as const };
    });

    app.delete(removeFavorite.path, routeOptions(removeFavorite), async (request) => {
      await favoriteService.removeFavorite(request.actor, request.params.type, request.params.id);
      return { ok: true as const };
    });
  };
