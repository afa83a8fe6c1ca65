import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getOwnSupplierProfile,
  getSupplierImage,
  updateOwnSupplierProfile,
} from '@atelier/contract/catalog/supplier-profile';
import { routeOptions } from '@/lib/endpoint';
import type { SupplierProfileService } from './supplier-profile.service';

/**
 * Issue 10: `GET`/`PATCH /api/partner/profile` (supplier session; the caller's own company
 * only) and the public `GET /api/app/catalog-companies/:id/images/:fileId` of profile images.
 */
export const supplierProfileRoutes =
  (profiles: SupplierProfileService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(getOwnSupplierProfile.path, routeOptions(getOwnSupplierProfile), async (request) =>
      profiles.getOwnProfile(request.supplierActor),
    );

    app.patch(
      updateOwnSupplierProfile.path,
      routeOptions(updateOwnSupplierProfile),
      async (request) => profiles.updateOwnProfile(request.supplierActor, request.body),
    );

    app.get(getSupplierImage.path, routeOptions(getSupplierImage), async (request, reply) => {
      const { contentType, bytes } = await profiles.readImage(
        request.params.id,
        request.params.fileId,
      );
      return reply
        .header('content-type', contentType)
        .header('content-length', String(bytes.length))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=300')
        .send(bytes);
    });
  };
