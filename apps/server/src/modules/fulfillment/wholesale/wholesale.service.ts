import { and, asc, eq } from 'drizzle-orm';
import { storeParticipant } from '@atelier/contract/chat/message';
import type { UploadedFile } from '@atelier/contract/files/file';
import type {
  SaveWholesaleRequirementsBody,
  WholesaleAttachment,
  WholesaleRequirements,
} from '@atelier/contract/fulfillment/wholesale';
import type { OrderOrigin } from '@atelier/contract/sales/order-values';
import type { Database } from '@/db/client';
import { salesOrderLines, salesOrders } from '@/db/schema';
import type { Actor } from '@/lib/actor';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { FilesModule } from '@/modules/files';
import { renderPackingSlipPdf } from './packing-slip';
import {
  fulfillmentWholesaleRequirements,
  type FulfillmentWholesaleRequirementsRow,
} from './wholesale.table';
import {
  assertOrderOpen,
  isOrderOpen,
  readStoreOrderState,
  type StoreOrderState,
} from '../order-state';

/** The origin of wholesale orders (spec §7 manual-wholesale, W-numbers). */
const WHOLESALE_ORIGIN: OrderOrigin = 'MANUAL_WHOLESALE';

const orderNotFound = () =>
  new AppError('not_found', 'No order of this store has this id.', { reason: 'order_not_found' });

/** The files module's `findOwnedFiles`: the store's own uploads, by id (others are absent). */
export type WholesaleFiles = Pick<FilesModule['fileService'], 'findOwnedFiles'>;

export type WholesaleServiceDeps = { db: Database; clock: Clock; files: WholesaleFiles };

type OrderState = StoreOrderState;

/** The saved files in the order they were attached; a file gone from the files module is left out. */
const toAttachments = (fileIds: string[], files: UploadedFile[]): WholesaleAttachment[] =>
  fileIds.flatMap((fileId) => {
    const file = files.find((one) => one.id === fileId);
    return file
      ? [
          {
            fileId,
            name: file.name,
            sizeBytes: file.sizeBytes,
            contentType: file.contentType,
            url: file.url,
          },
        ]
      : [];
  });

const toRequirements = (
  orderId: string,
  order: OrderState,
  row: FulfillmentWholesaleRequirementsRow | undefined,
  attachments: WholesaleAttachment[],
): WholesaleRequirements => ({
  orderId,
  purchaseOrderNumber: row?.purchaseOrderNumber ?? null,
  shipWindowStart: row?.shipWindowStart ?? null,
  shipWindowEnd: row?.shipWindowEnd ?? null,
  isPackingSlipRequired: row?.isPackingSlipRequired ?? true,
  isCartonLabelRequired: row?.isCartonLabelRequired ?? false,
  isPalletized: row?.isPalletized ?? false,
  instructions: row?.instructions ?? null,
  attachments,
  canChange: isOrderOpen(order),
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** "Nov 23, 2026" in the order's own time zone (UTC if the zone is unknown). */
const formatOrderDate = (placedAt: Date, timeZone: string) => {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: zone }).format(placedAt);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
};

/**
 * Issue 15 wholesale requirements (spec §7 "wholesale requirements"): how a wholesale order
 * (origin MANUAL_WHOLESALE) is packed and shipped, with the retailer's documents (files the store
 * uploaded), and the packing slip PDF of any order. Store-scoped: another store's order is 404
 * `order_not_found`.
 */
export const createWholesaleService = ({ db, clock, files }: WholesaleServiceDeps) => {
  const readRow = async (handle: Database, storeId: string, orderId: string) =>
    (
      await handle
        .select()
        .from(fulfillmentWholesaleRequirements)
        .where(
          and(
            eq(fulfillmentWholesaleRequirements.storeId, storeId),
            eq(fulfillmentWholesaleRequirements.orderId, orderId),
          ),
        )
    )[0];

  const attachmentsOf = async (
    storeId: string,
    row: FulfillmentWholesaleRequirementsRow | undefined,
  ): Promise<WholesaleAttachment[]> => {
    const fileIds = row?.attachmentFileIds ?? [];
    if (fileIds.length === 0) return [];
    return toAttachments(fileIds, await files.findOwnedFiles(storeParticipant(storeId), fileIds));
  };

  /** The order's requirements (defaults when none saved, for any order). 404 `order_not_found`. */
  const getRequirements = async (
    storeId: string,
    orderId: string,
  ): Promise<WholesaleRequirements> => {
    const order = await readStoreOrderState(db, storeId, orderId, { lock: false });
    const row = await readRow(db, storeId, orderId);
    return toRequirements(orderId, order, row, await attachmentsOf(storeId, row));
  };

  /**
   * Replaces a wholesale order's requirements (the order row locked meanwhile). Empty texts are
   * saved as none; repeated file ids count once. 404 `order_not_found`; 400
   * `not_a_wholesale_order`; 400 `file_not_found` (field `body.attachmentFileIds`) for an id
   * that is not one of the store's files; 409 `order_already_shipped` once fulfilled or canceled.
   */
  const saveRequirements = async (
    actor: Actor,
    orderId: string,
    body: SaveWholesaleRequirementsBody,
  ): Promise<WholesaleRequirements> => {
    // Read before the transaction: the files module queries through its own handle, which must
    // not wait behind the order row this transaction locks.
    const fileIds = [...new Set(body.attachmentFileIds)];
    const owned =
      fileIds.length > 0
        ? await files.findOwnedFiles(storeParticipant(actor.storeId), fileIds)
        : [];
    return db.transaction(async (tx) => {
      const order = await readStoreOrderState(tx, actor.storeId, orderId, { lock: true });
      if (order.origin !== WHOLESALE_ORIGIN) {
        throw new AppError(
          'bad_request',
          'Only wholesale orders (W-numbers) have wholesale requirements.',
          { reason: 'not_a_wholesale_order' },
        );
      }
      assertOrderOpen(order, 'wholesale requirements');
      if (owned.length !== fileIds.length) {
        const message = 'Attach only files uploaded by this store.';
        throw new AppError('bad_request', message, {
          reason: 'file_not_found',
          details: [{ field: 'body.attachmentFileIds', message }],
        });
      }
      const values = {
        purchaseOrderNumber: body.purchaseOrderNumber || null,
        shipWindowStart: body.shipWindowStart,
        shipWindowEnd: body.shipWindowEnd,
        isPackingSlipRequired: body.isPackingSlipRequired,
        isCartonLabelRequired: body.isCartonLabelRequired,
        isPalletized: body.isPalletized,
        instructions: body.instructions || null,
        attachmentFileIds: fileIds,
        updatedAt: clock.now(),
      };
      const [row] = await tx
        .insert(fulfillmentWholesaleRequirements)
        .values({ orderId, storeId: actor.storeId, ...values })
        .onConflictDoUpdate({ target: fulfillmentWholesaleRequirements.orderId, set: values })
        .returning();
      return toRequirements(orderId, order, row, toAttachments(fileIds, owned));
    });
  };

  /**
   * The packing slip of any order of the store as a US Letter PDF (packing-slip.ts); a wholesale
   * order's carries its PO number, ship window, carton requirements and instructions. 404
   * `order_not_found`.
   */
  const renderPackingSlip = async (actor: Actor, orderId: string): Promise<Uint8Array> => {
    const [order] = await db
      .select({
        origin: salesOrders.origin,
        prefix: salesOrders.prefix,
        number: salesOrders.number,
        placedAt: salesOrders.placedAt,
        timeZone: salesOrders.timeZone,
        shippingAddress: salesOrders.shippingAddress,
      })
      .from(salesOrders)
      .where(and(eq(salesOrders.storeId, actor.storeId), eq(salesOrders.id, orderId)));
    if (!order) throw orderNotFound();
    const lines = await db
      .select({
        sku: salesOrderLines.sku,
        title: salesOrderLines.title,
        variantTitle: salesOrderLines.variantTitle,
        quantity: salesOrderLines.quantity,
        canceledQuantity: salesOrderLines.canceledQuantity,
      })
      .from(salesOrderLines)
      .where(and(eq(salesOrderLines.storeId, actor.storeId), eq(salesOrderLines.orderId, orderId)))
      .orderBy(asc(salesOrderLines.position));
    const isWholesale = order.origin === WHOLESALE_ORIGIN;
    const row = isWholesale ? await readRow(db, actor.storeId, orderId) : undefined;
    const attached = await attachmentsOf(actor.storeId, row);
    return renderPackingSlipPdf({
      storeName: actor.storeTitle,
      orderName: `${order.prefix}${order.number}`,
      orderDate: formatOrderDate(order.placedAt, order.timeZone),
      shipTo: order.shippingAddress,
      wholesale: isWholesale
        ? {
            purchaseOrderNumber: row?.purchaseOrderNumber ?? null,
            shipWindowStart: row?.shipWindowStart ?? null,
            shipWindowEnd: row?.shipWindowEnd ?? null,
            isCartonLabelRequired: row?.isCartonLabelRequired ?? false,
            isPalletized: row?.isPalletized ?? false,
            attachmentNames: attached.map((file) => file.name),
          }
        : null,
      lines: lines.map((line) => ({
        sku: line.sku,
        title: line.variantTitle ? `${line.title} – ${line.variantTitle}` : line.title,
        quantity: line.quantity,
        openQuantity: line.quantity - line.canceledQuantity,
      })),
      instructions: row?.instructions ?? null,
    });
  };

  return { getRequirements, saveRequirements, renderPackingSlip };
};
export type WholesaleService = ReturnType<typeof createWholesaleService>;
