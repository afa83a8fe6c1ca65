import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_ORDER_IMPORT_BYTES,
  startOrderImport,
  uploadOrderImportFile,
} from '@atelier/contract/sales/order-import';
import {
  exportStoreCustomers,
  getStoreCustomer,
  listStoreCustomers,
} from '@atelier/contract/sales/customer';
import {
  addOrderNote,
  cancelOrderLineItem,
  changeOrderOpStatus,
  changeOrdersOpStatus,
  deleteOrderNote,
  listOrderNotes,
  listOrderOpStatusHistory,
  updateOrderNote,
  updateOrderShippingAddress,
} from '@atelier/contract/sales/order-operations';
import {
  createManualRetailOrder,
  createManualWholesaleOrder,
  exportStoreOrders,
  getStoreOrder,
  listOrderOrigins,
  listStoreOrders,
} from '@atelier/contract/sales/order';
import { AppError } from '@/lib/app-error';
import { routeOptions } from '@/lib/endpoint';
import type { CustomerService } from './customer.service';
import type { OrderImportFiles } from './order-import-files';
import type { LineItemCancel } from './order-line-cancel.service';
import type { OrderNotes } from './order-notes.service';
import type { OrderOperations } from './order-operations.service';
import type { StoreOrderService } from './store-order.service';

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;

/** Multipart errors of an order-file upload as the API's error body. */
const uploadError = (error: unknown): unknown => {
  if (error instanceof AppError) return error;
  const code = errorCode(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(
      'payload_too_large',
      `Order files can be at most ${MAX_ORDER_IMPORT_BYTES / (1024 * 1024)} MB; compress a larger one as .csv.gz.`,
      { reason: 'file_too_large' },
    );
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('unsupported_media_type', 'Upload files as multipart/form-data.', {
      reason: 'not_multipart',
    });
  }
  return new AppError('bad_request', 'The upload could not be read.', {
    reason: 'malformed_upload',
  });
};

/**
 * Spec §7 store orders (issue 11), all scoped to the caller's store: `GET /api/web/orders`
 * (tab, search, origin, dates, keyset pages, counts per tab), `GET /api/web/orders/:id` (404
 * `order_not_found`), `GET /api/web/orders/order-origins`, and `POST
 * /api/web/orders/manual-retail|manual-wholesale` (201; 400 `order_totals` naming the amount that
 * does not add up); the import: `POST /api/web/orders/import-files` (multipart, part `file`:
 * 201 the file's preview) and `POST /api/web/orders/import-task` (202 the job); the order's
 * operations (`order-operations.ts` in the contract: change-op-status for one order or a
 * selection, op-status-history, notes, order-notes, shipping-address, line-item cancel).
 */
export const storeOrderRoutes =
  (
    service: StoreOrderService,
    importFiles: OrderImportFiles,
    operations: OrderOperations & LineItemCancel,
    notes: OrderNotes,
    customers: CustomerService,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    /** A CSV download named `<name>-<day>.csv`, streamed from `csv`. */
    const sendCsv = (reply: FastifyReply, name: string, csv: AsyncGenerator<string>) =>
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(csv));

    app.get(listStoreCustomers.path, routeOptions(listStoreCustomers), async (request) =>
      customers.listCustomers(request.actor, request.query),
    );
    app.get(exportStoreCustomers.path, routeOptions(exportStoreCustomers), async (request, reply) =>
      sendCsv(reply, 'customers', customers.exportCustomers(request.actor, request.query)),
    );
    app.get(getStoreCustomer.path, routeOptions(getStoreCustomer), async (request) =>
      customers.getCustomer(request.actor, request.params.id),
    );

    app.post(changeOrderOpStatus.path, routeOptions(changeOrderOpStatus), async (request) =>
      operations.changeOpStatus(request.actor, request.params.id, request.body),
    );
    app.post(changeOrdersOpStatus.path, routeOptions(changeOrdersOpStatus), async (request) =>
      operations.changeOpStatusOfMany(request.actor, request.body),
    );
    app.post(cancelOrderLineItem.path, routeOptions(cancelOrderLineItem), async (request) =>
      operations.cancelLineItem(
        request.actor,
        request.params.id,
        request.params.lineId,
        request.body,
      ),
    );
    app.get(listOrderNotes.path, routeOptions(listOrderNotes), async (request) =>
      notes.listNotes(request.actor, request.params.id),
    );
    app.post(addOrderNote.path, routeOptions(addOrderNote), async (request, reply) =>
      reply.status(201).send(await notes.addNote(request.actor, request.params.id, request.body)),
    );
    app.delete(deleteOrderNote.path, routeOptions(deleteOrderNote), async (request) =>
      notes.deleteNote(request.actor, request.params.id, request.params.noteId),
    );
    app.get(
      listOrderOpStatusHistory.path,
      routeOptions(listOrderOpStatusHistory),
      async (request) => operations.listOpStatusHistory(request.actor, request.params.id),
    );
    app.put(updateOrderNote.path, routeOptions(updateOrderNote), async (request) =>
      operations.updateNote(request.actor, request.params.id, request.body),
    );
    app.put(
      updateOrderShippingAddress.path,
      routeOptions(updateOrderShippingAddress),
      async (request) =>
        operations.updateShippingAddress(request.actor, request.params.id, request.body),
    );

    const limits = { fileSize: MAX_ORDER_IMPORT_BYTES, files: 1, fields: 10, parts: 20 };
    await app.register(fastifyMultipart, { limits: { ...limits, fieldSize: 1024 } });

    const uploadOptions = routeOptions(uploadOrderImportFile);
    app.post(
      uploadOrderImportFile.path,
      { ...uploadOptions, config: { ...uploadOptions.config, isUpload: true } },
      async (request, reply) => {
        try {
          const part = await request.file({ limits: { ...limits, fieldSize: 1024 } });
          if (!part || part.fieldname !== 'file') {
            part?.file.resume();
            throw new AppError('bad_request', 'Send the file as a multipart part named "file".', {
              reason: 'file_missing',
            });
          }
          const file = await importFiles.receive(request.actor, {
            fileName: part.filename,
            stream: part.file,
          });
          return await reply.status(201).send(file);
        } catch (error) {
          request.log.debug({ err: error }, 'order file upload refused');
          throw uploadError(error);
        }
      },
    );

    app.post(startOrderImport.path, routeOptions(startOrderImport), async (request, reply) =>
      reply.status(202).send(await importFiles.startImport(request.actor, request.body)),
    );

    app.get(listStoreOrders.path, routeOptions(listStoreOrders), async (request) =>
      service.listOrders(request.actor, request.query),
    );

    app.get(exportStoreOrders.path, routeOptions(exportStoreOrders), async (request, reply) => {
      return sendCsv(reply, 'orders', service.exportOrders(request.actor, request.query));
    });

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
