import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSupplierInvite,
  listSupplierInvites,
} from '@atelier/contract/sourcing/supplier-invite';
import { routeOptions } from '@/lib/endpoint';
import type { SupplierInviteService } from './supplier-invite.service';

/**
 * Spec §7 `POST /api/web/supplier-invites` `{ name, website, email, phoneNumber }` → 201 the
 * invite (400 for a bad e-mail, a link that fails the §5 check such as mailto:, or a bad phone);
 * `GET /api/web/supplier-invites` → `{ items }`, the store's invites newest first.
 */
export const supplierInviteRoutes =
  (supplierInviteService: SupplierInviteService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      createSupplierInvite.path,
      routeOptions(createSupplierInvite),
      async (request, reply) =>
        reply
          .status(201)
          .send(await supplierInviteService.createSupplierInvite(request.actor, request.body)),
    );

    app.get(listSupplierInvites.path, routeOptions(listSupplierInvites), async (request) => ({
      items: await supplierInviteService.listSupplierInvites(request.actor),
    }));
  };
