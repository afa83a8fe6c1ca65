import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

/**
 * Issue 15, kitting and bundles (spec §2 fulfillment home tile "order kitting services"): a
 * bundle variant (a gift set, a kit) is made of other variants of the store; a kitting request
 * asks the center to assemble kits, which consumes the components' stock and puts the kits on
 * hand (KITTING ledger rows on both sides).
 */

/** REQUESTED: waiting for the center; COMPLETED: assembled into stock; CANCELED: not made. */
export const KITTING_STATUSES = ['REQUESTED', 'COMPLETED', 'CANCELED'] as const;
export const KittingStatusSchema = z.enum(KITTING_STATUSES);
export type KittingStatus = z.infer<typeof KittingStatusSchema>;

export const KITTING_STATUS_LABELS: Record<KittingStatus, string> = {
  REQUESTED: 'Requested',
  COMPLETED: 'Assembled',
  CANCELED: 'Canceled',
};

/** The most components one bundle has, and the most kits one request assembles. */
export const MAX_BUNDLE_COMPONENTS = 20;
export const MAX_KITS_PER_REQUEST = 10_000;

export const BundleComponentSchema = z.object({
  variantId: z.string(),
  sku: z.string().nullable(),
  title: z.string(),
  /** Units of this variant in one bundle. */
  quantity: z.number().int(),
});

export const BundleSchema = z.object({
  variantId: z.string(),
  sku: z.string().nullable(),
  title: z.string(),
  components: z.array(BundleComponentSchema),
  /** Bundles the components' available stock can make now. */
  buildable: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type Bundle = z.infer<typeof BundleSchema>;

export const SetBundleBodySchema = z.object({
  components: z
    .array(
      z.object({
        variantId: z.string().min(1).max(60),
        quantity: z.number().int().min(1).max(1_000),
      }),
    )
    .min(1, 'A bundle has at least one component.')
    .max(MAX_BUNDLE_COMPONENTS),
});
export type SetBundleBody = z.infer<typeof SetBundleBodySchema>;

export const KittingRequestSchema = z.object({
  id: z.string(),
  /** KIT-000012. */
  sn: z.string(),
  bundleVariantId: z.string(),
  sku: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  status: KittingStatusSchema,
  note: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type KittingRequest = z.infer<typeof KittingRequestSchema>;

export const CreateKittingRequestBodySchema = z.object({
  bundleVariantId: z.string().min(1).max(60),
  quantity: z.number().int().min(1).max(MAX_KITS_PER_REQUEST),
  note: z.string().trim().max(2000).optional(),
});
export type CreateKittingRequestBody = z.infer<typeof CreateKittingRequestBodySchema>;

const variantParams = z.object({ variantId: z.string().max(60) });
const snParams = z.object({ sn: z.string().max(40) });

/** Issue 15 kitting calls (store members; only the caller's store's variants and requests). */
export const kittingEndpoints = {
  listBundles: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/bundles',
    response: z.object({ items: z.array(BundleSchema) }),
    summary: 'Issue 15: the store’s bundles with their components and how many can be built.',
    tags: ['fulfillment'],
  }),
  setBundle: defineEndpoint({
    method: 'PUT',
    path: '/api/web/fulfillment/bundles/:variantId',
    params: variantParams,
    body: SetBundleBodySchema,
    response: BundleSchema,
    summary: 'Issue 15: makes a variant a bundle of other variants (replaces its components).',
    tags: ['fulfillment'],
  }),
  deleteBundle: defineEndpoint({
    method: 'DELETE',
    path: '/api/web/fulfillment/bundles/:variantId',
    params: variantParams,
    response: z.object({ deleted: z.boolean() }),
    summary: 'Issue 15: the variant is no longer a bundle (its stock stays).',
    tags: ['fulfillment'],
  }),
  listKittingRequests: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/kitting-requests',
    response: z.object({ items: z.array(KittingRequestSchema) }),
    summary: 'Issue 15: the store’s kitting requests, newest first (the latest 200).',
    tags: ['fulfillment'],
  }),
  createKittingRequest: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/kitting-requests',
    body: CreateKittingRequestBodySchema,
    response: KittingRequestSchema,
    summary: 'Issue 15: asks the center to assemble kits of a bundle.',
    tags: ['fulfillment'],
  }),
  completeKittingRequest: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/kitting-requests/:sn/complete',
    params: snParams,
    response: KittingRequestSchema,
    summary:
      'Issue 15: the kits were assembled: components leave stock, the kits arrive (KITTING rows).',
    tags: ['fulfillment'],
  }),
  cancelKittingRequest: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/kitting-requests/:sn/cancel',
    params: snParams,
    body: z.object({ reason: z.string().trim().min(1).max(500) }),
    response: KittingRequestSchema,
    summary: 'Issue 15: cancels a kitting request not yet assembled, with a reason.',
    tags: ['fulfillment'],
  }),
};
