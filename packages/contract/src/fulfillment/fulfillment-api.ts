import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import {
  AdjustInventoryBodySchema,
  InventoryLevelSchema,
  InventoryMovementSchema,
  OrderReservationSchema,
  WarehouseSchema,
} from './inventory';

/** The most rows a page of inventory or movements holds. */
export const MAX_INVENTORY_PAGE = 200;

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_INVENTORY_PAGE).default(50),
  /** The `nextCursor` of the page before. */
  cursor: z.string().max(200).optional(),
});

/** Issue 15, the fulfillment center's calls (store members; every row is the caller's store's). */
export const fulfillmentEndpoints = {
  listWarehouses: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/warehouses',
    response: z.object({ items: z.array(WarehouseSchema) }),
    summary: 'Issue 15: the fulfillment center’s warehouses, the default one first.',
    tags: ['fulfillment'],
  }),
  listInventory: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/inventory',
    query: pageQuery.extend({ search: z.string().trim().max(200).optional() }),
    response: z.object({
      items: z.array(InventoryLevelSchema),
      nextCursor: z.string().nullable(),
    }),
    summary:
      'Issue 15: on hand, reserved and available per tracked variant and warehouse, by SKU (a variant never stocked shows 0); `search` matches SKU or product title.',
    tags: ['fulfillment'],
  }),
  listMovements: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/inventory/:variantId/movements',
    params: z.object({ variantId: z.string().max(100) }),
    query: pageQuery,
    response: z.object({
      items: z.array(InventoryMovementSchema),
      nextCursor: z.string().nullable(),
    }),
    summary: 'Issue 15: the inventory ledger of one variant, newest first.',
    tags: ['fulfillment'],
  }),
  adjustInventory: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/inventory/adjustments',
    body: AdjustInventoryBodySchema,
    response: InventoryMovementSchema,
    successStatus: 201,
    summary:
      'Issue 15: changes the units on hand of a variant by hand, with a reason (400 when it would leave fewer on hand than are reserved, or fewer than 0).',
    tags: ['fulfillment'],
  }),
  orderReservation: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/orders/:orderId/reservation',
    params: z.object({ orderId: z.string().max(100) }),
    response: OrderReservationSchema,
    summary:
      'Issue 15: how each line of a store order stands: reserved, missing stock, not stocked.',
    tags: ['fulfillment'],
  }),
  reserveOrder: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/orders/:orderId/reservation',
    params: z.object({ orderId: z.string().max(100) }),
    response: OrderReservationSchema,
    summary:
      'Issue 15: reserves the units of every line not reserved yet, all or nothing per line (orders reserve on arrival; this retries one held for missing stock).',
    tags: ['fulfillment'],
  }),
} as const;
