import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { textSchema } from '../common/validation';
import { OrderIdSchema } from '../sales/order';

/**
 * Issue 15 wholesale requirements (spec §7 store orders call "wholesale requirements"; issue text
 * "wholesale requirements and attachments (packing slip)"): how a retailer wants a wholesale order
 * (origin MANUAL_WHOLESALE, a W-number) packed and shipped, the documents the center prints and
 * packs with it, and the packing slip of any order.
 */

export const MAX_PURCHASE_ORDER_NUMBER_LENGTH = 100;
export const MAX_WHOLESALE_INSTRUCTIONS_LENGTH = 2_000;
/** The most files (routing guide, retailer labels) one wholesale order carries. */
export const MAX_WHOLESALE_ATTACHMENTS = 10;

/** One of the store's uploaded files attached to the order (the files module's metadata). */
export const WholesaleAttachmentSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  /** Bytes. */
  sizeBytes: z.number().int().min(0),
  contentType: z.string(),
  /** Where the store downloads it (GET with the session's bearer token). */
  url: z.string(),
});
export type WholesaleAttachment = z.infer<typeof WholesaleAttachmentSchema>;

/**
 * One order's requirements. Never saved: no PO number nor window, a packing slip in each carton,
 * no carton labels, no pallets, no instructions, no attachments, `updatedAt` null. The ship window
 * is two calendar days (YYYY-MM-DD, both included), either may be open. `canChange` is false once
 * the order is fulfilled or canceled (the PUT then answers 409 `order_already_shipped`).
 */
export const WholesaleRequirementsSchema = z.object({
  orderId: z.string(),
  purchaseOrderNumber: z.string().nullable(),
  shipWindowStart: z.iso.date().nullable(),
  shipWindowEnd: z.iso.date().nullable(),
  isPackingSlipRequired: z.boolean(),
  isCartonLabelRequired: z.boolean(),
  isPalletized: z.boolean(),
  instructions: z.string().nullable(),
  attachments: z.array(WholesaleAttachmentSchema),
  canChange: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type WholesaleRequirements = z.infer<typeof WholesaleRequirementsSchema>;

const FileIdSchema = z.string().regex(/^fil_[a-z0-9]+$/, 'Not a file id.');

/**
 * The whole requirements (PUT replaces them). Empty texts are saved as none. The window's end is
 * not before its start; attachments are ids of files the store uploaded (`POST /api/web/files`).
 */
export const SaveWholesaleRequirementsBodySchema = z
  .object({
    purchaseOrderNumber: textSchema(MAX_PURCHASE_ORDER_NUMBER_LENGTH).nullable(),
    shipWindowStart: z.iso.date('A day such as 2026-11-23.').nullable(),
    shipWindowEnd: z.iso.date('A day such as 2026-11-23.').nullable(),
    isPackingSlipRequired: z.boolean(),
    isCartonLabelRequired: z.boolean(),
    isPalletized: z.boolean(),
    instructions: textSchema(MAX_WHOLESALE_INSTRUCTIONS_LENGTH).nullable(),
    attachmentFileIds: z
      .array(FileIdSchema)
      .max(MAX_WHOLESALE_ATTACHMENTS, `At most ${MAX_WHOLESALE_ATTACHMENTS} attachments.`),
  })
  .superRefine((body, context) => {
    if (body.shipWindowStart && body.shipWindowEnd && body.shipWindowEnd < body.shipWindowStart) {
      context.addIssue({
        code: 'custom',
        path: ['shipWindowEnd'],
        message: 'The ship window ends before it starts.',
      });
    }
  });
export type SaveWholesaleRequirementsBody = z.infer<typeof SaveWholesaleRequirementsBodySchema>;

/** A US Letter PDF (application/pdf, inline) of one order's packing slip. */
export const PACKING_SLIP_PATH = '/api/web/orders/:id/packing-slip.pdf';

/** The packing slip URL of an order. */
export const packingSlipUrl = (orderId: string): string =>
  PACKING_SLIP_PATH.replace(':id', encodeURIComponent(orderId));

const orderParams = z.object({ id: OrderIdSchema });

/** Issue 15 wholesale calls (store members; only the caller's store's orders, else 404). */
export const wholesaleEndpoints = {
  getWholesaleRequirements: defineEndpoint({
    method: 'GET',
    path: '/api/web/orders/:id/wholesale-requirements',
    params: orderParams,
    response: WholesaleRequirementsSchema,
    summary:
      'Spec §7 wholesale requirements: PO number, ship window, packing slip, carton labels, pallets, instructions and attachments of an order (defaults when none saved); 404 `order_not_found`.',
    tags: ['fulfillment'],
  }),
  saveWholesaleRequirements: defineEndpoint({
    method: 'PUT',
    path: '/api/web/orders/:id/wholesale-requirements',
    params: orderParams,
    body: SaveWholesaleRequirementsBodySchema,
    response: WholesaleRequirementsSchema,
    summary:
      'Spec §7 wholesale requirements: replaces them. 400 `not_a_wholesale_order` (not MANUAL_WHOLESALE), 400 `file_not_found` (field `body.attachmentFileIds`: not a file of the store), 409 `order_already_shipped` once fulfilled or canceled; 404 `order_not_found`.',
    tags: ['fulfillment'],
  }),
  getPackingSlip: defineEndpoint({
    method: 'GET',
    path: PACKING_SLIP_PATH,
    params: orderParams,
    response: z.unknown(),
    summary:
      'Issue 15: the packing slip of any order as a US Letter PDF: store, order number and date, ship-to, PO number and ship window when set, each line (SKU, title, ordered, not canceled), instructions; 404 `order_not_found`.',
    tags: ['fulfillment'],
  }),
};
