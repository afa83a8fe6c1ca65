import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import {
  AdjustInventoryBodySchema,
  InventoryLevelSchema,
  InventoryMovementSchema,
  OrderReservationSchema,
  WarehouseSchema,
} from './inventory';
import {
  CancelReceivingBodySchema,
  CreateReceivingBodySchema,
  MapReceivingItemBodySchema,
  ReceivableOrderItemSchema,
  ReceiveBodySchema,
  ReceivingSchema,
  ReceivingStatusSchema,
  ReceivingSummarySchema,
} from './receiving';
import {
  AddressValidationSchema,
  LabelAddressSchema,
  QuoteRatesBodySchema,
  ShipmentSchema,
  ShipOrderBodySchema,
  ShippingLabelDraftSchema,
  ShippingRateSchema,
} from './shipment';

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
  listReceivings: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/receivings',
    query: pageQuery.extend({ status: ReceivingStatusSchema.optional() }),
    response: z.object({
      items: z.array(ReceivingSummarySchema),
      nextCursor: z.string().nullable(),
    }),
    summary: 'Issue 15 /receivings: the store’s receivings, newest first, by status if given.',
    tags: ['fulfillment'],
  }),
  listReceivableOrderItems: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/receivable-order-items',
    response: z.object({ items: z.array(ReceivableOrderItemSchema) }),
    summary:
      'Issue 15 /receivings/new: the store’s sourcing order items going to the fulfillment center (STORED_AT_FBP, paid, not all received) that no open receiving holds.',
    tags: ['fulfillment'],
  }),
  createReceiving: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/receivings',
    body: CreateReceivingBodySchema,
    response: ReceivingSchema,
    successStatus: 201,
    summary:
      'Issue 15 /receivings/new: a receiving from sourcing order items or an intake form; NEEDS_MAPPING while an item has no variant.',
    tags: ['fulfillment'],
  }),
  getReceiving: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/receivings/:sn',
    params: z.object({ sn: z.string().max(40) }),
    response: ReceivingSchema,
    summary: 'Issue 15 /receivings/{sn}/details: one receiving with its items, count and fees.',
    tags: ['fulfillment'],
  }),
  mapReceivingItem: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/receivings/:sn/items/:itemId/mapping',
    params: z.object({ sn: z.string().max(40), itemId: z.string().max(100) }),
    body: MapReceivingItemBodySchema,
    response: ReceivingSchema,
    summary:
      'Issue 15: maps an item to one of the store’s variants (IN_TRANSIT once every item is mapped).',
    tags: ['fulfillment'],
  }),
  receive: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/receivings/:sn/receive',
    params: z.object({ sn: z.string().max(40) }),
    body: ReceiveBodySchema,
    response: ReceivingSchema,
    summary:
      'Issue 15: counts the receiving into stock carton by carton (good units go on hand, RECEIVING ledger rows), records discrepancies and non-compliance fees; 409 while an item is unmapped.',
    tags: ['fulfillment'],
  }),
  cancelReceiving: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/receivings/:sn/cancel',
    params: z.object({ sn: z.string().max(40) }),
    body: CancelReceivingBodySchema,
    response: ReceivingSchema,
    summary: 'Issue 15: cancels a receiving that has not been counted, with a reason.',
    tags: ['fulfillment'],
  }),
  validateAddress: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/addresses/validate',
    body: LabelAddressSchema,
    response: AddressValidationSchema,
    summary:
      'Spec §7 shippo validate-address: whether an address can go on a label (country, state and ZIP format from the reference data; the carrier’s check with Shippo).',
    tags: ['fulfillment'],
  }),
  quoteRates: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/rates',
    body: QuoteRatesBodySchema,
    response: z.object({ items: z.array(ShippingRateSchema) }),
    summary:
      'Issue 15: the services and prices for a parcel between two addresses, cheapest first (the local rate table by zone and weight, or Shippo).',
    tags: ['fulfillment'],
  }),
  createLabel: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/labels',
    body: ShippingLabelDraftSchema,
    response: ShipmentSchema,
    successStatus: 201,
    summary:
      'Spec §3 shipping label draft: a standalone label (no order); its PDF is made by a job (labelStatus PENDING, then READY).',
    tags: ['fulfillment'],
  }),
  shipOrder: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/orders/:orderId/shipments',
    params: z.object({ orderId: z.string().max(100) }),
    body: ShipOrderBodySchema,
    response: ShipmentSchema,
    successStatus: 201,
    summary:
      'Issue 15: ships reserved lines of an order (all by default) with a label: the units leave stock, the order is PARTIAL or FULFILLED; 409 for a canceled order or a line not reserved.',
    tags: ['fulfillment'],
  }),
  listShipments: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/shipments',
    query: pageQuery.extend({ orderId: z.string().max(100).optional() }),
    response: z.object({ items: z.array(ShipmentSchema), nextCursor: z.string().nullable() }),
    summary:
      'Issue 15 shipping label history: the store’s shipments and standalone labels, newest first, or one order’s.',
    tags: ['fulfillment'],
  }),
  getShipment: defineEndpoint({
    method: 'GET',
    path: '/api/web/fulfillment/shipments/:sn',
    params: z.object({ sn: z.string().max(40) }),
    response: ShipmentSchema,
    summary: 'Issue 15: one shipment or standalone label.',
    tags: ['fulfillment'],
  }),
  recreateShipment: defineEndpoint({
    method: 'POST',
    path: '/api/web/fulfillment/shipments/:sn/recreate',
    params: z.object({ sn: z.string().max(40) }),
    response: ShipmentSchema,
    successStatus: 201,
    summary:
      'Spec §7 shipments/recreate: voids the label and makes a new one for the same parcel (no stock moves again).',
    tags: ['fulfillment'],
  }),
} as const;

/** The label PDF of a shipment (4×6 in, application/pdf); 409 `label_not_ready` before. */
export const SHIPMENT_LABEL_PATH = '/api/web/fulfillment/shipments/:sn/label.pdf';
