import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_PRODUCT_IMPORT_BYTES,
  startProductImport,
  uploadProductImportFile,
} from '@atelier/contract/sales/product-import';
import { routeOptions } from '@/lib/endpoint';
import { registerImportUploads } from './import-upload';
import type { ProductImportFiles } from './product-import-files';

/**
 * Issue 11 product imports (contract `sales/product-import.ts`), scoped to the caller's store:
 * `POST /api/web/products/import-files` (multipart, part `file`: 201 the file's preview) and
 * `POST /api/web/products/import-task` (202 the job).
 */
export const productImportRoutes =
  (files: ProductImportFiles): FastifyPluginAsyncZod =>
  async (app) => {
    const readUpload = await registerImportUploads(app, {
      noun: 'product',
      maxBytes: MAX_PRODUCT_IMPORT_BYTES,
    });
    const uploadOptions = routeOptions(uploadProductImportFile);
    app.post(
      uploadProductImportFile.path,
      { ...uploadOptions, config: { ...uploadOptions.config, isUpload: true } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await readUpload(request, (upload) => files.receive(request.actor, upload))),
    );
    app.post(startProductImport.path, routeOptions(startProductImport), async (request, reply) =>
      reply.status(202).send(await files.startImport(request.actor, request.body)),
    );
  };
